// `pnpm start`: builds the libraries (through turbo), then starts the Auth emulator, the API on
// PGlite, the web app and the overlay, and prints where to open them.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EMULATOR_HOST, ensureEmulator, exec, exited, ROOT, run, stopAll, waitFor } from './lib.mjs';

const API_PORT = process.env.PORT ?? '8787';
const WEB_PORT = process.env.COMPANION_WEB_PORT ?? '5173';
const OVERLAY_PORT = process.env.COMPANION_OVERLAY_PORT ?? '5174';
const API_URL = `http://127.0.0.1:${API_PORT}`;
const SHARED_DATA = resolve(ROOT, '../shared/data');

const hasScript = (dir, script) => {
  const file = resolve(ROOT, dir, 'package.json');
  return existsSync(file) && Boolean(JSON.parse(readFileSync(file, 'utf8')).scripts?.[script]);
};

const children = [];
let stopped = false;
const shutdown = async () => {
  if (stopped) return;
  stopped = true;
  console.log('\nStopping…');
  const running = children.filter(Boolean).reverse();
  stopAll(running);
  await exited(running);
  console.log('Stopped.');
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

console.log('Building the libraries…');
const built = await exec('pnpm', [
  'exec',
  'turbo',
  'run',
  'build',
  '--filter=./packages/*',
  '--output-logs=errors-only',
]);
if (built !== 0) process.exit(built);

console.log('Starting the Firebase Auth emulator…');
children.push(await ensureEmulator());

const sharedEnv = {
  FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
  FIREBASE_PROJECT_ID: 'demo-companion',
  COMPANION_API_URL: API_URL,
  COMPANION_PUBLIC_URL: `http://127.0.0.1:${WEB_PORT}`,
};

const api = run('api', 'pnpm', ['--filter', '@companion/api', 'start'], {
  env: {
    ...sharedEnv,
    PORT: API_PORT,
    DATA_DIR: process.env.DATA_DIR ?? resolve(ROOT, '.data/api'),
    ...(existsSync(SHARED_DATA) ? { COMPANION_SHARED_DATA: SHARED_DATA } : {}),
  },
});
children.push(api);
await waitFor(`${API_URL}/ping`, { child: api, name: 'the API', timeoutMs: 600_000 });

const lines = [`  API            ${API_URL}   (reference ${API_URL}/docs)`];
const viteEnv = {
  ...sharedEnv,
  VITE_API_URL: API_URL,
  VITE_FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
  VITE_OVERLAY_URL: `http://127.0.0.1:${OVERLAY_PORT}/obs/`,
};
if (hasScript('apps/web', 'start')) {
  const web = run('web', 'pnpm', ['--filter', '@companion/web', 'start', '--port', WEB_PORT], {
    env: viteEnv,
  });
  children.push(web);
  await waitFor(`http://127.0.0.1:${WEB_PORT}/`, { child: web, name: 'the web app' });
  lines.unshift(`  Web app        http://127.0.0.1:${WEB_PORT}`);
}
if (hasScript('apps/overlay', 'start')) {
  const overlay = run(
    'overlay',
    'pnpm',
    ['--filter', '@companion/overlay', 'start', '--port', OVERLAY_PORT],
    {
      env: viteEnv,
    },
  );
  children.push(overlay);
  await waitFor(`http://127.0.0.1:${OVERLAY_PORT}/obs/`, { child: overlay, name: 'the overlay' });
  lines.push(`  Overlay (OBS)  http://127.0.0.1:${OVERLAY_PORT}/obs/?token=<copy the address from Settings>`);
}
lines.push(
  `  Auth emulator  http://${EMULATOR_HOST}  (test accounts; emails are not sent, codes are in its REST API)`,
);

console.log(`\n\x1b[1mCompanion is running.\x1b[0m Open:\n${lines.join('\n')}\nPress Ctrl+C to stop.\n`);
