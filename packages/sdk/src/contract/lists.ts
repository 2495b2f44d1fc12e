import { z } from 'zod';
import { CardSummary } from './cards.js';
import {
  Condition,
  Currency,
  DateTime,
  Finish,
  Id,
  Paging,
  queryBool,
  queryInt,
  SkippedLine,
  SortDirection,
  UserSummary,
} from './common.js';
import { endpoint } from './endpoint.js';
import { LIMITS } from './limits.js';
import {
  EXPORT_FORMATS,
  IMPORT_FORMATS,
  IMPORT_METHODS,
  LIST_ORDERS,
  LIST_SHARING,
  LIST_TYPES,
  REVISION_ACTIONS,
  REVISION_OPS,
} from './values.js';

const tag = 'lists';

export const ListType = z
  .enum(LIST_TYPES)
  .meta({ id: 'ListType', description: 'collection lists are binders: together they are the collection' });

export const ListSharing = z.enum(LIST_SHARING).meta({
  id: 'ListSharing',
  description:
    "friends: the owner's friends and playgroup members see what it holds when they look for who can lend a card",
});

export const CardList = z
  .object({
    id: Id,
    name: z.string(),
    type: ListType,
    hidden: z.boolean(),
    // A default: an answer from a server older than this field still reads.
    sharing: ListSharing.default('private'),
    /** The default binder receives the cards of deleted lists. */
    isDefault: z.boolean(),
    cards: z.number().int().meta({ description: 'Total quantity' }),
    unique: z.number().int(),
    value: z.number().meta({ description: 'Value in the requested currency' }),
    unresolved: z.number().int().default(0).meta({
      description: 'Entries an import could not match to a printing (find them with is:unresolved)',
    }),
    currency: Currency,
    revision: z
      .number()
      .int()
      .meta({ description: 'Current revision number; send it back as expectedRevision' }),
    createdAt: DateTime,
    updatedAt: DateTime,
  })
  .meta({ id: 'CardList' });
export type CardList = z.infer<typeof CardList>;

/**
 * One line of a list: a printing in a finish, condition and language, with a quantity. A page of
 * entries is the largest answer the API gives often, so a field at its default (the `.default(…)`
 * below: no condition, no purchase price, no tags, nonfoil…) is left out of the JSON; parsing with
 * this schema (as the SDK's client does) puts it back.
 */
export const ListEntry = z
  .object({
    id: Id,
    listId: Id,
    card: CardSummary.nullable().meta({
      description: 'What the grid and table show of the printing; null while unresolved',
    }),
    quantity: z.number().int().min(1),
    finish: Finish.default('nonfoil'),
    condition: Condition.nullable().default(null),
    language: z.string(),
    purchasePrice: z.number().nullable().default(null),
    purchaseCurrency: z.string().nullable().default(null),
    tags: z.array(z.string()).default(() => []),
    price: z
      .number()
      .nullable()
      .default(null)
      .meta({ description: 'Unit price in the requested currency and finish' }),
    addedAt: DateTime,
    /** Rows an import could not match to a card; fix them by replacing with a resolved card. */
    unresolved: z
      .object({
        name: z.string(),
        setCode: z.string().nullable(),
        collectorNumber: z.string().nullable(),
        reason: z.string(),
      })
      .nullable()
      .default(null),
    /**
     * The imported row's printing as the file named it, and how it was matched; null for cards
     * added by hand.
     */
    imported: z
      .object({
        name: z.string(),
        setCode: z.string().nullable(),
        collectorNumber: z.string().nullable(),
        method: z.enum(IMPORT_METHODS),
      })
      .nullable()
      .default(null),
    printingGuessed: z
      .boolean()
      .default(false)
      .meta({ description: 'The import matched this entry by its name alone: its printing is a guess' }),
  })
  .meta({
    id: 'ListEntry',
    description:
      'A field at its default (null, false, an empty list, nonfoil) is left out of the JSON; the schema restores it',
  });
export type ListEntry = z.infer<typeof ListEntry>;

const CardLanguage = z
  .string()
  .trim()
  .toLowerCase()
  .min(LIMITS.cardLanguage.min)
  .max(LIMITS.cardLanguage.max);

const CardRefFields = z.object({
  cardId: Id.optional(),
  setCode: z.string().trim().toLowerCase().max(LIMITS.setCode.max).optional(),
  collectorNumber: z.string().trim().max(LIMITS.collectorNumber.max).optional(),
  name: z.string().trim().min(LIMITS.cardName.min).max(LIMITS.cardName.max).optional(),
  language: CardLanguage.optional(),
  finish: Finish.default('nonfoil'),
  condition: Condition.nullable().optional(),
});
const namesACard = (c: { cardId?: string; name?: string; setCode?: string; collectorNumber?: string }) =>
  c.cardId !== undefined || c.name !== undefined || Boolean(c.setCode && c.collectorNumber);
const NAME_A_CARD = {
  message: 'Name a card by cardId, by setCode and collectorNumber, or by name',
  path: ['cardId'],
};

/** How a change names a card: by Scryfall id, by set + number (+ language), or by name. */
export const CardRef = CardRefFields.refine(namesACard, NAME_A_CARD);

export const CardChange = CardRefFields.extend({
  quantity: z.number().int().min(LIMITS.listQuantity.min).max(LIMITS.listQuantity.max).default(1),
}).refine(namesACard, NAME_A_CARD);
export const EntryChange = z.object({
  entryId: Id,
  quantity: z
    .number()
    .int()
    .min(0)
    .max(LIMITS.listQuantity.max)
    .optional()
    .meta({ description: '0 removes the entry' }),
  finish: Finish.optional(),
  condition: Condition.nullable().optional(),
  language: CardLanguage.optional(),
  /** Resolve an unresolved entry, or change the printing. */
  cardId: Id.optional(),
});
const EntryRemoval = z.object({ entryId: Id, quantity: z.number().int().min(1).optional() });

export const RevisionChange = z.object({
  op: z.enum(REVISION_OPS),
  cardId: Id.nullable(),
  name: z.string(),
  finish: Finish,
  quantity: z.number().int().meta({ description: 'Signed quantity change' }),
});

export const Revision = z
  .object({
    id: Id,
    number: z.number().int(),
    author: UserSummary,
    createdAt: DateTime,
    action: z.enum(REVISION_ACTIONS),
    summary: z.string(),
    changes: z.array(RevisionChange),
    revertedTo: z.number().int().nullable(),
  })
  .meta({ id: 'Revision' });
export type Revision = z.infer<typeof Revision>;

const ListIdParams = z.object({ id: Id });
const Concurrency = z.object({
  expectedRevision: z
    .number()
    .int()
    .optional()
    .meta({ description: 'When given and the list moved on, the call fails with 409 and changes nothing' }),
});
const ListChangeResponse = z.object({ list: CardList, revision: Revision });

export const ImportFormat = z.enum(IMPORT_FORMATS).meta({ id: 'ImportFormat' });
export const ExportFormat = z.enum(EXPORT_FORMATS).meta({
  id: 'ExportFormat',
  description:
    'A collection format writes a CSV (text/csv); arena, mtgo and plain a text decklist (text/plain) and dek an MTGO deck (application/xml), every entry on the main board. Content-Disposition names the file with its extension (.csv, .txt, .dek).',
});

export const ImportReport = z
  .object({
    format: ImportFormat,
    rows: z.number().int().meta({
      description:
        'Rows (or decklist lines) read: the resolved counts + merged + unresolved + errors + skipped lines',
    }),
    resolved: z.object({
      byId: z.number().int().meta({ description: 'By the Scryfall id, or a .dek item by its MTGO CatID' }),
      bySetNumber: z.number().int(),
      bySetName: z
        .number()
        .int()
        .default(0)
        .meta({ description: 'By the set and the name (no collector number matched)' }),
      byName: z.number().int().meta({ description: 'By the name alone: the printing was guessed' }),
    }),
    added: z.number().int().meta({ description: 'Cards added (quantity)' }),
    merged: z.number().int().meta({ description: 'Rows merged into identical rows' }),
    unresolved: z.array(
      z.object({ line: z.number().int(), name: z.string(), reason: z.string(), entryId: Id }),
    ),
    // The fields below have defaults: a report from a server older than them still reads.
    guessed: z
      .array(
        z.object({
          line: z.number().int(),
          name: z.string(),
          setCode: z.string().nullable(),
          collectorNumber: z.string().nullable(),
          entryId: Id,
        }),
      )
      .default([])
      .meta({ description: 'Rows matched by their name alone: the printing is a guess, to check' }),
    skipped: z
      .array(SkippedLine)
      .default([])
      .meta({
        description: `Lines left out on purpose (blank, comment, header, title, separator, prose): the first ${LIMITS.importSkippedShown.max}`,
      }),
    skippedLines: z
      .number()
      .int()
      .default(0)
      .meta({ description: 'Every line left out on purpose, shown or not' }),
    errors: z.array(z.object({ line: z.number().int(), message: z.string(), field: z.string().optional() })),
    revision: Revision.nullable(),
  })
  .meta({ id: 'ImportReport' });
export type ImportReport = z.infer<typeof ImportReport>;

export const ListOrder = z.enum(LIST_ORDERS);

const ListName = z.string().trim().min(LIMITS.listName.min).max(LIMITS.listName.max);

export const lists = {
  list: endpoint(tag, {
    method: 'GET',
    path: '/user/lists',
    summary: 'Visible lists of the caller',
    query: z.object({ currency: Currency.optional() }),
    response: z.object({ lists: z.array(CardList) }),
  }),
  create: endpoint(tag, {
    method: 'POST',
    path: '/user/lists',
    summary: 'Create a list',
    body: z.object({ name: ListName, type: ListType }),
    status: 201,
    response: z.object({ list: CardList }),
  }),
  get: endpoint(tag, {
    method: 'GET',
    path: '/user/lists/:id',
    summary: 'A list with one page of its entries',
    params: ListIdParams,
    query: Paging.extend({
      q: z.string().max(LIMITS.searchQuery.max).optional().meta({ description: 'Scryfall-syntax filter' }),
      order_by: ListOrder.default('name'),
      order_direction: SortDirection.default('asc'),
      currency: Currency.optional(),
      unresolved: queryBool().optional(),
    }),
    response: z.object({
      list: CardList,
      entries: z.array(ListEntry),
      total: z.number().int(),
      page: z.number().int(),
      limit: z.number().int(),
    }),
  }),
  rename: endpoint(tag, {
    method: 'PUT',
    path: '/user/lists/:id',
    summary: 'Rename a list, change its type or whom it is shared with',
    params: ListIdParams,
    body: z.object({ name: ListName.optional(), type: ListType.optional(), sharing: ListSharing.optional() }),
    response: z.object({ list: CardList }),
  }),
  export: endpoint(tag, {
    method: 'GET',
    path: '/user/lists/:id/export',
    summary: 'Export a list as a file in one of the export formats (streamed)',
    params: ListIdParams,
    query: z.object({ format: ExportFormat.default('companion') }),
    response: z.string(),
    responseType: 'text',
  }),
  addCards: endpoint(tag, {
    method: 'POST',
    path: '/user/lists/:id/cards',
    summary: 'Add cards (identical rows merge)',
    params: ListIdParams,
    body: Concurrency.extend({
      cards: z.array(CardChange).min(LIMITS.listBatch.min).max(LIMITS.listBatch.max),
    }),
    response: ListChangeResponse,
  }),
  removeCards: endpoint(tag, {
    method: 'POST',
    path: '/user/lists/:id/cards/remove',
    summary: 'Remove entries, or some copies of them',
    params: ListIdParams,
    body: Concurrency.extend({
      cards: z.array(EntryRemoval).min(LIMITS.listBatch.min).max(LIMITS.listBatch.max),
    }),
    response: ListChangeResponse,
  }),
  moveCards: endpoint(tag, {
    method: 'POST',
    path: '/user/lists/:id/cards/move',
    summary: 'Move entries (or some copies) to another list',
    params: ListIdParams,
    body: Concurrency.extend({
      target: Id,
      cards: z.array(EntryRemoval).min(LIMITS.listBatch.min).max(LIMITS.listBatch.max),
    }),
    response: ListChangeResponse.extend({ target: CardList }),
  }),
  updateCards: endpoint(tag, {
    method: 'PUT',
    path: '/user/lists/:id/cards',
    summary: 'Change quantity, finish, condition, language or printing of entries',
    params: ListIdParams,
    body: Concurrency.extend({
      cards: z.array(EntryChange).min(LIMITS.listBatch.min).max(LIMITS.listBatch.max),
    }),
    response: ListChangeResponse,
  }),
  revisions: endpoint(tag, {
    method: 'GET',
    path: '/user/lists/:id/revisions',
    summary: 'Revision history, newest first',
    extension: true,
    params: ListIdParams,
    query: Paging,
    response: z.object({ revisions: z.array(Revision), total: z.number().int() }),
  }),
  revert: endpoint(tag, {
    method: 'POST',
    path: '/user/lists/:id/revert/:revisionId',
    summary: 'Return the list to the state after a revision (recorded as a new revision)',
    description:
      'With expected_revision, the call fails with 409 and changes nothing when the list moved on: an ' +
      '"Undo" reverts only the change it undoes.',
    params: z.object({ id: Id, revisionId: Id }),
    query: z.object({
      expected_revision: queryInt().min(0).optional().meta({
        description: 'When given and the list moved on, the call fails with 409 and changes nothing',
      }),
    }),
    response: ListChangeResponse,
  }),
  delete: endpoint(tag, {
    method: 'DELETE',
    path: '/user/lists/:id',
    summary: 'Delete a list; with keep_cards its cards move to the default binder',
    params: ListIdParams,
    query: z.object({ keep_cards: queryBool().default(false) }),
    response: z.object({ ok: z.literal(true), movedTo: Id.nullable() }),
  }),
  hide: endpoint(tag, {
    method: 'PUT',
    path: '/user/lists/:id/hide',
    summary: 'Hide a list',
    params: ListIdParams,
    response: z.object({ list: CardList }),
  }),
  restore: endpoint(tag, {
    method: 'PUT',
    path: '/user/lists/:id/restore',
    summary: 'Show a hidden list again',
    params: ListIdParams,
    response: z.object({ list: CardList }),
  }),
  hidden: endpoint(tag, {
    method: 'GET',
    path: '/user/lists/hidden',
    summary: 'Hidden lists',
    response: z.object({ lists: z.array(CardList) }),
  }),
  import: endpoint(tag, {
    method: 'POST',
    path: '/user/lists/:id/import',
    summary: 'Import a CSV export, a decklist or an MTGO .dek into the list',
    extension: true,
    params: ListIdParams,
    body: z.object({
      content: z.string().min(LIMITS.importContent.min).max(LIMITS.importContent.max),
      format: ImportFormat.default('auto'),
      filename: z.string().max(LIMITS.filename.max).optional(),
    }),
    response: ImportReport,
  }),
} as const;
