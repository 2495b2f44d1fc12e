/**
 * Backups of a PGlite folder while the server runs. The server holds the folder's lock, and PGlite
 * lets one process open the folder, so `backup` asks the server to write the dump:
 *
 * 1. The server (`acceptBackupRequests`, PGlite only) listens for SIGUSR2 and writes
 *    `DATA_DIR/backup-requests/listener.json` naming its process.
 * 2. `backup` finds the lock's holder (`companion.lock`), checks that the listener file names that
 *    same process (any other holder, `cards:import` say, would be killed by SIGUSR2), writes
 *    `<id>.request.json` (the output path, with or without the catalogue) and sends SIGUSR2.
 * 3. The server claims the request (renames it `<id>.taken.json`), writes the backup in one
 *    snapshot (`writeBackup`), and answers in `<id>.response.json`, which `backup` waits for.
 *
 * Only a user who may signal the server's process and write in its data folder can ask.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { type BackupSummary, writeBackup } from './backup.js';
import type { Database } from './client.js';
import type { Holder } from './folder-lock.js';

export const REQUESTS_FOLDER = 'backup-requests';
const LISTENER = 'listener.json';
const SIGNAL = 'SIGUSR2';

interface Listener {
  pid: number;
  host: string;
  since: string;
}

interface BackupRequest {
  file: string;
  catalogue: boolean;
}

type BackupResponse = { ok: true; summary: BackupSummary } | { ok: false; error: string };

async function writeAtomically(path: string, value: unknown) {
  const partial = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(partial, JSON.stringify(value), { mode: 0o600 });
  await rename(partial, path);
}

/**
 * The server's side: answers backup requests from `backup` with SIGUSR2 (PGlite in a folder only).
 * Returns the function that stops listening.
 */
export function acceptBackupRequests(
  database: Pick<Database, 'db' | 'kind'>,
  dataDir: string,
  log: (line: string) => void = () => {},
): () => void {
  const folder = join(dataDir, REQUESTS_FOLDER);
  let queue: Promise<void> = Promise.resolve();
  const handle = async () => {
    let names: string[] = [];
    try {
      names = readdirSync(folder).filter((n) => n.endsWith('.request.json'));
    } catch {
      return;
    }
    for (const name of names) {
      const id = name.slice(0, -'.request.json'.length);
      const taken = join(folder, `${id}.taken.json`);
      try {
        await rename(join(folder, name), taken);
      } catch {
        continue; // claimed already, or withdrawn
      }
      let response: BackupResponse;
      try {
        const request = JSON.parse(await readFile(taken, 'utf8')) as BackupRequest;
        if (typeof request.file !== 'string' || !isAbsolute(request.file)) throw new Error('no output file');
        log(`backup requested: writing ${request.file}`);
        const summary = await writeBackup(database, request.file, { catalogue: request.catalogue !== false });
        log(`backup written: ${summary.file} (${summary.rows} rows)`);
        response = { ok: true, summary };
      } catch (error) {
        response = { ok: false, error: (error as Error)?.message ?? String(error) };
        log(`backup failed: ${response.error}`);
      }
      await writeAtomically(join(folder, `${id}.response.json`), response).catch(() => undefined);
      await rm(taken, { force: true });
    }
  };
  const onSignal = () => {
    queue = queue.then(handle, handle);
  };
  // Windows has no SIGUSR2: no listener file either, so `backup` says to stop the server.
  if (process.platform === 'win32') return () => {};
  process.on(SIGNAL, onSignal);
  // Requests, claims and answers left by a server or a `backup` that died: nobody waits for them.
  mkdirSync(folder, { recursive: true });
  for (const name of readdirSync(folder)) {
    if (name !== LISTENER) rmSync(join(folder, name), { force: true });
  }
  const listener: Listener = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  writeFileSync(join(folder, LISTENER), JSON.stringify(listener), { mode: 0o600 });
  return () => {
    process.off(SIGNAL, onSignal);
    try {
      const current = JSON.parse(readFileSync(join(folder, LISTENER), 'utf8')) as Listener;
      if (current.pid === process.pid) rmSync(join(folder, LISTENER), { force: true });
    } catch {
      // gone already
    }
  };
}

export class BackupRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRequestError';
  }
}

export interface RequestOptions {
  /** Absolute path of the backup to write. */
  file: string;
  catalogue: boolean;
  /** How long the server may take to claim the request (default 15 s). */
  claimTimeoutMs?: number;
  /** How long the whole backup may take (default 30 minutes). */
  timeoutMs?: number;
  /** Told once the server has taken the request. */
  onClaimed?: () => void;
}

/**
 * The `backup` side: asks `holder`, the server holding the PGlite folder `dataDir`, to write the
 * backup, and waits for its answer.
 */
export async function requestBackup(
  dataDir: string,
  holder: Holder,
  options: RequestOptions,
): Promise<BackupSummary> {
  const folder = join(dataDir, REQUESTS_FOLDER);
  const who = `process ${holder.pid} on ${holder.host} (${holder.command})`;
  let listener: Listener | null = null;
  try {
    listener = JSON.parse(readFileSync(join(folder, LISTENER), 'utf8')) as Listener;
  } catch {
    listener = null;
  }
  if (holder.host !== hostname()) {
    throw new BackupRequestError(
      `The data folder ${dataDir} is in use by ${who}, on another machine: run the backup there.`,
    );
  }
  if (!listener || listener.pid !== holder.pid || listener.host !== holder.host) {
    throw new BackupRequestError(
      `The data folder ${dataDir} is in use by ${who}, which does not take backup requests ` +
        '(only a running Companion server does). Wait for it to finish or stop it, then run the backup again.',
    );
  }
  if (!isAbsolute(options.file)) throw new BackupRequestError('The backup file must be an absolute path.');
  const id = `${Date.now()}-${randomBytes(6).toString('hex')}`;
  const requestPath = join(folder, `${id}.request.json`);
  const responsePath = join(folder, `${id}.response.json`);
  await mkdir(folder, { recursive: true });
  await writeAtomically(requestPath, {
    file: options.file,
    catalogue: options.catalogue,
  } satisfies BackupRequest);
  try {
    try {
      process.kill(holder.pid, SIGNAL);
    } catch (error) {
      throw new BackupRequestError(`Could not signal ${who}: ${(error as Error).message}`);
    }
    const started = Date.now();
    const claimTimeout = options.claimTimeoutMs ?? 15_000;
    const timeout = options.timeoutMs ?? 30 * 60_000;
    let claimed = false;
    for (;;) {
      try {
        const response = JSON.parse(await readFile(responsePath, 'utf8')) as BackupResponse;
        if (response.ok) return response.summary;
        throw new BackupRequestError(`The server could not write the backup: ${response.error}`);
      } catch (error) {
        if (error instanceof BackupRequestError) throw error;
      }
      if (!claimed) {
        let stillWaiting = true;
        try {
          readFileSync(requestPath);
        } catch {
          stillWaiting = false;
        }
        if (!stillWaiting) {
          claimed = true;
          options.onClaimed?.();
        } else if (Date.now() - started > claimTimeout) {
          throw new BackupRequestError(
            `${who} did not take the backup request within ${Math.round(claimTimeout / 1000)} s. ` +
              'Is it a Companion server of this version, and not stuck?',
          );
        }
      }
      try {
        process.kill(holder.pid, 0);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ESRCH')
          throw new BackupRequestError(`${who} stopped before it answered: no backup was written.`);
      }
      if (Date.now() - started > timeout) {
        throw new BackupRequestError(
          `The server took the backup request but did not finish within ${Math.round(timeout / 1000)} s; ` +
            `it may still write ${options.file}.`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    // Withdrawn when not claimed; the answer read (or abandoned).
    await rm(requestPath, { force: true });
    await rm(responsePath, { force: true });
  }
}
