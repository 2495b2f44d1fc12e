// `pnpm --filter @companion/overlay test`: unit tests (vitest), then Playwright (which starts the API,
// the web app and the overlay). Both write JSON reports under test-results/.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
mkdirSync(join(root, 'test-results'), { recursive: true });
const run = (args) => spawnSync('node', args, { cwd: root, stdio: 'inherit' }).status ?? 1;

const unit = run([
  './node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
]);
const e2e = run(['./node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)]);
process.exit(unit || e2e);
