import { defineConfig } from 'tsup';

/**
 * The production build (`pnpm build`): the server and its command lines compiled to JavaScript in
 * dist/, so that `pnpm serve` runs plain `node` (no TypeScript compiler at run time). Dependencies
 * stay imports (node_modules); the migrations and the parse worker are copied beside the code, where
 * the server looks for them (`db/client.ts`, `services/parsing.ts`: next to the module).
 */
export default defineConfig({
  entry: {
    main: 'src/main.ts',
    'cards-import': 'src/cli/entries/cards-import.ts',
    'cards-sync': 'src/cli/cards-sync.ts',
    'cards-status': 'src/cli/cards-status.ts',
    promo: 'src/cli/promo.ts',
    backup: 'src/cli/backup.ts',
    restore: 'src/cli/restore.ts',
    // Started as a worker thread by a PGlite import (services/catalogue-import.ts), next to the code.
    'catalogue-parse-worker': 'src/services/catalogue-parse-worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  splitting: true,
  sourcemap: true,
  clean: true,
  dts: false,
  // The web app's link previews (served by the production server) are read from the built web app's
  // folder at run time, with that app's dependencies.
  external: [/link-preview\.mjs$/],
  onSuccess: 'node scripts/copy-build-assets.mjs',
});
