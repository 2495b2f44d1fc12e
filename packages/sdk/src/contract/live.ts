import { z } from 'zod';
import { ColorIdentity, DateTime, Id } from './common.js';

/**
 * The live channel (WebSocket `GET /live`): a sender (the player's phone or browser) sends messages
 * that the player's overlays and receivers show. Overlays connect with a streaming token and only
 * receive.
 */

const PlayerName = z.string().trim().min(1).max(40);

export const LiveCard = z.object({
  id: Id,
  name: z.string().max(200),
  imageUri: z.string().url().max(2048).nullable(),
  backImageUri: z.string().url().max(2048).nullable().optional(),
  manaCost: z.string().max(100).nullable().optional(),
  typeLine: z.string().max(200).nullable().optional(),
});

export const LivePlayer = z.object({
  name: PlayerName,
  life: z.number().int().min(-999).max(9999),
  poison: z.number().int().min(0).max(99).default(0),
  /** Commander damage taken from each other seat (index into `players`). */
  commanderDamage: z
    .array(z.object({ from: z.number().int().min(0).max(5), amount: z.number().int().min(0).max(999) }))
    .max(10)
    .default([]),
  colorIdentity: ColorIdentity.optional(),
});

export const LiveMessage = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('spotlight'),
      card: LiveCard,
      durationSeconds: z.number().int().min(1).max(600).optional(),
    }),
    z.object({ type: z.literal('life'), players: z.array(LivePlayer).min(1).max(6) }),
    z.object({
      type: z.literal('deck'),
      deck: z.object({
        name: z.string().max(120),
        commanders: z.array(LiveCard).max(2),
        colorIdentity: ColorIdentity,
        bracket: z.number().int().min(1).max(5).nullable().optional(),
      }),
    }),
    z.object({
      type: z.literal('timer'),
      action: z.enum(['start', 'pause', 'reset']),
      /** Elapsed time when the action was taken. */
      elapsedMs: z
        .number()
        .int()
        .min(0)
        .max(7 * 24 * 3600 * 1000),
    }),
    z.object({ type: z.literal('text'), text: z.string().trim().min(1).max(280) }),
    z.object({
      type: z.literal('clear'),
      target: z.enum(['all', 'spotlight', 'life', 'deck', 'timer', 'text']).default('all'),
    }),
  ])
  .meta({ id: 'LiveMessage' });
export type LiveMessage = z.infer<typeof LiveMessage>;

/** What a sender sends: a message with its own id, so a resend after reconnecting is not shown twice. */
export const LiveClientFrame = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('send'), id: z.string().min(8).max(64), message: LiveMessage }),
  /** Ask for what was sent after `afterSeq` (resume after a reconnect). */
  z.object({ kind: z.literal('resume'), afterSeq: z.number().int().min(0) }),
  z.object({ kind: z.literal('ping') }),
]);
export type LiveClientFrame = z.infer<typeof LiveClientFrame>;

export const LiveServerFrame = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('hello'),
    role: z.enum(['sender', 'receiver', 'overlay']),
    /** Last sequence number of the channel, to resume from. */
    seq: z.number().int(),
    heartbeatMs: z.number().int(),
  }),
  z.object({
    kind: z.literal('message'),
    seq: z.number().int(),
    id: z.string(),
    sentAt: DateTime,
    message: LiveMessage,
  }),
  z.object({ kind: z.literal('ack'), id: z.string(), seq: z.number().int() }),
  z.object({
    kind: z.literal('error'),
    code: z.number().int(),
    message: z.string(),
    id: z.string().optional(),
  }),
  z.object({ kind: z.literal('pong') }),
]);
export type LiveServerFrame = z.infer<typeof LiveServerFrame>;

/** WebSocket path and the query parameter carrying the token. */
export const LIVE_PATH = '/live';
