import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const uiSource = fileURLToPath(new URL('../../packages/ui/src/index.ts', import.meta.url));

/**
 * The overlay is served under `/obs/` (its own origin in development, 5174; behind the same host as
 * the web app in production), so that the web app's `/obs` route can hand over to it.
 */
export default defineConfig({
  base: '/obs/',
  plugins: [react()],
  resolve: {
    // The ui package's source, so only the components the overlay uses (and their CSS) are bundled.
    alias: [{ find: /^@companion\/ui$/, replacement: uiSource }],
  },
  server: { host: '127.0.0.1', port: 5174, strictPort: true },
  preview: { host: '127.0.0.1', port: 4174 },
  build: { target: 'es2022', sourcemap: false },
});
