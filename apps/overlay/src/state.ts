import type { LiveMessage } from '@companion/sdk/contract';

type Of<T extends LiveMessage['type']> = Extract<LiveMessage, { type: T }>;
export type OverlayCard = Of<'spotlight'>['card'];
export type OverlayPlayer = Of<'life'>['players'][number];
export type OverlayDeck = Of<'deck'>['deck'];

/** What the overlay shows. Times are milliseconds since the epoch. */
export interface OverlayState {
  spotlight: { key: string; card: OverlayCard; until: number | null } | null;
  players: OverlayPlayer[] | null;
  deck: OverlayDeck | null;
  /** `elapsedMs` as of `since`; while running, the clock adds the time since then. */
  timer: { running: boolean; elapsedMs: number; since: number } | null;
  text: { key: string; text: string } | null;
}

export const EMPTY: OverlayState = { spotlight: null, players: null, deck: null, timer: null, text: null };

/** A received message with the fields the overlay reads from its frame. */
export interface Received {
  id: string;
  sentAt: string;
  message: LiveMessage;
}

/**
 * Applies one message. `now` decides whether a replayed spotlight has already run out (the overlay
 * replays the channel's history when it opens, to restore what is on screen).
 */
export function apply(state: OverlayState, { id, sentAt, message }: Received, now: number): OverlayState {
  const at = Math.min(Date.parse(sentAt) || now, now);
  switch (message.type) {
    case 'spotlight': {
      const until = message.durationSeconds ? at + message.durationSeconds * 1000 : null;
      if (until !== null && until <= now) return state;
      return { ...state, spotlight: { key: id, card: message.card, until } };
    }
    case 'life':
      return { ...state, players: message.players };
    case 'deck':
      return { ...state, deck: message.deck };
    case 'timer':
      if (message.action === 'reset') return { ...state, timer: { running: false, elapsedMs: 0, since: at } };
      return {
        ...state,
        timer: { running: message.action === 'start', elapsedMs: message.elapsedMs, since: at },
      };
    case 'text':
      return { ...state, text: { key: id, text: message.text } };
    case 'clear':
      return message.target === 'all'
        ? EMPTY
        : { ...state, [message.target === 'life' ? 'players' : message.target]: null };
  }
}

/** Drops a spotlight whose time is up. */
export function expire(state: OverlayState, now: number): OverlayState {
  if (state.spotlight?.until != null && state.spotlight.until <= now) return { ...state, spotlight: null };
  return state;
}

export function elapsed(timer: NonNullable<OverlayState['timer']>, now: number): number {
  return timer.running ? timer.elapsedMs + Math.max(0, now - timer.since) : timer.elapsedMs;
}

/** `m:ss`, or `h:mm:ss` from an hour. */
export function formatClock(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Commander damage of 21 or more from one commander is lethal. */
export const LETHAL_COMMANDER_DAMAGE = 21;
