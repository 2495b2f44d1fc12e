// Small helpers shared by the start and test scripts (no dependencies).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
export const PROJECT_ID = 'demo-companion';

export async function answers(url, timeoutMs = 1000) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    return res.status < 500;
  } catch {
    return false;
  }
}

export async function waitFor(url, { timeoutMs = 120_000, child, name } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(url))) {
    if (child && child.exitCode !== null)
      throw new Error(`${name ?? 'process'} exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${name ?? url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

const COLORS = [36, 35, 33, 32, 34, 31];

/**
 * Set once `stopAll` runs: from then on, the wrappers' reports of a child stopped by our own signal
 * (pnpm's `ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL`, `ELIFECYCLE`, "Command failed with signal") are
 * not errors and are not shown.
 */
let stopping = false;
const STOP_NOISE = /ERR_PNPM_|ELIFECYCLE|Command failed|exited with signal|SIGTERM|^\S*\/[^\s]*:$/;
let colorIndex = 0;

/** Spawns a long-running process whose output lines are prefixed with its name. */
export function run(name, command, args, options = {}) {
  const color = COLORS[colorIndex++ % COLORS.length];
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that stopping it also stops what it started (pnpm → vite, tsx → node).
    detached: process.platform !== 'win32',
  });
  const prefix = `\x1b[${color}m${name.padEnd(8)}\x1b[0m│ `;
  const pipe = (stream, out) => {
    let buffer = '';
    stream.on('data', (chunk) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (options.quiet?.(line) || (stopping && STOP_NOISE.test(line))) continue;
        out.write(prefix + line + '\n');
      }
    });
  };
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  return child;
}

/** Runs a command to completion with inherited output; resolves to its exit code. */
export function exec(command, args, options = {}) {
  return new Promise((resolveCode) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, ...options.env },
      stdio: 'inherit',
    });
    child.on('exit', (code, signal) => resolveCode(code ?? (signal ? 1 : 0)));
  });
}

/** Starts the Firebase Auth emulator unless one already answers; returns the child (or null). */
export async function ensureEmulator() {
  const ready = `http://${EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/config`;
  if (await answers(ready)) return null;
  const bin = resolve(ROOT, 'node_modules/.bin/firebase');
  if (!existsSync(bin)) throw new Error('firebase-tools is not installed: run bash scripts/setup.sh');
  const child = run(
    'auth',
    bin,
    [
      'emulators:start',
      '--only',
      'auth',
      '--project',
      PROJECT_ID,
      '--config',
      resolve(ROOT, 'firebase.json'),
    ],
    {
      env: { CI: 'true', NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: '1' },
      quiet: (line) => !/error|warn|ready|running/i.test(line),
    },
  );
  await waitFor(ready, { child, name: 'the Auth emulator', timeoutMs: 90_000 });
  return child;
}

/** Stops each child with its whole process group (see `run`). */
export function stopAll(children) {
  stopping = true;
  for (const child of children) {
    if (!child || child.exitCode !== null) continue;
    try {
      if (process.platform === 'win32' || !child.pid) child.kill('SIGTERM');
      else process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  }
}

/** Resolves once every child has exited (or after `timeoutMs`). */
export function exited(children, timeoutMs = 10_000) {
  const waits = children
    .filter((child) => child && child.exitCode === null && child.signalCode === null)
    .map((child) => new Promise((resolveExit) => child.once('exit', resolveExit)));
  return Promise.race([Promise.all(waits), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
}

/**
 * A PostgreSQL schema of its own for an end-to-end run's API when DATABASE_URL is set, so the run
 * starts from an empty database (its own catalogue, users and lists) whatever else uses that
 * database; `dropSchema` removes it afterwards. The name is kept in `process.env[key]`, so the test
 * workers (which load the configuration again) share it. Undefined without DATABASE_URL (PGlite).
 */
export function e2eSchema(key, prefix) {
  if (!process.env.DATABASE_URL) return undefined;
  process.env[key] ??= `${prefix}_${Date.now().toString(36)}_${process.pid}`;
  return process.env[key];
}

/** Drops an end-to-end run's schema (see `e2eSchema`), with the API's PostgreSQL driver. */
export async function dropSchema(schema) {
  if (!schema || !process.env.DATABASE_URL) return;
  const pg = createRequire(resolve(ROOT, 'apps/api/package.json'))('pg');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema.replace(/"/g, '')}" CASCADE`);
  } finally {
    await client.end();
  }
}
