import { z } from 'zod';
import { Bracket, ColorIdentity, DateTime, Id } from './common.js';
import { LIMITS } from './limits.js';
import { LIVE_CLEAR_TARGETS, LIVE_ROLES, LIVE_TIMER_ACTIONS } from './values.js';

/**
 * The live channel (WebSocket `GET /live`): a sender (the player's phone or browser) sends messages
 * that the player's overlays and receivers show. Overlays connect with a streaming token and only
 * receive.
 */

const PlayerName = z.string().trim().min(LIMITS.livePlayerName.min).max(LIMITS.livePlayerName.max);

export const LiveCard = z.object({
  id: Id,
  name: z.string().max(LIMITS.cardName.max),
  imageUri: z.string().url().max(LIMITS.liveUri.max).nullable(),
  backImageUri: z.string().url().max(LIMITS.liveUri.max).nullable().optional(),
  manaCost: z.string().max(LIMITS.liveManaCost.max).nullable().optional(),
  typeLine: z.string().max(LIMITS.liveTypeLine.max).nullable().optional(),
});

export const LivePlayer = z.object({
  name: PlayerName,
  life: z.number().int().min(LIMITS.liveLife.min).max(LIMITS.liveLife.max),
  poison: z.number().int().min(LIMITS.livePoison.min).max(LIMITS.livePoison.max).default(0),
  /** Commander damage taken from each other seat (index into `players`). */
  commanderDamage: z
    .array(
      z.object({
        from: z
          .number()
          .int()
          .min(0)
          .max(LIMITS.livePlayers.max - 1),
        amount: z.number().int().min(LIMITS.liveCommanderDamage.min).max(LIMITS.liveCommanderDamage.max),
      }),
    )
    .max(LIMITS.liveCommanderSources.max)
    .default([]),
  colorIdentity: ColorIdentity.optional(),
});

export const LiveMessage = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('spotlight'),
      card: LiveCard,
      durationSeconds: z
        .number()
        .int()
        .min(LIMITS.liveSpotlightSeconds.min)
        .max(LIMITS.liveSpotlightSeconds.max)
        .optional(),
    }),
    z.object({
      type: z.literal('life'),
      players: z.array(LivePlayer).min(LIMITS.livePlayers.min).max(LIMITS.livePlayers.max),
    }),
    z.object({
      type: z.literal('deck'),
      deck: z.object({
        name: z.string().max(LIMITS.deckName.max),
        commanders: z.array(LiveCard).max(LIMITS.liveCommanders.max),
        colorIdentity: ColorIdentity,
        bracket: Bracket.nullable().optional(),
      }),
    }),
    z.object({
      type: z.literal('timer'),
      action: z.enum(LIVE_TIMER_ACTIONS),
      /** Elapsed time when the action was taken. */
      elapsedMs: z.number().int().min(LIMITS.liveTimerMs.min).max(LIMITS.liveTimerMs.max),
    }),
    z.object({
      type: z.literal('text'),
      text: z.string().trim().min(LIMITS.liveText.min).max(LIMITS.liveText.max),
    }),
    z.object({
      type: z.literal('clear'),
      target: z.enum(LIVE_CLEAR_TARGETS).default('all'),
    }),
  ])
  .meta({ id: 'LiveMessage' });
export type LiveMessage = z.infer<typeof LiveMessage>;

/**
 * The first frame of every connection: who is connecting. The token never rides in the URL (where
 * proxies and logs keep it); a socket that does not send this within a few seconds is closed.
 */
export const LiveAuthFrame = z.object({
  kind: z.literal('auth'),
  token: z.string().min(1).max(LIMITS.liveToken.max),
  role: z.enum(LIVE_ROLES),
  /** Replay what was sent after this sequence number right after `hello` (a reconnecting client). */
  afterSeq: z.number().int().min(0).optional(),
});
export type LiveAuthFrame = z.infer<typeof LiveAuthFrame>;

/** What a sender sends: a message with its own id, so a resend after reconnecting is not shown twice. */
export const LiveClientFrame = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('send'),
    id: z.string().min(LIMITS.liveFrameId.min).max(LIMITS.liveFrameId.max),
    message: LiveMessage,
  }),
  /** Ask for what was sent after `afterSeq` (resume after a reconnect). */
  z.object({ kind: z.literal('resume'), afterSeq: z.number().int().min(0) }),
  z.object({ kind: z.literal('ping') }),
]);
export type LiveClientFrame = z.infer<typeof LiveClientFrame>;

export const LiveServerFrame = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('hello'),
    role: z.enum(LIVE_ROLES),
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
