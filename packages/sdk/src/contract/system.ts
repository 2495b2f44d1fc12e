import { z } from 'zod';
import { DateTime, Id } from './common.js';
import { endpoint } from './endpoint.js';
import { CHECK_STATUSES, HEALTH_STATUSES, LIVE_TRANSPORTS, STORAGE_KINDS } from './values.js';

const tag = 'system';

export const Subformat = z
  .object({ id: Id, name: z.string(), description: z.string().nullable() })
  .meta({ id: 'Subformat' });
export const GameFormat = z
  .object({
    id: Id,
    name: z.string(),
    description: z.string().nullable(),
    /** Multiplayer formats with a commander, where brackets apply. */
    commander: z.boolean(),
    hasBrackets: z.boolean(),
    /** Scryfall legality key (`commander`, `modern`, …) used to check decks. */
    legalityKey: z.string().nullable(),
    minPlayers: z.number().int().min(1),
    maxPlayers: z.number().int().min(1),
    subformats: z.array(Subformat),
  })
  .meta({ id: 'GameFormat' });
export type GameFormat = z.infer<typeof GameFormat>;

export const system = {
  ping: endpoint(tag, {
    method: 'GET',
    path: '/ping',
    summary: 'Liveness check',
    auth: 'public',
    extension: true,
    response: z.object({ pong: z.literal(true), time: DateTime }),
  }),
  health: endpoint(tag, {
    method: 'GET',
    path: '/health',
    summary: 'Readiness: database, live channel and card catalogue',
    auth: 'public',
    extension: true,
    response: z
      .object({
        status: z.enum(HEALTH_STATUSES),
        version: z.string(),
        uptimeSeconds: z.number(),
        checks: z.object({
          database: z.enum(CHECK_STATUSES),
          storage: z.enum(STORAGE_KINDS),
          live: z.enum(LIVE_TRANSPORTS),
          catalogue: z.object({ cards: z.number().int(), sets: z.number().int() }),
        }),
      })
      .meta({ id: 'Health' }),
  }),
  formats: endpoint(tag, {
    method: 'GET',
    path: '/formats',
    summary: 'Game formats and their subformats',
    auth: 'public',
    response: z.object({ formats: z.array(GameFormat) }),
  }),
} as const;
