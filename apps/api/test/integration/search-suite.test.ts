/**
 * The query suite (issue 18): every query of SUITE_QUERIES runs through the real compiler on the
 * real database (PGlite, and PostgreSQL when DATABASE_URL is set), over the shared sample catalogue
 * plus the deckbuilding sample, and must return exactly the printings the independent evaluator
 * (test/support/scryfall-evaluator.ts, plain JavaScript over the Scryfall JSON) selects.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { users } from '../../src/db/schema.js';
import { searchCatalogue } from '../../src/services/card-search.js';
import { importCards } from '../../src/services/catalogue-import.js';
import { entriesPage } from '../../src/services/lists/entries.js';
import { openTestDatabase, storages } from '../support/database.js';
import {
  expectedCards,
  expectedIds,
  expectedListIds,
  expectedPicks,
  type ScryfallCard,
  type ScryfallSet,
  type Universe,
  universe,
} from '../support/scryfall-evaluator.js';
import { SUITE_QUERIES } from './search-suite.queries.js';
import { HAS_SHARED_DATA, loadSharedCatalogue, SHARED_DATA } from './shared-data.js';

const DECKBUILDING = join(SHARED_DATA, 'deckbuilding/scryfall-cards.json');

/** The sample's card objects as the import reads them: files in order, a later copy of an id wins. */
function sampleJson(): { cards: ScryfallCard[]; sets: ScryfallSet[] } {
  const dir = join(SHARED_DATA, 'scryfall-json');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const byId = new Map<string, ScryfallCard>();
  const sets: ScryfallSet[] = [];
  const list = (path: string) => {
    const json = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    return (
      Array.isArray(json)
        ? json
        : ((json as { cards?: unknown[]; data?: unknown[] }).cards ??
          (json as { data?: unknown[] }).data ??
          [])
    ) as Array<Record<string, unknown>>;
  };
  for (const f of files) {
    if (/sets/.test(f)) sets.push(...(list(join(dir, f)) as unknown as ScryfallSet[]));
    else if (!/migrations|bulk_data/.test(f))
      for (const c of list(join(dir, f))) if (c.object === 'card') byId.set(String(c.id), c as ScryfallCard);
  }
  for (const c of list(DECKBUILDING)) if (c.object === 'card') byId.set(String(c.id), c as ScryfallCard);
  return { cards: [...byId.values()], sets };
}

describe.skipIf(!HAS_SHARED_DATA).each(storages())('the query suite on %s', (kind) => {
  let database: Database;
  let u: Universe;

  beforeAll(async () => {
    database = await openTestDatabase(kind, inject('pgliteTemplate'));
    await loadSharedCatalogue(database.db);
    await importCards(database.db, DECKBUILDING);
    const json = sampleJson();
    // The catalogue is what the import kept (Scryfall migrations may remove printings).
    const kept = new Set(
      (
        (await database.db.execute(sql`select id from cards`)) as unknown as { rows: Array<{ id: string }> }
      ).rows.map((r) => r.id),
    );
    u = universe(
      json.cards.filter((c) => kept.has(c.id)),
      json.sets,
    );
  }, 120_000);
  afterAll(() => database?.close());

  // One compiler: the same queries over a binder holding every printing once, through both ways a
  // list search finds its entries (the `entry_search` rows, and `list_entries` joined to
  // `card_search`), against the evaluator without the catalogue's defaults.
  describe('through a collection', () => {
    let binder: string;
    beforeAll(async () => {
      const db = database.db;
      const [user] = await db
        .insert(users)
        .values({
          firebaseUid: `suite-${randomBytes(4).toString('hex')}`,
          provider: 'google',
          emailVerified: true,
          code: `S${randomBytes(3).toString('hex').toUpperCase()}`,
          firstname: 'Suite',
        })
        .returning();
      binder = randomUUID();
      await db.execute(sql`insert into card_lists (id, owner_id, name, type, is_default)
        values (${binder}, ${user!.id}, 'Binder', 'collection', true)`);
      await db.execute(sql`insert into list_entries (list_id, card_id, name, quantity, finish, language)
        select ${binder}, id, name, 1, 'nonfoil', lang from cards`);
    });

    // Orders a list cannot sort by are refused there (a 400 naming them): those queries stay out.
    const listQueries = SUITE_QUERIES.filter(
      (q) => !/(^|\s)order:(released|rarity|color|power|toughness|edhrec|artist)/.test(q),
    );
    it.each(listQueries.map((q) => [q]))('%s', async (q) => {
      for (const via of ['search', 'cards'] as const) {
        const ids: string[] = [];
        for (let page = 1; ; page++) {
          const r = await entriesPage(database.db, {
            listIds: [binder],
            q,
            order: 'name',
            dir: 'asc',
            page,
            limit: 200,
            currency: 'usd',
            via,
          });
          ids.push(...r.entries.map((e) => e.card?.id ?? `unresolved:${e.id}`));
          if (r.entries.length < 200) break;
        }
        expect(ids.sort(), via).toEqual(expectedListIds(u, q));
      }
    });
  });

  async function allIds(q: string, unique: 'prints' | 'cards' = 'prints'): Promise<string[]> {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const r = await searchCatalogue(database.db, {
        q,
        page,
        limit: 200,
        unique,
        order: 'name',
        dir: 'asc',
      });
      ids.push(...r.cards.map((c) => (unique === 'cards' ? (c.oracleId ?? c.id) : c.id)));
      if (ids.length >= r.total || r.cards.length === 0) {
        expect(ids.length, `${q}: total`).toBe(r.total);
        break;
      }
    }
    return ids.sort();
  }

  it('has at least 150 queries, most of them finding something', () => {
    expect(SUITE_QUERIES.length).toBeGreaterThanOrEqual(150);
    const empty = SUITE_QUERIES.filter((q) => expectedIds(u, q).length === 0);
    // A suite of empty answers would prove nothing: at most a few keys the sample has no card for.
    expect(empty.length, `empty: ${empty.join(' | ')}`).toBeLessThanOrEqual(12);
  });

  it.each(SUITE_QUERIES.map((q) => [q]))('%s', async (q) => {
    expect(await allIds(q)).toEqual(expectedIds(u, q));
  });

  it.each(
    ['t:creature c:g', 'is:commander', 'o:"draw a card"', 'lang:any forest', 'in:lea', 'r>=rare usd>=1'].map(
      (q) => [q],
    ),
  )('unique=cards: %s', async (q) => {
    expect(await allIds(q, 'cards')).toEqual(expectedCards(u, q));
  });

  // The printing each card shows. Prices, rarity and legalities differ between a card's printings:
  // these read card_pick for the cards whose pick matches, and its bounds for the others.
  const PICK_QUERIES = [
    't:creature c:g',
    'is:commander',
    'r>=rare usd>=1',
    'usd>=1',
    'usd>=10',
    'usd<0.5',
    'usd<=0.25',
    'usd=0.25',
    'usd!=0.25 t:instant',
    'eur>=2',
    'eur<1 r:common',
    '-usd>=1',
    '-eur<1 c:r',
    'r:rare',
    'r:common',
    'r>uncommon',
    'r<=uncommon t:creature',
    'r!=common',
    '-r:common',
    '-(r:rare or r:mythic) t:land',
    'r:common or usd>=5',
    '(c:u or c:b) r:rare usd>=1',
    'not (usd>=1 or r:common)',
    't:creature (usd<0.3 or eur>3)',
    'usd>=1 usd<=3',
    'mv<=2 -(usd<1 -r:common)',
    'r:uncommon -t:creature c:w order:usd',
    // Options in the query hold for every printing: the same paths as without them.
    'usd>=1 order:usd',
    'r:mythic order:eur direction:desc',
    't:creature c:g order:mv unique:cards',
    'legal:modern r:mythic',
    // What is legal in a format, alone: card_pick and the cards whose legalities vary.
    'legal:modern',
    'f:vintage t:creature',
    '-legal:commander',
    'legal:standard or banned:modern',
    'legal:oldschool',
    '-legal:oldschool t:creature',
    'banned:legacy or r:mythic',
    'legal:pauper usd>=0.5',
    'restricted:vintage',
    '-(legal:commander usd<1)',
    // One language and what printings share: the first printing of each card in it.
    'lang:ja',
    'lang:fr t:creature',
    'lang:de c:r',
    'lang:en mv<=2',
    'lang:es -t:land',
    'lang:ja or t:dragon',
    '-lang:ja t:creature',
    // Power, toughness, loyalty, keywords, mana cost and the mana produced: card_pick alone
    // (migration 0035); with a price, the wide rows.
    'pow>=4',
    'pow>tou',
    'tou>=pow',
    'pow<1',
    'loy:3',
    'power>=5 c:g',
    't:creature (pow>=3 or tou>=4) -c:w',
    '-pow>=3 t:creature',
    'kw:flying',
    'keyword:"first strike"',
    '-kw:flying t:creature c:w',
    // No keyword holds `|`: never two neighbours joined.
    'kw:"flying|vigilance"',
    'm:{G}{G}',
    'm:2WW',
    'm={U}',
    'mana:{R/G}',
    'm<={1}{G}',
    'm>{B}',
    'm!={W}',
    'devotion:{G}{G}',
    'devotion>={u/b}{u/b}',
    'devotion<{W}{W} t:creature c:w',
    'devotion>={B}{B}{B} lang:any',
    'produces:g',
    'produces<=w',
    'o:flying pow>=3',
    'pow>=4 usd>=1',
    'kw:flying r:rare',
    // `is:` of the type line (card_search and card_pick hold it) and of those facts (card_pick).
    'is:spell c:u',
    '-is:spell',
    'is:permanent mv<=2',
    'is:historic',
    'is:party or is:outlaw',
    'is:spell usd>=1',
    'lang:ja is:permanent',
    'is:bear',
    'is:companion',
    'is:partner',
    'is:hybrid',
    'is:phyrexian',
    'is:hybrid t:creature -c:m',
  ];
  it.each(PICK_QUERIES.map((q) => [q]))('unique=cards shows the first matching printing: %s', async (q) => {
    const ids: string[] = [];
    const totals: number[] = [];
    for (let page = 1; ; page++) {
      const r = await searchCatalogue(database.db, {
        q,
        page,
        limit: 200,
        unique: 'cards',
        order: 'name',
        dir: 'asc',
      });
      ids.push(...r.cards.map((c) => c.id));
      totals.push(r.total);
      if (ids.length >= r.total || r.cards.length === 0) break;
    }
    expect(ids.sort()).toEqual(expectedPicks(u, q));
    // Every page counts the cards (counted apart, in card_pick alone when its bounds are exact).
    expect(new Set(totals)).toEqual(new Set([ids.length]));
  });

  it('has pick queries whose cards show a printing other than their pick', () => {
    // Otherwise the bounds' second half (a card whose pick fails) would go untested.
    const picks = new Set(expectedPicks(u));
    const others = PICK_QUERIES.map((q) => expectedPicks(u, q).filter((id) => !picks.has(id)).length);
    expect(others.filter((n) => n > 0).length, others.join(' ')).toBeGreaterThanOrEqual(10);
  });

  /** The ids of every page of 7 of a search whose whole answer is `total` long, each page's total checked. */
  async function pagedBySeven(
    pageOf: (page: number, limit: number) => Promise<{ cards: Array<{ id: string }>; total: number }>,
    total: number,
  ): Promise<string[]> {
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 7) + 1; page++) {
      const r = await pageOf(page, 7);
      expect(r.total).toBe(total);
      paged.push(...r.cards.map((c) => c.id));
    }
    return paged;
  }

  // By price, ascending, a bounded search takes the page from the first matching picks along
  // card_pick's price index (on PostgreSQL): pages of any size are slices of one order, and the
  // cards are those the choice of a printing shows.
  it.each([
    ['usd>=1', 'usd'],
    ['usd>=10', 'usd'],
    ['r>=rare usd>=1', 'usd'],
    ['(c:u or c:b) r:rare usd>=1', 'usd'],
    ['usd<0.5', 'usd'],
    ['r:common', 'usd'],
    ['eur>=2', 'eur'],
    ['r!=common', 'eur'],
  ] as const)('unique=cards %s, order=%s: pages of one order', async (q, order) => {
    const pageOf = (page: number, limit: number) =>
      searchCatalogue(database.db, { q, page, limit, unique: 'cards', order, dir: 'asc' });
    const all = await pageOf(1, 500);
    expect(all.cards.length).toBe(all.total);
    expect(all.cards.map((c) => c.id).sort()).toEqual(expectedPicks(u, q));
    const prices = all.cards.map((c) => (c[order] === null ? Number.POSITIVE_INFINITY : Number(c[order])));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(await pagedBySeven(pageOf, all.total)).toEqual(all.cards.map((c) => c.id));
  });

  // A unique=prints search takes its page from the English printings and from those alone in their
  // language (Vaevictis Asmadi in Japanese, Sylvan Library in French), each cut to the page's end
  // (on PostgreSQL): pages of any size are slices of one order, which holds the printings the
  // evaluator finds.
  it.each([
    ['t:legendary t:creature', 'name', 'asc'],
    ['t:creature', 'name', 'desc'],
    ['r:rare', 'name', 'asc'],
    ['t:enchantment', 'released', 'desc'],
    ['usd>=1', 'usd', 'asc'],
    ['eur>=1 r:rare', 'name', 'asc'],
    ['-r:common', 'set', 'asc'],
  ] as const)('unique=prints %s, order=%s %s: pages of one order', async (q, order, dir) => {
    const pageOf = (page: number, limit: number) =>
      searchCatalogue(database.db, { q, page, limit, unique: 'prints', order, dir });
    const all = await pageOf(1, 1000);
    expect(all.cards.length).toBe(all.total);
    expect(all.cards.map((c) => c.id).sort()).toEqual(expectedIds(u, q));
    expect(await pagedBySeven(pageOf, all.total)).toEqual(all.cards.map((c) => c.id));
  });

  it('pages unique=prints searches across the printings alone in their language', async () => {
    const all = await searchCatalogue(database.db, {
      q: 't:legendary t:creature',
      page: 1,
      limit: 1000,
      unique: 'prints',
      order: 'name',
      dir: 'asc',
    });
    const alone = all.cards.filter((c) => c.lang !== 'en');
    expect(alone.map((c) => c.name)).toContain('Vaevictis Asmadi');
    // Not first nor last, so the pages around it merge both branches.
    const at = all.cards.findIndex((c) => c.name === 'Vaevictis Asmadi');
    expect(at).toBeGreaterThan(7);
    expect(at).toBeLessThan(all.total - 7);
  });

  // Options typed in the query read nothing: the same search as with them given apart.
  it.each([
    ['usd>=10', { order: 'usd' }],
    ['r:mythic c:g', { order: 'eur', dir: 'desc' }],
    ['t:creature c:g', { unique: 'prints' }],
    ['legal:modern r:rare', { order: 'mv' }],
    ['lang:ja', { unique: 'art', order: 'released' }],
  ] as const)('%s with its options typed in the query: %o', async (q, options) => {
    const apart = { page: 1, limit: 500, unique: 'cards', order: 'name', dir: 'asc', ...options } as const;
    const typed = [
      q,
      ...('unique' in options ? [`unique:${options.unique}`] : []),
      ...('order' in options ? [`order:${options.order}`] : []),
      ...('dir' in options ? [`direction:${options.dir}`] : []),
    ].join(' ');
    const inQuery = await searchCatalogue(database.db, {
      page: 1,
      limit: 500,
      unique: 'cards',
      order: 'name',
      dir: 'asc',
      q: typed,
    });
    const given = await searchCatalogue(database.db, { ...apart, q });
    expect(given.total).toBeGreaterThan(0);
    expect(inQuery.total).toBe(given.total);
    expect(inQuery.cards.map((c) => c.id)).toEqual(given.cards.map((c) => c.id));
  });

  it('agrees with hand-checked answers (so the evaluator is right about these)', async () => {
    const names = async (q: string) => [
      ...new Set(
        (
          await searchCatalogue(database.db, {
            q,
            page: 1,
            limit: 200,
            unique: 'cards',
            order: 'name',
            dir: 'asc',
          })
        ).cards.map((c) => c.name),
      ),
    ];
    expect(await names('is:dual')).toEqual(['Savannah', 'Tropical Island', 'Volcanic Island']);
    expect(await names('is:shockland')).toEqual(['Breeding Pool', 'Hallowed Fountain', 'Temple Garden']);
    expect(await names('is:companion')).toEqual(['Kaheera, the Orphanguard']);
    expect(await names('is:vanilla')).toEqual(['Coral Eel', 'Scarwood Goblins', 'Squire']);
    expect(await names('is:phyrexian')).toEqual(['Mental Misstep', 'Phyrexian Metamorph']);
    expect(await names('m:2WW')).toEqual([
      'Archon of the Wild Rose',
      'Cataclysm',
      'Hero of Bladehold',
      'Odric, Master Tactician',
      'Return to Dust',
    ]);
    expect(await names('kw:"first strike"')).toEqual([
      'Abattoir Ghoul',
      'Anaba Bodyguard',
      'Hornet Cobra',
      'Odric, Master Tactician',
    ]);
    expect(await names('is:split')).toEqual([
      'Alive // Well',
      'Boom // Bust',
      'Consecrate // Consume',
      'Who // What // When // Where // Why',
    ]);
    expect(await names('!"Force of Will"')).toEqual(['Force of Will']);
    expect(await names('o:"~ deals" s:m10')).toEqual([]);
    expect(await names('o:"~ deals" !shock')).toEqual(['Shock']);
  });
});
