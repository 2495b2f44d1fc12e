import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { FolderLockedError, LOCK_FILE, lockFolder } from './folder-lock.js';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'companion-lock-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the PGlite folder lock', () => {
  it('lets one holder in and names it to the next', () => {
    const dir = folder();
    const release = lockFolder(dir, 'companion api server');
    expect(() => lockFolder(dir, 'cards:import')).toThrow(FolderLockedError);
    expect(() => lockFolder(dir, 'cards:import')).toThrow(
      new RegExp(`in use by process ${process.pid} on .* \\(companion api server, since `),
    );
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    lockFolder(dir, 'cards:import')();
  });

  it('refuses a folder held by another running process', async () => {
    const dir = folder();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      const holder = { pid: other.pid, host: hostname(), command: 'node src/main.ts', since: 'earlier' };
      writeFileSync(join(dir, LOCK_FILE), JSON.stringify(holder));
      expect(() => lockFolder(dir)).toThrow(`in use by process ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock whose holder is gone', async () => {
    const dir = folder();
    const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((done) => gone.on('exit', done));
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: gone.pid, host: hostname(), command: 'x', since: 'y' }),
    );
    const release = lockFolder(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('openDatabase holds it while open: a second open gets the error, and it is free after close', async () => {
    const dir = folder();
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(FolderLockedError);
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    await second.close();
  }, 120_000);
});

describe.skipIf(!process.env.DATABASE_URL)('the PostgreSQL statement timeout', () => {
  it('stops a statement that runs too long, and migrations run without it', async () => {
    const schema = `st_${process.pid}_${Date.now().toString(36)}`;
    const database = await openDatabase({
      databaseUrl: process.env.DATABASE_URL,
      pgSchema: schema,
      statementTimeoutMs: 300,
    });
    try {
      const { sql } = await import('drizzle-orm');
      await expect(database.db.execute(sql`select pg_sleep(2)`)).rejects.toMatchObject({
        cause: { code: '57014' },
      });
      await expect(database.db.execute(sql`select 1`)).resolves.toBeTruthy();
      await database.db.execute(sql.raw(`drop schema "${schema}" cascade`));
    } finally {
      await database.close();
    }
  }, 120_000);
});
