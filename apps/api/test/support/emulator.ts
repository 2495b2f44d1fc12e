import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ID = 'demo-companion';
const here = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(here, '../../../..');

async function ready(host: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/config`, {
      signal: AbortSignal.timeout(1000),
    });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Makes sure the Firebase Auth emulator answers on `host`: reuses a running one, else starts
 * `firebase emulators:start --only auth` from the repo's firebase.json. Returns a stop function
 * (a no-op when it was already running).
 */
export async function ensureAuthEmulator(host = '127.0.0.1:9099'): Promise<() => Promise<void>> {
  if (await ready(host)) return async () => {};
  const bin = resolve(REPO_ROOT, 'node_modules/.bin/firebase');
  const local = resolve(here, '../../node_modules/.bin/firebase');
  const command = existsSync(local) ? local : bin;
  const child: ChildProcess = spawn(
    command,
    [
      'emulators:start',
      '--only',
      'auth',
      '--project',
      PROJECT_ID,
      '--config',
      resolve(REPO_ROOT, 'firebase.json'),
    ],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, CI: 'true', NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: false,
    },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const deadline = Date.now() + 90_000;
  while (!(await ready(host))) {
    if (child.exitCode !== null) throw new Error(`The Auth emulator exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The Auth emulator did not start within 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
}
