/**
 * A catalogue import applies only what changed: re-importing the same bulk file rewrites no
 * printing (same row version, same `updated_at`, nothing for the `card_search` trigger to redo),
 * a changed printing is updated, and a changed price is recorded in the day's snapshot.
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database, Db } from '../../src/db/client.js';
import { rowsOf } from '../../src/services/card-search.js';
import { importCards } from '../../src/services/catalogue-import.js';
import { openTestDatabase, storages } from '../support/database.js';
import { HAS_SHARED_DATA, SHARED_DATA } from './shared-data.js';

type Json = Record<string, unknown>;

/** Row versions of every printing: `xmin` changes whenever a row is rewritten. */
async function versions(db: Db, table: 'cards' | 'card_search'): Promise<Map<string, string>> {
  const rows = rowsOf<{ id: string; v: string }>(
    await db.execute(
      table === 'cards'
        ? sql`select id, xmin::text || '|' || updated_at::text as v from cards`
        : sql`select id, xmin::text as v from card_search`,
    ),
  );
  return new Map(rows.map((r) => [r.id, r.v]));
}

async function snapshots(db: Db, date: string): Promise<Map<string, string>> {
  const rows = rowsOf<{ id: string; v: string }>(
    await db.execute(sql`select card_id as id, xmin::text || '|' || coalesce(usd::text, '-') as v
      from card_prices where date = ${date}::date`),
  );
  return new Map(rows.map((r) => [r.id, r.v]));
}

const load = (db: Db, cards: readonly Json[], date: string) =>
  importCards(db, { stream: Readable.from([Buffer.from(JSON.stringify(cards))]) }, { date, batchSize: 40 });

describe.skipIf(!HAS_SHARED_DATA).each(storages())('catalogue re-import on %s', (kind) => {
  let database: Database;
  let file: Json[];
  beforeAll(async () => {
    database = await openTestDatabase(kind, inject('pgliteTemplate'));
    file = JSON.parse(readFileSync(`${SHARED_DATA}/scryfall-json/mtg_ssm_cards.json`, 'utf8')) as Json[];
    await load(database.db, file, '2024-03-01');
  });
  afterAll(() => database?.close());

  it('rewrites nothing when the file is unchanged (cards, card_search, price snapshots)', async () => {
    const db = database.db;
    const cardsBefore = await versions(db, 'cards');
    const searchBefore = await versions(db, 'card_search');
    const pricesBefore = await snapshots(db, '2024-03-01');
    expect(cardsBefore.size).toBe(file.length);
    expect(pricesBefore.size).toBeGreaterThan(0);

    const result = await load(db, file, '2024-03-01');
    expect(result.cards).toBe(file.length);
    expect(await versions(db, 'cards')).toEqual(cardsBefore);
    expect(await versions(db, 'card_search')).toEqual(searchBefore);
    expect(await snapshots(db, '2024-03-01')).toEqual(pricesBefore);
  });

  it('writes no snapshot row for a printing without any price', async () => {
    const unpriced = file.filter((c) => Object.values((c.prices ?? {}) as Json).every((p) => p == null));
    const priced = file.length - unpriced.length;
    expect((await snapshots(database.db, '2024-03-01')).size).toBe(priced);
  });

  it('updates a changed printing only, and records a changed price', async () => {
    const db = database.db;
    const cardsBefore = await versions(db, 'cards');
    const searchBefore = await versions(db, 'card_search');
    const pricesBefore = await snapshots(db, '2024-03-01');
    const priced = file.findIndex((c) => typeof (c.prices as Json | undefined)?.usd === 'string');
    const texted = file.findIndex((c, i) => i !== priced && typeof c.oracle_text === 'string');
    const changed = file.map((c, i) =>
      i === priced
        ? { ...c, prices: { ...(c.prices as Json), usd: '1234.56' } }
        : i === texted
          ? { ...c, oracle_text: `${String(c.oracle_text)} Draw a card.` }
          : c,
    );
    const pricedId = String(file[priced]?.id);
    const textedId = String(file[texted]?.id);

    await load(db, changed, '2024-03-01');
    const cardsAfter = await versions(db, 'cards');
    const searchAfter = await versions(db, 'card_search');
    for (const [id, v] of cardsBefore) {
      if (id === pricedId || id === textedId) expect(cardsAfter.get(id)).not.toBe(v);
      else expect(cardsAfter.get(id)).toBe(v);
    }
    // card_search holds prices (its row of the repriced printing is rewritten) but no rules text
    // (its row of the other one is left alone).
    for (const [id, v] of searchBefore) {
      if (id === pricedId) expect(searchAfter.get(id)).not.toBe(v);
      else expect(searchAfter.get(id)).toBe(v);
    }
    const [stored] = rowsOf<{ usd: string; text: string }>(
      await db.execute(sql`select (select usd::text from cards where id = ${pricedId}) as usd,
        (select oracle_text from cards where id = ${textedId}) as text`),
    );
    expect(stored).toEqual({ usd: '1234.56', text: expect.stringMatching(/Draw a card\.$/) });

    // The day's snapshot of the repriced printing is updated, no other.
    const pricesAfter = await snapshots(db, '2024-03-01');
    for (const [id, v] of pricesBefore) {
      if (id === pricedId) expect(pricesAfter.get(id)).toMatch(/\|1234\.56$/);
      else expect(pricesAfter.get(id)).toBe(v);
    }

    // The next day: a snapshot for every priced printing, cards untouched.
    await load(db, changed, '2024-03-02');
    expect(await versions(db, 'cards')).toEqual(cardsAfter);
    const nextDay = await snapshots(db, '2024-03-02');
    expect(nextDay.size).toBe(pricesBefore.size);
    expect(nextDay.get(pricedId)).toMatch(/\|1234\.56$/);
  });
});
