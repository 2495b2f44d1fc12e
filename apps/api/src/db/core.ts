/**
 * The application's own tables (Drizzle, PostgreSQL dialect): users and their sessions, friends,
 * formats, playgroups, decks, games and sets, tags and notes, promo events. The card catalogue and
 * card lists are in `catalogue.ts`; `schema.ts` gathers both. Columns holding a contract value set
 * are built from it, with a CHECK constraint from the same array (`columns.ts`).
 * Changing it: edit here, run `pnpm --filter @companion/api db:generate`, commit the new migration.
 */
import {
  ANNOTATION_TARGETS,
  BOARDS,
  CURRENCIES,
  DECK_VISIBILITIES,
  FRIENDSHIP_STATES,
  GAME_RESULTS,
  LANGUAGES,
  MEMBERSHIP_STATUSES,
  PLAYGROUP_ROLES,
  PROFILE_VISIBILITIES,
  PROVIDER_TYPES,
  SESSION_KINDS,
  STORED_PROVIDERS,
} from '@companion/sdk/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, oneOf, tstz, tsvector, valueText } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firebaseUid: text('firebase_uid').notNull().unique(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    provider: valueText('provider', STORED_PROVIDERS).notNull(),
    username: text('username'),
    firstname: text('firstname'),
    lastname: text('lastname'),
    picture: text('picture'),
    code: text('code').notNull().unique(),
    language: valueText('language', LANGUAGES).notNull().default('en'),
    currency: valueText('currency', CURRENCIES).notNull().default('usd'),
    profileVisibility: valueText('profile_visibility', PROFILE_VISIBILITIES).notNull().default('friends'),
    defaultFormatId: text('default_format_id'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    lastSeen: tstz('last_seen'),
  },
  (t) => [
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    oneOf('users_provider_check', t.provider, STORED_PROVIDERS),
    oneOf('users_language_check', t.language, LANGUAGES),
    oneOf('users_currency_check', t.currency, CURRENCIES),
    oneOf('users_profile_visibility_check', t.profileVisibility, PROFILE_VISIBILITIES),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    kind: valueText('kind', SESSION_KINDS).notNull(),
    device: text('device'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at'),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [index('sessions_user').on(t.userId, t.kind), oneOf('sessions_kind_check', t.kind, SESSION_KINDS)],
);

export const exchangeCodes = pgTable(
  'exchange_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The app that will exchange the code (its sign-in provider). */
    type: valueText('type', PROVIDER_TYPES).notNull(),
    origin: text('origin').notNull(),
    /** PKCE (S256): base64url SHA-256 of the code_verifier the app must present to redeem the code. */
    codeChallenge: text('code_challenge').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [oneOf('exchange_codes_type_check', t.type, PROVIDER_TYPES)],
);

export const friendships = pgTable(
  'friendships',
  {
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addresseeId: uuid('addressee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: valueText('status', FRIENDSHIP_STATES).notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    acceptedAt: tstz('accepted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.requesterId, t.addresseeId] }),
    // One row per pair of users, whichever way it was asked (migration 0007).
    uniqueIndex('friendships_pair').on(
      sql`least(${t.requesterId}, ${t.addresseeId})`,
      sql`greatest(${t.requesterId}, ${t.addresseeId})`,
    ),
    index('friendships_addressee').on(t.addresseeId),
    oneOf('friendships_status_check', t.status, FRIENDSHIP_STATES),
  ],
);

export const formats = pgTable('formats', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  commander: boolean('commander').notNull().default(false),
  hasBrackets: boolean('has_brackets').notNull().default(false),
  legalityKey: text('legality_key'),
  minPlayers: integer('min_players').notNull().default(2),
  maxPlayers: integer('max_players').notNull().default(2),
  sort: integer('sort').notNull().default(0),
});

export const subformats = pgTable('subformats', {
  id: text('id').primaryKey(),
  formatId: text('format_id')
    .notNull()
    .references(() => formats.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description'),
  sort: integer('sort').notNull().default(0),
});

export const playgroups = pgTable('playgroups', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description'),
  picture: text('picture'),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id),
  createdAt: tstz('created_at').notNull().defaultNow(),
  lastActivity: tstz('last_activity').notNull().defaultNow(),
});

export const playgroupMembers = pgTable(
  'playgroup_members',
  {
    playgroupId: uuid('playgroup_id')
      .notNull()
      .references(() => playgroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: valueText('role', PLAYGROUP_ROLES).notNull(),
    status: valueText('status', MEMBERSHIP_STATUSES).notNull(),
    invitedBy: uuid('invited_by'),
    joinedAt: tstz('joined_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playgroupId, t.userId] }),
    // At most one owner per group (migration 0007).
    uniqueIndex('playgroup_members_one_owner').on(t.playgroupId).where(sql`${t.role} = 'owner'`),
    index('playgroup_members_user').on(t.userId),
    oneOf('playgroup_members_role_check', t.role, PLAYGROUP_ROLES),
    oneOf('playgroup_members_status_check', t.status, MEMBERSHIP_STATUSES),
  ],
);

export const decks = pgTable(
  'decks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    formatId: text('format_id').notNull(),
    subformatId: text('subformat_id'),
    description: text('description'),
    bracket: integer('bracket'),
    colorIdentity: text('color_identity').array().notNull().default(sql`'{}'::text[]`),
    archived: boolean('archived').notNull().default(false),
    /**
     * Who may read it (`DECK_VISIBILITIES`). Decks made before this column are public: listed on the
     * profile for whoever may see it, as they were.
     */
    visibility: valueText('visibility', DECK_VISIBILITIES).notNull().default('public'),
    /**
     * The last segment of its share link: the 16 bytes of a random UUID (122 bits from the
     * database's strong random source) in base64url, 22 characters. A new one (`= default`) makes
     * old links stop working. The deck's id is not the link: it travels with games and profiles, and
     * cannot be replaced.
     */
    shareToken: text('share_token')
      .notNull()
      .unique()
      .default(sql`rtrim(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/', '-_'), '=')`),
    lastPlayed: tstz('last_played'),
    /** Bumped by every write; an edit may send it back as expectedVersion (409 when stale). */
    version: integer('version').notNull().default(1),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('decks_owner').on(t.ownerId, t.archived),
    oneOf('decks_visibility_check', t.visibility, DECK_VISIBILITIES),
  ],
);

export const deckCards = pgTable(
  'deck_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    /** Scryfall id of the printing, null while unresolved. */
    cardId: text('card_id'),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    board: valueText('board', BOARDS).notNull(),
    position: integer('position').notNull().default(0),
    /** The player's category of the line ("Ramp"), null when none. */
    category: text('category'),
  },
  (t) => [index('deck_cards_deck').on(t.deckId), oneOf('deck_cards_board_check', t.board, BOARDS)],
);

export const gameSets = pgTable('game_sets', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  playedAt: tstz('played_at').notNull().defaultNow(),
  formatId: text('format_id'),
  playgroupId: uuid('playgroup_id').references(() => playgroups.id, { onDelete: 'set null' }),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const games = pgTable(
  'games',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playedAt: tstz('played_at').notNull().defaultNow(),
    formatId: text('format_id').notNull(),
    subformatId: text('subformat_id'),
    playgroupId: uuid('playgroup_id').references(() => playgroups.id, { onDelete: 'set null' }),
    setId: uuid('set_id').references(() => gameSets.id, { onDelete: 'set null' }),
    turns: integer('turns'),
    durationMinutes: integer('duration_minutes'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Both serve the newest-first keyset pages (played_at, created_at, id) of a group's games and of
    // the games a user recorded (scanned backwards).
    index('games_playgroup_newest').on(t.playgroupId, t.playedAt, t.createdAt, t.id),
    index('games_created_by_newest').on(t.createdBy, t.playedAt, t.createdAt, t.id),
    index('games_set').on(t.setId),
  ],
);

export const gamePlayers = pgTable(
  'game_players',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    guestName: text('guest_name'),
    deckId: uuid('deck_id').references(() => decks.id, { onDelete: 'set null' }),
    /** Deck name at the time, kept when the deck is deleted. */
    deckName: text('deck_name'),
    seat: integer('seat'),
    result: valueText('result', GAME_RESULTS).notNull(),
  },
  (t) => [
    index('game_players_game').on(t.gameId),
    index('game_players_user').on(t.userId),
    index('game_players_deck').on(t.deckId),
    oneOf('game_players_result_check', t.result, GAME_RESULTS),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_user_name').on(t.userId, sql`lower(${t.name})`)],
);

export const taggings = pgTable(
  'taggings',
  {
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    targetType: valueText('target_type', ANNOTATION_TARGETS).notNull(),
    targetId: uuid('target_id').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tagId, t.targetType, t.targetId] }),
    index('taggings_target').on(t.targetType, t.targetId),
    oneOf('taggings_target_type_check', t.targetType, ANNOTATION_TARGETS),
  ],
);

export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: valueText('target_type', ANNOTATION_TARGETS).notNull(),
    targetId: uuid('target_id').notNull(),
    content: text('content').notNull(),
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('simple', content)`),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notes_user_target').on(t.userId, t.targetType, t.targetId),
    index('notes_search').using('gin', t.search),
    oneOf('notes_target_type_check', t.targetType, ANNOTATION_TARGETS),
  ],
);

export const promoEvents = pgTable('promo_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description'),
  badgeName: text('badge_name').notNull(),
  badgeDescription: text('badge_description'),
  badgeImage: text('badge_image'),
  startsAt: tstz('starts_at'),
  endsAt: tstz('ends_at'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export const promoCodes = pgTable('promo_codes', {
  code: text('code').primaryKey(),
  eventId: uuid('event_id')
    .notNull()
    .references(() => promoEvents.id, { onDelete: 'cascade' }),
  maxUses: integer('max_uses').notNull().default(1),
  uses: integer('uses').notNull().default(0),
  expiresAt: tstz('expires_at'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => promoEvents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    redeemedAt: tstz('redeemed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

/** Free-form JSON settings kept for forward compatibility (feature flags per user). */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').notNull().default(sql`'{}'::jsonb`),
});

/**
 * Uploaded pictures (avatars, playgroup pictures), re-encoded WebP of a few dozen KB, kept in the
 * database so that every instance serves every picture and a backup holds them. `path` is what
 * `users.picture` and `playgroups.picture` hold (`users/<id>-<content hash>.webp`).
 */
export const pictures = pgTable('pictures', {
  path: text('path').primaryKey(),
  content: bytea('content').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
