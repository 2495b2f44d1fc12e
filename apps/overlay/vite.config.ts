import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { cspPlugin } from '../../scripts/csp.mjs';

const uiSource = fileURLToPath(new URL('../../packages/ui/src/index.ts', import.meta.url));

/**
 * The overlay is served under `/obs/` (its own origin in development, 5174; behind the same host as
 * the web app in production), so that the web app's `/obs` route can hand over to it.
 */
export default defineConfig(({ mode }) => ({
  base: '/obs/',
  plugins: [
    react(),
    // The same strict policy as the web app (the API and its live socket, card pictures; no Firebase).
    // No referrer: the overlay's address carries its channel token.
    cspPlugin(
      {
        apiUrl:
          ({ ...loadEnv(mode, import.meta.dirname, 'VITE_'), ...process.env }.VITE_API_URL ?? '').trim() ||
          'http://127.0.0.1:8787',
      },
      { referrer: 'no-referrer' },
    ),
  ],
  resolve: {
    // The ui package's source, so only the components the overlay uses (and their CSS) are bundled.
    alias: [{ find: /^@companion\/ui$/, replacement: uiSource }],
  },
  server: { host: '127.0.0.1', port: 5174, strictPort: true },
  preview: { host: '127.0.0.1', port: 4174 },
  build: { target: 'es2022', sourcemap: false },
}));
