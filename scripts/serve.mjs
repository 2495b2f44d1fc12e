// `pnpm serve`: the production server, after `pnpm build`. The API compiled to JavaScript serves the
// built web app at `/`, the overlay at `/obs/` and itself under `/api/`, on one origin
// (apps/api/src/http/site.ts). NODE_ENV is production unless set: the server then refuses to start
// with a development shortcut and names the variable to set (README, "Run it for real").
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');
const built = {
  'apps/api/dist/main.js': 'the API',
  'apps/web/dist/200.html': 'the web app',
  'apps/overlay/dist/index.html': 'the overlay',
};
const missing = Object.entries(built).filter(([file]) => !existsSync(join(root, file)));
if (missing.length) {
  console.error(
    `Not built yet: ${missing.map(([file, what]) => `${what} (${file})`).join(', ')}.\nRun pnpm build first.`,
  );
  process.exit(2);
}
process.env.NODE_ENV ??= 'production';
process.env.COMPANION_WEB_DIST ??= join(root, 'apps/web/dist');
process.env.COMPANION_OVERLAY_DIST ??= join(root, 'apps/overlay/dist');
await import(pathToFileURL(join(root, 'apps/api/dist/main.js')).href);
