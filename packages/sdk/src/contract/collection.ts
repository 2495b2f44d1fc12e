import { z } from 'zod';
import { Currency, Id, IdParams, queryInt, SortDirection } from './common.js';
import { Board } from './decks.js';
import { endpoint } from './endpoint.js';
import { LIMITS } from './limits.js';
import { ExportFormat, ListEntry, ListOrder, ListType } from './lists.js';

const tag = 'collection';

const Breakdown = z.object({
  key: z.string(),
  label: z.string(),
  cards: z.number().int(),
  value: z.number(),
});

export const CollectionSummary = z
  .object({
    cards: z.number().int(),
    unique: z.number().int(),
    value: z.number(),
    currency: Currency,
    binders: z.number().int(),
    unresolved: z.number().int(),
    bySet: z.array(Breakdown),
    byColor: z.array(Breakdown),
    byRarity: z.array(Breakdown),
    /** Value of today's collection at each recorded price snapshot. */
    history: z.array(z.object({ date: z.iso.date(), value: z.number() })),
  })
  .meta({ id: 'CollectionSummary' });

const FinishCounts = z
  .object({ nonfoil: z.number().int(), foil: z.number().int(), etched: z.number().int() })
  .meta({ id: 'FinishCounts', description: 'Copies per finish' });

/** One of the caller's lists holding a card: copies of that printing, and of its other printings. */
export const ListHolding = z
  .object({
    id: Id,
    name: z.string(),
    type: ListType,
    /** A list the caller hid from their lists (still theirs). */
    hidden: z.boolean(),
    printing: FinishCounts,
    otherPrintings: FinishCounts,
  })
  .meta({ id: 'ListHolding' });

/** One of the caller's decks playing a card, per board (any printing, or the name when unresolved). */
export const DeckHolding = z
  .object({
    id: Id,
    name: z.string(),
    archived: z.boolean(),
    boards: z.array(
      z.object({
        board: Board,
        /** Copies of that printing. */
        printing: z.number().int(),
        /** Copies of its other printings, or lines of that name not matched to a printing. */
        otherPrintings: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'DeckHolding' });

export const CardHoldings = z
  .object({
    /** The printing asked about and its Oracle card (null for the few cards without one). */
    card: z.object({ id: Id, oracle_id: z.string().nullable(), name: z.string() }),
    lists: z.array(ListHolding),
    decks: z.array(DeckHolding),
  })
  .meta({ id: 'CardHoldings' });

export const collection = {
  summary: endpoint(tag, {
    method: 'GET',
    path: '/user/collection',
    summary: 'Totals and breakdowns of the collection (every binder)',
    query: z.object({ currency: Currency.optional() }),
    response: z.object({ collection: CollectionSummary }),
  }),
  search: endpoint(tag, {
    method: 'GET',
    path: '/user/collection/search',
    summary: 'Search the collection by name and Scryfall syntax',
    query: z.object({
      name: z.string().max(LIMITS.nameFilter.max).optional(),
      scryfall: z.string().max(LIMITS.searchQuery.max).optional(),
      page: queryInt().min(1).default(1),
      limit: queryInt().min(LIMITS.pageSize.min).max(LIMITS.pageSize.max).default(50),
      order_by: ListOrder.default('name'),
      order_direction: SortDirection.default('asc'),
      currency: Currency.optional(),
    }),
    response: z.object({
      entries: z.array(ListEntry),
      total: z.number().int(),
      page: z.number().int(),
      limit: z.number().int(),
      currency: Currency,
    }),
  }),
  holdings: endpoint(tag, {
    method: 'GET',
    path: '/user/cards/:id/holdings',
    summary: "Which of the caller's lists and decks hold a card",
    description:
      'Every list (binders, wishlists, trade and custom lists) and deck of the caller holding the printing or another printing of the same Oracle card, with copies per finish (lists) and per board (decks), in one call. Lists and decks are ordered by name.',
    params: IdParams,
    response: CardHoldings,
    extension: true,
  }),
  export: endpoint(tag, {
    method: 'GET',
    path: '/user/collection/export',
    summary: 'Export the whole collection as a file in one of the export formats (streamed)',
    query: z.object({ format: ExportFormat.default('companion') }),
    response: z.string(),
    responseType: 'text',
  }),
} as const;
