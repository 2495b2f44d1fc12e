/**
 * Reading card lists: the caller's lists with their totals (cards, unique cards, value in a
 * currency), one list they own (404 otherwise), and an entry as the contract shows it.
 */
import { type CardList, type CurrencyValue, ListEntry, omitDefaults } from '@companion/sdk/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { cardLists } from '../../db/catalogue.js';
import type { Db } from '../../db/client.js';
import { type CardSummaryData, priceSql, toCardSummary, unitPrice } from '../catalogue.js';
import { iso } from '../dto.js';
import { NotFound } from '../errors.js';
import { defaultBinder, type EntryRow, type ListRow } from './store.js';

export type ListType = ListRow['type'];

const money = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;

/**
 * An entry as the API sends it: fields at their default in the contract (no condition, no purchase
 * price, no tags, nonfoil, no import…) are left out, and the contract's schema puts them back.
 */
export function toListEntry(
  e: EntryRow,
  card: CardSummaryData | null,
  currency: CurrencyValue,
): z.input<typeof ListEntry> {
  return omitDefaults(ListEntry, {
    id: e.id,
    listId: e.listId,
    card: card ? toCardSummary(card) : null,
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
    imported: e.imported ?? null,
    printingGuessed: e.cardId !== null && e.imported?.method === 'name',
  });
}

interface ListTotals {
  cards: number;
  unique: number;
  value: number;
  /** Entries an import could not match to a printing. */
  unresolved: number;
}

export async function listTotals(db: Db, listIds: string[], currency: CurrencyValue) {
  const out = new Map<string, ListTotals>();
  if (!listIds.length) return out;
  const price = priceSql(currency, sql`e.finish`, sql.raw('c'));
  const result = await db.execute(sql`select e.list_id, coalesce(sum(e.quantity), 0)::int as cards,
      count(distinct coalesce(e.card_id, 'name:' || lower(e.name)))::int as unique,
      coalesce(sum(e.quantity * ${price}), 0)::float8 as value,
      count(*) filter (where e.card_id is null)::int as unresolved
    from list_entries e left join cards c on c.id = e.card_id
    where e.list_id in (select jsonb_array_elements_text(${JSON.stringify(listIds)}::jsonb)::uuid)
    group by e.list_id`);
  for (const r of (
    result as unknown as {
      rows: Array<{ list_id: string; cards: number; unique: number; value: number; unresolved: number }>;
    }
  ).rows) {
    out.set(r.list_id, {
      cards: Number(r.cards),
      unique: Number(r.unique),
      value: money(r.value),
      unresolved: Number(r.unresolved),
    });
  }
  return out;
}

export function toCardList(l: ListRow, totals: ListTotals | undefined, currency: CurrencyValue): CardList {
  return {
    id: l.id,
    name: l.name,
    type: l.type,
    hidden: l.hidden,
    sharing: l.sharing,
    isDefault: l.isDefault,
    cards: totals?.cards ?? 0,
    unique: totals?.unique ?? 0,
    value: totals?.value ?? 0,
    unresolved: totals?.unresolved ?? 0,
    currency,
    revision: l.revision,
    createdAt: iso(l.createdAt),
    updatedAt: iso(l.updatedAt),
  };
}

export async function cardListDto(db: Db, l: ListRow, currency: CurrencyValue): Promise<CardList> {
  return toCardList(l, (await listTotals(db, [l.id], currency)).get(l.id), currency);
}

export async function userLists(
  db: Db,
  ownerId: string,
  hidden: boolean,
  currency: CurrencyValue,
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
