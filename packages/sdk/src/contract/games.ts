import { z } from 'zod';
import {
  ColorIdentity,
  CursorPage,
  CursorPaging,
  DateTime,
  GameFilters,
  Id,
  IdParams,
  Ok,
  UserSummary,
} from './common.js';
import { endpoint } from './endpoint.js';
import { LIMITS } from './limits.js';
import { annotationEndpoints, Note, Tag, TagName } from './tags.js';
import { GAME_RESULTS } from './values.js';

const tag = 'game';

export const GameResult = z.enum(GAME_RESULTS).meta({ id: 'GameResult' });

export const GamePlayer = z
  .object({
    id: Id,
    user: UserSummary.nullable(),
    /** Named guest without an account (when `user` is null). */
    guestName: z.string().nullable(),
    deck: z.object({ id: Id, name: z.string(), colorIdentity: ColorIdentity }).nullable(),
    /** Free-text deck or commander name for guests and decks not on Companion. */
    deckName: z.string().nullable(),
    seat: z.number().int().min(LIMITS.seat.min).max(LIMITS.seat.max).nullable(),
    result: GameResult,
  })
  .meta({ id: 'GamePlayer' });

export const Game = z
  .object({
    id: Id,
    playedAt: DateTime,
    formatId: Id,
    subformatId: Id.nullable(),
    playgroupId: Id.nullable(),
    setId: Id.nullable(),
    players: z.array(GamePlayer),
    turns: z.number().int().nullable(),
    durationMinutes: z.number().int().nullable(),
    createdBy: Id,
    /** The caller's tags and note on this game. */
    tags: z.array(Tag),
    note: Note.nullable(),
    createdAt: DateTime,
    updatedAt: DateTime,
  })
  .meta({ id: 'Game' });
export type Game = z.infer<typeof Game>;

export const GamePlayerInput = z
  .object({
    userId: Id.nullable().optional(),
    guestName: z.string().trim().min(LIMITS.guestName.min).max(LIMITS.guestName.max).nullable().optional(),
    deckId: Id.nullable().optional(),
    deckName: z.string().trim().max(LIMITS.deckName.max).nullable().optional(),
    seat: z.number().int().min(LIMITS.seat.min).max(LIMITS.seat.max).nullable().optional(),
    result: GameResult,
  })
  .refine((p) => Boolean(p.userId) !== Boolean(p.guestName), {
    message: 'Each player is either a user (userId) or a named guest (guestName)',
    path: ['userId'],
  });

export const GameInput = z
  .object({
    playedAt: z.iso.datetime({ offset: true }).optional(),
    formatId: Id,
    subformatId: Id.nullable().optional(),
    playgroupId: Id.nullable().optional(),
    setId: Id.nullable().optional(),
    players: z.array(GamePlayerInput).min(LIMITS.playersPerGame.min).max(LIMITS.playersPerGame.max),
    turns: z.number().int().min(LIMITS.turns.min).max(LIMITS.turns.max).nullable().optional(),
    durationMinutes: z
      .number()
      .int()
      .min(LIMITS.durationMinutes.min)
      .max(LIMITS.durationMinutes.max)
      .nullable()
      .optional(),
    tags: z.array(TagName).max(LIMITS.tagsPerTarget.max).optional(),
  })
  .meta({ id: 'GameInput' });
export type GameInput = z.input<typeof GameInput>;

export const games = {
  list: endpoint(tag, {
    method: 'GET',
    path: '/games',
    summary: 'Games the caller played or recorded, newest first, one page at a time',
    query: GameFilters.extend(CursorPaging.shape),
    response: z.object({ games: z.array(Game), ...CursorPage }),
  }),
  get: endpoint(tag, {
    method: 'GET',
    path: '/game/:id',
    summary: 'A game (participants and the playgroup’s members only)',
    params: IdParams,
    response: z.object({ game: Game }),
  }),
  create: endpoint(tag, {
    method: 'POST',
    path: '/game',
    summary: 'Record a game',
    extension: true,
    body: GameInput,
    status: 201,
    response: z.object({ game: Game }),
  }),
  update: endpoint(tag, {
    method: 'PUT',
    path: '/game/:id',
    summary: 'Edit a game (its recorder, or an admin of its playgroup)',
    description:
      'The players are replaced by those given, except the lines of players whose account was deleted ' +
      '(neither a user nor a guest): those stay as they are.',
    extension: true,
    params: IdParams,
    body: GameInput,
    response: z.object({ game: Game }),
  }),
  delete: endpoint(tag, {
    method: 'DELETE',
    path: '/game/:id',
    summary: 'Delete a game (its recorder, or an admin of its playgroup)',
    extension: true,
    params: IdParams,
    response: Ok,
  }),
  ...annotationEndpoints('game'),
} as const;
