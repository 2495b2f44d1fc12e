// `pnpm --filter @companion/web test`: unit tests (vitest), then an end-to-end build pointed at the
// test API, then Playwright (which starts the API and `vite preview`). Both write JSON reports.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
mkdirSync(join(root, 'test-results'), { recursive: true });
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const started = Date.now();
let code = run('node', [
  './node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
]);
const built = run('pnpm', ['run', 'build'], {
  VITE_API_URL: `http://127.0.0.1:${process.env.E2E_API_PORT ?? 8790}`,
  VITE_FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
  VITE_E2E: '1',
});
if (built !== 0) process.exit(built);
const e2e = run('node', ['./node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)]);
code = code || e2e;
console.log(`web tests finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(code);
