/**
 * Heavy writes (a deck saved with its cards, a list import) take turns on each instance: at most
 * `concurrency` of them work on the database at once, the others wait here, in order.
 *
 * On PGlite every statement runs on the event loop and a transaction holds the only connection, so
 * ten users saving 200,000-character decklists at once used to put their statements ahead of every
 * read in PGlite's queue: a signed `GET /user/decks` waited seconds. Waiting here instead, they let
 * reads through between two writes. On PostgreSQL the gate keeps heavy writes from taking every
 * connection of the pool. (p-limit does the same; its current versions are ESM-only and the lock
 * file would have to move for it, for fifteen lines.)
 */
import type { StorageKindValue } from '@companion/sdk/contract';

/** Runs a heavy write when its turn comes. */
export type Turn = <T>(work: () => Promise<T>) => Promise<T>;
/** No waiting (scripts and tests that write alone). */
export const now: Turn = (work) => work();

export interface WriteGate {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Writes working now and waiting their turn (for tests and metrics). */
  readonly active: number;
  readonly waiting: number;
}

/** Heavy writes at once: one on PGlite (one connection), half the pool (20 connections) on PostgreSQL. */
export const defaultWriteConcurrency = (kind: StorageKindValue) => (kind === 'postgres' ? 10 : 1);

export function createWriteGate(concurrency: number): WriteGate {
  let active = 0;
  const queue: Array<() => void> = [];
  return {
    async run(work) {
      if (active >= concurrency) await new Promise<void>((turn) => queue.push(turn));
      else active++;
      try {
        return await work();
      } finally {
        // The turn passes to the next in line (still counted as active), or the slot is freed. It
        // passes on the next turn of the event loop: PGlite's statements resolve as microtasks, so
        // handing it over at once would run the waiting writes back to back, with no reply sent
        // between them.
        const turn = queue.shift();
        if (turn) setImmediate(turn);
        else active--;
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
