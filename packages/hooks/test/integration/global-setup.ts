/**
 * Global setup of the integration project: the Firebase Auth emulator (reused when one answers,
 * started otherwise) and the real API server (`apps/api/src/main.ts`) as a child process on a free
 * port, with a temporary PGlite data directory. Tests read the addresses with `inject()`.
 *
 * `@companion/api` is not a dependency of this package: the server is started by path, like a user
 * would start it, so nothing here imports its code.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the API server started for this run. */
    apiUrl: string;
    /** host:port of the Firebase Auth emulator. */
    emulatorHost: string;
    /** Firebase project id the emulator and the API use. */
    projectId: string;
  }
}

const here = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(here, '../../../..');
const API_DIR = join(REPO_ROOT, 'apps/api');
const PREFERRED_PORT = 8791;
const START_TIMEOUT_MS = 75_000;

/** The repo's script helpers (plain ESM without types): only the two functions used here. */
interface ScriptLib {
  EMULATOR_HOST: string;
  PROJECT_ID: string;
  ensureEmulator(): Promise<ChildProcess | null>;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
  });
}

/** 8791 when free, else any free port the system hands out. */
async function freePort(): Promise<number> {
  if (await portIsFree(PREFERRED_PORT)) return PREFERRED_PORT;
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/** Stops a child we started, by its own PID: the signal first, SIGKILL after `graceMs`. */
async function stop(child: ChildProcess, signal: NodeJS.Signals, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill(signal);
  const timer = new Promise<'late'>((done) => setTimeout(() => done('late'), graceMs).unref());
  if ((await Promise.race([exited, timer])) === 'late') child.kill('SIGKILL');
}

export default async function setup(project: TestProject) {
  const started = performance.now();
  const lib = (await import(pathToFileURL(join(REPO_ROOT, 'scripts/lib.mjs')).href)) as ScriptLib;
  const emulatorHost = lib.EMULATOR_HOST;
  // Started only when none answers; an emulator someone else runs is never stopped here.
  const emulator = await lib.ensureEmulator();

  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'companion-hooks-it-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  // A fresh PGlite database in dataDir and the in-process live channel, whatever the shell says.
  for (const key of ['DATABASE_URL', 'DATABASE_SCHEMA', 'REDIS_URL', 'COMPANION_API_URL']) delete env[key];
  Object.assign(env, {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    FIREBASE_PROJECT_ID: lib.PROJECT_ID,
    COMPANION_API_KEYS: 'companion-dev:companion-dev-secret',
    COMPANION_LOG_LEVEL: 'warn',
  });
  const api = spawn(process.execPath, ['--import', 'tsx', join(API_DIR, 'src/main.ts')], {
    cwd: API_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  api.stdout?.on('data', collect);
  api.stderr?.on('data', collect);
  // If vitest dies without running the teardown, do not leave the server behind.
  const killOnExit = () => {
    if (api.exitCode === null) api.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  let stopping = false;
  api.once('exit', (code, signal) => {
    if (!stopping) console.error(`The API server stopped during the run (${code ?? signal}):\n${output}`);
  });

  const teardown = async () => {
    stopping = true;
    process.off('exit', killOnExit);
    await stop(api, 'SIGTERM');
    if (emulator) await stop(emulator, 'SIGINT');
    await rm(dataDir, { recursive: true, force: true });
    if (process.env.HOOKS_IT_API_LOG) console.log(`API output:\n${output}`);
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await answers(`${apiUrl}/ping`))) {
    if (api.exitCode !== null || Date.now() > deadline) {
      const why = api.exitCode !== null ? `exited with code ${api.exitCode}` : 'did not answer /ping in time';
      await teardown();
      throw new Error(`The API server ${why}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  console.log(
    `integration: API ${apiUrl} (pid ${api.pid}, ready in ${Math.round(performance.now() - started)} ms), ` +
      `Auth emulator ${emulatorHost}${emulator ? ` (started, pid ${emulator.pid})` : ' (reused)'}`,
  );

  project.provide('apiUrl', apiUrl);
  project.provide('emulatorHost', emulatorHost);
  project.provide('projectId', lib.PROJECT_ID);
  return teardown;
}
