/**
 * `cards:sync` against a local stand-in for Scryfall's API (no internet here): it serves the shared
 * Scryfall objects the way api.scryfall.com does — the bulk-data list, paged sets and migrations, and
 * a gzip-encoded bulk file — records every request, and can answer 429 like Scryfall's rate limiter.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cardMigrations, cardSets, cards } from '../../src/db/catalogue.js';
import type { Database } from '../../src/db/client.js';
import { SyncError, syncCatalogue } from '../../src/services/catalogue-sync.js';
import { openTestDatabase, storages } from '../support/database.js';
import { fakeScryfall } from '../support/fake-scryfall.js';
import { HAS_SHARED_DATA } from './shared-data.js';

const count = async (database: Database, table: typeof cards | typeof cardSets | typeof cardMigrations) => {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
};

describe.skipIf(!HAS_SHARED_DATA).each(storages())('cards:sync on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind, inject('pgliteTemplate'));
  });
  afterAll(() => database?.close());

  it('fetches sets, every migrations page and the gzip bulk file, politely, into the catalogue', async () => {
    const scryfall = fakeScryfall();
    const apiUrl = await scryfall.start();
    try {
      const progress: number[] = [];
      const lines: string[] = [];
      const result = await syncCatalogue(database.db, {
        apiUrl,
        minIntervalMs: 300,
        onProgress: (p) => progress.push(p.cards),
        log: (line) => lines.push(line),
      });
      expect(result.cards).toBe(620);
      expect(await count(database, cards)).toBe(614);
      // Every printing keeps Scryfall's MTGO ids (a .dek's CatIDs), or null where Scryfall has none.
      const stored = await database.db
        .select({ id: cards.id, mtgoId: cards.mtgoId, mtgoFoilId: cards.mtgoFoilId })
        .from(cards);
      expect(new Map(stored.map((c) => [c.id, [c.mtgoId, c.mtgoFoilId]]))).toEqual(scryfall.mtgoIds);
      expect(stored.filter((c) => c.mtgoId !== null).length).toBeGreaterThan(300);
      // Every set of Scryfall's list is there under its own name (cards add the sets they name).
      const storedSets = new Map(
        (await database.db.select({ code: cardSets.code, name: cardSets.name }).from(cardSets)).map((r) => [
          r.code,
          r.name,
        ]),
      );
      for (const set of scryfall.sets) expect(storedSets.get(set.code)).toBe(set.name);
      expect(storedSets.size).toBeGreaterThanOrEqual(scryfall.sets.length);
      expect(result.migrationsFetched).toBe(scryfall.migrationsCount);
      expect(await count(database, cardMigrations)).toBe(scryfall.migrationsCount);
      expect(result.updatedAt).toBe('2024-02-21T10:04:28.932Z');
      expect(progress.at(-1)).toBe(620);
      expect(lines.join('\n')).toMatch(/Downloading default_cards of 2024-02-21/);

      expect(scryfall.hits.map((h) => h.path)).toEqual([
        '/bulk-data',
        '/sets',
        '/migrations',
        '/migrations?page=2',
        '/files/default-cards.json',
      ]);
      for (const hit of scryfall.hits) {
        expect(hit.headers['user-agent']).toMatch(/^Companion\/\S+ \(\+https?:\/\/\S+\)$/);
        expect(hit.headers.accept).toMatch(/application\/json/);
      }
      // At most one request per 300 ms here (100 ms by default): the gaps as the server saw them.
      const gaps = scryfall.hits.slice(1).map((h, i) => h.at - (scryfall.hits[i]?.at ?? 0));
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(200);
    } finally {
      await scryfall.close();
    }
  });

  it('waits out a 429 (Retry-After) and goes on; a second sync is an upsert', async () => {
    const scryfall = fakeScryfall({ throttleOnce: '/sets', gzip: false });
    const apiUrl = await scryfall.start();
    try {
      const result = await syncCatalogue(database.db, { apiUrl, minIntervalMs: 10 });
      expect(result.cards).toBe(620);
      expect(await count(database, cards)).toBe(614);
      const sets = scryfall.hits.filter((h) => h.path === '/sets');
      expect(sets).toHaveLength(2);
      expect((sets[1]?.at ?? 0) - (sets[0]?.at ?? 0)).toBeGreaterThanOrEqual(900);
    } finally {
      await scryfall.close();
    }
  });

  it('offline, or with no such bulk file, stops with a message saying what to do', async () => {
    const scryfall = fakeScryfall();
    const apiUrl = await scryfall.start();
    await scryfall.close(); // nothing listens there any more
    const offline = syncCatalogue(database.db, { apiUrl, minIntervalMs: 0 });
    await expect(offline).rejects.toBeInstanceOf(SyncError);
    await expect(offline).rejects.toThrow(/Cannot reach 127\.0\.0\.1:\d+ .*cards:import <file>/);

    const other = fakeScryfall();
    const otherUrl = await other.start();
    try {
      await expect(
        syncCatalogue(database.db, { apiUrl: otherUrl, bulkType: 'all_cards', minIntervalMs: 0 }),
      ).rejects.toThrow("Scryfall's bulk-data list has no all_cards file.");
      // Nothing was downloaded or imported after the list said no.
      expect(other.hits.map((h) => h.path)).toEqual(['/bulk-data']);
    } finally {
      await other.close();
    }
  });
});
