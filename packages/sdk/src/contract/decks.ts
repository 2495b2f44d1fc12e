import { z } from 'zod';
import { Card } from './cards.js';
import { Bracket, GameFilters, Id, IdParams, Ok, SkippedLine, UserSummary } from './common.js';
import { endpoint } from './endpoint.js';
import { Game } from './games.js';
import { LIMITS } from './limits.js';
import { DeckSummary, DeckVisibility, Stats } from './user.js';
import { BOARDS, BRACKET_SIGNALS, LEGALITY_REASONS, LEGALITY_RULES } from './values.js';

const tag = 'decks';

export const Board = z.enum(BOARDS).meta({ id: 'Board' });

export const DeckCard = z
  .object({
    card: Card.nullable().meta({ description: 'Null when the name did not resolve' }),
    name: z.string(),
    quantity: z.number().int().min(1),
    board: Board,
    // A default: an answer from a server older than this field still reads.
    category: z
      .string()
      .nullable()
      .default(null)
      .meta({ description: 'The player\'s category of the line ("Ramp", "Removal"), null when none' }),
  })
  .meta({ id: 'DeckCard' });

export const BracketSignal = z.enum(BRACKET_SIGNALS).meta({ id: 'BracketSignal' });

/** One reason the deck's bracket estimate is what it is: a signal, its cards, the bracket it needs. */
export const BracketReason = z
  .object({
    signal: BracketSignal,
    /** Lowest bracket this signal allows. */
    minimumBracket: Bracket,
    /** The cards behind it (for a two-card combo, its two cards). */
    cards: z.array(z.object({ id: Id, name: z.string() })),
  })
  .meta({ id: 'BracketReason' });
export type BracketReason = z.infer<typeof BracketReason>;

export const BracketCheck = z
  .object({
    bracket: Bracket.nullable(),
    /** Most Game Changers the bracket allows (null: no limit). */
    limit: z.number().int().nullable(),
    gameChangers: z.array(z.object({ id: Id, name: z.string() })),
    /** Whether the chosen bracket allows the deck's Game Changers (true when none is chosen). */
    ok: z.boolean(),
    /** Lowest bracket the deck's Game Changers allow. */
    minimumBracket: Bracket,
    /**
     * Lowest bracket the deck fits by every signal (Game Changers, mass land denial, extra turns,
     * tutors, two-card combos): the estimate, with its reasons (empty for a deck with none).
     */
    estimate: Bracket.default(1),
    reasons: z.array(BracketReason).default([]),
    /** Whether the chosen bracket is at least the estimate (true when none is chosen). */
    fits: z.boolean().default(true),
  })
  .meta({ id: 'BracketCheck' });
export type BracketCheck = z.infer<typeof BracketCheck>;

export const LegalityRule = z.enum(LEGALITY_RULES).meta({ id: 'LegalityRule' });
export const LegalityReason = z.enum(LEGALITY_REASONS).meta({ id: 'LegalityReason' });

export const LegalityProblem = z
  .object({
    rule: LegalityRule,
    /** In English; screens word it in the player's language from `reason` and `values` instead. */
    message: z.string(),
    // Defaults: an answer from a server older than these fields still reads.
    reason: LegalityReason.nullable()
      .default(null)
      .meta({ description: 'Why, finer than `rule` (null from an older server: show `message`)' }),
    values: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .default({})
      .meta({ description: 'The names and numbers `reason` is worded with (`count`, `name`, `limit`…)' }),
    cards: z.array(
      z.object({
        name: z.string(),
        cardId: Id.nullable().meta({ description: 'Null when the deck line did not resolve to a card' }),
      }),
    ),
  })
  .meta({ id: 'LegalityProblem' });
export type LegalityProblem = z.infer<typeof LegalityProblem>;

export const DeckLegality = z
  .object({
    /** True when `problems` is empty. */
    legal: z.boolean(),
    problems: z.array(LegalityProblem),
  })
  .meta({ id: 'DeckLegality' });
export type DeckLegality = z.infer<typeof DeckLegality>;

/** A share token as issued: 16 random bytes in base64url. */
export const ShareToken = z
  .string()
  .length(LIMITS.shareToken.max)
  .regex(/^[A-Za-z0-9_-]+$/, 'A share token is letters, digits, "-" and "_"')
  .meta({ id: 'ShareToken', description: '16 random bytes in base64url' });

export const Deck = DeckSummary.extend({
  description: z.string().nullable(),
  cards: z.array(DeckCard),
  bracketCheck: BracketCheck,
  /**
   * Cards in the deck the owner does not have enough of in their collection (owner only). A line
   * that did not resolve to a card is listed by its name with a null `cardId`: it cannot be owned.
   */
  unowned: z.array(
    z.object({
      cardId: Id.nullable().meta({ description: 'Null when the deck line did not resolve to a card' }),
      name: z.string(),
      missing: z.number().int().min(1),
    }),
  ),
  price: z.object({ usd: z.number(), eur: z.number() }),
  // A default: an answer from a server older than this field still reads.
  legality: DeckLegality.default({ legal: true, problems: [] }).meta({
    description: "The deck against its format's construction rules (illegal decks are still saved)",
  }),
  version: z
    .number()
    .int()
    .meta({ description: 'Current version, bumped by every write; send it back as expectedVersion' }),
  // A default: an answer from a server older than this field still reads.
  shareToken: ShareToken.nullable().default(null).meta({
    description:
      "The last segment of the deck's share link (owner only; null for others). The link opens the deck for anyone while it is unlisted or public",
  }),
}).meta({ id: 'Deck' });
export type Deck = z.infer<typeof Deck>;

/**
 * A deck as its share link shows it to anyone, signed in or not: its cards, legality, bracket check
 * and price, and who made it. Nothing private: no owner id or email, no games or record, no cards
 * the owner lacks, no share token.
 */
export const SharedDeck = Deck.omit({
  ownerId: true,
  archived: true,
  lastPlayed: true,
  games: true,
  wins: true,
  unowned: true,
  version: true,
  shareToken: true,
  visibility: true,
})
  .extend({
    author: z.string().nullable().meta({ description: "The owner's username, else first name" }),
  })
  .meta({ id: 'SharedDeck' });
export type SharedDeck = z.infer<typeof SharedDeck>;

/** A player's category of a deck line. */
export const DeckCategory = z.string().trim().min(LIMITS.deckCategory.min).max(LIMITS.deckCategory.max);

const DeckCardInput = z
  .object({
    cardId: Id.optional(),
    name: z.string().trim().min(LIMITS.cardName.min).max(LIMITS.cardName.max).optional(),
    setCode: z.string().trim().toLowerCase().max(LIMITS.setCode.max).optional(),
    collectorNumber: z.string().trim().max(LIMITS.collectorNumber.max).optional(),
    quantity: z.number().int().min(LIMITS.deckQuantity.min).max(LIMITS.deckQuantity.max).default(1),
    board: Board.default('main'),
    category: DeckCategory.nullable().optional().meta({
      description: "The line's category; left out, a replaced deck keeps the category its card had",
    }),
  })
  .refine((c) => c.cardId !== undefined || c.name !== undefined, {
    message: 'Name the card by cardId or name',
    path: ['cardId'],
  });

export const DeckInput = z
  .object({
    name: z.string().trim().min(LIMITS.deckName.min).max(LIMITS.deckName.max),
    formatId: Id,
    subformatId: Id.nullable().optional(),
    description: z.string().max(LIMITS.deckDescription.max).nullable().optional(),
    bracket: Bracket.nullable().optional(),
    visibility: DeckVisibility.default('public').meta({
      description:
        'Who may read the deck (public when left out: listed on the profile, as decks always were)',
    }),
    cards: z.array(DeckCardInput).max(LIMITS.deckCards.max).optional(),
    /** A pasted decklist (Arena, MTGO or plain text); replaces `cards` when given. */
    decklist: z.string().max(LIMITS.decklist.max).optional(),
  })
  .meta({ id: 'DeckInput' });
export type DeckInput = z.input<typeof DeckInput>;

const ChangeQuantity = z.number().int().min(LIMITS.deckQuantity.min).max(LIMITS.deckQuantity.max);

/**
 * One small change of a deck's cards: copies of a printing added to, taken from or moved between
 * boards, or a line put in one of the player's categories.
 */
export const DeckCardChange = z
  .discriminatedUnion('op', [
    z.object({
      op: z.literal('add'),
      cardId: Id,
      board: Board.default('main'),
      quantity: ChangeQuantity.default(1),
    }),
    z.object({
      op: z.literal('remove'),
      cardId: Id,
      board: Board.default('main'),
      quantity: ChangeQuantity.optional().meta({ description: 'Every copy on that board when left out' }),
    }),
    z.object({
      op: z.literal('categorize'),
      cardId: Id,
      board: Board.default('main'),
      category: DeckCategory.nullable().meta({ description: 'Null takes the line out of any category' }),
    }),
    z.object({
      op: z.literal('move'),
      cardId: Id,
      from: Board,
      to: Board,
      quantity: ChangeQuantity.optional().meta({ description: 'Every copy on `from` when left out' }),
    }),
  ])
  .meta({ id: 'DeckCardChange' });
export type DeckCardChange = z.input<typeof DeckCardChange>;

export const decks = {
  get: endpoint(tag, {
    method: 'GET',
    path: '/deck/:id',
    summary: 'A deck with its games and stats under the filters',
    params: IdParams,
    query: GameFilters,
    response: z.object({
      deck: Deck,
      games: z.array(Game),
      stats: Stats,
      /** Decklist lines that did not resolve to a card. */
      unresolved: z.array(z.object({ line: z.number().int(), text: z.string(), reason: z.string() })),
    }),
  }),
  create: endpoint(tag, {
    method: 'POST',
    path: '/deck',
    summary: 'Create a deck, from cards or a pasted decklist',
    body: DeckInput,
    status: 201,
    response: z.object({
      deck: Deck,
      unresolved: z.array(z.object({ line: z.number().int(), text: z.string(), reason: z.string() })),
      // A default: an answer from a server older than this field still reads.
      skipped: z
        .array(SkippedLine)
        .default([])
        .meta({
          description: `Lines of a pasted decklist left out on purpose (the first ${LIMITS.importSkippedShown.max}); empty without one`,
        }),
    }),
  }),
  update: endpoint(tag, {
    method: 'PUT',
    path: '/deck/:id',
    summary: 'Edit a deck (any subset of fields)',
    params: IdParams,
    body: DeckInput.partial().extend({
      // Left out, the visibility stays as it is (not the creation default).
      visibility: DeckVisibility.optional(),
      expectedVersion: z.number().int().optional().meta({
        description:
          'When given and the deck moved on, the call fails with 409 (with the current version) and changes nothing',
      }),
    }),
    response: z.object({
      deck: Deck,
      unresolved: z.array(z.object({ line: z.number().int(), text: z.string(), reason: z.string() })),
      // A default: an answer from a server older than this field still reads.
      skipped: z
        .array(SkippedLine)
        .default([])
        .meta({
          description: `Lines of a pasted decklist left out on purpose (the first ${LIMITS.importSkippedShown.max}); empty without one`,
        }),
    }),
  }),
  changeCards: endpoint(tag, {
    method: 'POST',
    path: '/deck/:id/cards',
    summary:
      'Add, remove or move copies of cards: a few changes in one transaction, not a whole-deck replace',
    params: IdParams,
    body: z.object({
      changes: z.array(DeckCardChange).min(LIMITS.deckChanges.min).max(LIMITS.deckChanges.max),
      expectedVersion: z.number().int().optional().meta({
        description:
          'When given and the deck moved on, the call fails with 409 (with the current version) and changes nothing',
      }),
    }),
    response: z.object({ deck: Deck }),
  }),
  lenders: endpoint(tag, {
    method: 'GET',
    path: '/deck/:id/lenders',
    summary: "Who can lend the cards the deck's owner is missing",
    description:
      'Owner only. For each card of the deck the owner has too few copies of (any printing), the friends and ' +
      'fellow playgroup members holding it in a list they share with friends, with the copies in each list.',
    params: IdParams,
    response: z.object({
      cards: z.array(
        z.object({
          cardId: Id,
          name: z.string(),
          missing: z.number().int().min(1),
          lenders: z.array(
            z.object({
              user: UserSummary,
              listId: Id,
              listName: z.string(),
              quantity: z
                .number()
                .int()
                .min(1)
                .meta({ description: 'Copies of the card (any printing) in that list' }),
            }),
          ),
        }),
      ),
    }),
  }),
  setBracket: endpoint(tag, {
    method: 'PUT',
    path: '/deck/:id/bracket',
    summary: 'Set the Commander bracket; answers with the Game Changers check',
    params: IdParams,
    body: z.object({ bracket: Bracket }),
    response: z.object({ deck: Deck, check: BracketCheck }),
  }),
  archive: endpoint(tag, {
    method: 'DELETE',
    path: '/deck/:id',
    summary: 'Archive a deck (its games keep it)',
    params: IdParams,
    response: z.object({ deck: Deck }),
  }),
  restore: endpoint(tag, {
    method: 'PUT',
    path: '/deck/:id/restore',
    summary: 'Restore an archived deck',
    extension: true,
    params: IdParams,
    response: z.object({ deck: Deck }),
  }),
  shared: endpoint(tag, {
    method: 'GET',
    path: '/deck/shared/:token',
    summary: 'A deck through its share link, read-only, without signing in',
    description:
      'Answers while the deck is unlisted or public and not archived; 404 for a private deck, an archived ' +
      'one, or a link its owner replaced. Shows nothing private (see SharedDeck).',
    auth: 'public',
    extension: true,
    params: z.object({ token: ShareToken }),
    response: z.object({ deck: SharedDeck }),
  }),
  newShareLink: endpoint(tag, {
    method: 'POST',
    path: '/deck/:id/share',
    summary: "Replace the deck's share token: links sent before stop working",
    extension: true,
    params: IdParams,
    response: z.object({ deck: Deck }),
  }),
  deletePermanently: endpoint(tag, {
    method: 'DELETE',
    path: '/deck/:id/permanently',
    summary: 'Delete a deck for good (games keep its name)',
    params: IdParams,
    response: Ok,
  }),
} as const;
