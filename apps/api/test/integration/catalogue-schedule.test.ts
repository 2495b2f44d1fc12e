/**
 * The server's own catalogue sync (services/catalogue-schedule.ts) against a local stand-in for
 * Scryfall serving a recorded bulk file: an empty catalogue is synced at start, each run is recorded,
 * a failure is recorded with its message, and on PostgreSQL two instances due at the same hour sync
 * once: one runs while the other waits for the lock, then finds the day's sync done.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { catalogueSyncs } from '../../src/db/catalogue.js';
import { type Database, openDatabase } from '../../src/db/client.js';
import {
  type CatalogueSchedule,
  createCatalogueSchedule,
  currentSlot,
  nextRun,
} from '../../src/services/catalogue-schedule.js';
import { dropPgSchema, openTestDatabase, storages } from '../support/database.js';
import { fakeScryfall } from '../support/fake-scryfall.js';
import { HAS_SHARED_DATA } from './shared-data.js';

const quiet = { info: () => {}, warn: () => {} };
const cardCount = (database: Database) => async () => {
  const [row] = await database.db
    .execute<{ n: number }>(sql`select count(*)::int as n from cards`)
    .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
  return Number(row?.n ?? 0);
};
const schedule = (database: Database, apiUrl: string, hour = new Date().getUTCHours()) =>
  createCatalogueSchedule(database, {
    enabled: true,
    hour,
    scryfall: { apiUrl, minIntervalMs: 0 },
    catalogueCount: cardCount(database),
    log: quiet,
  });
const downloads = (hits: { path: string }[]) => hits.filter((h) => h.path.startsWith('/files/')).length;

describe('the daily slot', () => {
  it('is the next hour:00 UTC after now, and the last one at or before now', () => {
    const now = new Date('2026-11-27T04:30:00Z');
    expect(nextRun(now, 4).toISOString()).toBe('2026-11-28T04:00:00.000Z');
    expect(nextRun(now, 5).toISOString()).toBe('2026-11-27T05:00:00.000Z');
    expect(currentSlot(now, 4).toISOString()).toBe('2026-11-27T04:00:00.000Z');
    expect(currentSlot(now, 5).toISOString()).toBe('2026-11-26T05:00:00.000Z');
    expect(nextRun(new Date('2026-12-31T23:00:00Z'), 3).toISOString()).toBe('2027-01-01T03:00:00.000Z');
  });
});

describe.skipIf(!HAS_SHARED_DATA).each(storages())('catalogue sync in the server on %s', (kind) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('syncs an empty catalogue at start, records the run, and records a failure with its message', async () => {
    const scryfall = fakeScryfall();
    const apiUrl = await scryfall.start();
    cleanups.push(scryfall.close);
    const database = await openTestDatabase(kind, inject('pgliteTemplate'));
    cleanups.push(() => database.close());
    const sync = schedule(database, apiUrl);
    const first = await sync.run('start');
    expect(first.outcome).toBe('ran');
    expect(first.record).toMatchObject({
      status: 'ok',
      trigger: 'start',
      bulkUpdatedAt: '2024-02-21T10:04:28.932Z',
    });
    expect(first.record?.cards).toBeGreaterThan(600);
    expect(await cardCount(database)()).toBeGreaterThan(600);
    // The catalogue is no longer empty: a second start does nothing.
    expect(await sync.run('start')).toMatchObject({
      outcome: 'skipped',
      reason: 'the catalogue is not empty',
    });
    // The day's run is done too (it finished after today's slot).
    expect((await sync.run('schedule')).outcome).toBe('skipped');
    expect(downloads(scryfall.hits)).toBe(1);

    // Scryfall away: the run is recorded as failed, with the reason.
    const away = schedule(database, 'http://127.0.0.1:9');
    const failed = await away.run('manual');
    expect(failed.record).toMatchObject({ status: 'failed', trigger: 'manual' });
    expect(failed.record?.message).toMatch(/Cannot reach 127\.0\.0\.1:9/);
    expect((await away.latest())?.status).toBe('failed');
  }, 120_000);
});

// Several instances share one database on PostgreSQL only (PGlite is one process's folder).
describe.skipIf(!HAS_SHARED_DATA).each(storages().filter((kind) => kind === 'postgres'))(
  'catalogue sync on several instances on %s',
  () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it('two instances due at the same hour: one syncs while the other waits, then skips', async () => {
      const scryfall = fakeScryfall();
      const apiUrl = await scryfall.start();
      cleanups.push(scryfall.close);
      // Two instances: two connection pools on one schema.
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const url = process.env.DATABASE_URL as string;
      const a = await openDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 5 });
      const b = await openDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 5 });
      cleanups.push(async () => {
        await a.close();
        await b.close();
        await dropPgSchema(schema, url);
      });
      const instances: CatalogueSchedule[] = [schedule(a, apiUrl), schedule(b, apiUrl)];
      const [first, second] = await Promise.all(instances.map((s) => s.run('schedule')));
      const outcomes = [first?.outcome, second?.outcome].sort();
      expect(outcomes).toEqual(['ran', 'skipped']);
      const skipped = first?.outcome === 'skipped' ? first : second;
      expect(skipped?.reason).toMatch(/^synced at .+ by .+:\d+$/);
      // One bulk download, one recorded run.
      expect(downloads(scryfall.hits)).toBe(1);
      const runs = await a.db.select().from(catalogueSyncs);
      expect(runs).toHaveLength(1);
      expect(runs[0]?.status).toBe('ok');
    }, 120_000);
  },
);
