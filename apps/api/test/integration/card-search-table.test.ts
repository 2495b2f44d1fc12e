/**
 * `card_search`, the narrow copy of each printing's search columns that collection searches read:
 * it must hold exactly what `cards` says, after an import, a re-import that changes a printing, and
 * a deletion; and a search compiled over it must find the same printings as over `cards`.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cardSearch } from '../../src/db/catalogue.js';
import type { Database, Db } from '../../src/db/client.js';
import {
  CARD_COLOR_BITS,
  CARD_TYPE_WORDS,
  compileSearch,
  EXTRA_LAYOUTS,
  FLAG_COMMANDER,
  FLAG_FORMATS,
  FLAG_STATUS,
  formatFlag,
  legalBit,
  rowsOf,
  searchCatalogue,
} from '../../src/services/card-search.js';
import { parseSearch, RARITY_RANK, type Rarity } from '../../src/services/card-search-syntax.js';
import { openTestDatabase, storages } from '../support/database.js';
import { HAS_SHARED_DATA, importJson, loadSharedCatalogue, testBeast } from './shared-data.js';

interface Row {
  id: string;
  name: string;
  set: string;
  collector_number: string;
  lang: string;
  cmc: number;
  colors: string[];
  color_identity: string[];
  search_types: string;
  rarity: string;
  usd: string | null;
  usd_foil: string | null;
  usd_etched: string | null;
  eur: string | null;
  eur_foil: string | null;
  set_name: string;
  oracle_id: string | null;
  released_at: string | null;
  layout: string;
}

/**
 * The narrow row of a printing, computed here from the `cards` row, independently of the SQL;
 * `english` holds the cards (oracle ids) that have an English printing.
 */
function expected(c: Row, english: Set<string>) {
  const bits = (colors: string[]) =>
    colors.reduce((m, x) => m | (CARD_COLOR_BITS[x as keyof typeof CARD_COLOR_BITS] ?? 0), 0);
  const digits = c.collector_number.replace(/[^0-9]/g, '').slice(0, 18);
  return {
    id: c.id,
    name: c.name,
    set: c.set,
    collector_number: c.collector_number,
    collector_sort: digits ? Number(digits) : 0,
    lang: c.lang,
    cmc: Number(c.cmc),
    color_bits: bits(c.colors),
    identity_bits: bits(c.color_identity),
    type_bits: CARD_TYPE_WORDS.reduce((m, w, i) => (c.search_types.includes(w) ? m | (1 << i) : m), 0),
    rarity_rank: RARITY_RANK[c.rarity as Rarity] ?? 0,
    search_types: c.search_types,
    usd: c.usd,
    usd_foil: c.usd_foil,
    usd_etched: c.usd_etched,
    eur: c.eur,
    eur_foil: c.eur_foil,
    set_name: c.set_name,
    oracle_key: c.oracle_id ?? c.id,
    released_at: c.released_at,
    layout: c.layout,
    shown: c.lang === 'en' || !english.has(c.oracle_id ?? c.id),
  };
}

type Printing = Pick<Row, 'id' | 'oracle_id' | 'lang' | 'layout' | 'released_at'>;

/** Whether a card shows printing `a` before `b`: in English first, the newest (undated last), by id. */
const before = (a: Printing, b: Printing) =>
  a.lang === 'en' && b.lang !== 'en'
    ? true
    : a.lang !== 'en' && b.lang === 'en'
      ? false
      : a.released_at !== b.released_at
        ? b.released_at === null || (a.released_at !== null && a.released_at > b.released_at)
        : a.id < b.id;

/**
 * The printings card_pick chooses among: not extras, and in English unless the card has no English
 * printing (extras included), with each one's card.
 */
function pickable<T extends Printing>(cards: T[]): Array<[string, T]> {
  const english = new Set(cards.filter((c) => c.lang === 'en').map((c) => c.oracle_id ?? c.id));
  return cards
    .filter((c) => !(EXTRA_LAYOUTS as readonly string[]).includes(c.layout))
    .map((c) => [c.oracle_id ?? c.id, c] as [string, T])
    .filter(([key, c]) => c.lang === 'en' || !english.has(key));
}

/**
 * The printing `unique=cards` shows for each card when all its printings match, computed here: the
 * first of its pickable printings.
 */
function pickedPrintings(cards: Printing[]) {
  const best = new Map<string, Printing>();
  for (const [key, c] of pickable(cards)) {
    const current = best.get(key);
    if (!current || before(c, current)) best.set(key, c);
  }
  return new Set([...best.values()].map((c) => c.id));
}

type PickRow = Printing & Pick<Row, 'rarity' | 'usd' | 'eur'> & { flags: string };

/**
 * The bounds card_pick holds for each card (migration 0028), computed here over the printings the
 * pick is chosen from (as `pickedPrintings`): its rarities as bits, the lowest and highest price in
 * each currency and whether one of those printings lacks it, and whether their flags differ.
 */
function pickBoundsOf(cards: PickRow[]) {
  const out = new Map<string, Record<string, number | boolean | null>>();
  const flags = new Map<string, string>();
  const low = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
  const high = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
  for (const [key, c] of pickable(cards)) {
    const b = out.get(key) ?? {
      rarity_mask: 0,
      usd_min: null,
      usd_max: null,
      usd_missing: false,
      eur_min: null,
      eur_max: null,
      eur_missing: false,
      flags_vary: false,
    };
    b.rarity_mask = Number(b.rarity_mask) | (1 << (RARITY_RANK[c.rarity as Rarity] ?? 0));
    for (const cur of ['usd', 'eur'] as const) {
      const v = c[cur] === null ? null : Number(c[cur]);
      b[`${cur}_min`] = low(b[`${cur}_min`] as number | null, v);
      b[`${cur}_max`] = high(b[`${cur}_max`] as number | null, v);
      if (v === null) b[`${cur}_missing`] = true;
    }
    if (!flags.has(key)) flags.set(key, c.flags);
    else if (flags.get(key) !== c.flags) b.flags_vary = true;
    out.set(key, b);
  }
  return out;
}

/** card_search's columns, which card_pick copies (then the card's rules text). */
const PICK_COLUMNS = Object.values(getTableColumns(cardSearch))
  .map((c) => c.name)
  .filter((name) => name !== 'first_in_lang');
/** What card_pick copies from the pick's `cards` row besides its rules text (migration 0035). */
const FACT_COLUMNS = [
  'power_num',
  'toughness_num',
  'loyalty_num',
  'keywords',
  'mana_symbols',
  'produced_mana',
];

/**
 * The cards whose printings differ in FACT_COLUMNS, computed here over every printing of each
 * oracle card: those card_pick must mark `facts_vary`.
 */
async function varyingCards(db: Db): Promise<string[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`select oracle_id, ${sql.raw(FACT_COLUMNS.join(', '))} from cards where oracle_id is not null`,
    ),
  );
  const facts = new Map<string, Set<string>>();
  for (const { oracle_id, ...rest } of rows) {
    const key = String(oracle_id);
    const seen = facts.get(key) ?? new Set<string>();
    seen.add(JSON.stringify(FACT_COLUMNS.map((k) => rest[k])));
    facts.set(key, seen);
  }
  return [...facts].filter(([, seen]) => seen.size > 1).map(([key]) => key);
}

/**
 * The printings card_search marks first in their language (migration 0028), against those computed
 * here: for each card and language, among the printings that are not extras, the newest (undated
 * last), then by id.
 */
async function firstDrift(db: Db) {
  const cards = rowsOf<Printing>(
    await db.execute(sql`select id, oracle_id, lang, layout, released_at::text from cards`),
  );
  const best = new Map<string, Printing>();
  for (const c of cards) {
    if ((EXTRA_LAYOUTS as readonly string[]).includes(c.layout)) continue;
    const key = `${c.oracle_id ?? c.id} ${c.lang}`;
    const current = best.get(key);
    if (!current || before(c, current)) best.set(key, c);
  }
  const want = [...best.values()].map((c) => c.id).sort();
  const got = rowsOf<{ id: string }>(await db.execute(sql`select id from card_search where first_in_lang`))
    .map((r) => r.id)
    .sort();
  return {
    firsts: got.length,
    missing: want.filter((id) => !got.includes(id)).slice(0, 3),
    extra: got.filter((id) => !want.includes(id)).slice(0, 3),
  };
}

/**
 * card_pick against the printings computed here: the same printing for each card, and each of its
 * rows equal to that printing's card_search row, column for column, with its rules text.
 */
async function pickDrift(db: Db) {
  const cards = rowsOf<PickRow>(
    await db.execute(
      sql`select c.id, c.oracle_id, c.lang, c.layout, c.released_at::text, c.rarity, c.usd::text,
        c.eur::text, s.flags::text from cards c join card_search s on s.id = c.id`,
    ),
  );
  const chosen = pickedPrintings(cards);
  const bounds = pickBoundsOf(cards);
  const held = rowsOf<Record<string, string | number | boolean | null>>(
    await db.execute(sql`select oracle_key, rarity_mask, usd_min::float8, usd_max::float8, usd_missing,
      eur_min::float8, eur_max::float8, eur_missing, flags_vary from card_pick`),
  );
  const unbounded = held
    .filter(({ oracle_key, ...b }) => {
      const want = bounds.get(String(oracle_key));
      const got: Record<string, unknown> = { ...b, rarity_mask: Number(b.rarity_mask) };
      for (const k of ['usd_min', 'usd_max', 'eur_min', 'eur_max'])
        got[k] = got[k] === null ? null : Number(got[k]);
      return JSON.stringify(got) !== JSON.stringify(want);
    })
    .map((b) => [b, bounds.get(String(b.oracle_key))]);
  const picks = rowsOf<{ id: string }>(await db.execute(sql`select id from card_pick`)).map((r) => r.id);
  const unlike = rowsOf<{ id: string }>(
    await db.execute(sql`select p.id from card_pick p where not exists (select 1 from card_search s
      join cards c on c.id = s.id where s.id = p.id
      and row(${sql.raw(PICK_COLUMNS.map((k) => `s.${k}`).join(', '))}, c.search_rules, ${sql.raw(FACT_COLUMNS.map((k) => `c.${k}`).join(', '))})
        is not distinct from row(${sql.raw(PICK_COLUMNS.map((k) => `p.${k}`).join(', '))}, p.search_rules, ${sql.raw(FACT_COLUMNS.map((k) => `p.${k}`).join(', '))}))`),
  ).map((r) => r.id);
  const varying = (await varyingCards(db)).filter((key) => held.some((p) => p.oracle_key === key));
  const marked = rowsOf<{ oracle_key: string }>(
    await db.execute(sql`select oracle_key from card_pick where facts_vary`),
  ).map((r) => r.oracle_key);
  return {
    picks: picks.length,
    missing: [...chosen].filter((id) => !picks.includes(id)),
    extra: picks.filter((id) => !chosen.has(id)),
    unlike,
    unbounded: unbounded.slice(0, 3),
    varying: {
      unmarked: varying.filter((k) => !marked.includes(k)),
      marked: marked.filter((k) => !varying.includes(k)),
    },
  };
}

async function drift(db: Db, ids?: string[]) {
  const only = ids
    ? sql`where c.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`
    : sql``;
  const cards = rowsOf<Row>(
    await db.execute(sql`select c.id, c.name, c.set, c.collector_number, c.lang, c.cmc, c.colors, c.color_identity,
      c.search_types, c.rarity, c.usd::text, c.usd_foil::text, c.usd_etched::text, c.eur::text, c.eur_foil::text, c.set_name,
      c.oracle_id, c.released_at::text, c.layout
      from cards c ${only}`),
  );
  const narrow = new Map(
    rowsOf<Record<string, unknown>>(
      await db.execute(sql`select s.id, s.name, s.set, s.collector_number, s.collector_sort::float8 as collector_sort,
        s.lang, s.cmc, s.color_bits, s.identity_bits, s.type_bits, s.rarity_rank, s.search_types, s.usd::text,
        s.usd_foil::text, s.usd_etched::text, s.eur::text, s.eur_foil::text, s.set_name,
        s.oracle_key, s.released_at::text, s.layout, s.shown from card_search s`),
    ).map((r) => [r.id as string, { ...r, cmc: Number(r.cmc), collector_sort: Number(r.collector_sort) }]),
  );
  const english = new Set(
    rowsOf<{ key: string }>(
      await db.execute(sql`select distinct coalesce(oracle_id, id) as key from cards where lang = 'en'`),
    ).map((r) => r.key),
  );
  const wrong = cards.filter(
    (c) => JSON.stringify(narrow.get(c.id)) !== JSON.stringify(expected(c, english)),
  );
  return {
    cards: cards.length,
    narrow: narrow.size,
    wrong: wrong.map((c) => [expected(c, english), narrow.get(c.id)]),
  };
}

/** Ids a query finds over `cards` alone and over `card_search` (with `cards` for the rest). */
async function both(db: Db, q: string) {
  const ast = parseSearch(q);
  const ids = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ id: string }>(await db.execute(query))
      .map((r) => r.id)
      .sort();
  return {
    wide: await ids(sql`select c.id from cards c where ${compileSearch(ast, 'c')}`),
    narrow: await ids(
      sql`select c.id from cards c join card_search s on s.id = c.id where ${compileSearch(ast, 'c', { narrow: 's' })}`,
    ),
  };
}

/** The migration whose backfill writes every column of card_search (0003's, then 0020's). */
const MIGRATION = new URL('../../src/db/migrations/0020_catalogue_search.sql', import.meta.url);
/** The migration that partitions card_search by language and adds `shown`. */
const SHOWN_MIGRATION = new URL('../../src/db/migrations/0023_card_search_by_language.sql', import.meta.url);
/** The migration that makes card_pick as it is now (0024 added it, 0028 made it again with bounds). */
const PICK_MIGRATION = new URL('../../src/db/migrations/0028_card_pick_bounds.sql', import.meta.url);
/** The migration that adds to card_pick what it copies from the pick's cards row, and facts_vary. */
const FACTS_MIGRATION = new URL('../../src/db/migrations/0035_card_pick_card_facts.sql', import.meta.url);
/** The migration that defines card_search.flags' codes. */
const FLAGS_MIGRATION = new URL('../../src/db/migrations/0027_legality_flags.sql', import.meta.url);

const beast = (id: string, changes: Record<string, unknown> = {}) =>
  testBeast(
    id,
    { name: 'Narrow Test Beast', set: 'ntb', set_name: 'Narrow Test', collector_number: '12a' },
    changes,
  );

describe.skipIf(!HAS_SHARED_DATA).each(storages())('card_search on %s', (kind) => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await openTestDatabase(kind, inject('pgliteTemplate'));
    db = database.db;
    await loadSharedCatalogue(db);
  });
  afterAll(() => database?.close());

  it('holds one narrow row per printing, equal to what the cards row says', async () => {
    const d = await drift(db);
    expect(d.cards).toBeGreaterThan(500);
    expect(d.narrow).toBe(d.cards);
    expect(d.wrong.slice(0, 3)).toEqual([]);
    // The migration's backfill (for a catalogue imported before it) writes the same rows.
    const migration = readFileSync(MIGRATION, 'utf8');
    const start = migration.lastIndexOf('INSERT INTO card_search');
    // Keyed as the table is now (migration 0023): by id and language.
    const backfill = migration
      .slice(start, migration.indexOf(';', start) + 1)
      .replace('ON CONFLICT (id)', 'ON CONFLICT (id, lang)');
    await db.execute(sql`delete from card_search`);
    await db.execute(sql.raw(backfill));
    // It predates `shown`: 0023's backfill computes it, from the rows in place.
    const rebuild = readFileSync(SHOWN_MIGRATION, 'utf8');
    const shown = rebuild.slice(rebuild.indexOf("s.lang = 'en' OR NOT EXISTS")).split(',\n')[0];
    await db.execute(sql.raw(`update card_search s set shown = (${shown})`));
    const again = await drift(db);
    expect(again.narrow).toBe(d.cards);
    expect(again.wrong.slice(0, 3)).toEqual([]);
    // 0020's backfill predates flags and `shown`: the trigger writes the rows again, with them.
    await db.execute(sql`update cards set layout = layout`);
    // card_pick, after the import and after the backfill of 0028 (which made it again, with bounds).
    const picked = {
      missing: [],
      extra: [],
      unlike: [],
      unbounded: [],
      varying: { unmarked: [], marked: [] },
    };
    const firsts = await firstDrift(db);
    expect(firsts).toMatchObject({ missing: [], extra: [] });
    expect(firsts.firsts).toBeGreaterThan(400);
    const first = await pickDrift(db);
    expect(first).toMatchObject(picked);
    expect(first.picks).toBeGreaterThan(400);
    const remake = readFileSync(PICK_MIGRATION, 'utf8');
    const fillFrom = remake.indexOf('INSERT INTO card_pick');
    await db.execute(sql`delete from card_pick`);
    await db.execute(sql.raw(remake.slice(fillFrom, remake.indexOf(';', fillFrom) + 1)));
    // Then 0035's backfill of what it copies from the pick's cards row, and of facts_vary.
    const facts = readFileSync(FACTS_MIGRATION, 'utf8');
    for (const statement of facts.slice(facts.lastIndexOf('$$;')).split('--> statement-breakpoint').slice(1))
      await db.execute(sql.raw(statement));
    expect(await pickDrift(db)).toMatchObject({ ...picked, picks: first.picks });
  });

  it("holds each printing's legalities and is:commander as the codes of FLAG_FORMATS", async () => {
    // legality_flags() (migration 0027) looks up FLAG_FORMATS, position for position, with their codes.
    const migration = readFileSync(FLAGS_MIGRATION, 'utf8');
    const cases = [
      ...migration.matchAll(
        /CASE legalities->>'([a-z]+)' WHEN 'legal' THEN (\d+) WHEN 'restricted' THEN (\d+) WHEN 'banned' THEN (\d+) END/g,
      ),
    ];
    expect(cases.map((m) => m[1])).toEqual(FLAG_FORMATS);
    for (const [, format = '', ...codes] of cases) {
      expect(codes.map(Number)).toEqual([
        formatFlag(format, 'legal'),
        formatFlag(format, 'restricted'),
        formatFlag(format, 'banned'),
      ]);
    }
    // Every printing's codes, computed here from its cards row.
    const rows = rowsOf<{
      id: string;
      legalities: Record<string, string>;
      layout: string;
      search_types: string;
      search_text: string;
      flags: number[];
    }>(
      await db.execute(sql`select c.id, c.legalities, c.layout, c.search_types, c.search_text, s.flags
        from cards c join card_search s on s.id = c.id`),
    );
    expect(rows.length).toBeGreaterThan(500);
    const wrong = rows.filter((r) => {
      const front = r.search_types.split('//')[0] ?? '';
      const legendaryCreature =
        front.includes('legendary') && front.indexOf('creature') > front.indexOf('legendary');
      const commander =
        !['token', 'double_faced_token', 'emblem', 'art_series'].includes(r.layout) &&
        (legendaryCreature || r.search_text.includes('can be your commander'));
      const codes = Object.entries(r.legalities)
        .filter(([format, status]) => FLAG_FORMATS.includes(format) && status in FLAG_STATUS)
        .map(([format, status]) => formatFlag(format, status as keyof typeof FLAG_STATUS));
      const want = [...(commander ? [FLAG_COMMANDER] : []), ...codes.sort((a, b) => a - b)];
      return JSON.stringify(want) !== JSON.stringify(r.flags.map(Number));
    });
    expect(wrong.slice(0, 3)).toEqual([]);
    // Both statuses and the commander mark occur in the sample.
    const all = new Set(rows.flatMap((r) => r.flags.map(Number)));
    expect(all.has(FLAG_COMMANDER)).toBe(true);
    expect(all.has(formatFlag('legacy', 'banned'))).toBe(true);
    expect(all.has(formatFlag('modern', 'legal'))).toBe(true);
    // card_pick's legal_bits (migration 0029), computed here from each pick's legalities: bit 0
    // is:commander, bit i legal or restricted in FLAG_FORMATS[i - 1], bit 23 + i banned there.
    const picks = rowsOf<{ legalities: Record<string, string>; flags: number[]; legal_bits: string }>(
      await db.execute(sql`select c.legalities, p.flags, p.legal_bits::text as legal_bits
        from card_pick p join cards c on c.id = p.id`),
    );
    expect(picks.length).toBeGreaterThan(400);
    const wrongBits = picks.filter((r) => {
      let want = r.flags.map(Number).includes(FLAG_COMMANDER) ? 1n : 0n;
      for (const [format, status] of Object.entries(r.legalities)) {
        const i = FLAG_FORMATS.indexOf(format);
        if (i < 0) continue;
        if (status === 'legal' || status === 'restricted') want |= 1n << BigInt(i + 1);
        if (status === 'banned') want |= 1n << BigInt(FLAG_FORMATS.length + i + 1);
      }
      return BigInt(r.legal_bits) !== want;
    });
    expect(wrongBits.slice(0, 3)).toEqual([]);
    const bits = picks.reduce((m, r) => m | BigInt(r.legal_bits), 0n);
    expect(bits & 1n).toBe(1n);
    expect(bits & legalBit('legacy', 'banned')).toBe(legalBit('legacy', 'banned'));
    expect(bits & legalBit('modern', 'legal')).toBe(legalBit('modern', 'legal'));
  });

  it('follows a re-import that changes a printing, and a deletion', async () => {
    const id = randomUUID();
    await importJson(db, [beast(id)]);
    expect((await drift(db, [id])).wrong).toEqual([]);
    const beforeQ = await both(db, 't:creature c:g mv<=3 r:common usd<1');
    expect(beforeQ.narrow).toContain(id);
    // The same printing, re-imported as something else entirely.
    await importJson(db, [
      beast(id, {
        name: 'Narrow Test Bolt',
        set_name: 'Narrow Test Again',
        collector_number: '7',
        rarity: 'mythic',
        cmc: 2,
        type_line: 'Legendary Instant',
        colors: ['U', 'R'],
        color_identity: ['U', 'R'],
        prices: { usd: '12.00', usd_foil: '30.00', eur: null },
      }),
    ]);
    const after = await drift(db);
    expect(after.wrong).toEqual([]);
    expect(after.narrow).toBe(after.cards);
    const [row] = rowsOf<{ type_bits: number; color_bits: number; usd: string; eur: string | null }>(
      await db.execute(
        sql`select type_bits, color_bits, usd::text, eur::text from card_search where id = ${id}`,
      ),
    );
    expect(row).toEqual({
      type_bits: (1 << CARD_TYPE_WORDS.indexOf('instant')) | (1 << CARD_TYPE_WORDS.indexOf('legendary')),
      color_bits: CARD_COLOR_BITS.U | CARD_COLOR_BITS.R,
      usd: '12.00',
      eur: null,
    });
    expect((await both(db, 't:creature c:g mv<=3 r:common usd<1')).narrow).not.toContain(id);
    const now = await both(db, 't:instant c=ur mv=2 r:mythic usd>=10 cn:7 -t:creature');
    expect(now.narrow).toEqual([id]);
    expect(now.wide).toEqual(now.narrow);
    await db.execute(sql`delete from cards where id = ${id}`);
    const gone = await drift(db);
    expect(gone.narrow).toBe(gone.cards);
  });

  it('shows a non-English printing while its card has no English one, as English printings come and go', async () => {
    const card = randomUUID();
    const [fr, ja, en] = [randomUUID(), randomUUID(), randomUUID()];
    const printing = (id: string, lang: string, changes: Record<string, unknown> = {}) =>
      testBeast(
        id,
        { name: 'Shown Test Beast', set: 'stb', set_name: 'Shown Test', collector_number: '3' },
        { oracle_id: card, lang, ...changes },
      );
    const shown = async () =>
      Object.fromEntries(
        rowsOf<{ id: string; shown: boolean }>(
          await db.execute(sql`select id, shown from card_search where oracle_key = ${card}`),
        ).map((r) => [r.id, r.shown]),
      );
    const found = async () => {
      const { cards } = await searchCatalogue(db, {
        q: '!"Shown Test Beast"',
        page: 1,
        limit: 10,
        unique: 'prints',
        order: 'name',
        dir: 'asc',
      });
      return cards.map((c) => c.id).sort();
    };
    // Only French and Japanese: both shown, and a search without lang: finds them.
    await importJson(db, [printing(fr, 'fr'), printing(ja, 'ja')]);
    expect(await shown()).toEqual({ [fr]: true, [ja]: true });
    expect(await found()).toEqual([fr, ja].sort());
    // An English printing arrives: the others are hidden.
    await importJson(db, [printing(en, 'en')]);
    expect(await shown()).toEqual({ [fr]: false, [ja]: false, [en]: true });
    expect(await found()).toEqual([en]);
    // A non-English printing arriving with the English one in the catalogue starts hidden, one
    // arriving in the same file as an English one too.
    const [de, it2, en2] = [randomUUID(), randomUUID(), randomUUID()];
    await importJson(db, [printing(de, 'de')]);
    expect((await shown())[de]).toBe(false);
    await db.execute(sql`delete from cards where id = ${en}`);
    expect(await shown()).toEqual({ [fr]: true, [ja]: true, [de]: true });
    await importJson(db, [printing(it2, 'it'), printing(en2, 'en')]);
    expect(await shown()).toEqual({ [fr]: false, [ja]: false, [de]: false, [it2]: false, [en2]: true });
    // The English printing re-imported as Spanish: it moves partition, and the card has no English.
    await importJson(db, [printing(en2, 'es')]);
    expect(await shown()).toEqual({ [fr]: true, [ja]: true, [de]: true, [it2]: true, [en2]: true });
    expect(
      rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from card_search where id = ${en2}`),
      )[0]?.n,
    ).toBe(1);
    expect(await found()).toEqual([fr, ja, de, it2, en2].sort());
    expect((await drift(db)).wrong).toEqual([]);
    await db.execute(sql`delete from cards where oracle_id = ${card}`);
    expect(await shown()).toEqual({});
  });

  it("picks each card's newest English printing, else its newest shown one, never an extra", async () => {
    // The extras' lists of the migration are EXTRA_LAYOUTS.
    const migration = readFileSync(PICK_MIGRATION, 'utf8');
    const lists = [...migration.matchAll(/NOT IN \(([^)]*)\)/g)].map((m) => m[1]);
    // In its backfills (card_search's first printings, card_pick), the trigger and the rebuild.
    expect(lists.length).toBe(10);
    for (const list of lists) expect(list?.split(', ').map((l) => l.slice(1, -1))).toEqual(EXTRA_LAYOUTS);
    const card = randomUUID();
    const printing = (id: string, lang: string, released_at: string | null, changes = {}) =>
      testBeast(
        id,
        { name: 'Picked Test Beast', set: 'ptb', set_name: 'Picked Test', collector_number: '7' },
        { oracle_id: card, lang, released_at, ...changes },
      );
    const picked = async () =>
      rowsOf<{ id: string }>(await db.execute(sql`select id from card_pick where oracle_key = ${card}`)).map(
        (r) => r.id,
      );
    const [fr, ja, en1, en2, en3, art] = [1, 2, 3, 4, 5, 6].map(() => randomUUID()) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    // No English: the newest of the others.
    await importJson(db, [printing(fr, 'fr', '2001-01-01'), printing(ja, 'ja', '2003-01-01')]);
    expect(await picked()).toEqual([ja]);
    // An English one arrives, older: it wins all the same.
    await importJson(db, [printing(en1, 'en', '1999-01-01')]);
    expect(await picked()).toEqual([en1]);
    // A newer English one, and an even newer extra (never picked), in one file.
    await importJson(db, [
      printing(en2, 'en', '2010-01-01'),
      printing(art, 'en', '2020-01-01', { layout: 'art_series' }),
    ]);
    expect(await picked()).toEqual([en2]);
    // An undated one comes after the dated ones; a re-import that dates it newest makes it the pick,
    // and a price change of the pick is in card_pick too.
    await importJson(db, [printing(en3, 'en', null)]);
    expect(await picked()).toEqual([en2]);
    await importJson(db, [printing(en3, 'en', '2015-01-01', { prices: { usd: '9.99' } })]);
    expect(await picked()).toEqual([en3]);
    expect(
      rowsOf<{ usd: string }>(await db.execute(sql`select usd::text from card_pick where id = ${en3}`)),
    ).toEqual([{ usd: '9.99' }]);
    // Its rules text changed (an erratum reaches every printing): card_pick's too.
    await db.execute(sql`update cards set search_rules = 'trample' where oracle_id = ${card}`);
    expect(
      rowsOf<{ search_rules: string }>(
        await db.execute(sql`select search_rules from card_pick where oracle_key = ${card}`),
      ),
    ).toEqual([{ search_rules: 'trample' }]);
    // Deleted, the next newest again; the English ones gone but the art card, which keeps the
    // others hidden: no pick; the art card gone, the newest shown one.
    await db.execute(sql`delete from cards where id = ${en3}`);
    expect(await picked()).toEqual([en2]);
    await db.execute(sql`delete from cards where id in (${en1}, ${en2})`);
    expect(await picked()).toEqual([]);
    await db.execute(sql`delete from cards where id = ${art}`);
    expect(await picked()).toEqual([ja]);
    expect(await pickDrift(db)).toMatchObject({
      missing: [],
      extra: [],
      unlike: [],
      unbounded: [],
      varying: { unmarked: [], marked: [] },
    });
    expect(await firstDrift(db)).toMatchObject({ missing: [], extra: [] });
    await db.execute(sql`delete from cards where oracle_id = ${card}`);
    expect(await picked()).toEqual([]);
  });

  it('answers a search of what every printing of a card shares from card_pick alone, as the choice among all printings would', async () => {
    // `-s:zzzzz` matches every printing but is a printing's own field: it keeps the search on the
    // choice among printings, the way it went before `preferred`.
    const queries = [
      't:creature',
      'o:flying t:creature',
      'o:"draw a card" -t:instant',
      'o:"enters the battlefield" or o:"dies"',
      'c:g t:creature mv<=3',
      '-t:land c:c',
      'is:commander id<=esper',
      'id:g t:land',
      'mv>=7 or t:legendary',
      'c:m',
      '-c:w -t:creature',
      // What card_pick copies from the pick's cards row (migration 0035).
      'pow>=4',
      't:creature tou>pow',
      'loy>=3 or kw:flying',
      'm:{G}{G}',
      'm<={1}{G}',
      'devotion:{R}{R}',
      'produces:g',
      'is:spell c:u',
      'is:bear or is:partner',
      'is:hybrid -is:permanent',
    ];
    for (const q of queries) {
      for (const order of ['name', 'released', 'usd', 'set', 'rarity', 'mv'] as const) {
        for (const page of [1, 2]) {
          const search = (query: string) =>
            searchCatalogue(db, { q: query, page, limit: 25, unique: 'cards', order, dir: 'desc' });
          const fast = await search(q);
          const slow = await search(`(${q}) -s:zzzzz`);
          expect({ q, order, page, total: fast.total, ids: fast.cards.map((c) => c.id) }).toEqual({
            q,
            order,
            page,
            total: slow.total,
            ids: slow.cards.map((c) => c.id),
          });
          if (page === 1) expect(fast.total).toBeGreaterThan(0);
        }
      }
    }
  });

  it("answers a search of a card's facts from the printings that have them, when its printings differ in them", async () => {
    const card = randomUUID();
    const [older, newer] = [randomUUID(), randomUUID()];
    const printing = (id: string, released_at: string, changes = {}) =>
      testBeast(
        id,
        { name: 'Varied Test Beast', set: 'vtb', set_name: 'Varied Test', collector_number: '3' },
        {
          oracle_id: card,
          released_at,
          type_line: 'Creature — Variedbeast',
          power: '4',
          toughness: '4',
          keywords: ['Flying'],
          ...changes,
        },
      );
    const vary = async () =>
      rowsOf<{ facts_vary: boolean }>(
        await db.execute(sql`select facts_vary from card_pick where oracle_key = ${card}`),
      ).map((r) => r.facts_vary);
    // By a type word of this card alone, which every printing shares: the search reads card_pick.
    const found = async (q: string) =>
      (
        await searchCatalogue(db, {
          q: `${q} t:variedbeast`,
          page: 1,
          limit: 25,
          unique: 'cards',
          order: 'name',
          dir: 'asc',
        })
      ).cards.map((c) => c.id);
    // Two printings alike: the newer is the pick, and answers.
    await importJson(db, [printing(older, '2001-01-01'), printing(newer, '2011-01-01')]);
    expect(await vary()).toEqual([false]);
    expect(await found('kw:flying')).toEqual([newer]);
    // The newer one without its keywords (as an older sample file may have it): the older one,
    // which has them, is the first printing that matches.
    await importJson(db, [printing(newer, '2011-01-01', { keywords: [] })]);
    expect(await vary()).toEqual([true]);
    expect(await found('kw:flying')).toEqual([older]);
    expect(await found('-kw:flying')).toEqual([newer]);
    expect(await found('pow>=4')).toEqual([newer]);
    expect(await found('kw:flying pow>=5')).toEqual([]);
    // Alike again: the pick alone.
    await importJson(db, [
      printing(newer, '2011-01-01', { power: '5', keywords: [] }),
      printing(older, '2001-01-01', { power: '5', keywords: [] }),
    ]);
    expect(await vary()).toEqual([false]);
    expect(await found('pow>=5 -kw:flying')).toEqual([newer]);
    expect(await pickDrift(db)).toMatchObject({ unlike: [], varying: { unmarked: [], marked: [] } });
    await db.execute(sql`delete from cards where oracle_id = ${card}`);
  });

  it('finds the same printings as the wide rows, for every key it answers', async () => {
    const queries = [
      't:creature',
      't:legendary t:creature',
      't:elf',
      't:"creature — elf"',
      '-t:land',
      't:aura or t:equipment',
      'c:g',
      'c:c',
      'c=c',
      'c:m',
      '-c:m',
      'c=rg',
      'c!=u',
      'c>=wu',
      'c<=rg',
      'c>g',
      'c<wub',
      'c>c',
      'c<c',
      'id<=esper',
      'id:c',
      'id>=bg',
      'id=g',
      'id>ur',
      'id<golgari',
      'id:m',
      'mv<=3',
      'mv=0',
      'cmc>5',
      'usd>=1',
      '-usd>1',
      'eur<0.5',
      'r:rare',
      'r>=rare',
      'r<uncommon',
      'r!=common',
      's:lea',
      'cn:1',
      'lang:fr',
      'lang:any',
      't:creature c:g mv<=3',
      '(c:u or c:b) r:rare usd>=1',
      't:creature -c:g (mv<2 or mv>5) o:flying',
      'is:commander id<=esper',
      'f:modern t:instant',
      'drag t:creature',
      'is:spell c:u',
      '-is:permanent',
      'is:historic or is:party',
      'is:outlaw mv<=3',
    ];
    let found = 0;
    for (const q of queries) {
      const r = await both(db, q);
      expect(r.narrow, q).toEqual(r.wide);
      if (r.wide.length) found++;
    }
    // The shared catalogue answers most of them: the comparison is not between empty sets.
    expect(found).toBeGreaterThan(queries.length - 8);
  });
});
