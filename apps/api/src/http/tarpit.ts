/**
 * Slows down a caller that keeps being refused. A client looping on refused calls (oversized
 * unsigned bodies, calls over its rate limit, bodies sent to a session it does not have) gets each
 * refusal at once a few times; past that, within the window, each further refusal is answered only
 * after a delay. A held answer costs a timer and an idle socket (whose unread body the kernel stops
 * accepting), not CPU: the attacker's loop slows to one call a delay per connection, and the CPU it
 * took is left to the callers being served. Only refusals wait: the same address's accepted calls
 * are answered as usual.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface TarpitOptions {
  /** How long a refusal past the threshold waits, in ms; 0 turns the tarpit off. */
  delayMs: number;
  /** Refusals answered at once per key and window. */
  threshold?: number;
  windowMs?: number;
  /** Answers held at once, all keys together; past it refusals are answered at once. */
  maxHeld?: number;
  /** Keys remembered; the oldest is forgotten past it. */
  maxKeys?: number;
}

export interface Tarpit {
  /** Counts a refusal under `key`; resolves once its answer may go (at once, or after the delay). */
  refused(key: string): Promise<void>;
  /** Answers being held now. */
  readonly held: number;
}

export function createTarpit({
  delayMs,
  threshold = 5,
  windowMs = 10_000,
  maxHeld = 1000,
  maxKeys = 10_000,
}: TarpitOptions): Tarpit {
  const seen = new Map<string, { count: number; since: number }>();
  let held = 0;
  return {
    get held() {
      return held;
    },
    async refused(key) {
      if (delayMs <= 0) return;
      const now = Date.now();
      let entry = seen.get(key);
      if (!entry || now - entry.since > windowMs) {
        // A new window: moved to the end of the map (the newest), the oldest key forgotten if full.
        seen.delete(key);
        if (seen.size >= maxKeys) {
          const oldest = seen.keys().next().value;
          if (oldest !== undefined) seen.delete(oldest);
        }
        entry = { count: 0, since: now };
        seen.set(key, entry);
      }
      entry.count++;
      if (entry.count <= threshold || held >= maxHeld) return;
      held++;
      try {
        await sleep(delayMs);
      } finally {
        held--;
      }
    },
  };
}
