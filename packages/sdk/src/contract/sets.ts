import { z } from 'zod';
import { DateTime, Id, IdParams, Ok, Paging, UserSummary } from './common.js';
import { endpoint } from './endpoint.js';
import { Game } from './games.js';
import { LIMITS } from './limits.js';
import { annotationEndpoints, Note, Tag } from './tags.js';

const tag = 'set';

export const GameSet = z
  .object({
    id: Id,
    name: z.string(),
    playedAt: DateTime,
    formatId: Id.nullable(),
    playgroupId: Id.nullable(),
    createdBy: Id,
    games: z.array(Game),
    /** Aggregated results over the set's games, best first. */
    results: z.array(
      z.object({
        user: UserSummary.nullable(),
        guestName: z.string().nullable(),
        games: z.number().int(),
        wins: z.number().int(),
        draws: z.number().int(),
      }),
    ),
    tags: z.array(Tag),
    note: Note.nullable(),
    createdAt: DateTime,
    updatedAt: DateTime,
  })
  .meta({ id: 'GameSet', description: 'A set of games: a match or an evening' });
export type GameSet = z.infer<typeof GameSet>;

/** A set in a list: without its games and results, with how many games it holds. */
export const GameSetSummary = GameSet.omit({ games: true, results: true, tags: true, note: true })
  .extend({ gameCount: z.number().int().min(0) })
  .meta({ id: 'GameSetSummary', description: 'A set of games in a list' });
export type GameSetSummary = z.infer<typeof GameSetSummary>;

const SetInput = z.object({
  name: z.string().trim().min(LIMITS.setName.min).max(LIMITS.setName.max),
  playedAt: z.iso.datetime({ offset: true }).optional(),
  formatId: Id.nullable().optional(),
  playgroupId: Id.nullable().optional(),
  /** Games to put in the set (the caller must be allowed to edit them). */
  gameIds: z.array(Id).max(LIMITS.gamesPerSet.max).optional(),
});

export const sets = {
  list: endpoint(tag, {
    method: 'GET',
    path: '/sets',
    summary: 'Sets the caller can see, newest first, one page at a time',
    description:
      'Sets the caller created, sets holding a game they played or recorded, and the sets of their playgroups (active members). `playgroupId` keeps one playgroup’s sets.',
    extension: true,
    query: Paging.extend({ playgroupId: Id.optional() }),
    response: z.object({ sets: z.array(GameSetSummary), total: z.number().int().min(0) }),
  }),
  get: endpoint(tag, {
    method: 'GET',
    path: '/set/:id',
    summary: 'A set with its games and aggregated results',
    params: IdParams,
    response: z.object({ set: GameSet }),
  }),
  create: endpoint(tag, {
    method: 'POST',
    path: '/set',
    summary: 'Create a set of games',
    extension: true,
    body: SetInput,
    status: 201,
    response: z.object({ set: GameSet }),
  }),
  update: endpoint(tag, {
    method: 'PUT',
    path: '/set/:id',
    summary: 'Edit a set',
    extension: true,
    params: IdParams,
    body: SetInput.partial(),
    response: z.object({ set: GameSet }),
  }),
  delete: endpoint(tag, {
    method: 'DELETE',
    path: '/set/:id',
    summary: 'Delete a set (its games stay)',
    extension: true,
    params: IdParams,
    response: Ok,
  }),
  ...annotationEndpoints('set'),
} as const;
