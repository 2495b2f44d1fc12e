/**
 * The contract's enumerations as plain value lists, in a module without zod (like `codes.ts`). This
 * is the one place a value set is written: the zod schemas build their enums from these arrays, the
 * server's database schema builds its enum columns and check constraints from them, and screens that
 * offer the accepted values (a finish, a condition, a list type, an import format) import them from
 * `@companion/sdk` without the schemas. `pnpm lint` fails when a copy of a set appears elsewhere
 * (`scripts/check-single-source.mjs`).
 */

/** Interface languages (BCP 47 primary subtags). */
export const LANGUAGES = ['en', 'fr'] as const;
export type LanguageValue = (typeof LANGUAGES)[number];

/** Currencies a price can be shown in. */
export const CURRENCIES = ['usd', 'eur'] as const;
export type CurrencyValue = (typeof CURRENCIES)[number];

/** The five colours of Magic, in WUBRG order. */
export const COLORS = ['W', 'U', 'B', 'R', 'G'] as const;
export type ColorValue = (typeof COLORS)[number];

/** A printing's finish. */
export const FINISHES = ['nonfoil', 'foil', 'etched'] as const;
export type FinishValue = (typeof FINISHES)[number];

/** Card conditions, best first: mint, near mint, lightly / moderately / heavily played, damaged. */
export const CONDITIONS = ['M', 'NM', 'LP', 'MP', 'HP', 'DMG'] as const;
export type ConditionValue = (typeof CONDITIONS)[number];

/** Scryfall's language codes of printed cards. */
export const CARD_LANGUAGES = [
  'en',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'ja',
  'ko',
  'ru',
  'zhs',
  'zht',
  'he',
  'la',
  'grc',
  'ar',
  'sa',
  'ph',
  'qya',
] as const;
export type CardLanguageValue = (typeof CARD_LANGUAGES)[number];

/** A card's legality in a format (Scryfall). */
export const LEGALITIES = ['legal', 'not_legal', 'banned', 'restricted'] as const;
export type LegalityValue = (typeof LEGALITIES)[number];

/** The boards of a deck. */
export const BOARDS = ['main', 'side', 'commander', 'companion', 'maybe'] as const;
export type BoardValue = (typeof BOARDS)[number];

/**
 * Why a deck breaks its format's construction rules (`Deck.legality.problems[].rule`):
 * - `unresolved`: a deck line is not a card the catalogue knows;
 * - `deck-size`: too few cards in the deck (or not exactly the size a Commander-style format asks);
 * - `sideboard-size`: more sideboard cards (companion included) than the format allows;
 * - `copies`: more copies of a card than the format allows (four, or one in singleton formats);
 * - `banned` / `not-legal`: the card is banned in, or not part of, the format;
 * - `restricted`: more than one copy of a restricted card (Vintage), or a card restricted from
 *   being a commander (Duel Commander);
 * - `commander-count`: no commander, or more than two;
 * - `commander-eligible`: a card in the command zone that cannot be a commander (or oathbreaker);
 * - `commander-pair`: two commanders that may not be played together;
 * - `signature-spell`: an Oathbreaker deck without exactly one signature spell per oathbreaker;
 * - `color-identity`: a card outside the commanders' combined colour identity;
 * - `companion`: more than one companion, a card without the ability, or its condition unmet.
 */
export const LEGALITY_RULES = [
  'unresolved',
  'deck-size',
  'sideboard-size',
  'copies',
  'banned',
  'not-legal',
  'restricted',
  'commander-count',
  'commander-eligible',
  'commander-pair',
  'signature-spell',
  'color-identity',
  'companion',
] as const;
export type LegalityRuleValue = (typeof LEGALITY_RULES)[number];

/**
 * Why a legality problem was raised, finer than its rule, so a screen can word it in the player's
 * language from the problem's `values` (the names and numbers in it).
 */
export const LEGALITY_REASONS = [
  'unresolved',
  'limited-size',
  'deck-size-exact',
  'deck-size-min',
  'sideboard-size',
  'copies',
  'restricted-copies',
  'banned',
  'not-legal',
  'no-commander',
  'not-oathbreaker',
  'background-alone',
  'not-commander',
  'restricted-commander',
  'too-many-commanders',
  'commander-pair',
  'signature-spell',
  'color-identity',
  'companion-count',
  'no-companion-ability',
  'companion-unmet',
  'companion-breakers',
] as const;
export type LegalityReasonValue = (typeof LEGALITY_REASONS)[number];

/**
 * What raises a deck's Commander bracket estimate, after the official bracket definitions (each
 * with the lowest bracket it allows):
 * - `game-changers`: cards on the Game Changers list (none in brackets 1–2, up to three in 3);
 * - `mass-land-denial`: cards that destroy, exile or bounce most lands or keep them tapped (none
 *   below bracket 4);
 * - `extra-turns`: more than two extra-turn cards, enough to chain (none below bracket 4);
 * - `tutors`: more than three cards that search the library for a card other than a land
 *   (brackets 1–2 keep tutors sparse);
 * - `two-card-combo`: two cards in the deck that together win or loop without end, from a short
 *   list kept in the repository (none in brackets 1–2; the early-game ones none below 4).
 */
export const BRACKET_SIGNALS = [
  'game-changers',
  'mass-land-denial',
  'extra-turns',
  'tutors',
  'two-card-combo',
] as const;
export type BracketSignalValue = (typeof BRACKET_SIGNALS)[number];

/** Kinds of card list. */
export const LIST_TYPES = ['collection', 'wishlist', 'trade', 'custom'] as const;
export type ListTypeValue = (typeof LIST_TYPES)[number];

/**
 * Who can see what a list holds besides its owner: nobody (`private`), or the owner's friends and
 * the members of their playgroups (`friends`), through "who can lend it" on their decks.
 */
export const LIST_SHARING = ['private', 'friends'] as const;
export type ListSharingValue = (typeof LIST_SHARING)[number];

/** Roles in a playgroup, highest first. */
export const PLAYGROUP_ROLES = ['owner', 'admin', 'member'] as const;
export type PlaygroupRoleValue = (typeof PLAYGROUP_ROLES)[number];

/** A playgroup membership: invited (not answered yet) or active. */
export const MEMBERSHIP_STATUSES = ['invited', 'active'] as const;
export type MembershipStatusValue = (typeof MEMBERSHIP_STATUSES)[number];

/** A friendship as seen by one of its two users. */
export const FRIEND_STATUSES = ['accepted', 'incoming', 'outgoing'] as const;
export type FriendStatusValue = (typeof FRIEND_STATUSES)[number];

/** How another user relates to the caller. */
export const RELATIONSHIPS = ['self', 'friend', 'incoming', 'outgoing', 'none'] as const;
export type RelationshipValue = (typeof RELATIONSHIPS)[number];

/** A friendship row as stored (one row per pair). */
export const FRIENDSHIP_STATES = ['pending', 'accepted'] as const;
export type FriendshipStateValue = (typeof FRIENDSHIP_STATES)[number];

/** Who may see a profile, its stats and decks. */
export const PROFILE_VISIBILITIES = ['public', 'friends', 'private'] as const;
export type ProfileVisibilityValue = (typeof PROFILE_VISIBILITIES)[number];

/**
 * Who may read a deck:
 * - `private`: its owner only;
 * - `unlisted`: also anyone with its share link (`GET /deck/shared/:token`, no sign-in), but it is
 *   not listed on the owner's profile;
 * - `public`: also listed on the owner's profile, for whoever may see that profile
 *   (`canSeeProfile`), and readable through its share link.
 * Decks made before decks had a visibility are `public`: they stay where they were visible.
 */
export const DECK_VISIBILITIES = ['private', 'unlisted', 'public'] as const;
export type DeckVisibilityValue = (typeof DECK_VISIBILITIES)[number];

/** Sign-in providers. `other` is stored for identities signed in some other way (never sent). */
export const PROVIDER_TYPES = ['google', 'apple', 'password'] as const;
export type ProviderTypeValue = (typeof PROVIDER_TYPES)[number];
export const STORED_PROVIDERS = [...PROVIDER_TYPES, 'other'] as const;
export type StoredProviderValue = (typeof STORED_PROVIDERS)[number];

/** Kinds of session token. */
export const SESSION_KINDS = ['session', 'streaming'] as const;
export type SessionKindValue = (typeof SESSION_KINDS)[number];

/** A player's result in a game. */
export const GAME_RESULTS = ['win', 'loss', 'draw'] as const;
export type GameResultValue = (typeof GAME_RESULTS)[number];

/** What a note or a tag is attached to. */
export const ANNOTATION_TARGETS = ['game', 'set'] as const;
export type AnnotationTargetValue = (typeof ANNOTATION_TARGETS)[number];

/** What happens to a list's entries when it is deleted. */
export const LIST_DELETE_STRATEGIES = ['merge', 'delete'] as const;
export type ListDeleteStrategyValue = (typeof LIST_DELETE_STRATEGIES)[number];

/** Sort directions. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirectionValue = (typeof SORT_DIRECTIONS)[number];

/** Orders of a list's or the collection's entries. */
export const LIST_ORDERS = ['name', 'price', 'added', 'set', 'mv', 'quantity'] as const;
export type ListOrderValue = (typeof LIST_ORDERS)[number];

/** Orders of a catalogue search. */
export const CARD_ORDERS = [
  'name',
  'released',
  'mv',
  'usd',
  'eur',
  'tix',
  'rarity',
  'set',
  'color',
  'power',
  'toughness',
  'edhrec',
  'artist',
] as const;
export type CardOrderValue = (typeof CARD_ORDERS)[number];

/** What a catalogue search returns: one row per card, per artwork, or every printing. */
export const CARD_UNIQUE = ['cards', 'art', 'prints'] as const;
export type CardUniqueValue = (typeof CARD_UNIQUE)[number];

/** Operations of a list revision. */
export const REVISION_OPS = ['add', 'remove', 'update'] as const;
export type RevisionOpValue = (typeof REVISION_OPS)[number];

/** What a list revision did. */
export const REVISION_ACTIONS = [
  'create',
  'add',
  'remove',
  'move-in',
  'move-out',
  'replace',
  'update',
  'import',
  'revert',
  'rename',
] as const;
export type RevisionActionValue = (typeof REVISION_ACTIONS)[number];

/** Collection CSV formats: Companion's own and the exports of the sites players keep collections on. */
export const COLLECTION_FORMATS = [
  'companion',
  'moxfield',
  'manabox',
  'deckbox',
  'archidekt',
  'dragonshield',
  'tcgplayer',
  'mtggoldfish',
  'topdecked',
  'cardkingdom',
  'mtgo-csv',
] as const;
export type CollectionFormatValue = (typeof COLLECTION_FORMATS)[number];

/** Decklist formats: MTG Arena text, MTGO text, a plain list, and MTGO's .dek XML. */
export const DECKLIST_FORMATS = ['arena', 'mtgo', 'plain', 'dek'] as const;
export type DecklistFormatValue = (typeof DECKLIST_FORMATS)[number];

/** Formats a collection or list can be exported to: every format the importer reads. */
export const EXPORT_FORMATS = [...COLLECTION_FORMATS, ...DECKLIST_FORMATS] as const;
export type ExportFormatValue = (typeof EXPORT_FORMATS)[number];

/** Formats a collection, list or decklist can be imported from: the export formats, or detected. */
export const IMPORT_FORMATS = ['auto', ...EXPORT_FORMATS] as const;
export type ImportFormatValue = (typeof IMPORT_FORMATS)[number];

/**
 * How an imported row found its printing: by Scryfall id, by set and collector number, by set and
 * name, by name alone (the printing is a guess), or `chosen` by the player afterwards.
 */
export const IMPORT_METHODS = ['id', 'set', 'setName', 'name', 'chosen'] as const;
export type ImportMethodValue = (typeof IMPORT_METHODS)[number];

/**
 * Why a decklist line was left out on purpose: blank, a comment, a section header ("Sideboard",
 * "Creatures (20)"), the deck's title, a separator ("---") or prose ("Here is my list.").
 */
export const SKIP_REASONS = ['blank', 'comment', 'header', 'title', 'separator', 'prose'] as const;
export type SkipReasonValue = (typeof SKIP_REASONS)[number];

/**
 * The names players know each format by. Brand names are the same in every language; `auto` and
 * `plain` are descriptions, which screens translate (these are their English wording).
 */
export const FORMAT_NAMES: Readonly<Record<ImportFormatValue, string>> = {
  auto: 'Detect automatically',
  companion: 'Companion CSV',
  moxfield: 'Moxfield',
  manabox: 'ManaBox',
  deckbox: 'Deckbox',
  archidekt: 'Archidekt',
  dragonshield: 'Dragon Shield',
  tcgplayer: 'TCGplayer',
  mtggoldfish: 'MTGGoldfish',
  topdecked: 'TopDecked',
  cardkingdom: 'Card Kingdom',
  'mtgo-csv': 'MTGO (.csv)',
  arena: 'MTG Arena',
  mtgo: 'MTGO (.txt)',
  plain: 'Plain text',
  dek: 'MTGO (.dek)',
};

/** Formats whose name is a description to translate rather than a brand. */
export const DESCRIBED_FORMATS = ['auto', 'plain'] as const satisfies readonly ImportFormatValue[];
export type DescribedFormatValue = (typeof DESCRIBED_FORMATS)[number];

/** The file an export is saved as: its extension and media type. */
export interface ExportFile {
  extension: 'csv' | 'txt' | 'dek';
  mediaType: 'text/csv' | 'text/plain' | 'application/xml';
}

/** The file of each export format: a collection CSV, a text decklist, or MTGO's .dek (XML). */
export function exportFile(format: ExportFormatValue): ExportFile {
  if (isOneOf(COLLECTION_FORMATS, format)) return { extension: 'csv', mediaType: 'text/csv' };
  if (format === 'dek') return { extension: 'dek', mediaType: 'application/xml' };
  return { extension: 'txt', mediaType: 'text/plain' };
}

/** Picture formats a profile or playgroup picture may be uploaded in. */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type PictureTypeValue = (typeof PICTURE_TYPES)[number];

/** Live overlay roles. */
export const LIVE_ROLES = ['sender', 'receiver', 'overlay'] as const;
export type LiveRoleValue = (typeof LIVE_ROLES)[number];

/** Overlay parts a `clear` message can target. */
export const LIVE_CLEAR_TARGETS = ['all', 'spotlight', 'life', 'deck', 'timer', 'text'] as const;
export type LiveClearTargetValue = (typeof LIVE_CLEAR_TARGETS)[number];

/** Timer actions of the live overlay. */
export const LIVE_TIMER_ACTIONS = ['start', 'pause', 'reset'] as const;
export type LiveTimerActionValue = (typeof LIVE_TIMER_ACTIONS)[number];

/** Health of the server as a whole, and of its database. */
export const HEALTH_STATUSES = ['ok', 'degraded'] as const;
export const CHECK_STATUSES = ['ok', 'error'] as const;
/** How the server's catalogue sync from Scryfall ended (`running` while it runs). */
export const CATALOGUE_SYNC_STATUSES = ['running', 'ok', 'failed'] as const;
/** What started a catalogue sync: the server's start (empty catalogue), its daily schedule, a person. */
export const CATALOGUE_SYNC_TRIGGERS = ['start', 'schedule', 'manual'] as const;
/** Where the server keeps its data. */
export const STORAGE_KINDS = ['pglite', 'postgres'] as const;
export type StorageKindValue = (typeof STORAGE_KINDS)[number];
/** How the live channel reaches the other instances (`error`: Redis unreachable). */
export const LIVE_TRANSPORTS = ['in-process', 'redis', 'error'] as const;

/** Every named value set, for the single-source check and for tests. */
export const VALUE_SETS = {
  LANGUAGES,
  CURRENCIES,
  COLORS,
  FINISHES,
  CONDITIONS,
  CARD_LANGUAGES,
  LEGALITIES,
  BOARDS,
  LEGALITY_RULES,
  BRACKET_SIGNALS,
  LIST_TYPES,
  LIST_SHARING,
  PLAYGROUP_ROLES,
  MEMBERSHIP_STATUSES,
  FRIEND_STATUSES,
  RELATIONSHIPS,
  FRIENDSHIP_STATES,
  PROFILE_VISIBILITIES,
  DECK_VISIBILITIES,
  PROVIDER_TYPES,
  STORED_PROVIDERS,
  SESSION_KINDS,
  GAME_RESULTS,
  ANNOTATION_TARGETS,
  LIST_DELETE_STRATEGIES,
  SORT_DIRECTIONS,
  LIST_ORDERS,
  CARD_ORDERS,
  CARD_UNIQUE,
  REVISION_OPS,
  REVISION_ACTIONS,
  COLLECTION_FORMATS,
  DECKLIST_FORMATS,
  IMPORT_FORMATS,
  EXPORT_FORMATS,
  PICTURE_TYPES,
  LIVE_ROLES,
  LIVE_CLEAR_TARGETS,
  LIVE_TIMER_ACTIONS,
  HEALTH_STATUSES,
  CHECK_STATUSES,
  CATALOGUE_SYNC_STATUSES,
  CATALOGUE_SYNC_TRIGGERS,
  STORAGE_KINDS,
  LIVE_TRANSPORTS,
} as const;

/** True when `value` is one of `values` (narrows the type). */
export function isOneOf<const T extends readonly string[]>(values: T, value: unknown): value is T[number] {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}
