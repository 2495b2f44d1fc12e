/**
 * Card lists: reading (lists with totals, pages of entries, revisions, CSV export) and the changes
 * the routes make, on top of the revisioned write path in `lists-core.ts`.
 */
import { Readable } from 'node:stream';
import type { CardList, ListEntry, Revision } from '@companion/sdk/contract';
import { type CollectionRowInput, writeCollection } from '@companion/sdk/formats';
import { and, asc, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { cardLists, cardSearch, cards, entrySearch, listEntries, listRevisions } from '../db/catalogue.js';
import type { Db } from '../db/client.js';
import {
  compileSearch,
  featureHints,
  needsCardsRow,
  parseSearchParam,
  readsPrices,
  rowsOf,
} from './card-search.js';
import {
  type CardData,
  type Currency,
  cardColumns,
  cardsByIds,
  normalizeName,
  priceSql,
  toCard,
  unitPrice,
} from './catalogue.js';
import { iso } from './dto.js';
import { Conflict, Invalid, NotFound } from './errors.js';
import { type CardReference, resolveCards } from './imports-resolve.js';
import {
  addEntries,
  changeList,
  checkRevision,
  createList,
  type DeltaItem,
  defaultBinder,
  type EntryRow,
  type EntryState,
  entryKey,
  type Finish,
  type ListRow,
  lockList,
  type RevisionRow,
  recordRevision,
  removeEntries,
  restoreState,
  revisionAuthors,
  stateAfter,
  toState,
  writeStates,
} from './lists-core.js';

export type ListType = ListRow['type'];
export type OrderBy = 'name' | 'price' | 'added' | 'set' | 'mv' | 'quantity';

const c = alias(cards, 'c');
const s = alias(cardSearch, 's');
const es = alias(entrySearch, 'es');
const cCols = Object.fromEntries(
  Object.keys(cardColumns).map((k) => [k, (c as unknown as Record<string, unknown>)[k]]),
) as unknown as typeof cardColumns;
const money = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;

// ---------- DTOs ----------

export function toListEntry(e: EntryRow, card: CardData | null, currency: Currency): ListEntry {
  return {
    id: e.id,
    listId: e.listId,
    card: card ? toCard(card) : null,
    quantity: e.quantity,
    finish: e.finish,
    condition: (e.condition || null) as ListEntry['condition'],
    language: e.language,
    purchasePrice: e.purchasePrice === null ? null : Number(e.purchasePrice),
    purchaseCurrency: e.purchaseCurrency,
    tags: e.tags,
    price: card ? unitPrice(card, e.finish, currency) : null,
    addedAt: iso(e.addedAt),
    unresolved:
      e.cardId === null
        ? (e.unresolved ?? { name: e.name, setCode: null, collectorNumber: null, reason: 'Unresolved' })
        : null,
  };
}

export async function listTotals(db: Db, listIds: string[], currency: Currency) {
  const out = new Map<string, { cards: number; unique: number; value: number }>();
  if (!listIds.length) return out;
  const price = priceSql(currency, sql`e.finish`, sql.raw('c'));
  const result = await db.execute(sql`select e.list_id, coalesce(sum(e.quantity), 0)::int as cards,
      count(distinct coalesce(e.card_id, 'name:' || lower(e.name)))::int as unique,
      coalesce(sum(e.quantity * ${price}), 0)::float8 as value
    from list_entries e left join cards c on c.id = e.card_id
    where e.list_id in (select jsonb_array_elements_text(${JSON.stringify(listIds)}::jsonb)::uuid)
    group by e.list_id`);
  for (const r of (
    result as unknown as { rows: Array<{ list_id: string; cards: number; unique: number; value: number }> }
  ).rows) {
    out.set(r.list_id, { cards: Number(r.cards), unique: Number(r.unique), value: money(r.value) });
  }
  return out;
}

export function toCardList(
  l: ListRow,
  totals: { cards: number; unique: number; value: number } | undefined,
  currency: Currency,
): CardList {
  return {
    id: l.id,
    name: l.name,
    type: l.type,
    hidden: l.hidden,
    isDefault: l.isDefault,
    cards: totals?.cards ?? 0,
    unique: totals?.unique ?? 0,
    value: totals?.value ?? 0,
    currency,
    revision: l.revision,
    createdAt: iso(l.createdAt),
    updatedAt: iso(l.updatedAt),
  };
}

export async function cardListDto(db: Db, l: ListRow, currency: Currency): Promise<CardList> {
  return toCardList(l, (await listTotals(db, [l.id], currency)).get(l.id), currency);
}

export async function userLists(
  db: Db,
  ownerId: string,
  hidden: boolean,
  currency: Currency,
): Promise<CardList[]> {
  await defaultBinder(db, ownerId);
  const rows = await db
    .select()
    .from(cardLists)
    .where(and(eq(cardLists.ownerId, ownerId), eq(cardLists.hidden, hidden)))
    .orderBy(desc(cardLists.isDefault), asc(cardLists.type), asc(cardLists.name));
  const totals = await listTotals(
    db,
    rows.map((r) => r.id),
    currency,
  );
  return rows.map((r) => toCardList(r, totals.get(r.id), currency));
}

export async function ownedList(db: Db, listId: string, ownerId: string): Promise<ListRow> {
  const [list] = await db
    .select()
    .from(cardLists)
    .where(and(eq(cardLists.id, listId), eq(cardLists.ownerId, ownerId)));
  if (!list) throw new NotFound('That list');
  return list;
}

// ---------- pages of entries ----------

export interface EntryQuery {
  listIds: string[];
  /** Scryfall-syntax filter and the query parameter it came from (for error paths). */
  q?: string | undefined;
  qParam?: string;
  name?: string | undefined;
  unresolved?: boolean | undefined;
  order: OrderBy;
  dir: 'asc' | 'desc';
  page: number;
  limit: number;
  currency: Currency;
  /** Tests compare the two ways of finding resolved entries: `cards` forces `list_entries` joined
   * to `card_search`, which every query can use. */
  via?: 'search' | 'cards';
}

interface SortKey {
  expr: SQL;
  dir: 'asc' | 'desc';
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
  dir: 'asc' | 'desc',
  currency: Currency,
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
 * by id, so the cards' JSON (legalities, faces, images) is read for the page alone.
 */
export async function entriesPage(
  db: Db,
  query: EntryQuery,
): Promise<{ entries: ListEntry[]; total: number }> {
  if (!query.listIds.length) return { entries: [], total: 0 };
  const inLists = inArray(listEntries.listId, query.listIds);
  const ast = query.q?.trim() ? parseSearchParam(query.q, query.qParam ?? 'q') : undefined;
  const needle = query.name?.trim()
    ? `%${normalizeName(query.name).replace(/[\\%_]/g, (m) => `\\${m}`)}%`
    : undefined;
  // The resolved entries come from `entry_search` when it holds every key the page needs: the
  // filters but prices, and the name, set or mana value order.
  const viaSearch = query.via !== 'cards' && SEARCH_ORDERS.has(query.order) && !(ast && readsPrices(ast));
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
      if (ast) where.push(compileSearch(ast, '"c"', '"es"', '"es"'), ...featureHints(ast, '"es"'));
      if (needle) where.push(sql`${es.searchName} like ${needle}`);
      const searchKeys = entryOrder(query.order, query.dir, query.currency, SEARCH_KEYS);
      parts.push(sql`select ${es.id} as id, ${keyColumns(searchKeys)} from ${entrySearch} "es"
        ${ast && needsCardsRow(ast, true) ? sql`inner join ${cards} "c" on ${c.id} = ${es.cardId}` : sql``}
        where ${and(...where)}`);
    } else {
      const where: SQL[] = [inLists];
      if (ast) where.push(compileSearch(ast, '"c"', '"s"'));
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
    if (ast) loose.push(compileSearch(ast, '"c"', '"s"'));
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
      return r ? [toListEntry(r.e, r.c?.id ? (r.c as CardData) : null, query.currency)] : [];
    }),
    total,
  };
}

// ---------- revisions ----------

function revisionChanges(delta: DeltaItem[]): Revision['changes'] {
  return delta.map((d) => {
    const s = (d.after ?? d.before) as EntryState;
    return {
      op: d.before === null ? 'add' : d.after === null ? 'remove' : 'update',
      cardId: s.cardId,
      name: s.name,
      finish: s.finish,
      quantity: (d.after?.quantity ?? 0) - (d.before?.quantity ?? 0),
    };
  });
}

export async function toRevisions(db: Db, rows: RevisionRow[]): Promise<Revision[]> {
  const authors = await revisionAuthors(
    db,
    rows.flatMap((r) => (r.authorId ? [r.authorId] : [])),
  );
  return rows.map((r) => {
    const a = r.authorId ? authors.get(r.authorId) : undefined;
    return {
      id: r.id,
      number: r.number,
      author: {
        id: a?.id ?? r.authorId ?? 'system',
        username: a?.username ?? null,
        firstname: a?.firstname ?? null,
        lastname: a?.lastname ?? null,
        picture: a?.picture ?? null,
      },
      createdAt: iso(r.createdAt),
      action: r.action as Revision['action'],
      summary: r.summary,
      changes: revisionChanges(r.delta as DeltaItem[]),
      revertedTo: r.revertedTo,
    };
  });
}

export async function revisionsPage(db: Db, listId: string, page: number, limit: number) {
  const rows = await db
    .select()
    .from(listRevisions)
    .where(eq(listRevisions.listId, listId))
    .orderBy(desc(listRevisions.number))
    .limit(limit)
    .offset((page - 1) * limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listRevisions)
    .where(eq(listRevisions.listId, listId));
  return { revisions: await toRevisions(db, rows), total: Number(count?.n ?? 0) };
}

// ---------- changes ----------

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export interface CardChangeInput {
  cardId?: string | undefined;
  setCode?: string | undefined;
  collectorNumber?: string | undefined;
  name?: string | undefined;
  language?: string | undefined;
  finish: Finish;
  condition?: string | null | undefined;
  quantity: number;
}

/** Resolves card references of an add; unknown cards are a 400 naming each. */
async function resolveAdds(db: Db, cardsIn: readonly CardChangeInput[]) {
  const refs: CardReference[] = cardsIn.map((x) => ({
    scryfallId: x.cardId ?? null,
    setCode: x.setCode ?? null,
    collectorNumber: x.collectorNumber ?? null,
    language: x.language ?? null,
    name: x.name ?? null,
  }));
  const resolved = await resolveCards(db, refs);
  const issues = resolved.flatMap((r, i) =>
    r.card ? [] : [{ path: `body.cards.${i}`, message: r.reason ?? 'Unknown card' }],
  );
  if (issues.length)
    throw new Invalid(
      issues.length === 1 ? (issues[0]?.message ?? 'Unknown card') : `${issues.length} cards are unknown`,
      issues.slice(0, 50),
    );
  return resolved.map((r, i) => {
    const x = cardsIn[i] as CardChangeInput;
    const card = r.card as CardData;
    return {
      cardId: card.id,
      name: card.name,
      quantity: x.quantity,
      finish: x.finish,
      condition: x.condition ?? '',
      language: x.language ?? card.lang,
    };
  });
}

export interface Actor {
  ownerId: string;
  expectedRevision?: number | undefined;
}

export async function addCards(db: Db, listId: string, actor: Actor, cardsIn: readonly CardChangeInput[]) {
  await ownedList(db, listId, actor.ownerId);
  const items = await resolveAdds(db, cardsIn);
  const total = items.reduce((n, i) => n + i.quantity, 0);
  return changeList(
    db,
    { listId, ownerId: actor.ownerId, authorId: actor.ownerId, expectedRevision: actor.expectedRevision },
    async (tx) => {
      const { delta } = await addEntries(tx, listId, items);
      const names = [...new Set(items.map((i) => i.name))];
      return {
        action: 'add',
        summary: `Added ${plural(total, 'card')}${names.length <= 3 ? `: ${names.join(', ')}` : ''}`,
        delta,
      };
    },
  );
}

export async function removeCards(
  db: Db,
  listId: string,
  actor: Actor,
  removals: ReadonlyArray<{ entryId: string; quantity?: number | undefined }>,
) {
  return changeList(
    db,
    { listId, ownerId: actor.ownerId, authorId: actor.ownerId, expectedRevision: actor.expectedRevision },
    async (tx) => {
      const { delta, taken } = await removeEntries(tx, listId, removals);
      const n = taken.reduce((s, t) => s + t.quantity, 0);
      return { action: 'remove', summary: `Removed ${plural(n, 'card')}`, delta };
    },
  );
}

export async function moveCards(
  db: Db,
  listId: string,
  targetId: string,
  actor: Actor,
  removals: ReadonlyArray<{ entryId: string; quantity?: number | undefined }>,
) {
  if (listId === targetId)
    throw new Invalid('The target is this list', [{ path: 'body.target', message: 'Choose another list' }]);
  return db.transaction(async (tx) => {
    // Lock both lists in a fixed order so two opposite moves cannot deadlock.
    const [first, second] = [listId, targetId].sort();
    const locked = new Map<string, ListRow>();
    for (const id of [first, second] as string[]) locked.set(id, await lockList(tx, id, actor.ownerId));
    const source = locked.get(listId) as ListRow;
    const target = locked.get(targetId) as ListRow;
    checkRevision(source, actor.expectedRevision);
    const { delta, taken } = await removeEntries(tx, listId, removals);
    const moved = await addEntries(
      tx,
      targetId,
      taken.map(({ row, quantity }) => ({ ...toState(row), quantity })),
    );
    const n = taken.reduce((s, t) => s + t.quantity, 0);
    const out = await recordRevision(tx, source, actor.ownerId, {
      action: 'move-out',
      summary: `Moved ${plural(n, 'card')} to "${target.name}"`,
      delta,
    });
    const into = await recordRevision(tx, target, actor.ownerId, {
      action: 'move-in',
      summary: `Received ${plural(n, 'card')} from "${source.name}"`,
      delta: moved.delta,
    });
    return { ...out, target: into.list };
  });
}

export interface EntryChangeInput {
  entryId: string;
  quantity?: number | undefined;
  finish?: Finish | undefined;
  condition?: string | null | undefined;
  language?: string | undefined;
  cardId?: string | undefined;
}

export async function updateCards(
  db: Db,
  listId: string,
  actor: Actor,
  changes: readonly EntryChangeInput[],
) {
  const cardIds = changes.flatMap((ch) => (ch.cardId ? [ch.cardId] : []));
  const known = await cardsByIds(db, cardIds);
  const unknown = changes.flatMap((ch, i) =>
    ch.cardId && !known.has(ch.cardId)
      ? [{ path: `body.cards.${i}.cardId`, message: `No card with id ${ch.cardId}` }]
      : [],
  );
  if (unknown.length) throw new Invalid(unknown[0]?.message ?? 'Unknown card', unknown);
  return changeList(
    db,
    { listId, ownerId: actor.ownerId, authorId: actor.ownerId, expectedRevision: actor.expectedRevision },
    async (tx) => {
      const ids = [...new Set(changes.map((ch) => ch.entryId))];
      const rows = await tx
        .select()
        .from(listEntries)
        .where(and(eq(listEntries.listId, listId), inArray(listEntries.id, ids)));
      const state = new Map<string, EntryState>(rows.map((r) => [r.id, toState(r)]));
      const missing = ids.filter((id) => !state.has(id));
      if (missing.length)
        throw new Invalid(
          `Entry ${missing[0]} is not in this list`,
          missing.map((id) => ({ path: 'body.cards', message: `Entry ${id} is not in this list` })),
        );
      const original = new Map(state);
      let resolvedCount = 0;
      for (const ch of changes) {
        const cur = state.get(ch.entryId);
        if (!cur) continue; // merged away by an earlier change
        const next: EntryState = { ...cur };
        if (ch.quantity !== undefined) next.quantity = ch.quantity;
        if (ch.finish) next.finish = ch.finish;
        if (ch.condition !== undefined) next.condition = ch.condition ?? '';
        if (ch.language) next.language = ch.language;
        if (ch.cardId) {
          const card = known.get(ch.cardId) as CardData;
          if (cur.cardId === null) resolvedCount++;
          next.cardId = card.id;
          next.name = card.name;
          next.unresolved = null;
        }
        if (next.quantity <= 0) {
          state.delete(ch.entryId);
          continue;
        }
        state.set(ch.entryId, next);
      }
      // Entries that now match another entry of the list merge into it.
      const delta: DeltaItem[] = [];
      const changed = [...original.keys()].filter(
        (id) => JSON.stringify(original.get(id)) !== JSON.stringify(state.get(id)),
      );
      const keys = new Set(
        changed.flatMap((id) => (state.get(id)?.cardId ? [entryKey(state.get(id) as EntryState)] : [])),
      );
      const twins = keys.size
        ? await tx
            .select()
            .from(listEntries)
            .where(
              and(
                eq(listEntries.listId, listId),
                sql`${listEntries.cardId} is not null`,
                sql`not (${inArray(listEntries.id, changed.length ? changed : ['00000000-0000-0000-0000-000000000000'])})`,
              ),
            )
        : [];
      const twinByKey = new Map(
        twins
          .filter((t) => keys.has(entryKey(t)))
          .map((t) => [entryKey(t), toState(t) as EntryState & { id?: string }]),
      );
      const twinIds = new Map(twins.map((t) => [entryKey(t), t.id]));
      const claimed = new Map<string, string>(); // key -> entry id among the changed ones
      for (const id of changed) {
        const before = original.get(id) as EntryState;
        const after = state.get(id) ?? null;
        if (after?.cardId) {
          const key = entryKey(after);
          const twin = twinByKey.get(key);
          const twinId = twinIds.get(key);
          if (twin && twinId) {
            const grown = { ...twin, quantity: twin.quantity + after.quantity };
            const prior = delta.find((d) => d.id === twinId);
            if (prior) prior.after = grown;
            else delta.push({ id: twinId, before: twin, after: grown });
            twinByKey.set(key, grown);
            delta.push({ id, before, after: null });
            continue;
          }
          const owner = claimed.get(key);
          if (owner) {
            const d = delta.find((x) => x.id === owner);
            if (d?.after) d.after = { ...d.after, quantity: d.after.quantity + after.quantity };
            delta.push({ id, before, after: null });
            continue;
          }
          claimed.set(key, id);
        }
        delta.push({ id, before, after });
      }
      await writeStates(tx, listId, delta);
      return {
        action: 'update',
        summary: `Updated ${plural(changed.length, 'entry', 'entries')}${resolvedCount ? ` (${resolvedCount} resolved)` : ''}`,
        delta,
      };
    },
  );
}

export async function revertList(db: Db, listId: string, revisionId: string, ownerId: string) {
  return changeList(db, { listId, ownerId, authorId: ownerId }, async (tx, list) => {
    const [target] = await tx
      .select({ number: listRevisions.number })
      .from(listRevisions)
      .where(and(eq(listRevisions.id, revisionId), eq(listRevisions.listId, listId)));
    if (!target) throw new NotFound('That revision');
    const state = await stateAfter(tx, list, target.number);
    const delta = await restoreState(tx, listId, state);
    return {
      action: 'revert',
      summary: `Reverted to revision ${target.number}`,
      delta,
      revertedTo: target.number,
    };
  });
}

export async function renameList(
  db: Db,
  listId: string,
  ownerId: string,
  body: { name?: string | undefined; type?: ListType | undefined },
) {
  return changeList(db, { listId, ownerId, authorId: ownerId }, async (tx, list) => {
    if (body.type && body.type !== 'collection' && list.isDefault)
      throw new Conflict('The default binder stays a collection list.');
    const set: Partial<ListRow> = {};
    if (body.name) set.name = body.name;
    if (body.type) set.type = body.type;
    if (Object.keys(set).length) await tx.update(cardLists).set(set).where(eq(cardLists.id, listId));
    const parts = [
      body.name && body.name !== list.name ? `renamed "${list.name}" to "${body.name}"` : null,
      body.type && body.type !== list.type ? `type ${list.type} → ${body.type}` : null,
    ].filter(Boolean);
    return { action: 'rename', summary: parts.length ? parts.join(', ') : 'No change', delta: [] };
  });
}

export async function setHidden(db: Db, listId: string, ownerId: string, hidden: boolean): Promise<ListRow> {
  const [list] = await db
    .update(cardLists)
    .set({ hidden, updatedAt: new Date() })
    .where(and(eq(cardLists.id, listId), eq(cardLists.ownerId, ownerId)))
    .returning();
  if (!list) throw new NotFound('That list');
  return list;
}

export async function deleteList(db: Db, listId: string, ownerId: string, keepCards: boolean) {
  const list = await ownedList(db, listId, ownerId);
  if (list.isDefault) throw new Conflict('The default binder cannot be deleted.');
  if (!keepCards) {
    await db.delete(cardLists).where(eq(cardLists.id, listId));
    return { movedTo: null };
  }
  const binder = await defaultBinder(db, ownerId);
  await db.transaction(async (tx) => {
    const [first, second] = [listId, binder.id].sort();
    const locked = new Map<string, ListRow>();
    for (const id of [first, second] as string[]) locked.set(id, await lockList(tx, id, ownerId));
    const entries = await tx.select().from(listEntries).where(eq(listEntries.listId, listId));
    if (entries.length) {
      const moved = await addEntries(
        tx,
        binder.id,
        entries.map((e) => toState(e)),
      );
      const n = entries.reduce((s, e) => s + e.quantity, 0);
      await recordRevision(tx, locked.get(binder.id) as ListRow, ownerId, {
        action: 'move-in',
        summary: `Received ${plural(n, 'card')} from deleted list "${list.name}"`,
        delta: moved.delta,
      });
    }
    await tx.delete(cardLists).where(eq(cardLists.id, listId));
  });
  return { movedTo: binder.id };
}

export { createList, defaultBinder };

// ---------- export ----------

/**
 * An export line as the database gives it, entry and printing columns already merged: id, card id,
 * name, set code, set name, collector number, language, finish, quantity, condition, purchase price
 * and currency, tags.
 */
type ExportLine = [
  string,
  string | null,
  string,
  string | null,
  string | null,
  string | null,
  string,
  Finish,
  number,
  string,
  number | null,
  string | null,
  string[],
];

function exportRow(r: ExportLine): CollectionRowInput {
  return {
    name: r[2],
    setCode: r[3],
    setName: r[4],
    collectorNumber: r[5],
    language: r[6],
    finish: r[7],
    quantity: r[8],
    condition: (r[9] || null) as CollectionRowInput['condition'],
    scryfallId: r[1],
    purchasePrice: r[10] === null ? null : Number(r[10]),
    purchaseCurrency: r[11],
    tags: r[12],
  };
}

const EXPORT_BATCH = 5000;

/**
 * Streams the entries of some lists as CSV, EXPORT_BATCH entries per chunk (keyset paging on the
 * entry id). A line's printing columns come from the narrow `card_search` row (the wide `cards`
 * rows stay unread) and are merged with the entry's in SQL (an unresolved entry's set and number
 * come from its `unresolved` note), one key lookup per entry (a plain join let PostgreSQL scan all
 * of `card_search` for each chunk). Each chunk arrives as one JSON text, parsed natively: on PGlite,
 * decoding 5,000 rows of 13 columns field by field in JavaScript cost more than the query itself.
 */
export function exportCsv(
  db: Db,
  listIds: string[],
  format: 'companion' | 'moxfield' | 'manabox' | 'deckbox',
): Readable {
  async function* chunks() {
    let after: string | null = null;
    let first = true;
    for (;;) {
      let rows: ExportLine[] = [];
      if (listIds.length) {
        const [chunk] = rowsOf<{ lines: string | null }>(
          await db.execute(sql`select json_agg(json_build_array(e.id, s.id, coalesce(s.name, e.name),
              coalesce(s.set, e.unresolved ->> 'setCode'), s.set_name,
              coalesce(s.collector_number, e.unresolved ->> 'collectorNumber'), e.language, e.finish,
              e.quantity, e.condition, e.purchase_price, e.purchase_currency, e.tags) order by e.id)::text as lines
            from (select * from ${listEntries} e
              where e.list_id in (${sql.join(
                listIds.map((id) => sql`${id}::uuid`),
                sql`, `,
              )}) ${after ? sql`and e.id > ${after}::uuid` : sql``}
              order by e.id limit ${EXPORT_BATCH}) e
            left join lateral (select * from ${cardSearch} s where s.id = e.card_id offset 0) s on true`),
        );
        rows = chunk?.lines ? (JSON.parse(chunk.lines) as ExportLine[]) : [];
      }
      if (!rows.length && !first) return;
      const text = writeCollection(format, rows.map(exportRow));
      if (first) yield text;
      else {
        const cut = text.indexOf('\n');
        yield cut >= 0 ? text.slice(cut + 1) : '';
      }
      first = false;
      if (rows.length < EXPORT_BATCH) return;
      after = rows[rows.length - 1]?.[0] ?? null;
    }
  }
  return Readable.from(chunks());
}

export type { ListRow };
