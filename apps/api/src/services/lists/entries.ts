/**
 * Pages of entries: a list's, or the collection's (several lists), filtered by a Scryfall-syntax
 * query and a name, sorted by any of the contract's orders, with the number that match.
 */
import type { CurrencyValue, ListEntry, ListOrderValue, SortDirectionValue } from '@companion/sdk/contract';
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { cardSearch, cards, entrySearch, listEntries } from '../../db/catalogue.js';
import type { Db } from '../../db/client.js';
import {
  compileSearch,
  featureHints,
  needsCardsRow,
  parseSearchParam,
  readsBeyondEntrySearch,
  rowsOf,
} from '../card-search.js';
import { type SearchNode, searchOptions } from '../card-search-syntax.js';
import { type CardSummaryData, cardSummaryColumns, normalizeName, priceSql } from '../catalogue.js';
import { Invalid } from '../errors.js';
import { toListEntry } from './read.js';

export type OrderBy = ListOrderValue;

const c = alias(cards, 'c');
const s = alias(cardSearch, 's');
const es = alias(entrySearch, 'es');
// What a page shows of its printings (CardSummary) and their prices: not the wide row's legalities,
// texts and every picture size.
const cCols = Object.fromEntries(
  Object.keys(cardSummaryColumns).map((k) => [k, (c as unknown as Record<string, unknown>)[k]]),
) as unknown as typeof cardSummaryColumns;

export interface EntryQuery {
  listIds: string[];
  /** Scryfall-syntax filter and the query parameter it came from (for error paths). */
  q?: string | undefined;
  qParam?: string;
  name?: string | undefined;
  unresolved?: boolean | undefined;
  order: OrderBy;
  dir: SortDirectionValue;
  page: number;
  limit: number;
  currency: CurrencyValue;
  /** Tests compare the two ways of finding resolved entries: `cards` forces `list_entries` joined
   * to `card_search`, which every query can use. */
  via?: 'search' | 'cards';
}

interface SortKey {
  expr: SQL;
  dir: SortDirectionValue;
  nullsLast?: boolean;
}

/** Where the sort keys are read: `list_entries` with `card_search`, or `entry_search` alone. */
interface KeyColumns {
  name: SQL;
  set: SQL;
  cmc: SQL;
  collectorSort: SQL;
  collectorNumber: SQL;
  finish: SQL;
  language: SQL;
  id: SQL;
}

const ENTRY_KEYS: KeyColumns = {
  name: sql`coalesce(${s.name}, ${listEntries.name})`,
  set: sql`${s.set}`,
  cmc: sql`${s.cmc}`,
  collectorSort: sql`${s.collectorSort}`,
  collectorNumber: sql`${s.collectorNumber}`,
  finish: sql`${listEntries.finish}`,
  language: sql`${listEntries.language}`,
  id: sql`${listEntries.id}`,
};

const SEARCH_KEYS: KeyColumns = {
  name: sql`${es.name}`,
  set: sql`${es.set}`,
  cmc: sql`${es.cmc}`,
  collectorSort: sql`${es.collectorSort}`,
  collectorNumber: sql`${es.collectorNumber}`,
  finish: sql`${es.finish}`,
  language: sql`${es.language}`,
  id: sql`${es.id}`,
};

/** Orders `entry_search` holds every key of (the others read the entry or the printing's prices). */
const SEARCH_ORDERS = new Set<OrderBy>(['name', 'set', 'mv']);

/** The sort keys of a page of entries, over `list_entries` and the narrow card alias `s`. */
function entryOrder(
  order: OrderBy,
  dir: SortDirectionValue,
  currency: CurrencyValue,
  k: KeyColumns = ENTRY_KEYS,
): SortKey[] {
  const name: SortKey = { expr: k.name, dir: 'asc' };
  const first = (() => {
    switch (order) {
      case 'price':
        return [
          { expr: priceSql(currency, sql`${listEntries.finish}`, sql.raw('"s"')), dir, nullsLast: true },
          name,
        ];
      case 'added':
        return [{ expr: sql`${listEntries.addedAt}`, dir }, name];
      case 'set':
        return [{ expr: k.set, dir, nullsLast: true }, ...collectorKeys(k)];
      case 'mv':
        return [{ expr: k.cmc, dir, nullsLast: true }, name];
      case 'quantity':
        return [{ expr: sql`${listEntries.quantity}`, dir }, name];
      default:
        return [{ ...name, dir }];
    }
  })();
  // Ties (same name: two finishes, languages or printings of one card) in a stable, readable
  // order rather than by random entry id.
  return [
    ...first,
    { expr: k.set, dir: 'asc', nullsLast: true },
    ...collectorKeys(k),
    { expr: k.finish, dir: 'asc' },
    { expr: k.language, dir: 'asc' },
    { expr: k.id, dir: 'asc' },
  ];
}

/** `collectorSort` as two keys: the number's digits, then the text (precomputed in `card_search`). */
const collectorKeys = (k: KeyColumns): SortKey[] => [
  { expr: k.collectorSort, dir: 'asc' },
  { expr: k.collectorNumber, dir: 'asc' },
];

/** Scryfall's `order:` values a list can sort by, as the list's orders. */
const LIST_ORDER_OF: Record<string, OrderBy> = {
  name: 'name',
  mv: 'mv',
  set: 'set',
  usd: 'price',
  eur: 'price',
  tix: 'price',
};

/**
 * `order:` and `direction:` typed in a search sort the entries as the sort menu would (a later one
 * wins); an order a list cannot sort by is a 400 naming it. `unique:` means nothing for entries.
 */
function withQueryOptions(query: EntryQuery, ast: SearchNode): EntryQuery {
  const options = searchOptions(ast);
  let { order, dir } = query;
  if (options.order) {
    const mapped = LIST_ORDER_OF[options.order];
    if (!mapped) {
      const message = `"order:${options.order}" is not a way to sort a list (name, mv, set, usd or eur)`;
      throw new Invalid(message, [{ path: `query.${query.qParam ?? 'q'}`, message }]);
    }
    order = mapped;
  }
  if (options.direction) dir = options.direction as SortDirectionValue;
  return { ...query, order, dir };
}

/**
 * A page of a list's entries (or of several lists', the collection) with the number of entries
 * that match. The matching entries are found in two parts, each able to use its own indexes:
 * - entries of a printing. Sorted by name, set or mana value and filtered on anything but prices,
 *   they are read from `entry_search`, one row per entry kept by triggers with the printing's sort
 *   keys, filter columns, a trigram-indexed name and `features` (type, colour, identity, rarity
 *   and mana value codes in a GIN index, which `featureHints` turns a query's plain conditions
 *   into), so a three-key search probes one index for the list's matching entries. Otherwise
 *   (price or quantity or date order, a price filter) the entries are joined to the printing's
 *   narrow `card_search` row, which holds the prices too. Either way the wide `cards` row is
 *   joined only when a filter needs it (oracle text, legalities, is:);
 * - unresolved entries (no printing), through a partial index, the filters applying to their name
 *   and to an empty printing.
 * Only entry ids and sort keys are sorted; the page's entries and printings are read afterwards,
 * by id, so the printings' columns a page shows (names, faces, pictures) are read for the page alone.
 */
export async function entriesPage(
  db: Db,
  asked: EntryQuery,
): Promise<{ entries: Array<z.input<typeof ListEntry>>; total: number }> {
  if (!asked.listIds.length) return { entries: [], total: 0 };
  const inLists = inArray(listEntries.listId, asked.listIds);
  const ast = asked.q?.trim() ? parseSearchParam(asked.q, asked.qParam ?? 'q') : undefined;
  const query = ast ? withQueryOptions(asked, ast) : asked;
  const needle = query.name?.trim()
    ? `%${normalizeName(query.name).replace(/[\\%_]/g, (m) => `\\${m}`)}%`
    : undefined;
  // The resolved entries come from `entry_search` when it holds every key the page needs: the
  // filters but prices and release dates, and the name, set or mana value order.
  const viaSearch =
    query.via !== 'cards' && SEARCH_ORDERS.has(query.order) && !(ast && readsBeyondEntrySearch(ast));
  const keys = entryOrder(query.order, query.dir, query.currency);
  // The sort keys as columns k0, k1... of each part (the same keys, read where that part has them).
  const keyColumns = (ks: SortKey[]) =>
    sql.join(
      ks.map((k, i) => sql`${k.expr} as ${sql.raw(`k${i}`)}`),
      sql`, `,
    );
  const columns = keyColumns(keys);
  const parts: SQL[] = [];
  if (query.unresolved !== true) {
    if (viaSearch) {
      const where: SQL[] = [inArray(es.listId, query.listIds)];
      if (ast)
        where.push(
          compileSearch(ast, '"c"', { narrow: '"es"', names: '"es"' }),
          ...featureHints(ast, sql.raw('"es".features')),
        );
      if (needle) where.push(sql`${es.searchName} like ${needle}`);
      const searchKeys = entryOrder(query.order, query.dir, query.currency, SEARCH_KEYS);
      parts.push(sql`select ${es.id} as id, ${keyColumns(searchKeys)} from ${entrySearch} "es"
        ${ast && needsCardsRow(ast, true) ? sql`inner join ${cards} "c" on ${c.id} = ${es.cardId}` : sql``}
        where ${and(...where)}`);
    } else {
      const where: SQL[] = [inLists];
      if (ast) where.push(compileSearch(ast, '"c"', { narrow: '"s"' }));
      if (needle) where.push(sql`${c.searchName} like ${needle}`);
      const wide = Boolean(needle) || (ast ? needsCardsRow(ast) : false);
      parts.push(sql`select ${listEntries.id} as id, ${columns} from ${listEntries}
        inner join ${cardSearch} "s" on ${s.id} = ${listEntries.cardId}
        ${wide ? sql`inner join ${cards} "c" on ${c.id} = ${listEntries.cardId}` : sql``}
        where ${and(...where)}`);
    }
  }
  if (query.unresolved !== false) {
    const loose: SQL[] = [inLists, sql`${listEntries.cardId} is null`];
    // Names read the entry's own name (what the file said); is:unresolved holds here alone.
    if (ast) loose.push(compileSearch(ast, '"c"', { narrow: '"s"', loose: '"list_entries"' }));
    if (needle) loose.push(sql`lower(${listEntries.name}) like ${needle}`);
    const wide = ast ? needsCardsRow(ast) : false;
    parts.push(sql`select ${listEntries.id} as id, ${columns} from ${listEntries}
      left join ${cardSearch} "s" on false ${wide ? sql`left join ${cards} "c" on false` : sql``}
      where ${and(...loose)}`);
  }
  const matching = sql`(${sql.join(parts, sql` union all `)}) as m`;
  const orderBy = sql.join(
    keys.map((k, i) => sql.raw(`m.k${i} ${k.dir}${k.nullsLast ? ' nulls last' : ''}`)),
    sql`, `,
  );
  const { page, total } = await db.transaction(async (tx) => {
    // The catalogue and the entries are read from memory, where an index probe costs about what a
    // sequential read does: at the default 4.0 PostgreSQL scans all 100,000 entries (or narrow card
    // rows) and hash-joins them rather than probing `list_entries (card_id, list_id)` (or the narrow
    // rows' key) for each of a few hundred matching printings.
    await tx.execute(sql`set local random_page_cost = 1.1`);
    const page = rowsOf<{ id: string; total: number }>(
      await tx.execute(sql`select m.id, count(*) over ()::int as total from ${matching}
        order by ${orderBy} limit ${query.limit} offset ${(query.page - 1) * query.limit}`),
    );
    let total = Number(page[0]?.total ?? 0);
    if (!page.length && query.page > 1) {
      const [count] = rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from ${matching}`),
      );
      total = Number(count?.n ?? 0);
    }
    return { page, total };
  });
  if (!page.length) return { entries: [], total };
  const rows = await db
    .select({ e: getTableColumns(listEntries), c: cCols })
    .from(listEntries)
    .leftJoin(c, eq(c.id, listEntries.cardId))
    .where(
      inArray(
        listEntries.id,
        page.map((r) => r.id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.e.id, r]));
  return {
    entries: page.flatMap(({ id }) => {
      const r = byId.get(id);
      return r ? [toListEntry(r.e, r.c?.id ? (r.c as CardSummaryData) : null, query.currency)] : [];
    }),
    total,
  };
}
