// `pnpm test`: starts the Auth emulator once for every package's suite, runs them through turbo,
// then prints one closing line with the totals of every runner's JSON report.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { EMULATOR_HOST, ensureEmulator, exec, ROOT, stopAll } from './lib.mjs';

const reports = () =>
  ['packages', 'apps'].flatMap((group) => {
    const dir = join(ROOT, group);
    if (!existsSync(dir)) return [];
    return readdirSync(dir).flatMap((name) => {
      const folder = join(dir, name, 'test-results');
      return existsSync(folder)
        ? readdirSync(folder)
            .filter((f) => f.endsWith('.json'))
            .map((f) => ({ pkg: `${group}/${name}`, file: join(folder, f) }))
        : [];
    });
  });

for (const { file } of reports()) rmSync(file, { force: true });

const emulator = await ensureEmulator();
const code = await exec(
  'pnpm',
  ['exec', 'turbo', 'run', 'test', '--concurrency=1', ...process.argv.slice(2)],
  {
    env: { FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST },
  },
);
stopAll([emulator]);

let passed = 0;
let failed = 0;
let skipped = 0;
for (const { pkg, file } of reports()) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    // vitest's json reporter (jest-compatible) and Playwright's json reporter
    if (typeof report.numPassedTests === 'number') {
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
      console.log(`${pkg.padEnd(18)} ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
    } else if (report.stats) {
      passed += report.stats.expected ?? 0;
      failed += (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0);
      skipped += report.stats.skipped ?? 0;
      console.log(
        `${pkg.padEnd(18)} ${report.stats.expected} passed, ${report.stats.unexpected} failed (browser)`,
      );
    }
  } catch (error) {
    console.log(`${pkg}: unreadable report ${file}: ${error.message}`);
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(code !== 0 ? code : failed > 0 ? 1 : 0);
