/**
 * The API as a child process (crash tests kill it): a free port, start-up until `/ping` answers, and
 * a promise of its exit.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

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
