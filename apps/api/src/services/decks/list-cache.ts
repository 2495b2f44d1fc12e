import type { Db } from '../../db/client.js';
import { type JsonText, jsonField } from '../json-text.js';
import { type DeckSummaryDto, listDeckSummariesJson } from './summary.js';

/**
 * How long an owner's deck list (the answer of `GET /user/decks` and friends) is reused without asking
 * the database. Changes made through the API drop it at once on every instance (`changed`, carried
 * by the live bus); changes made outside it (a catalogue sync changing a commander's picture) show
 * within this time.
 */
export const DECK_LIST_CACHE_MS = 5_000;
const DECK_LIST_CACHE_MAX = 10_000;

export interface DeckListCache {
  /** The owner's deck summaries, archived or not, as the answer's JSON (`{ decks }`) in UTF-8. */
  get(ownerId: string, archived: boolean): Promise<JsonText<{ decks: DeckSummaryDto[] }>>;
  /** Drops this instance's copies of these owners' lists. */
  forget(ownerIds: Iterable<string>): void;
  /**
   * Call after changing decks, their cards or the games they played in: drops the owners' lists
   * here and, through `announce`, on the other instances.
   */
  changed(ownerIds: Iterable<string | null | undefined>): Promise<void>;
  /** Tells the other instances (set by the live channel; nothing to do on a single instance). */
  announce: (ownerIds: string[]) => Promise<void>;
}

export function createDeckListCache(db: Db, cacheMs = DECK_LIST_CACHE_MS): DeckListCache {
  // A pending entry (until = Infinity) is shared by concurrent calls; `forget` removes it, so a
  // query started before a change is never stored after it.
  type Body = JsonText<{ decks: DeckSummaryDto[] }>;
  const entries = new Map<string, { json: Promise<Body>; until: number }>();
  const load = async (ownerId: string, archived: boolean): Promise<Body> =>
    jsonField<'decks', DeckSummaryDto[]>('decks', await listDeckSummariesJson(db, ownerId, archived));
  const keyOf = (ownerId: string, archived: boolean) => `${archived ? 'a' : 'l'}:${ownerId}`;
  const cache: DeckListCache = {
    get(ownerId, archived) {
      if (cacheMs <= 0) return load(ownerId, archived);
      const key = keyOf(ownerId, archived);
      const hit = entries.get(key);
      if (hit && hit.until > Date.now()) return hit.json;
      if (entries.size >= DECK_LIST_CACHE_MAX) entries.clear();
      const entry = { json: load(ownerId, archived), until: Number.POSITIVE_INFINITY };
      entries.set(key, entry);
      entry.json.then(
        () => {
          if (entries.get(key) === entry) entry.until = Date.now() + cacheMs;
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.json;
    },
    forget(ownerIds) {
      for (const id of ownerIds) {
        entries.delete(keyOf(id, false));
        entries.delete(keyOf(id, true));
      }
    },
    async changed(ownerIds) {
      const ids = [...new Set([...ownerIds].filter((id): id is string => !!id))];
      if (ids.length === 0) return;
      cache.forget(ids);
      await cache.announce(ids);
    },
    announce: async () => {},
  };
  return cache;
}
