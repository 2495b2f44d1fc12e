/**
 * A bulk file read and parsed in a worker thread (ImportOptions.parse; the default for files from
 * 8 MB up on PGlite, which writes in the importing thread) loads exactly what parsing in the
 * importing thread loads, and the worker's errors reach the import as the same errors.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { writeBulkFile } from '../../bench/catalogue.js';
import type { Database, Db } from '../../src/db/client.js';
import { rowsOf } from '../../src/services/card-search.js';
import { importCatalogue } from '../../src/services/catalogue-import.js';
import { JsonShapeError } from '../../src/services/catalogue-json.js';
import { openTestDatabase, storages } from '../support/database.js';
import { HAS_SHARED_DATA, SHARED_DATA } from './shared-data.js';

const DATE = '2026-01-02';

/** Every row an import writes, without the import's own timestamps. */
async function content(db: Db) {
  const text = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ t: string }>(await db.execute(query)).map((r) => r.t);
  return {
    cards: await text(
      sql`select (to_jsonb(c) - 'updated_at' - 'prices_updated_at')::text as t from cards c order by c.id`,
    ),
    prices: await text(sql`select row(p.*)::text as t from card_prices p order by p.card_id, p.date`),
    search: await text(sql`select row(s.*)::text as t from card_search s order by s.id`),
    pick: await text(sql`select row(p.*)::text as t from card_pick p order by p.oracle_key`),
  };
}

async function empty(db: Db) {
  await db.execute(sql`delete from card_prices`);
  await db.execute(sql`delete from cards`);
}

describe.skipIf(!HAS_SHARED_DATA).each(storages())('a bulk file parsed in a worker thread on %s', (kind) => {
  let dir: string;
  let file: string;
  let database: Database;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'companion-parse-worker-'));
    // A real Scryfall file, with an element that is not a card (skipped either way).
    const cards = JSON.parse(
      readFileSync(`${SHARED_DATA}/scryfall-json/mtg_ssm_cards.json`, 'utf8'),
    ) as unknown[];
    file = join(dir, 'cards.json');
    writeFileSync(file, JSON.stringify({ object: 'list', data: [...cards, { object: 'set', code: 'x' }] }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  beforeEach(async () => {
    database = await openTestDatabase(kind, inject('pgliteTemplate'));
  });
  afterEach(() => database?.close());

  it('loads the rows that parsing in the importing thread loads', async () => {
    const db = database.db;
    for (const bulk of [true, false]) {
      const here = await importCatalogue(db, file, { bulk, parse: 'here', batchSize: 40, date: DATE });
      expect(here.parsedInWorker).toBe(0);
      const loaded = await content(db);
      expect(loaded.cards.length).toBeGreaterThan(80);
      expect(loaded.prices.length).toBeGreaterThan(0);
      await empty(db);
      const there = await importCatalogue(db, file, { bulk, parse: 'worker', batchSize: 40, date: DATE });
      expect(there.parsedInWorker).toBe(1);
      expect({ cards: there.cards, skipped: there.skipped }).toEqual({ cards: here.cards, skipped: 1 });
      expect(await content(db)).toEqual(loaded);
      await empty(db);
    }
  });

  it('refuses a file cut short, as the importing thread does, and leaves the catalogue empty', async () => {
    const db = database.db;
    const text = readFileSync(file, 'utf8');
    const cut = join(dir, 'cut.json');
    writeFileSync(cut, text.slice(0, text.lastIndexOf('{"object":"card"')));
    const error = await importCatalogue(db, cut, { bulk: true, parse: 'worker', batchSize: 40 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(JsonShapeError);
    expect((error as Error).message).toMatch(/cut short/);
    expect((await content(db)).cards).toEqual([]);
    const notJson = join(dir, 'not-json.json');
    writeFileSync(notJson, 'id,name\n1,Forest\n');
    await expect(importCatalogue(db, notJson, { parse: 'worker' })).rejects.toThrow(JsonShapeError);
  });

  it('parses a big file in a worker by default on PGlite only', async () => {
    const big = await writeBulkFile(dir, 2_500);
    const result = await importCatalogue(database.db, big, { bulk: true });
    expect(result.cards).toBe(2_500);
    expect(result.parsedInWorker).toBe(kind === 'pglite' ? 1 : 0);
  });
});
