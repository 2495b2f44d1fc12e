import { z } from 'zod';
import { Color, DateTime, Finish, Id, queryInt, SortDirection } from './common.js';
import { endpoint } from './endpoint.js';
import { LIMITS } from './limits.js';
import { CARD_ORDERS, CARD_UNIQUE, LEGALITIES } from './values.js';

const tag = 'cards';

/** Scryfall's image URIs. */
export const ImageUris = z
  .object({
    small: z.string().optional(),
    normal: z.string().optional(),
    large: z.string().optional(),
    png: z.string().optional(),
    art_crop: z.string().optional(),
    border_crop: z.string().optional(),
  })
  .meta({ id: 'ImageUris' });

/** Prices as Scryfall gives them (decimal strings), per finish and currency. */
export const Prices = z
  .object({
    usd: z.string().nullable(),
    usd_foil: z.string().nullable(),
    usd_etched: z.string().nullable(),
    eur: z.string().nullable(),
    eur_foil: z.string().nullable(),
    tix: z.string().nullable(),
  })
  .meta({ id: 'Prices' });
export type Prices = z.infer<typeof Prices>;

export const CardFace = z
  .object({
    name: z.string(),
    printed_name: z.string().nullable().optional(),
    mana_cost: z.string().nullable(),
    type_line: z.string().nullable(),
    oracle_text: z.string().nullable(),
    printed_text: z.string().nullable().optional(),
    colors: z.array(Color).nullable(),
    power: z.string().nullable().optional(),
    toughness: z.string().nullable().optional(),
    loyalty: z.string().nullable().optional(),
    image_uris: ImageUris.nullable(),
  })
  .meta({ id: 'CardFace' });

export const Legality = z.enum(LEGALITIES);

/**
 * A printing of a card. Field names follow Scryfall's card objects so bots and tools written for
 * Scryfall read it as they are.
 */
export const Card = z
  .object({
    id: Id.meta({ description: 'Scryfall id of this printing' }),
    oracle_id: z.string().nullable(),
    name: z.string(),
    printed_name: z.string().nullable(),
    lang: z.string(),
    layout: z.string(),
    set: z.string().meta({ description: 'Set code, lowercase' }),
    set_name: z.string(),
    collector_number: z.string(),
    rarity: z.string(),
    released_at: z.string().nullable(),
    mana_cost: z.string().nullable(),
    cmc: z.number(),
    type_line: z.string().nullable(),
    oracle_text: z.string().nullable(),
    printed_text: z.string().nullable(),
    power: z.string().nullable(),
    toughness: z.string().nullable(),
    loyalty: z.string().nullable(),
    colors: z.array(Color).nullable(),
    color_identity: z.array(Color),
    keywords: z.array(z.string()),
    finishes: z.array(Finish),
    image_uris: ImageUris.nullable(),
    card_faces: z.array(CardFace).nullable(),
    prices: Prices,
    legalities: z.record(z.string(), Legality),
    game_changer: z.boolean(),
    artist: z.string().nullable(),
    scryfall_uri: z.string().nullable(),
  })
  .meta({ id: 'Card' });
export type Card = z.infer<typeof Card>;

/** The one picture a page of entries shows of a face: Scryfall's normal size (the grid's tiles). */
export const CardSummaryImageUris = z
  .object({ normal: z.string().optional() })
  .meta({ id: 'CardSummaryImageUris', description: "Scryfall's normal-size image URI" });

export const CardSummaryFace = z
  .object({
    name: z.string(),
    mana_cost: z.string().nullable(),
    type_line: z.string().nullable(),
    image_uris: CardSummaryImageUris.nullable(),
  })
  .meta({ id: 'CardSummaryFace' });

/**
 * A printing as a page of list or collection entries shows it: its name, cost, type, printing,
 * finishes and one picture per face, with Card's field names. The whole printing (oracle text,
 * legalities, prices, every picture size) is `GET /card` by its set, collector_number and lang.
 */
export const CardSummary = Card.pick({
  id: true,
  name: true,
  lang: true,
  set: true,
  set_name: true,
  collector_number: true,
  rarity: true,
  mana_cost: true,
  type_line: true,
  finishes: true,
})
  .extend({
    printed_name: z.string().nullable().default(null),
    image_uris: CardSummaryImageUris.nullable().default(null).meta({
      description: 'Null when the printing has no picture of its own: double-faced cards have one per face',
    }),
    card_faces: z.array(CardSummaryFace).nullable().default(null),
  })
  .meta({
    id: 'CardSummary',
    description:
      'What a page of list or collection entries shows of a printing; GET /card by set, collector_number and lang gives it whole. printed_name, image_uris and card_faces are left out of the JSON when null',
  });
export type CardSummary = z.infer<typeof CardSummary>;

export const CardSet = z
  .object({
    code: z.string(),
    name: z.string(),
    set_type: z.string(),
    released_at: z.string().nullable(),
    card_count: z.number().int(),
    parent_set_code: z.string().nullable(),
    icon_svg_uri: z.string().nullable(),
    digital: z.boolean(),
  })
  .meta({ id: 'CardSet' });
export type CardSet = z.infer<typeof CardSet>;

export const PricePoint = z
  .object({
    date: z.iso.date(),
    usd: z.number().nullable(),
    usd_foil: z.number().nullable(),
    usd_etched: z.number().nullable(),
    eur: z.number().nullable(),
    eur_foil: z.number().nullable(),
    tix: z.number().nullable(),
  })
  .meta({ id: 'PricePoint' });

const SetCode = z.string().trim().toLowerCase().min(LIMITS.setCode.min).max(LIMITS.setCode.max);
const CollectorNumber = z.string().trim().min(LIMITS.collectorNumber.min).max(LIMITS.collectorNumber.max);
const Lang = z
  .string()
  .trim()
  .toLowerCase()
  .min(LIMITS.cardLanguage.min)
  .max(LIMITS.cardLanguage.max)
  .default('en');

export const cards = {
  get: endpoint(tag, {
    method: 'GET',
    path: '/card',
    summary: 'A printing by set code, collector number, language and finish',
    query: z.object({
      set_code: SetCode,
      collector_number: CollectorNumber,
      lang: Lang,
      finish: Finish.default('nonfoil'),
    }),
    response: z.object({ card: Card, finish: Finish, price: z.number().nullable() }),
  }),
  search: endpoint(tag, {
    method: 'GET',
    path: '/cards/search',
    summary: 'Search the catalogue with Scryfall syntax',
    description:
      'Supports name words, "quoted words", !"exact name", t:, o:, c:/id: with = >= <= and colour names, ' +
      'mv/cmc comparisons, r:, s:/e:, cn:, lang:, f:/legal:, is:gamechanger, is:commander, usd/eur comparisons, ' +
      '- negation, or, and parentheses. Unknown keys answer 400 naming the key.',
    query: z.object({
      q: z.string().trim().min(LIMITS.searchQuery.min).max(LIMITS.searchQuery.max),
      page: queryInt().min(1).default(1),
      limit: queryInt().min(LIMITS.pageSize.min).max(LIMITS.pageSize.max).default(50),
      unique: z.enum(CARD_UNIQUE).default('cards'),
      order: z.enum(CARD_ORDERS).default('name'),
      dir: SortDirection.default('asc'),
    }),
    response: z.object({
      cards: z.array(Card),
      total: z.number().int(),
      page: z.number().int(),
      limit: z.number().int(),
      hasMore: z.boolean(),
    }),
  }),
  autocomplete: endpoint(tag, {
    method: 'GET',
    path: '/cards/autocomplete',
    summary: 'Up to 20 card names containing the typed text, names that start with it first',
    description:
      'Accents, case and curly quotes are ignored; a face name ("Fire") finds its card ("Fire // Ice"). ' +
      'The text needs at least two characters.',
    extension: true,
    query: z.object({
      q: z.string().trim().min(LIMITS.autocompleteQuery.min).max(LIMITS.autocompleteQuery.max),
    }),
    response: z.object({ names: z.array(z.string()).max(LIMITS.autocompleteNames.max) }),
  }),
  similar: endpoint(tag, {
    method: 'GET',
    path: '/cards/similar',
    summary: 'Card names nearest to a misspelled or partial name ("did you mean"), by trigram distance',
    description:
      'Compares the name with every name a card answers to (full name, face names, printed names), ' +
      'ignoring accents, case and curly quotes, and answers the nearest first with a score from 0 to 1 ' +
      '(1: the name contains the text) and one of its printings, the newest, to open its prints from.',
    extension: true,
    query: z.object({ name: z.string().trim().min(LIMITS.autocompleteQuery.min).max(LIMITS.cardName.max) }),
    response: z.object({
      names: z
        .array(
          z.object({
            name: z.string(),
            cardId: Id.meta({ description: 'The newest printing of that name' }),
            score: z.number().min(0).max(1),
          }),
        )
        .max(LIMITS.similarNames.max),
    }),
  }),
  prints: endpoint(tag, {
    method: 'GET',
    path: '/cards/:id/prints',
    summary: 'Every printing of the card, newest first',
    params: z.object({ id: Id }),
    response: z.object({ cards: z.array(Card) }),
  }),
  sets: endpoint(tag, {
    method: 'GET',
    path: '/cards/sets',
    summary: 'Every card set',
    response: z.object({ sets: z.array(CardSet) }),
  }),
  price: endpoint(tag, {
    method: 'GET',
    path: '/card/price',
    summary: 'Current prices and price history of a printing, by id or by set/number/language',
    query: z
      .object({
        id: Id.optional(),
        set_code: SetCode.optional(),
        collector_number: CollectorNumber.optional(),
        lang: Lang,
      })
      .refine((q) => q.id !== undefined || (q.set_code !== undefined && q.collector_number !== undefined), {
        message: 'Give id, or set_code and collector_number',
        path: ['id'],
      }),
    response: z.object({
      id: Id,
      prices: Prices,
      updatedAt: DateTime.nullable(),
      history: z.array(PricePoint),
    }),
  }),
} as const;
