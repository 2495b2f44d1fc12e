import type { LiveMessage, LiveServerFrame } from '@companion/sdk/contract';

/** A message as delivered to subscribers and kept in the channel's history. */
export type MessageFrame = Extract<LiveServerFrame, { kind: 'message' }>;

/** What travels between instances: the frame and the connection that sent it (which gets an ack instead). */
export interface LiveEnvelope {
  origin: string;
  frame: MessageFrame;
  /** The frame already serialised (it is sent as is to every socket). */
  json: string;
}

/**
 * Tells every instance to disconnect sockets whose credentials were revoked (and to drop cached
 * copies of them), or to drop cached data that changed.
 */
export type LiveRevocation =
  /** The streaming token was rotated: close the user's overlays except those using `keepTokenHash`. */
  | { kind: 'streaming'; userId: string; keepTokenHash?: string }
  /** A session was revoked (logout): close the sockets opened with it. */
  | { kind: 'session'; userId: string; sessionId: string }
  /** Every session of the user was revoked (sign out of all devices): close all but overlays. */
  | { kind: 'sessions'; userId: string }
  /** The user's decks (or their games) changed: drop cached deck lists. No socket is closed. */
  | { kind: 'decks'; userId: string };

export type PublishResult = { seq: number; duplicate: boolean; frame?: MessageFrame };

/**
 * The live channel's shared state: one channel per user with a sequence number, a short history and
 * the ids recently accepted, plus fan-out and revocation events across instances.
 */
export interface LiveBus {
  readonly kind: 'memory' | 'redis';
  /**
   * Accepts a message on the user's channel: assigns the next sequence number, keeps it in the
   * history and fans it out. A message id seen recently is not accepted again: the earlier
   * sequence number is returned with `duplicate: true`.
   */
  publish(
    userId: string,
    input: { id: string; message: LiveMessage; origin: string },
  ): Promise<PublishResult>;
  /** Messages kept after `afterSeq`, oldest first. */
  history(userId: string, afterSeq: number): Promise<MessageFrame[]>;
  /** The channel's last sequence number (its starting point when nothing was sent). */
  lastSeq(userId: string): Promise<number>;
  /** Starts receiving the user's messages on this instance (resolves once subscribed). */
  watch(userId: string): Promise<void>;
  /** Stops receiving them. */
  unwatch(userId: string): Promise<void>;
  onMessage(listener: (userId: string, envelope: LiveEnvelope) => void): void;
  revoke(revocation: LiveRevocation): Promise<void>;
  onRevoke(listener: (revocation: LiveRevocation) => void): void;
  close(): Promise<void>;
}

/** Messages kept per channel for `resume`. */
export const HISTORY_SIZE = 200;
/** How long a message id is remembered to drop a resend. */
export const ID_TTL_SECONDS = 3600;
/** Channels idle this long are forgotten (Redis key expiry). */
export const CHANNEL_TTL_SECONDS = 7 * 24 * 3600;
