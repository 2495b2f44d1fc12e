// `pnpm --filter @companion/web bench`: gzipped JS per route (from Vite's manifest) and Lighthouse
// performance (mobile) for home and login against the built app served like production
// (scripts/serve.mjs: precompressed brotli/gzip, cached hashed assets, SPA fallback), offline.
// `vite preview` sends no compression, which measured transfer sizes no real host would serve.
// Then the deck editor's "added card painted after Enter" (bench/editor.bench.ts) in Chromium,
// against the real API and the Auth emulator, on the end-to-end build. `-- --only=editor` runs
// that part alone; `-- --no-editor` skips it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/chromium.mjs';
import { routeSizes } from './sizes.mjs';

const root = join(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 4179);
// Gzipped KB: the home page before the app starts, and each page once the app runs it.
const TARGETS = { home: 10, 'home + app': 120, 'login + app': 150, dashboard: 160 };
const CHROME_FLAGS = CHROMIUM_ARGS.join(' ');

const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const editorOnly = only === 'editor';

// A production build: the end-to-end build (VITE_E2E) checks API payloads against the contract and
// carries test pages, so `dist/` is rebuilt unless `--no-build` says it is a production build already.
if (
  !editorOnly &&
  (!process.argv.includes('--no-build') || !existsSync(join(root, 'dist/.vite/manifest.json')))
) {
  const env = { ...process.env };
  delete env.VITE_E2E;
  const built = spawnSync('pnpm', ['run', 'build'], { cwd: root, stdio: 'inherit', env });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

if (!editorOnly) await pages();
if (!process.argv.includes('--no-editor')) editor();

async function pages() {
  console.log(
    '\nGzipped JavaScript per route (entry + static imports + page chunk; home, login: before the first interaction):',
  );
  for (const [name, { kb, chunks }] of Object.entries(routeSizes(join(root, 'dist')))) {
    const target = TARGETS[name];
    const verdict = target ? `${kb <= target ? '✓' : '✗'} target ≤ ${target} KB` : '';
    console.log(
      `  ${name.padEnd(20)} ${kb.toFixed(1).padStart(6)} KB  ${verdict.padEnd(20)} (${chunks} chunks)`,
    );
  }

  const preview = spawn(process.execPath, ['scripts/serve.mjs', String(PORT)], {
    cwd: root,
    stdio: 'ignore',
  });
  const stop = () => preview.exitCode === null && preview.kill('SIGTERM');
  process.on('exit', stop);
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }

  console.log('\nLighthouse performance (mobile, simulated throttling):');
  for (const [name, path] of [
    ['home', '/'],
    ['login', '/login'],
  ]) {
    const run = spawnSync(
      process.execPath,
      [
        './node_modules/lighthouse/cli/index.js',
        `http://127.0.0.1:${PORT}${path}`,
        '--only-categories=performance',
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        `--chrome-flags=${CHROME_FLAGS}`,
      ],
      {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
      },
    );
    try {
      const report = JSON.parse(run.stdout);
      const score = Math.round(report.categories.performance.score * 100);
      const a = report.audits;
      console.log(
        `  ${name.padEnd(8)} ${String(score).padStart(3)} ${score >= 95 ? '✓' : '✗'} target ≥ 95   FCP ${a['first-contentful-paint'].displayValue}  LCP ${a['largest-contentful-paint'].displayValue}  TBT ${a['total-blocking-time'].displayValue}  CLS ${a['cumulative-layout-shift'].displayValue}`,
      );
    } catch {
      console.log(`  ${name}: lighthouse failed (${run.status}) ${run.stderr?.slice(0, 400)}`);
    }
  }
  stop();
}

/** The deck editor's bench: an end-to-end build talking to the bench's API, then Playwright. */
function editor() {
  const apiPort = process.env.E2E_API_PORT ?? '8790';
  const env = {
    ...process.env,
    VITE_E2E: '1',
    VITE_API_URL: `http://127.0.0.1:${apiPort}`,
    VITE_FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
  };
  const built = spawnSync('pnpm', ['run', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
  console.log('\nDeck editor (Chromium, real API and Auth emulator):');
  const run = spawnSync(
    process.execPath,
    ['./node_modules/@playwright/test/cli.js', 'test', '-c', 'bench/playwright.config.ts', '--reporter=line'],
    { cwd: root, stdio: 'inherit', env },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
}
