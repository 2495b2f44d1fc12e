/**
 * One process at a time in a PGlite folder: PGlite is an embedded database, and two processes
 * writing one folder (the server and `cards:import`, say) corrupt it. The lock is a file holding the
 * holder's process id, host and command, created exclusively; a lock left by a process that no
 * longer runs on this host is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE = 'companion.lock';

export interface Holder {
  pid: number;
  host: string;
  command: string;
  since: string;
}

export class FolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: Holder,
  ) {
    super(
      `The data folder ${folder} is in use by process ${holder.pid} on ${holder.host} (${holder.command}, since ${holder.since}). ` +
        'Stop that process first, or give this one another DATA_DIR.',
    );
    this.name = 'FolderLockedError';
  }
}

const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function readHolder(path: string): Holder | null {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
    if (typeof holder.pid !== 'number') return null;
    return {
      pid: holder.pid,
      host: String(holder.host ?? '?'),
      command: String(holder.command ?? '?'),
      since: String(holder.since ?? '?'),
    };
  } catch {
    return null;
  }
}

/** The live process holding the folder's lock on this host or another (null when none does). */
export function folderHolder(folder: string): Holder | null {
  const holder = readHolder(join(folder, LOCK_FILE));
  if (!holder) return null;
  if (holder.host === hostname() && !running(holder.pid)) return null;
  return holder;
}

/** Takes the folder's lock; returns its release. Throws FolderLockedError naming a live holder. */
export function lockFolder(folder: string, command = describeProcess()): () => void {
  const path = join(folder, LOCK_FILE);
  const me: Holder = { pid: process.pid, host: hostname(), command, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(path);
      if (holder && holder.pid !== process.pid && (holder.host !== me.host || running(holder.pid))) {
        throw new FolderLockedError(folder, holder);
      }
      if (holder?.pid === process.pid) throw new FolderLockedError(folder, holder);
      // Left by a process that is gone (or unreadable, half written by one that died): take it over.
      rmSync(path, { force: true });
      continue;
    }
    writeSync(fd, JSON.stringify(me));
    closeSync(fd);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      if (readHolder(path)?.pid === process.pid) rmSync(path, { force: true });
    };
    process.on('exit', release);
    return release;
  }
  throw new Error(`Could not take the lock of the data folder ${folder}`);
}

function describeProcess(): string {
  const script = process.argv[1]?.split(/[\\/]/).slice(-2).join('/') ?? 'node';
  const args = process.argv.slice(2).join(' ');
  return `node ${script}${args ? ` ${args}` : ''}`.slice(0, 200);
}
