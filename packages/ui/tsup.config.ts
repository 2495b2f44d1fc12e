import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { defineConfig } from 'tsup';

const fontLoaders = {
  '.woff': 'file',
  '.woff2': 'file',
  '.ttf': 'file',
  '.eot': 'file',
  '.svg': 'file',
} as const;

/** One entry per component folder (`@companion/ui/<folder>`), plus the root barrel. */
const components = readdirSync('src/components', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const entry = Object.fromEntries([
  ['index', 'src/index.ts'],
  ...components.map((name) => [name, `src/components/${name}/index.ts`]),
]);

export default defineConfig([
  {
    // ESM with code splitting: every entry and shared chunk lands flat in dist/, so a component's
    // `import './<name>.css'` stays a relative side-effect import next to the copied stylesheet.
    entry,
    format: ['esm'],
    dts: true,
    sourcemap: true,
    clean: true,
    splitting: true,
    treeshake: false,
    target: 'es2022',
    external: ['react', 'react-dom', 'react/jsx-runtime', /^@radix-ui\//],
    esbuildPlugins: [
      {
        name: 'component-css-external',
        setup(build) {
          build.onResolve({ filter: /\.css$/ }, (args) => ({
            path: `./${basename(args.path)}`,
            external: true,
          }));
        },
      },
    ],
    async onSuccess() {
      mkdirSync('dist', { recursive: true });
      for (const name of components)
        copyFileSync(join('src/components', name, `${name}.css`), `dist/${name}.css`);
    },
  },
  {
    // base.css: tokens and base layer (small); mana.css / keyrune.css: the symbol fonts, imported by
    // ManaCost and SetSymbol (symbols.css: both);
    // styles.css: everything, for Storybook and apps that do not split code.
    entry: {
      base: 'src/base.css',
      mana: 'src/mana.css',
      keyrune: 'src/keyrune.css',
      symbols: 'src/symbols.css',
      styles: 'src/styles.css',
    },
    format: ['esm'],
    loader: fontLoaders,
    minify: false,
  },
]);
