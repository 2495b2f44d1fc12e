/**
 * `entry_search`, the search row of each resolved list entry that collection searches filter, count
 * and sort: it must hold exactly what the entry and its printing say after entries are added,
 * moved, re-resolved, unresolved and deleted, after a re-import that changes a printing and after a
 * printing's deletion; and a page of entries found through it must equal, entry for entry and in
 * the same order, the page found by joining `list_entries` to `card_search`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database, Db } from '../../src/db/client.js';
import { users } from '../../src/db/schema.js';
import { CARD_TYPE_WORDS, ENTRY_FEATURES, rowsOf } from '../../src/services/card-search.js';
import { entriesPage, type OrderBy } from '../../src/services/lists/entries.js';
import { openTestDatabase, storages } from '../support/database.js';
import { HAS_SHARED_DATA, importJson, loadSharedCatalogue, testBeast } from './shared-data.js';

interface Expected {
  id: string;
  list_id: string;
  card_id: string;
  name: string;
  set: string;
  collector_number: string;
  collector_sort: number;
  cmc: number;
  type_bits: number;
  color_bits: number;
  identity_bits: number;
  rarity_rank: number;
  finish: string;
  language: string;
  lang: string;
  search_types: string;
  search_name: string;
  features: number[];
}

/** The features codes of a row, computed here from its bits, independently of the migration. */
function features(r: Omit<Expected, 'features'>): number[] {
  const out: number[] = [];
  CARD_TYPE_WORDS.forEach((_, i) => {
    if (r.type_bits & (1 << i)) out.push(ENTRY_FEATURES.type + i);
  });
  for (let j = 0; j < 5; j++) if (r.color_bits & (1 << j)) out.push(ENTRY_FEATURES.color + j);
  for (let j = 0; j < 5; j++) if (r.identity_bits & (1 << j)) out.push(ENTRY_FEATURES.identity + j);
  out.push(ENTRY_FEATURES.rarity + r.rarity_rank);
  out.push(ENTRY_FEATURES.mv + Math.min(Math.floor(r.cmc), ENTRY_FEATURES.mvMax));
  return out;
}

const COLUMNS = sql.raw(`id::text, list_id::text, card_id, name, set, collector_number,
  collector_sort::float8 as collector_sort, cmc, type_bits, color_bits, identity_bits, rarity_rank, finish,
  language, lang, search_types, search_name`);

/** Entries whose search row differs from what the entry, `card_search` and `cards` say, and the counts. */
async function drift(db: Db) {
  const expected = rowsOf<Omit<Expected, 'features'>>(
    await db.execute(sql`select e.id::text, e.list_id::text, e.card_id, s.name, s.set, s.collector_number,
      s.collector_sort::float8 as collector_sort, s.cmc, s.type_bits, s.color_bits, s.identity_bits,
      s.rarity_rank, e.finish, e.language, s.lang, s.search_types, c.search_name
      from list_entries e join card_search s on s.id = e.card_id join cards c on c.id = e.card_id`),
  ).map((r) => ({
    ...r,
    cmc: Number(r.cmc),
    collector_sort: Number(r.collector_sort),
    features: features(r),
  }));
  const actual = new Map(
    rowsOf<Expected>(await db.execute(sql`select ${COLUMNS}, features from entry_search`)).map((r) => [
      r.id,
      {
        ...r,
        cmc: Number(r.cmc),
        collector_sort: Number(r.collector_sort),
        features: [...r.features].sort((a, b) => a - b),
      },
    ]),
  );
  const wrong = expected.filter((e) => JSON.stringify(actual.get(e.id)) !== JSON.stringify(e));
  return {
    expected: expected.length,
    rows: actual.size,
    wrong: wrong.slice(0, 3).map((e) => [e, actual.get(e.id)]),
  };
}

const MIGRATION = new URL('../../src/db/migrations/0004_entry_search.sql', import.meta.url);

const beast = (id: string, changes: Record<string, unknown> = {}) =>
  testBeast(
    id,
    { name: 'Entry Test Beast', set: 'etb', set_name: 'Entry Test', collector_number: '3' },
    changes,
  );

describe.skipIf(!HAS_SHARED_DATA).each(storages())('entry_search on %s', (kind) => {
  let database: Database;
  let db: Db;
  let binder: string;
  let other: string;
  beforeAll(async () => {
    database = await openTestDatabase(kind, inject('pgliteTemplate'));
    db = database.db;
    await loadSharedCatalogue(db);
    const [user] = await db
      .insert(users)
      .values({
        firebaseUid: `entry-search-${randomBytes(4).toString('hex')}`,
        provider: 'google',
        emailVerified: true,
        code: `E${randomBytes(3).toString('hex').toUpperCase()}`,
        firstname: 'Entry',
      })
      .returning();
    binder = randomUUID();
    other = randomUUID();
    await db.execute(sql`insert into card_lists (id, owner_id, name, type, is_default) values
      (${binder}, ${user!.id}, 'Binder', 'collection', true), (${other}, ${user!.id}, 'Trade', 'collection', false)`);
    // Every printing once, a third of them twice more (foil, in German), and a few unresolved lines.
    await db.execute(sql`insert into list_entries (list_id, card_id, name, quantity, finish, language)
      select ${binder}, id, name, 1 + (abs(hashtext(id)) % 4), 'nonfoil', lang from cards`);
    await db.execute(sql`insert into list_entries (list_id, card_id, name, quantity, finish, language)
      select ${other}, id, name, 1, 'foil', 'de' from cards where abs(hashtext(id)) % 3 = 0`);
    await db.execute(sql`insert into list_entries (list_id, card_id, name, quantity, finish, language, unresolved)
      values (${binder}, null, 'Dragon Nobody Printed', 1, 'nonfoil', 'en', '{"name":"Dragon Nobody Printed","reason":"unknown"}'),
             (${other}, null, 'Mystery Creature', 2, 'foil', 'en', '{"name":"Mystery Creature","reason":"unknown"}')`);
  });
  afterAll(() => database?.close());

  it('holds one row per resolved entry, equal to what the entry and its printing say', async () => {
    const d = await drift(db);
    expect(d.expected).toBeGreaterThan(700);
    expect(d.rows).toBe(d.expected);
    expect(d.wrong).toEqual([]);
    // The migration's fill (for entries added before it) writes the same rows.
    const migration = readFileSync(MIGRATION, 'utf8');
    await db.execute(sql`delete from entry_search`);
    await db.execute(sql.raw(migration.slice(migration.lastIndexOf('SELECT entry_search_refresh'))));
    const again = await drift(db);
    expect(again.rows).toBe(d.expected);
    expect(again.wrong).toEqual([]);
  });

  it('follows entries moved, re-resolved, unresolved and deleted', async () => {
    const some = rowsOf<{ id: string }>(
      await db.execute(sql`select id::text from list_entries where list_id = ${binder} and card_id is not null
        order by id limit 30`),
    ).map((r) => r.id);
    const ids = (xs: string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(xs)}::jsonb)::uuid)`;
    await db.execute(sql`update list_entries set list_id = ${other}, finish = 'etched', language = 'ja'
      where id in ${ids(some.slice(0, 10))}`);
    // Another printing (each with a language of its own: identical lines would merge).
    await db.execute(sql`update list_entries set card_id = (select id from cards order by id desc limit 1),
      language = left(id::text, 8) where id in ${ids(some.slice(10, 15))}`);
    await db.execute(sql`update list_entries set card_id = null where id in ${ids(some.slice(15, 20))}`);
    await db.execute(sql`delete from list_entries where id in ${ids(some.slice(20, 30))}`);
    // A quantity change alone rewrites nothing.
    await db.execute(sql`update list_entries set quantity = quantity + 1 where list_id = ${binder}`);
    const d = await drift(db);
    expect(d.wrong).toEqual([]);
    expect(d.rows).toBe(d.expected);
    const [gone] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from entry_search where id in ${ids(some.slice(15, 30))}`,
      ),
    );
    expect(gone?.n).toBe(0);
  });

  it('follows a re-import that changes a printing, and its deletion', async () => {
    const id = randomUUID();
    await importJson(db, [beast(id)]);
    await db.execute(sql`insert into list_entries (list_id, card_id, name, quantity, finish, language)
      values (${binder}, ${id}, 'Entry Test Beast', 1, 'nonfoil', 'en')`);
    const find = (q: string) =>
      entriesPage(db, {
        listIds: [binder],
        q,
        order: 'name',
        dir: 'asc',
        page: 1,
        limit: 50,
        currency: 'usd',
      });
    expect((await find('t:beast c:g mv<=3')).entries.map((e) => e.card?.id)).toContain(id);
    await importJson(db, [
      beast(id, {
        name: 'Entry Test Bolt',
        rarity: 'mythic',
        cmc: 1,
        type_line: 'Instant',
        colors: ['R'],
        color_identity: ['R'],
      }),
    ]);
    expect((await drift(db)).wrong).toEqual([]);
    expect((await find('t:creature c:g mv<=3')).entries.map((e) => e.card?.id)).not.toContain(id);
    expect((await find('t:instant c:r mv=1 r:mythic bolt')).entries.map((e) => e.card?.id)).toEqual([id]);
    await db.execute(sql`delete from cards where id = ${id}`);
    const [left] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from entry_search where card_id = ${id}`),
    );
    expect(left?.n).toBe(0);
    // The printing back (a later import): its entry is found again.
    await importJson(db, [beast(id)]);
    expect((await drift(db)).wrong).toEqual([]);
    expect((await find('t:beast')).entries.map((e) => e.card?.id)).toContain(id);
  });

  it('finds the same page as list_entries joined to card_search, in the same order', async () => {
    const queries = [
      '',
      't:creature',
      't:legendary t:creature',
      't:elf',
      '-t:land',
      't:aura or t:equipment',
      'c:g',
      'c:c',
      'c=rg',
      'c!=u',
      'c>=wu',
      'c<=rg',
      'c>g',
      'c:m',
      'id<=esper',
      'id=g',
      'id>ur',
      'mv<=3',
      'mv<2',
      'mv=0',
      'mv=2.5',
      'mv>=7',
      'cmc>5',
      'r:rare',
      'r>=rare',
      'r!=common',
      's:lea',
      'cn:1',
      'lang:fr',
      'lang:any',
      't:creature c:g mv<=3',
      't:creature c:g mv<=3 r:common',
      '(c:u or c:b) r:rare',
      't:creature -c:g (mv<2 or mv>5) o:flying',
      'is:commander id<=esper',
      'f:modern t:instant',
      'drag t:creature',
      '!"lightning bolt"',
      'usd>=1',
    ];
    const pages: Array<{ order: OrderBy; dir: 'asc' | 'desc'; page: number; limit: number }> = [
      { order: 'name', dir: 'asc', page: 1, limit: 50 },
      { order: 'set', dir: 'desc', page: 2, limit: 20 },
      { order: 'mv', dir: 'asc', page: 1, limit: 200 },
    ];
    let found = 0;
    for (const q of queries) {
      for (const p of pages) {
        for (const name of [undefined, 'a']) {
          const args = { listIds: [binder, other], q, name, ...p, currency: 'usd' as const };
          const viaSearch = await entriesPage(db, { ...args, via: 'search' });
          const viaCards = await entriesPage(db, { ...args, via: 'cards' });
          const label = `${q} ${name ?? ''} ${p.order} ${p.dir} page ${p.page}`;
          expect(viaSearch.total, label).toBe(viaCards.total);
          expect(
            viaSearch.entries.map((e) => e.id),
            label,
          ).toEqual(viaCards.entries.map((e) => e.id));
          if (viaSearch.entries.length) found++;
        }
      }
    }
    // Most of them find something: the comparison is not between empty pages.
    expect(found).toBeGreaterThan(queries.length * 4);
  });
});
