import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

const common: Options = {
  format: ['esm'],
  target: 'es2022',
  dts: true,
  sourcemap: true,
  clean: false, // `pnpm build` empties dist first: the two builds below write beside each other
  treeshake: true,
};

export default defineConfig([
  {
    ...common,
    entry: { index: 'src/index.ts' },
    splitting: true,
    // Peers and the SDK stay imports: the app brings one copy of each.
    external: ['react', 'react/jsx-runtime', '@tanstack/react-query', /^firebase(\/|$)/, /^@companion\/sdk/],
    // The message catalogues ship as plain JSON under ./i18n/* (see package.json "exports").
    onSuccess: 'mkdir -p dist/i18n && cp src/i18n/en-US.json src/i18n/fr-FR.json dist/i18n/',
  },
  {
    // Entries for an app's first load, each one self-contained: the session snapshot and the
    // language store, with the few contract values they use (the interface languages) bundled in.
    // Imported from the SDK, those values made the app's bundler split its entry into several
    // chunks (the SDK's value module is shared with the lazy pages).
    ...common,
    entry: { session: 'src/session/snapshot.ts', language: 'src/store/language-store.ts' },
    splitting: false,
    // What they import from the SDK is its zod-free value module: bundled from there.
    noExternal: [/^@companion\/sdk$/],
    esbuildOptions(options) {
      options.alias = {
        '@companion/sdk': fileURLToPath(new URL('../sdk/src/contract/values.ts', import.meta.url)),
      };
    },
  },
]);
