/**
 * The player's whole account: deleting it, and downloading everything it holds. A domain of its
 * own because its export gathers the shapes of the other domains (decks, games, lists), which
 * import `user.ts`: declared there, it would make the modules import each other.
 */
import { z } from 'zod';
import { Bracket, ColorIdentity, Condition, DateTime, Finish, Id, Ok } from './common.js';
import { Board } from './decks.js';
import { endpoint } from './endpoint.js';
import { Game } from './games.js';
import { LIMITS } from './limits.js';
import { ListSharing, ListType } from './lists.js';
import { DeckVisibility, Friend, PlaygroupSummary, Settings, User } from './user.js';
import { ANNOTATION_TARGETS } from './values.js';

const tag = 'user';

/**
 * What deleting the account asks for: the account's email typed again, or its friend code when it
 * has no email (what the screen shows the player to type).
 */
export const DeleteAccountInput = z
  .object({
    confirmation: z
      .string()
      .trim()
      .min(LIMITS.deleteConfirmation.min)
      .max(LIMITS.deleteConfirmation.max)
      .meta({ description: "The account's email (any case), or its friend code when it has no email" }),
  })
  .meta({ id: 'DeleteAccountInput' });

/** The word a player types to confirm: the account's email, else its friend code. */
export const deleteConfirmationOf = (user: { email: string | null; code: string }): string =>
  user.email ?? user.code;

/** True when `typed` confirms deleting the account (emails compare without case and outer spaces). */
export const confirmsDeletion = (user: { email: string | null; code: string }, typed: string): boolean =>
  typed.trim().toLowerCase() === deleteConfirmationOf(user).toLowerCase();

export const ExportEntry = z
  .object({
    id: Id,
    cardId: Id.nullable().meta({ description: 'Scryfall id of the printing; null while unresolved' }),
    name: z.string(),
    set: z.string().nullable(),
    collectorNumber: z.string().nullable(),
    quantity: z.number().int(),
    finish: Finish,
    condition: Condition.nullable(),
    language: z.string(),
    purchasePrice: z.number().nullable(),
    purchaseCurrency: z.string().nullable(),
    tags: z.array(z.string()),
    addedAt: DateTime,
  })
  .meta({ id: 'ExportEntry' });

export const ExportList = z
  .object({
    id: Id,
    name: z.string(),
    type: ListType,
    hidden: z.boolean(),
    sharing: ListSharing,
    isDefault: z.boolean(),
    createdAt: DateTime,
    updatedAt: DateTime,
    entries: z.array(ExportEntry),
  })
  .meta({ id: 'ExportList' });

export const ExportDeck = z
  .object({
    id: Id,
    name: z.string(),
    formatId: Id,
    subformatId: Id.nullable(),
    description: z.string().nullable(),
    bracket: Bracket.nullable(),
    colorIdentity: ColorIdentity,
    visibility: DeckVisibility,
    archived: z.boolean(),
    lastPlayed: DateTime.nullable(),
    createdAt: DateTime,
    updatedAt: DateTime,
    cards: z.array(
      z.object({
        cardId: Id.nullable(),
        name: z.string(),
        set: z.string().nullable(),
        collectorNumber: z.string().nullable(),
        quantity: z.number().int(),
        board: Board,
        category: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'ExportDeck' });

/** A file of the export: the collection, a list or a deck in a format other sites and Companion import. */
export const ExportFileContent = z
  .object({
    name: z.string().meta({ description: 'A file name: collection.csv, list-….csv, deck-….csv, deck-….txt' }),
    mediaType: z.enum(['text/csv', 'text/plain']),
    content: z.string(),
  })
  .meta({ id: 'ExportFileContent' });

export const AccountExport = z
  .object({
    exportedAt: DateTime,
    user: User,
    settings: Settings,
    /** Per-user feature flags kept by the server. */
    preferences: z.record(z.string(), z.unknown()),
    lists: z.array(ExportList),
    decks: z.array(ExportDeck),
    /** Games the player recorded or played in, as the player sees them (their own tags and note). */
    games: z.array(Game),
    /** Sets of games the player made. */
    sets: z.array(
      z.object({
        id: Id,
        name: z.string(),
        playedAt: DateTime,
        formatId: Id.nullable(),
        playgroupId: Id.nullable(),
        createdAt: DateTime,
      }),
    ),
    tags: z.array(
      z.object({
        id: Id,
        name: z.string(),
        color: z.string().nullable(),
        createdAt: DateTime,
        targets: z.array(z.object({ type: z.enum(ANNOTATION_TARGETS), id: Id })),
      }),
    ),
    notes: z.array(
      z.object({
        id: Id,
        targetType: z.enum(ANNOTATION_TARGETS),
        targetId: Id,
        content: z.string(),
        createdAt: DateTime,
        updatedAt: DateTime,
      }),
    ),
    /** Friends and pending requests, each other player as their public summary. */
    friends: z.array(Friend),
    playgroups: z.array(PlaygroupSummary),
    /**
     * The collection (every binder), each list and each deck as files: lists in Companion's CSV,
     * decks as a Companion CSV and as an MTG Arena decklist (the one that keeps the boards).
     */
    files: z.array(ExportFileContent),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof AccountExport>;

export const account = {
  delete: endpoint(tag, {
    method: 'DELETE',
    path: '/user',
    summary: 'Delete the account and everything it owns',
    description:
      "Deletes the signed-in player's account for good, in one transaction: their collection, lists, " +
      'decks, tags, notes, settings, sessions and friendships go; games other players took part in ' +
      'stay with the player shown as a deleted player; playgroups they own pass to their longest-standing ' +
      'admin, else member (or go when nobody is left). Their live sockets are closed and their ' +
      'identity-service account is deleted. The body repeats the account email (or friend code) to confirm.',
    extension: true,
    verified: false,
    body: DeleteAccountInput,
    response: Ok,
  }),
  export: endpoint(tag, {
    method: 'GET',
    path: '/user/export',
    summary:
      'Download everything the account holds (JSON, with CSV files of the collection, lists and decks)',
    extension: true,
    verified: false,
    response: AccountExport,
  }),
} as const;
