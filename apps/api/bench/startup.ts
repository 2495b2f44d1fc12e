/**
 * The production server's start-to-ready time and an idle instance's memory: `pnpm serve` as a
 * deployment runs it (the compiled API from `pnpm build`, serving the built web app and overlay when
 * they are built), on an existing database, from the process's spawn to the first 200 of
 * `/api/health/ready`. PGlite in a folder, and PostgreSQL on DATABASE_URL (a schema of its own).
 * The first start of each creates and migrates the database and is not counted.
 * Targets: ≤ 3 s to ready on both storages.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_KEY, BENCH_SECRET, dropBenchSchema } from './server.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const MAIN = join(ROOT, 'apps/api/dist/main.js');
const SERVE = join(ROOT, 'scripts/serve.mjs');
const STARTS = 5;
const TARGET_MS = 3000;
const PORT = 8977;

/** Resident memory of a process, in MB (Linux's /proc; undefined elsewhere). */
function rssMb(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

async function startOnce(env: Record<string, string | undefined>, withSite: boolean) {
  const started = performance.now();
  const child = spawn('node', [withSite ? SERVE : MAIN], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += chunk.toString();
  });
  const base = `http://127.0.0.1:${PORT}${withSite ? '/api' : ''}`;
  let readyMs: number | undefined;
  while (performance.now() - started < 60_000 && child.exitCode === null) {
    try {
      const res = await fetch(`${base}/health/ready`);
      if (res.status === 200) {
        readyMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  if (readyMs === undefined) {
    child.kill('SIGKILL');
    throw new Error(`the server did not get ready: ${errors.slice(-2000)}`);
  }
  // Idle: a few seconds after start, no request in flight.
  await new Promise((r) => setTimeout(r, 3000));
  const memory = child.pid ? rssMb(child.pid) : undefined;
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  child.kill('SIGTERM');
  await exited;
  return { readyMs, memory };
}

export async function run(): Promise<void> {
  if (!existsSync(MAIN)) {
    console.log('startup: skipped (build the API first: pnpm --filter @companion/api build)');
    return;
  }
  const withSite =
    existsSync(join(ROOT, 'apps/web/dist/200.html')) &&
    existsSync(join(ROOT, 'apps/overlay/dist/index.html'));
  const storages: { name: string; env: Record<string, string | undefined>; cleanup: () => Promise<void> }[] =
    [];
  const dir = mkdtempSync(join(tmpdir(), 'companion-bench-start-'));
  storages.push({
    name: 'PGlite',
    env: { DATA_DIR: dir, DATABASE_URL: undefined, REDIS_URL: undefined },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  });
  if (process.env.DATABASE_URL) {
    const schema = `bench_start_${process.pid}`;
    storages.push({
      name: 'PostgreSQL',
      env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'companion-bench-start-pg-')), DATABASE_SCHEMA: schema },
      cleanup: () => dropBenchSchema(schema),
    });
  }
  console.log(
    `startup: pnpm serve (${withSite ? 'API, web app and overlay' : 'API alone: the web app is not built'}), ` +
      `${STARTS} starts on an existing database after a first one that creates it`,
  );
  for (const storage of storages) {
    const env = {
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'companion-bench',
      FIREBASE_AUTH_EMULATOR_HOST: undefined,
      FIREBASE_WEB_API_KEY: 'bench-web-key',
      COMPANION_API_KEYS: `${BENCH_KEY}:${BENCH_SECRET}`,
      COMPANION_PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      COMPANION_WEB_ORIGINS: `http://127.0.0.1:${PORT}`,
      COMPANION_SHARED_DATA: undefined,
      // No Scryfall here: the empty catalogue's start-up sync stays off.
      COMPANION_SYNC: 'off',
      COMPANION_LOG_LEVEL: 'warn',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      ...storage.env,
    };
    try {
      const first = await startOnce(env, withSite);
      const times: number[] = [];
      const memory: number[] = [];
      for (let i = 0; i < STARTS; i++) {
        const start = await startOnce(env, withSite);
        times.push(start.readyMs);
        if (start.memory !== undefined) memory.push(start.memory);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)] ?? 0;
      const worst = times[times.length - 1] ?? 0;
      console.log(
        `  ${storage.name}: start to ready median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms ` +
          `(target ≤ ${TARGET_MS} ms: ${worst <= TARGET_MS ? 'met' : 'missed'}); first start (creates the database) ` +
          `${first.readyMs.toFixed(0)} ms; idle memory ${memory.length ? `${Math.max(...memory).toFixed(0)} MB resident` : 'not measured'}`,
      );
    } finally {
      await storage.cleanup();
    }
  }
}
