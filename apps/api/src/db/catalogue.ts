/**
 * The card catalogue (Scryfall printings, sets, dated prices, id migrations) and the card lists
 * built on it (binders, wishlists, trade and custom lists, with their revision history).
 * Gathered with `core.ts` by `schema.ts`, which the drizzle client and drizzle-kit read.
 */
import {
  CATALOGUE_SYNC_STATUSES,
  CATALOGUE_SYNC_TRIGGERS,
  FINISHES,
  type ImportMethodValue,
  LIST_DELETE_STRATEGIES,
  LIST_SHARING,
  LIST_TYPES,
  REVISION_ACTIONS,
} from '@companion/sdk/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { money, oneOf, tstz, valueText } from './columns.js';
import { users } from './core.js';

/** One printing (Scryfall card object), keyed by its Scryfall id. */
export const cards = pgTable(
  'cards',
  {
    id: text('id').primaryKey(),
    oracleId: text('oracle_id'),
    name: text('name').notNull(),
    printedName: text('printed_name'),
    lang: text('lang').notNull(),
    set: text('set').notNull(),
    setName: text('set_name').notNull(),
    collectorNumber: text('collector_number').notNull(),
    rarity: text('rarity').notNull(),
    layout: text('layout').notNull(),
    manaCost: text('mana_cost'),
    cmc: doublePrecision('cmc').notNull().default(0),
    typeLine: text('type_line'),
    oracleText: text('oracle_text'),
    printedText: text('printed_text'),
    power: text('power'),
    toughness: text('toughness'),
    loyalty: text('loyalty'),
    /** Scryfall's colours, or the union of the faces' colours when the card has none of its own. */
    colors: text('colors').array().notNull().default(sql`'{}'::text[]`),
    /** False when Scryfall gives no top-level colours (the API answers null then). */
    hasColors: boolean('has_colors').notNull().default(true),
    colorIdentity: text('color_identity').array().notNull().default(sql`'{}'::text[]`),
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    finishes: text('finishes').array().notNull().default(sql`'{}'::text[]`),
    gameChanger: boolean('game_changer').notNull().default(false),
    legalities: jsonb('legalities').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    imageUris: jsonb('image_uris').$type<Record<string, string> | null>(),
    cardFaces: jsonb('card_faces').$type<Array<Record<string, unknown>> | null>(),
    usd: money('usd'),
    usdFoil: money('usd_foil'),
    usdEtched: money('usd_etched'),
    eur: money('eur'),
    eurFoil: money('eur_foil'),
    tix: money('tix'),
    pricesUpdatedAt: tstz('prices_updated_at'),
    releasedAt: date('released_at', { mode: 'string' }),
    artist: text('artist'),
    scryfallUri: text('scryfall_uri'),
    /** Scryfall's `mtgo_id`: the MTGO catalogue id (a .dek's CatID) of the printing's nonfoil. */
    mtgoId: integer('mtgo_id'),
    /** Scryfall's `mtgo_foil_id`: the MTGO catalogue id of the printing's foil (premium) version. */
    mtgoFoilId: integer('mtgo_foil_id'),
    /** Normalised names, `|full name|face 1|face 2|printed name|`: substring search (trigram index). */
    searchName: text('search_name').notNull(),
    /** Normalised full name and face names: exact name lookups (GIN on the array). */
    nameKeys: text('name_keys').array().notNull(),
    /** Type lines and oracle texts of the card and every face (t: and o: search). */
    searchTypes: text('search_types').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    // Search-only values (never in the API's Card), for Scryfall's keys (migration 0019).
    /** Oracle texts without reminder text (`o:`; `fo:` reads `search_text`). */
    searchRules: text('search_rules').notNull().default(''),
    /** Flavor texts of the card and its faces, lower case (`ft:`). */
    searchFlavor: text('search_flavor').notNull().default(''),
    /** Mana cost symbols of every face, upper case without braces (`m:`, `devotion:`): 2, W, W/U… */
    manaSymbols: text('mana_symbols').array().notNull().default(sql`'{}'::text[]`),
    /** Power, toughness and loyalty as numbers (`*` counts 0), of the card or its first face with one. */
    powerNum: doublePrecision('power_num'),
    toughnessNum: doublePrecision('toughness_num'),
    loyaltyNum: doublePrecision('loyalty_num'),
    producedMana: text('produced_mana').array().notNull().default(sql`'{}'::text[]`),
    watermark: text('watermark'),
    games: text('games').array().notNull().default(sql`'{}'::text[]`),
    promoTypes: text('promo_types').array().notNull().default(sql`'{}'::text[]`),
    frameEffects: text('frame_effects').array().notNull().default(sql`'{}'::text[]`),
    borderColor: text('border_color'),
    frame: text('frame'),
    setType: text('set_type'),
    illustrationId: text('illustration_id'),
    edhrecRank: integer('edhrec_rank'),
    reserved: boolean('reserved').notNull().default(false),
    reprint: boolean('reprint').notNull().default(false),
    promo: boolean('promo').notNull().default(false),
    digital: boolean('digital').notNull().default(false),
    fullArt: boolean('full_art').notNull().default(false),
    textless: boolean('textless').notNull().default(false),
    oversized: boolean('oversized').notNull().default(false),
    booster: boolean('booster').notNull().default(false),
    storySpotlight: boolean('story_spotlight').notNull().default(false),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('cards_set_number').on(t.set, t.collectorNumber, t.lang),
    index('cards_oracle').on(t.oracleId, t.releasedAt),
    index('cards_search_name').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('cards_name_keys').using('gin', t.nameKeys),
    // Type, colour and mana value filters (`t:creature c:g mv<=3`), combined by bitmap AND, so a
    // search reads only the printings that pass all of them.
    index('cards_search_types').using('gin', sql`${t.searchTypes} gin_trgm_ops`),
    // Oracle text (`o:"draw a card"`): over 110,000 printings a scan of the wide rows took 90 ms
    // on PostgreSQL and 120 ms on PGlite; keeping the index costs a PGlite import about 10%.
    index('cards_search_rules').using('gin', sql`${t.searchRules} gin_trgm_ops`),
    index('cards_colors').using('gin', t.colors),
    index('cards_cmc').on(t.cmc),
    index('cards_game_changer').on(t.id).where(sql`${t.gameChanger}`),
    // .dek items found by CatID; most printings (paper only) have neither id.
    index('cards_mtgo_id').on(t.mtgoId).where(sql`${t.mtgoId} is not null`),
    index('cards_mtgo_foil_id').on(t.mtgoFoilId).where(sql`${t.mtgoFoilId} is not null`),
  ],
);

/** The columns of `card_search` and of `card_pick`, which holds some of its rows. */
const cardSearchColumns = () => ({
  cmc: doublePrecision('cmc').notNull(),
  /** The collector number's digits (0 without), then the number as text: its sort keys. */
  collectorSort: bigint('collector_sort', { mode: 'number' }).notNull(),
  /** Bit i set when `search_types` contains CARD_TYPE_WORDS[i]. */
  typeBits: integer('type_bits').notNull(),
  /** Bits of `colors` and `color_identity`: W 1, U 2, B 4, R 8, G 16 (CARD_COLOR_BITS). */
  colorBits: smallint('color_bits').notNull(),
  identityBits: smallint('identity_bits').notNull(),
  /** RARITY_RANK of the rarity. */
  rarityRank: smallint('rarity_rank').notNull(),
  /**
   * Whether a catalogue search without `lang:` shows this printing: it is in English, or its card
   * has no English printing (as on Scryfall). Kept by the trigger as English printings come and go
   * (migration 0023).
   */
  shown: boolean('shown').notNull().default(true),
  releasedAt: date('released_at', { mode: 'string' }),
  lang: text('lang').notNull(),
  /** Catalogue searches hide the extras' layouts, and `is:dfc` and the like read it. */
  layout: text('layout').notNull(),
  usd: money('usd'),
  eur: money('eur'),
  /**
   * Codes of what only the wide row would otherwise answer (migration 0021): for each format of
   * FLAG_FORMATS (card-search.ts) the printing is legal, restricted or banned in, `4 × (its
   * position, from 1) + 0, 1 or 2` (`legal:`, `restricted:`, `banned:`), and 1 for `is:commander`.
   * Read through its GIN index. Small integers, not `format:status` texts, which would make up
   * 229 of a row's 506 bytes.
   */
  flags: smallint('flags').array().notNull().default(sql`'{}'::smallint[]`),
  /** `coalesce(oracle_id, id)`: the card of the printing (`unique=cards`). */
  oracleKey: text('oracle_key').notNull(),
  id: text('id').notNull(),
  name: text('name').notNull(),
  set: text('set').notNull(),
  collectorNumber: text('collector_number').notNull(),
  searchTypes: text('search_types').notNull(),
  /** For the CSV export, which needs nothing else of the wide row. */
  setName: text('set_name').notNull(),
  usdFoil: money('usd_foil'),
  usdEtched: money('usd_etched'),
  eurFoil: money('eur_foil'),
});

/**
 * The few values of each printing that collection and catalogue searches filter and sort on, one
 * narrow row per `cards` row (about 280 bytes against 1.9 KB), kept in step by triggers on `cards`
 * (migrations 0003, 0020, 0021): a search scans these instead of the wide rows. The columns are in
 * the order a scan reads them (migration 0021 rebuilt the table so): fixed widths first, read at
 * fixed offsets, then the language and layout every catalogue search tests, the two prices
 * searches and orders read, the flags, and last what only a row on the page needs. Never written
 * by the application.
 */
export const cardSearch = pgTable(
  'card_search',
  {
    ...cardSearchColumns(),
    /**
     * Whether this is the first printing of its card in its language (the newest, undated last,
     * then by id; never an extra): what a `unique=cards` search with `lang:` shows when every
     * printing of the card in that language matches (migration 0028; card_pick's is the choice
     * across languages).
     */
    firstInLang: boolean('first_in_lang').notNull().default(false),
  },
  (t) => [
    // Partitioned by language (migration 0023): English printings in one partition, the others in a
    // second, so that a catalogue search without `lang:` reads the English ones alone, plus the few
    // others it shows (`card_search_alone`). The key holds the language, as a partitioned table's
    // must; a printing whose language changes is deleted and written again by the trigger.
    primaryKey({ name: 'card_search_pkey', columns: [t.id, t.lang] }),
    // Whether a card has an English printing: one probe here.
    index('card_search_english').on(t.oracleKey).where(sql`${t.lang} = 'en'`),
    // The non-English printings of a card, which the trigger shows or hides as its English ones
    // come and go.
    index('card_search_foreign').on(t.oracleKey).where(sql`${t.lang} <> 'en'`),
    // The non-English printings a search without `lang:` shows: those of cards without English.
    index('card_search_alone').on(t.id).where(sql`${t.shown} and ${t.lang} <> 'en'`),
    index('card_search_flags').using('gin', t.flags),
    // The first printing of each card in each language (never an extra), with what a search shows
    // and sorts by default: `lang:ja` reads its 13,000 rows over all_cards here alone, where it read
    // the other languages' primary key whole and 45,000 rows (43 -> 10 ms). Migration 0029.
    index('card_search_first')
      .on(t.lang, t.name, t.releasedAt, t.id, t.oracleKey)
      .where(sql`${t.firstInLang}`),
    // The `is:` values a layout answers (`is:dfc`, `is:split`, `is:flip`…), each a few hundred of
    // 110,000 printings: without it `is:dfc` read every English row (35 ms, 11 ms through it).
    index('card_search_layout').on(t.layout),
    // A set's printings (`set:`, `e:`, `s:`): without it `e:m21` read every English row (over
    // 110,000 printings, in-process: 36 -> 1.3 ms). Migration 0033.
    index('card_search_set').on(t.set),
    // English printings in the default order, and by each price with what a count of `usd>=1
    // r:rare` reads besides: a `unique=prints` search walks the first to its page rather than
    // sorting every match, and counts in the others alone (over 110,000 printings, `eur>=5 r:rare
    // unique=prints`, 22,517 rows: the page 28 -> 2.6 ms, the count 27 -> 9.5 ms). Migration 0034.
    index('card_search_name').on(t.name, t.releasedAt.desc().nullsLast(), t.id).where(sql`${t.lang} = 'en'`),
    index('card_search_usd').on(t.usd, t.rarityRank, t.layout).where(sql`${t.lang} = 'en'`),
    index('card_search_eur').on(t.eur, t.rarityRank, t.layout).where(sql`${t.lang} = 'en'`),
    // The codes of `entry_search.features` (type words, colours, identity, rarity, mana value),
    // computed by the same function and indexed without being stored: a catalogue search adds
    // `featureHints` over this expression (CARD_SEARCH_FEATURES in card-search.ts, which must
    // match it for the index to serve).
    index('card_search_features').using(
      'gin',
      sql`entry_search_features(${t.typeBits}, ${t.colorBits}, ${t.identityBits}, ${t.rarityRank}, ${t.cmc})`,
    ),
  ],
);

/**
 * One `card_search` row a card: the printing a catalogue search with `unique=cards` shows for it
 * when all its printings match. That is the choice the search makes among matching printings: in
 * English first, the newest (undated last), then by id; for a card without English, among its shown
 * printings; never an extra (EXTRA_LAYOUTS in card-search.ts, which migration 0024's list must
 * match: a test checks). A search that reads only what every printing of a card shares (types,
 * colours, mana value, `is:commander`, rules text) reads these 30,000 rows instead of choosing
 * among 110,000 printings. With the bounds of what its printings do not share (prices, rarity,
 * legalities: migration 0028), a search that also reads those finds here the cards whose pick
 * matches, and the few whose other printings may (see `pickBounds` in card-search.ts). Kept by the
 * `cards` trigger
 * (migrations 0024, 0028) for every card whose printings a statement writes or deletes; never
 * written by the application. Migration 0028 lays the bounds out among the fixed-width columns, so
 * that a scan reads them before the texts.
 */
export const cardPick = pgTable(
  'card_pick',
  {
    ...cardSearchColumns(),
    /** Bit `1 << rarity_rank` of each rarity among the card's printings (those the pick chose from). */
    rarityMask: smallint('rarity_mask').notNull().default(0),
    /** The lowest and highest `usd` among them (null when none has one)… */
    usdMin: money('usd_min'),
    usdMax: money('usd_max'),
    /** …and whether one of them has none. */
    usdMissing: boolean('usd_missing').notNull().default(false),
    eurMin: money('eur_min'),
    eurMax: money('eur_max'),
    eurMissing: boolean('eur_missing').notNull().default(false),
    /** Whether their `flags` (legalities, `is:commander`) differ. */
    flagsVary: boolean('flags_vary').notNull().default(false),
    /**
     * The pick's `flags` as bits (`flag_bits()`, migration 0029): 1 for `is:commander`, then for
     * each format of FLAG_FORMATS at position i (from 1) bit i when legal or restricted (`legal:`)
     * and bit 23 + i when banned. A scan tests a bit where it unpacked an array a row: counting
     * `legal:modern` over 30,000 picks, 9.2 -> 3.4 ms (the column among the fixed-width ones, as the
     * migration lays it out). `restricted:` reads `flags`.
     */
    legalBits: bigint('legal_bits', { mode: 'number' }).notNull().generatedAlwaysAs(sql`flag_bits(flags)`),
    /** The card's rules text (`cards.search_rules`): `o:` over one row a card, through its index. */
    searchRules: text('search_rules').notNull(),
    /**
     * What else every printing of a card shares, from the pick's `cards` row (migration 0035):
     * `pow`/`tou`/`loy`, `keyword:`, `m:`, `devotion:` and `produces:` over one row a card, where
     * they read and sorted every printing (`t:creature pow>=5` over 110,000 printings: 266 ms).
     */
    powerNum: doublePrecision('power_num'),
    toughnessNum: doublePrecision('toughness_num'),
    loyaltyNum: doublePrecision('loyalty_num'),
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    manaSymbols: text('mana_symbols').array().notNull().default(sql`'{}'::text[]`),
    producedMana: text('produced_mana').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Whether those differ among the card's printings (a reversible printing's mana cost counts
     * both faces; a sample file may lack an older printing's keywords): a search of them then
     * reads that card's printings, as it reads every card's without card_pick.
     */
    factsVary: boolean('facts_vary').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'card_pick_pkey', columns: [t.oracleKey] }),
    index('card_pick_rules').using('gin', sql`${t.searchRules} gin_trgm_ops`),
    // The picks by price, as a search sorts them (`order=usd`, `order=eur`): a search that also
    // reads prices or rarity takes the first page's worth of the cards whose pick matches along one
    // of these, where it read and sorted all of them (`usd>=10 order=usd` over 110,000 printings:
    // 9,650 picks). Migration 0031.
    index('card_pick_usd').on(t.usd, t.name, t.id),
    index('card_pick_eur').on(t.eur, t.name, t.id),
    // The bounds a price leaf reads (`usd>=10` reads usd_max, `usd<1` usd_min), with the pick's
    // own price and the card: the cards whose other printings may match (`usd_max >= 10 and not
    // usd >= 10`, 307 of 30,171) and the count of a search its bounds answer exactly (see
    // `exactlyBounded` in card-search.ts) are read from them alone, where card_pick was read whole
    // (`usd>=10` over 110,000 printings, medians of 20 interleaved: the page 24.9 -> 13.5 ms, the
    // count 21.8 -> 2.1 ms). Migration 0032.
    index('card_pick_usd_max').on(t.usdMax, t.usd, t.oracleKey),
    index('card_pick_usd_min').on(t.usdMin, t.usd, t.oracleKey),
    index('card_pick_eur_max').on(t.eurMax, t.eur, t.oracleKey),
    index('card_pick_eur_min').on(t.eurMin, t.eur, t.oracleKey),
    // The rarities among a card's printings, for a rarity leaf's bounds (`r:mythic`: the masks
    // with bit 3, 2,433 of 30,171 picks). Migration 0032.
    index('card_pick_rarity').on(t.rarityMask),
    // The cards whose facts vary (few, often none), which a search of them reads printing by
    // printing: without it, finding none read card_pick whole again. Migration 0035.
    index('card_pick_varied').on(t.oracleKey).where(sql`${t.factsVary}`),
  ],
);

export const cardSets = pgTable('card_sets', {
  code: text('code').primaryKey(),
  scryfallId: text('scryfall_id'),
  name: text('name').notNull(),
  setType: text('set_type').notNull().default('unknown'),
  releasedAt: date('released_at', { mode: 'string' }),
  cardCount: integer('card_count').notNull().default(0),
  parentSetCode: text('parent_set_code'),
  iconSvgUri: text('icon_svg_uri'),
  digital: boolean('digital').notNull().default(false),
  /** Scryfall's block code and name (`b:`), when the set belongs to one. */
  blockCode: text('block_code'),
  block: text('block'),
});

/** One price snapshot per printing per day (re-imports the same day overwrite it). */
export const cardPrices = pgTable(
  'card_prices',
  {
    cardId: text('card_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    usd: money('usd'),
    usdFoil: money('usd_foil'),
    usdEtched: money('usd_etched'),
    eur: money('eur'),
    eurFoil: money('eur_foil'),
    tix: money('tix'),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.date] }), index('card_prices_date').on(t.date)],
);

/** Scryfall id migrations: merged ids point at their new id, deleted ones at nothing. */
export const cardMigrations = pgTable(
  'card_migrations',
  {
    id: text('id').primaryKey(),
    oldScryfallId: text('old_scryfall_id').notNull(),
    newScryfallId: text('new_scryfall_id'),
    strategy: valueText('strategy', LIST_DELETE_STRATEGIES).notNull(),
    performedAt: date('performed_at', { mode: 'string' }),
    note: text('note'),
    appliedAt: tstz('applied_at'),
  },
  (t) => [oneOf('card_migrations_strategy_check', t.strategy, LIST_DELETE_STRATEGIES)],
);

export const cardLists = pgTable(
  'card_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: valueText('type', LIST_TYPES).notNull(),
    hidden: boolean('hidden').notNull().default(false),
    /** Who besides the owner sees what it holds (for "who can lend it"). */
    sharing: valueText('sharing', LIST_SHARING).notNull().default('private'),
    isDefault: boolean('is_default').notNull().default(false),
    /** Number of the latest revision. */
    revision: integer('revision').notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('card_lists_owner').on(t.ownerId, t.type),
    uniqueIndex('card_lists_one_default').on(t.ownerId).where(sql`${t.isDefault}`),
    oneOf('card_lists_type_check', t.type, LIST_TYPES),
    oneOf('card_lists_sharing_check', t.sharing, LIST_SHARING),
    index('card_lists_shared').on(t.ownerId).where(sql`${t.sharing} <> 'private'`),
  ],
);

export interface UnresolvedInfo {
  name: string;
  setCode: string | null;
  collectorNumber: string | null;
  reason: string;
}

/**
 * What an imported row said (kept as the file wrote it) and how it was matched. `chosen` once the
 * player picked the printing afterwards.
 */
export interface ImportedInfo {
  name: string;
  setCode: string | null;
  collectorNumber: string | null;
  /** How it was matched (the contract's IMPORT_METHODS): `name` alone means a guessed printing. */
  method: ImportMethodValue;
}

/**
 * A line of a list. Identical resolved lines (card, finish, condition, language) are one row: the
 * unique index lets writes merge with ON CONFLICT. `condition` is '' when unknown.
 */
export const listEntries = pgTable(
  'list_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => cardLists.id, { onDelete: 'cascade' }),
    cardId: text('card_id'),
    /** Card name (kept for unresolved lines and as the name when the printing goes away). */
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    finish: valueText('finish', FINISHES).notNull(),
    condition: text('condition').notNull().default(''),
    language: text('language').notNull().default('en'),
    purchasePrice: money('purchase_price'),
    purchaseCurrency: text('purchase_currency'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    unresolved: jsonb('unresolved').$type<UnresolvedInfo | null>(),
    /** The imported row's own text and how it was matched (null for cards added by hand). */
    imported: jsonb('imported').$type<ImportedInfo | null>(),
    addedAt: tstz('added_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('list_entries_identity')
      .on(t.listId, t.cardId, t.finish, t.condition, t.language)
      .where(sql`${t.cardId} is not null`),
    index('list_entries_list').on(t.listId, t.addedAt),
    // By printing, then list: a search that starts from the matching printings finds a list's
    // entries of each directly; `card_id is null` finds a list's unresolved entries.
    index('list_entries_card').on(t.cardId, t.listId),
    oneOf('list_entries_finish_check', t.finish, FINISHES),
  ],
);

/**
 * The search row of each resolved list entry: its printing's `card_search` values (types, colours,
 * mana value, rarity, sort keys) next to the entry's list, finish and language, kept in step by
 * triggers on `list_entries` and `card_search` (migration 0004); never written by the application.
 * A collection search filters, counts and sorts these rows alone, without probing the catalogue for
 * each entry: `features` (one code per type word, colour, identity colour, rarity and mana value, see
 * ENTRY_FEATURES in services/card-search.ts) lets a GIN index find the entries of a type and colour
 * without reading the others; `search_name` has the trigram index for name substrings. Prices stay in
 * `card_search` (they change with every catalogue import).
 */
export const entrySearch = pgTable(
  'entry_search',
  {
    listId: uuid('list_id').notNull(),
    /** The entry's id (no foreign key: a statement trigger deletes these rows with the entries). */
    id: uuid('id').primaryKey(),
    cmc: doublePrecision('cmc').notNull(),
    collectorSort: bigint('collector_sort', { mode: 'number' }).notNull(),
    typeBits: integer('type_bits').notNull(),
    colorBits: smallint('color_bits').notNull(),
    identityBits: smallint('identity_bits').notNull(),
    rarityRank: smallint('rarity_rank').notNull(),
    name: text('name').notNull(),
    set: text('set').notNull(),
    collectorNumber: text('collector_number').notNull(),
    finish: text('finish').notNull(),
    language: text('language').notNull(),
    lang: text('lang').notNull(),
    cardId: text('card_id').notNull(),
    searchTypes: text('search_types').notNull(),
    searchName: text('search_name').notNull(),
    features: integer('features').array().notNull(),
  },
  (t) => [
    index('entry_search_list').on(t.listId, t.name),
    index('entry_search_card').on(t.cardId),
    index('entry_search_features').using('gin', t.features),
    index('entry_search_name').using('gin', sql`${t.searchName} gin_trgm_ops`),
  ],
);

/**
 * One change of a list. `delta` holds every touched entry's state before and after, enough to undo
 * or replay it; `snapshot` (every SNAPSHOT_EVERY revisions) holds the whole list after it.
 */
export const listRevisions = pgTable(
  'list_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => cardLists.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    action: valueText('action', REVISION_ACTIONS).notNull(),
    summary: text('summary').notNull(),
    // json, not jsonb: these are written whole and read whole, never queried into, and an import's
    // are tens of megabytes that PostgreSQL would otherwise convert to jsonb on every write
    // (migration 0013).
    delta: json('delta').notNull(),
    snapshot: json('snapshot'),
    revertedTo: integer('reverted_to'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('list_revisions_number').on(t.listId, t.number),
    oneOf('list_revisions_action_check', t.action, REVISION_ACTIONS),
  ],
);

/**
 * The server's Scryfall syncs (services/catalogue-schedule.ts): one row a run, on whichever
 * instance ran it. `/health/ready` and `cards:status` show the latest.
 */
export const catalogueSyncs = pgTable(
  'catalogue_syncs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trigger: valueText('trigger', CATALOGUE_SYNC_TRIGGERS).notNull(),
    status: valueText('status', CATALOGUE_SYNC_STATUSES).notNull(),
    /** host:pid of the instance that ran it. */
    instance: text('instance').notNull(),
    startedAt: tstz('started_at').notNull().defaultNow(),
    finishedAt: tstz('finished_at'),
    cards: integer('cards'),
    sets: integer('sets'),
    /** When Scryfall made the bulk file. */
    bulkUpdatedAt: text('bulk_updated_at'),
    message: text('message'),
  },
  (t) => [
    oneOf('catalogue_syncs_trigger_check', t.trigger, CATALOGUE_SYNC_TRIGGERS),
    oneOf('catalogue_syncs_status_check', t.status, CATALOGUE_SYNC_STATUSES),
    index('catalogue_syncs_started_idx').on(t.startedAt),
  ],
);
