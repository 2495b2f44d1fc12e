/**
 * Killing the server (SIGKILL) in the middle of writes leaves the database consistent: on restart
 * every acknowledged write is there, and no half-done write (a playgroup without its owner, a game
 * without players) is.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CompanionClient, createClient } from '@companion/sdk';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { EmulatorIdentity, storages, TEST_API_KEY, TEST_SECRET } from '../support/index.js';

const apiRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
  return new Promise((res) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => res(port));
    });
  });
}

async function startApi(env: Record<string, string | undefined>): Promise<ChildProcess> {
  const merged: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) merged[k] = v;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`API did not start:\n${output}`);
    try {
      if ((await fetch(`${url}/ping`)).ok) return child;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(storages())('SIGKILL during writes on %s', (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'companion-crash-'));
  const schema = `crash_${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    }
  });

  it('keeps every acknowledged write and no half-done one', async () => {
    const port = await freePort();
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: kind === 'postgres' ? process.env.DATABASE_URL : undefined,
      DATABASE_SCHEMA: kind === 'postgres' ? schema : undefined,
      FIREBASE_AUTH_EMULATOR_HOST: inject('emulatorHost'),
      FIREBASE_PROJECT_ID: 'demo-companion',
      COMPANION_API_KEYS: `${TEST_API_KEY}:${TEST_SECRET}`,
      COMPANION_LOG_LEVEL: 'silent',
      COMPANION_RATE_LIMIT: 'off',
      NODE_ENV: 'test',
    };
    const identity = new EmulatorIdentity(inject('emulatorHost'));
    let api = await startApi(env);
    const url = `http://127.0.0.1:${port}`;
    const anonymous = createClient({ baseUrl: url, apiKey: TEST_API_KEY, secret: TEST_SECRET, retry: 0 });
    const account = await identity.signInWithGoogle();
    const session = await anonymous.auth.signin({ identityToken: account.idToken, body: { locale: 'en' } });
    const client: CompanionClient = createClient({
      baseUrl: url,
      apiKey: TEST_API_KEY,
      secret: TEST_SECRET,
      retry: 0,
      timeout: 5_000,
      credentials: () => ({ token: session.token, userId: session.user.id }),
    });

    // Writers: playgroups (group + owner membership) and games (game + players + tags) in a loop.
    const acknowledgedGroups = new Set<string>();
    const acknowledgedGames = new Set<string>();
    let stop = false;
    const writer = async (n: number) => {
      for (let i = 0; !stop; i++) {
        try {
          if (i % 2 === 0) {
            const { playgroup } = await client.playgroups.create({
              body: { name: `Crash ${n}-${i}`, description: 'x'.repeat(500) },
            });
            acknowledgedGroups.add(playgroup.id);
          } else {
            const { game } = await client.games.create({
              body: {
                formatId: 'commander',
                players: [
                  { userId: session.user.id, result: 'win', seat: 1 },
                  { guestName: `Guest ${i}`, result: 'loss', seat: 2 },
                  { guestName: `Other ${i}`, result: 'loss', seat: 3 },
                ],
                tags: [`crash-${n}`, `round-${i % 7}`],
              },
            });
            acknowledgedGames.add(game.id);
          }
        } catch {
          // the server went away mid-request: that write was not acknowledged
          if (stop) return;
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await new Promise((r) => setTimeout(r, 2500));
    api.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await new Promise((r) => api.once('exit', r));
    expect(acknowledgedGroups.size + acknowledgedGames.size).toBeGreaterThan(10);
    console.log(
      `crash (${kind}): killed after ${acknowledgedGroups.size} playgroups and ${acknowledgedGames.size} games were acknowledged`,
    );

    // Restart on the same data and check.
    api = await startApi(env);
    try {
      const { playgroups } = await client.user.playgroups();
      const groupIds = new Set(playgroups.map((p) => p.id));
      for (const id of acknowledgedGroups)
        expect(groupIds.has(id), `acknowledged playgroup ${id}`).toBe(true);
      for (const p of playgroups) {
        const { playgroup } = await client.playgroups.get({ params: { id: p.id } });
        expect(playgroup.members.filter((m) => m.role === 'owner')).toHaveLength(1);
      }
      const { games } = await client.games.list();
      const gameIds = new Set(games.map((g) => g.id));
      for (const id of acknowledgedGames) expect(gameIds.has(id), `acknowledged game ${id}`).toBe(true);
      for (const g of games) {
        expect(g.players).toHaveLength(3);
        expect(g.tags).toHaveLength(2);
      }
      // And the server still takes writes.
      await expect(client.playgroups.create({ body: { name: 'After the crash' } })).resolves.toBeDefined();
    } finally {
      api.kill('SIGTERM');
      await new Promise((r) => api.once('exit', r));
    }
  }, 180_000);
});
