/**
 * Killing the server (SIGKILL) in the middle of writes leaves the database consistent: on restart
 * every acknowledged write is there, and no half-done write (a playgroup without its owner, a game
 * without players) is.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_AUTO_PAGED_ITEMS, paginate } from '@companion/sdk';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { dropPgSchema, EmulatorIdentity, storages } from '../support/index.js';
import { childApiEnv, freePort, inspectStopped, signInChild, startApi } from '../support/process.js';

/** Rows a half-done write would leave behind, counted in the database itself (not through the API). */
const ORPHANS_SQL = `select
  (select count(*) from playgroups p where not exists (
     select 1 from playgroup_members m where m.playgroup_id = p.id and m.role = 'owner'))::int as groups_without_owner,
  (select count(*) from games g where (select count(*) from game_players gp where gp.game_id = g.id) <> 3)::int as games_without_3_players,
  (select count(*) from games g where (select count(*) from taggings t
     where t.target_type = 'game' and t.target_id = g.id) <> 2)::int as games_without_2_tags,
  (select count(*) from playgroups)::int as groups,
  (select count(*) from games)::int as games`;

interface Orphans {
  groups_without_owner: number;
  games_without_3_players: number;
  games_without_2_tags: number;
  groups: number;
  games: number;
}

/** Number of writes to acknowledge before the kill, and the longest write window. */
const TARGET_WRITES = 40;
const WRITE_WINDOW_MS = 4_000;
const MIN_WRITES = 10;
const MAX_WINDOW_MS = 30_000;

describe.each(storages())('SIGKILL during writes on %s', (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'companion-crash-'));
  const schema = `crash_${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') await dropPgSchema(schema);
  });

  it('keeps every acknowledged write and no half-done one', async () => {
    const port = await freePort();
    const env = childApiEnv({ port, dataDir, kind, schema, emulatorHost: inject('emulatorHost') });
    if (kind === 'pglite') {
      // Start from the migrated, seeded template rather than an initdb in the child (seconds saved).
      const seeded = await PGlite.create({
        dataDir: join(dataDir, 'pglite'),
        loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
        extensions: { pg_trgm },
      });
      await seeded.close();
    }
    const identity = new EmulatorIdentity(inject('emulatorHost'));
    let api = await startApi(env);
    const url = `http://127.0.0.1:${port}`;
    const { id: userId, client } = await signInChild(url, identity, 5_000);

    // Writers: playgroups (group + owner membership) and games (game + players + tags), each a
    // multi-row transaction, four at a time, until the kill.
    const acknowledgedGroups = new Set<string>();
    const acknowledgedGames = new Set<string>();
    const acknowledged = () => acknowledgedGroups.size + acknowledgedGames.size;
    let inFlight = 0;
    let stop = false;
    const writer = async (n: number) => {
      for (let i = 0; !stop; i++) {
        inFlight++;
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
                  { userId, result: 'win', seat: 1 },
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
        } finally {
          inFlight--;
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    // Kill after a fixed number of acknowledged writes, or at the end of the write window, while
    // the four writers still have requests in flight.
    const started = Date.now();
    // On a loaded machine the window is stretched until at least MIN_WRITES were acknowledged.
    while (
      acknowledged() < TARGET_WRITES &&
      (Date.now() - started < WRITE_WINDOW_MS || acknowledged() < MIN_WRITES) &&
      Date.now() - started < MAX_WINDOW_MS
    ) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const inFlightAtKill = inFlight;
    api.child.kill('SIGKILL');
    stop = true;
    await api.exited;
    await Promise.all(writers);
    console.log(
      `crash (${kind}): SIGKILL after ${Date.now() - started} ms with ${inFlightAtKill} writes in flight; ` +
        `${acknowledgedGroups.size} playgroups and ${acknowledgedGames.size} games acknowledged`,
    );
    expect(api.child.signalCode).toBe('SIGKILL');
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(acknowledged()).toBeGreaterThanOrEqual(MIN_WRITES);

    // Restart on the same data and check through the API.
    api = await startApi(env);
    try {
      const { playgroups } = await client.user.playgroups();
      const groupIds = new Set(playgroups.map((p) => p.id));
      for (const id of acknowledgedGroups)
        expect(groupIds.has(id), `acknowledged playgroup ${id}`).toBe(true);
      // Every game, not only the first page (GET /games is paged).
      const games = await paginate(client.games.list, {}, 'games').toArray({ limit: MAX_AUTO_PAGED_ITEMS });
      const gameIds = new Set(games.map((g) => g.id));
      for (const id of acknowledgedGames) expect(gameIds.has(id), `acknowledged game ${id}`).toBe(true);
      for (const g of games) {
        expect(g.players).toHaveLength(3);
        expect(g.tags).toHaveLength(2);
      }
      // And the server still takes writes.
      await expect(client.playgroups.create({ body: { name: 'After the crash' } })).resolves.toBeDefined();
    } finally {
      api.child.kill('SIGTERM');
      await api.exited;
    }

    // Then in the database itself: no playgroup without its owner, no game without all its players
    // and tags (rows the API's joins would hide).
    const [orphans] = await inspectStopped(
      kind === 'postgres' ? { kind, schema } : { kind, dataDir },
      (query) => query<Orphans>(ORPHANS_SQL),
    );
    if (!orphans) throw new Error('no row');
    expect(orphans).toEqual({
      groups_without_owner: 0,
      games_without_3_players: 0,
      games_without_2_tags: 0,
      groups: orphans.groups,
      games: orphans.games,
    });
    // Every acknowledged write is there (the extra playgroup is the one made after the restart).
    expect(orphans.groups).toBeGreaterThanOrEqual(acknowledgedGroups.size + 1);
    expect(orphans.games).toBeGreaterThanOrEqual(acknowledgedGames.size);
  }, 150_000);
});
