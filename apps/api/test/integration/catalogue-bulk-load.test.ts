/**
 * A first import into an empty catalogue (`bulk`): one transaction with card_search's trigger off
 * and the GIN indexes dropped, then card_search and card_pick written once. It must leave what the
 * import batch by batch leaves, and a failure must leave the catalogue as it was: empty, its
 * indexes and its trigger in place.
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Database, Db } from '../../src/db/client.js';
import { rowsOf } from '../../src/services/card-search.js';
import { importCatalogue } from '../../src/services/catalogue-import.js';
import { openTestDatabase, storages } from '../support/database.js';
import { HAS_SHARED_DATA, SHARED_DATA } from './shared-data.js';

type Json = Record<string, unknown>;

const stream = (text: string) => ({ stream: Readable.from([Buffer.from(text)]) });

/** The catalogue's derived tables and indexes, as comparable text. */
async function state(db: Db) {
  const text = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ t: string }>(await db.execute(query)).map((r) => r.t);
  return {
    cards: await text(sql`select id as t from cards order by id`),
    search: await text(sql`select row(s.*)::text as t from card_search s order by s.id`),
    pick: await text(sql`select row(p.*)::text as t from card_pick p order by p.oracle_key`),
    indexes: await text(sql`select pg_get_indexdef(i.indexrelid) as t from pg_index i
      where i.indrelid in ('cards'::regclass, 'card_pick'::regclass) order by 1`),
  };
}

describe.skipIf(!HAS_SHARED_DATA).each(storages())('first catalogue import on %s', (kind) => {
  let database: Database;
  let file: Json[];
  beforeEach(async () => {
    database = await openTestDatabase(kind, inject('pgliteTemplate'));
    file ??= JSON.parse(readFileSync(`${SHARED_DATA}/scryfall-json/mtg_ssm_cards.json`, 'utf8')) as Json[];
  });
  afterEach(() => database?.close());

  it('leaves the rows the import batch by batch leaves, and the same indexes', async () => {
    const db = database.db;
    const empty = await state(db);
    expect(empty.cards).toEqual([]);
    const bulk = await importCatalogue(db, stream(JSON.stringify(file)), { bulk: true, batchSize: 40 });
    expect(bulk.cards).toBe(file.length);
    const loaded = await state(db);
    expect(loaded.indexes).toEqual(empty.indexes);
    expect(loaded.cards).toHaveLength(file.length);
    expect(loaded.pick.length).toBeGreaterThan(40);
    // On PostgreSQL, card_search's partitions and card_pick come out vacuumed, not only analyzed:
    // every page then all-visible, for scans that skip the visibility check and index-only scans.
    // (Whether VACUUM may mark a page so depends on other sessions too: an older snapshot, a
    // concurrent test's, keeps it from doing so. The vacuum itself is checked.) PGlite analyzes.
    const visible = rowsOf<{ relname: string; relpages: number; vacuums: number }>(
      await db.execute(sql`select c.relname, c.relpages, coalesce(pg_stat_get_vacuum_count(c.oid), 0)::int as vacuums
        from pg_class c
        where c.oid in (select inhrelid from pg_inherits where inhparent = 'card_search'::regclass)
          or c.oid = 'card_pick'::regclass order by c.relname`),
    );
    expect(visible.map((r) => r.relname)).toEqual(['card_pick', 'card_search_en', 'card_search_other']);
    for (const r of visible) {
      if (kind === 'postgres') expect(r.vacuums, r.relname).toBeGreaterThan(0);
      if (r.relname !== 'card_search_other') expect(Number(r.relpages), r.relname).toBeGreaterThan(0);
    }

    // The same file again, into the same database emptied, batch by batch through the trigger.
    await db.execute(sql`delete from cards`);
    expect(await state(db)).toEqual(empty);
    await importCatalogue(db, stream(JSON.stringify(file)), { batchSize: 40 });
    expect(await state(db)).toEqual(loaded);
  });

  it('imports into a catalogue that holds cards batch by batch, through the trigger', async () => {
    const db = database.db;
    await importCatalogue(db, stream(JSON.stringify(file.slice(0, 10))), { bulk: true });
    const rest = file.slice(10);
    await importCatalogue(db, stream(JSON.stringify(rest)), { bulk: true, batchSize: 40 });
    const after = await state(db);
    await db.execute(sql`delete from cards`);
    await importCatalogue(db, stream(JSON.stringify(file)), { bulk: true });
    expect(await state(db)).toEqual(after);
  });

  it('leaves the catalogue empty, with its indexes and its trigger, when the file breaks off', async () => {
    const db = database.db;
    const empty = await state(db);
    // A good first half, then a cut: the error comes after batches were written.
    const text = JSON.stringify(file);
    const cut = text.slice(0, text.lastIndexOf('{"object":"card"'));
    await expect(importCatalogue(db, stream(cut), { bulk: true, batchSize: 40 })).rejects.toThrow();
    expect(await state(db)).toEqual(empty);
    // The trigger is on again outside that transaction: a later import keeps card_search in step.
    await importCatalogue(db, stream(JSON.stringify(file.slice(0, 5))), { batchSize: 2 });
    const after = await state(db);
    expect(after.cards).toHaveLength(5);
    expect(after.search).toHaveLength(5);
  });
});
