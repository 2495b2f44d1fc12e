/**
 * The API as a child process (crash tests kill it): a free port, start-up until `/ping` answers, and
 * a promise of its exit.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CompanionClient, createClient } from '@companion/sdk';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { StorageKind } from './database.js';
import type { EmulatorIdentity } from './identity.js';
import { TEST_API_KEY, TEST_SECRET } from './index.js';

const apiRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort(): Promise<number> {
  return new Promise((res) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => res(port));
    });
  });
}

export interface Api {
  child: ChildProcess;
  /** Resolves once the process has exited (whenever that happens, even before anyone waits). */
  exited: Promise<void>;
}

/** Starts `src/main.ts` with `env` (PORT required) and waits until it answers `/ping`. */
export async function startApi(env: Record<string, string | undefined>): Promise<Api> {
  const merged: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) merged[k] = v;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Listen for the exit right away: a listener added after the event would wait forever.
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${env.PORT}`;
  // Generous: on a loaded 2-core CI machine, starting Node + tsx + the server can take a while.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`API did not start within 60 s:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/ping`, { signal: AbortSignal.timeout(2_000) })).ok) return { child, exited };
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Opens the stopped server's database itself (not through the API): PGlite's folder under
 * `dataDir`, or the PostgreSQL `schema` of DATABASE_URL; `use` runs its queries on that one
 * connection.
 */
export async function inspectStopped<R>(
  where: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; schema: string },
  use: (query: <T>(text: string) => Promise<T[]>) => Promise<R>,
): Promise<R> {
  if (where.kind === 'postgres') {
    const db = new pg.Client({
      connectionString: process.env.DATABASE_URL,
      options: `-c search_path=${where.schema}`,
    });
    await db.connect();
    try {
      return await use(async (text) => (await db.query(text)).rows);
    } finally {
      await db.end();
    }
  }
  const db = await PGlite.create({ dataDir: `${where.dataDir}/pglite`, extensions: { pg_trgm } });
  try {
    return await use(async <T>(text: string) => (await db.query<T>(text)).rows);
  } finally {
    await db.close();
  }
}

/**
 * The environment of an API child process: loopback on `port`, its own data folder (and PostgreSQL
 * schema), the Auth emulator, the test API key, no logs and no rate limit.
 */
export function childApiEnv(o: {
  port: number;
  dataDir: string;
  kind: StorageKind;
  schema: string;
  emulatorHost: string;
}): Record<string, string | undefined> {
  return {
    PORT: String(o.port),
    HOST: '127.0.0.1',
    DATA_DIR: o.dataDir,
    DATABASE_URL: o.kind === 'postgres' ? process.env.DATABASE_URL : undefined,
    DATABASE_SCHEMA: o.kind === 'postgres' ? o.schema : undefined,
    FIREBASE_AUTH_EMULATOR_HOST: o.emulatorHost,
    FIREBASE_PROJECT_ID: 'demo-companion',
    COMPANION_API_KEYS: `${TEST_API_KEY}:${TEST_SECRET}`,
    COMPANION_LOG_LEVEL: 'silent',
    COMPANION_RATE_LIMIT: 'off',
    COMPANION_TARPIT_MS: '0',
    NODE_ENV: 'test',
  };
}

/** A new Google account of the emulator, signed in to the API at `url`, and its client. */
export async function signInChild(
  url: string,
  identity: EmulatorIdentity,
  timeout: number,
): Promise<{ id: string; code: string; client: CompanionClient }> {
  const anonymous = createClient({ baseUrl: url, apiKey: TEST_API_KEY, secret: TEST_SECRET, retry: 0 });
  const account = await identity.signInWithGoogle();
  const session = await anonymous.auth.signin({ identityToken: account.idToken, body: { locale: 'en' } });
  const client = createClient({
    baseUrl: url,
    apiKey: TEST_API_KEY,
    secret: TEST_SECRET,
    retry: 0,
    timeout,
    credentials: () => ({ token: session.token, userId: session.user.id }),
  });
  return { id: session.user.id, code: session.user.code, client };
}
