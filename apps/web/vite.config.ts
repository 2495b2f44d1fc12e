import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { cspPlugin } from '../../scripts/csp.mjs';
import { linkPreview, previewApi } from './scripts/link-preview.mjs';

/** Id of this build: fixed by COMPANION_BUILD_ID, else time-based. */
const buildId =
  process.env.COMPANION_BUILD_ID ?? `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
const builtAt = new Date().toISOString();

const routeRules = () =>
  JSON.parse(readFileSync(fileURLToPath(new URL('./route-rules.json', import.meta.url)), 'utf8')) as Record<
    string,
    { redirect: string; external?: boolean }
  >;

/**
 * Emits `builds/latest.json` (`{ id, buildId, builtAt }`, polled for new versions) and the route-rule
 * manifest `builds/meta/<buildId>.json`; the dev server answers the same paths.
 */
function buildManifest(): Plugin {
  const latest = () => JSON.stringify({ id: buildId, buildId, builtAt });
  const meta = () => JSON.stringify({ id: buildId, buildId, builtAt, routeRules: routeRules() });
  return {
    name: 'companion-build-manifest',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url?.split('?')[0];
        if (url === '/builds/latest.json' || url === `/builds/meta/${buildId}.json`) {
          res.setHeader('content-type', 'application/json');
          res.end(url === '/builds/latest.json' ? latest() : meta());
          return;
        }
        next();
      });
    },
    generateBundle(options) {
      if (this.environment?.config.build.ssr) return;
      void options;
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: latest() });
      this.emitFile({ type: 'asset', fileName: `builds/meta/${buildId}.json`, source: meta() });
    },
  };
}

/**
 * Message catalogues compiled at build time: every ICU message of the app's, the ui kit's and the
 * hooks' JSON catalogues becomes react-intl's parsed form, and the browser bundle ships the
 * formatter without the ICU parser (about 8 KB gzipped on every page). Dev and tests keep strings.
 */
function precompileMessages(): Plugin {
  const catalogue =
    /\/(?:apps\/web\/src|packages\/ui\/src|packages\/hooks\/dist)\/i18n\/(?:features\/)?[\w.-]+\.json$/;
  return {
    name: 'companion-precompile-messages',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!catalogue.test(id.split('?')[0] ?? id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
      return { code: JSON.stringify(compiled), map: null };
    },
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
    }),
  };
}

const uiSource = fileURLToPath(new URL('../../packages/ui/src/index.ts', import.meta.url));
const uiStyles = fileURLToPath(new URL('../../packages/ui/src/', import.meta.url));
const sdkSource = fileURLToPath(new URL('../../packages/sdk/src/', import.meta.url));

/**
 * The Content Security Policy's origins, from the same public configuration the app reads
 * (src/env.ts: VITE_API_URL, the Firebase project, the emulator; defaults alike).
 */
function cspOptions(mode: string) {
  const env = { ...loadEnv(mode, import.meta.dirname, 'VITE_'), ...process.env };
  const value = (key: string) => (env[key] ?? '').trim() || undefined;
  const projectId = value('VITE_FIREBASE_PROJECT_ID') ?? 'demo-companion';
  return {
    apiUrl: value('VITE_API_URL') ?? 'http://127.0.0.1:8787',
    firebase: {
      emulatorHost: value('VITE_FIREBASE_AUTH_EMULATOR_HOST'),
      authDomain: value('VITE_FIREBASE_AUTH_DOMAIN') ?? `${projectId}.firebaseapp.com`,
      social: Boolean(value('VITE_GOOGLE_CLIENT_ID') || value('VITE_APPLE_CLIENT_ID')),
    },
  };
}

/**
 * Link previews of shared decks for crawlers without JavaScript (scripts/link-preview.mjs), on the
 * dev server (the transformed index.html) and the preview server (the built SPA shell).
 */
function sharedDeckPreviews(mode: string): Plugin {
  const env = { ...loadEnv(mode, import.meta.dirname, 'VITE_'), ...process.env };
  const api = previewApi(env);
  const origin = (env.COMPANION_PUBLIC_URL ?? '').trim() || undefined;
  return {
    name: 'companion-shared-deck-previews',
    configureServer(server) {
      const shell = async () =>
        server.transformIndexHtml(
          '/',
          readFileSync(fileURLToPath(new URL('./index.html', import.meta.url)), 'utf8'),
        );
      server.middlewares.use(linkPreview({ api, shell, origin }));
    },
    configurePreviewServer(server) {
      const file = fileURLToPath(new URL(`./${server.config.build.outDir}/200.html`, import.meta.url));
      server.middlewares.use(linkPreview({ api, shell: async () => readFileSync(file, 'utf8'), origin }));
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    buildManifest(),
    precompileMessages(),
    cspPlugin(cspOptions(mode)),
    sharedDeckPreviews(mode),
  ],
  resolve: {
    // The ui package's source, so the bundler drops unused components module by module (its dist is
    // one file, which kept every component and the Markdown pipeline in the entry chunk).
    alias: [
      { find: /^@companion\/ui$/, replacement: uiSource },
      { find: /^@companion\/ui\/(base|mana|keyrune|symbols|styles)\.css$/, replacement: `${uiStyles}$1.css` },
      // The same catalogue files the components import (one copy of the English messages).
      { find: /^@companion\/ui\/i18n\/(.+\.json)$/, replacement: `${uiStyles}i18n/$1` },
      // The SDK from source too: its dist is one file, so the request client (ky, signing) went with
      // the endpoint table and the errors into every signed-in page's first chunk; from source the
      // client is a module of its own, which `src/app/api-client.ts` loads when a call needs it.
      { find: /^@companion\/sdk$/, replacement: `${sdkSource}index.ts` },
      { find: /^@companion\/sdk\/(contract|formats|live)$/, replacement: `${sdkSource}$1/index.ts` },
    ],
  },
  define: {
    __BUILD_ID__: JSON.stringify(buildId),
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every route runs (React, the router, react-intl) in one chunk, beside the app's:
          // compressed together it is about 2 KB smaller than the five chunks the split made.
          groups: [
            {
              name: 'framework',
              test: /node_modules\/\.pnpm\/(?:react|react-dom|scheduler|react-router|react-intl|@formatjs\+[^/]+|intl-messageformat)@/,
            },
          ],
        },
      },
    },
  },
  ssr: {
    // The ui kit is source (TypeScript, CSS imports); the libraries run from node_modules.
    noExternal: ['@companion/ui'],
  },
}));
