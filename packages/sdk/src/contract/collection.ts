import { z } from 'zod';
import { Currency, queryInt } from './common.js';
import { endpoint } from './endpoint.js';
import { ExportFormat, ListEntry, ListOrder } from './lists.js';

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
      name: z.string().max(200).optional(),
      scryfall: z.string().max(500).optional(),
      page: queryInt().min(1).default(1),
      limit: queryInt().min(1).max(200).default(50),
      order_by: ListOrder.default('name'),
      order_direction: z.enum(['asc', 'desc']).default('asc'),
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
  export: endpoint(tag, {
    method: 'GET',
    path: '/user/collection/export',
    summary: 'Export the whole collection as CSV (streamed)',
    query: z.object({ format: ExportFormat.default('companion') }),
    response: z.string(),
    responseType: 'text',
  }),
} as const;
