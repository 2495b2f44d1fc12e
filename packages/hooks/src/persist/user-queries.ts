/**
 * The query cache is the client's one copy of the user's server data. This module persists the five
 * refresh queries — GET /user (the user and settings), /user/playgroups, /user/decks, /user/friends
 * and /formats — with their fetch times under the spec's key (spec §3), restores them into the cache
 * at start-up (their fetch time becomes the entry's `dataUpdatedAt`, so staleness survives a reload),
 * and follows other tabs.
 */
import type { CurrentUser, DeckSummary, Friend, GameFormat, PlaygroupSummary } from '@companion/sdk/contract';
import { hashKey, type Query, type QueryClient, type QueryKey, type QueryState } from '@tanstack/react-query';
import { queryKeys } from '../queries/keys.js';
import {
  type FetchTimes,
  isOtherTabChange,
  type PersistedData,
  REFRESH_KEYS,
  type RefreshKey,
  readPersistedUser,
  writePersistedUser,
} from '../store/persisted.js';
import { isBrowser } from '../store/storage.js';

/** The cache entry behind each part (the keys of the queries `refreshQueries` builds). */
export const USER_QUERY_KEYS: { readonly [K in RefreshKey]: QueryKey } = {
  user: queryKeys.me.user(),
  playgroups: queryKeys.playgroups.list(),
  decks: queryKeys.decks.list(),
  friends: queryKeys.friends.list(),
  formats: queryKeys.formats.all,
};
const HASHES: { readonly [K in RefreshKey]: string } = {
  user: hashKey(USER_QUERY_KEYS.user),
  playgroups: hashKey(USER_QUERY_KEYS.playgroups),
  decks: hashKey(USER_QUERY_KEYS.decks),
  friends: hashKey(USER_QUERY_KEYS.friends),
  formats: hashKey(USER_QUERY_KEYS.formats),
};

/** Which part a cache entry is, if any. */
export function userQueryPart(query: Pick<Query, 'queryHash'>): RefreshKey | undefined {
  return REFRESH_KEYS.find((key) => HASHES[key] === query.queryHash);
}

/** What the five queries hold, as the user store used to (empty lists when not fetched). */
export interface UserQueries {
  user: CurrentUser | null;
  playgroups: PlaygroupSummary[];
  decks: DeckSummary[];
  friends: Friend[];
  formats: GameFormat[];
  lastFetched: FetchTimes;
}

type AnyState = QueryState<unknown, unknown> | undefined;
const NONE: never[] = [];

/**
 * When the server's copy was read: null when never fetched, or when it was reset — invalidated by a
 * change (a mutation, another tab) or by logout.
 */
export function fetchedAt(state: AnyState): number | null {
  if (!state || state.data === undefined || state.isInvalidated || !state.dataUpdatedAt) return null;
  return state.dataUpdatedAt;
}

/** The five entries' states, in `REFRESH_KEYS` order. */
export function userQueryStates(queryClient: QueryClient): AnyState[] {
  const cache = queryClient.getQueryCache();
  return REFRESH_KEYS.map((key) => cache.get(HASHES[key])?.state);
}

export function toUserQueries(states: readonly AnyState[]): UserQueries {
  const [user, playgroups, decks, friends, formats] = states;
  const items = <T>(state: AnyState, field: string): T[] =>
    ((state?.data as Record<string, T[]> | undefined)?.[field] as T[] | undefined) ?? NONE;
  return {
    user: (user?.data as CurrentUser | undefined) ?? null,
    playgroups: items(playgroups, 'playgroups'),
    decks: items(decks, 'decks'),
    friends: items(friends, 'friends'),
    formats: items(formats, 'formats'),
    lastFetched: {
      user: fetchedAt(user),
      playgroups: fetchedAt(playgroups),
      decks: fetchedAt(decks),
      friends: fetchedAt(friends),
      formats: fetchedAt(formats),
    },
  };
}

export const readUserQueries = (queryClient: QueryClient): UserQueries =>
  toUserQueries(userQueryStates(queryClient));

/** The cached current user (GET /user or a sign-in's answer), if any. */
export const cachedCurrentUser = (queryClient: QueryClient): CurrentUser | null =>
  (queryClient.getQueryCache().get(HASHES.user)?.state.data as CurrentUser | undefined) ?? null;

/** The persisted form of the cache: lists unwrapped, fetch times beside them. */
function toPersisted(queryClient: QueryClient): PersistedData {
  const states = userQueryStates(queryClient);
  const has = (i: number) => states[i]?.data !== undefined;
  const value = toUserQueries(states);
  return {
    user: value.user,
    playgroups: has(1) ? value.playgroups : null,
    decks: has(2) ? value.decks : null,
    friends: has(3) ? value.friends : null,
    formats: has(4) ? value.formats : null,
    lastFetched: value.lastFetched,
  };
}

/** The cache's form of one persisted part: the response as the query function returns it. */
function toData(key: RefreshKey, stored: PersistedData): unknown {
  if (key === 'user') return stored.user ?? undefined;
  const items = stored[key];
  return items ? { [key]: items } : undefined;
}

/**
 * Puts one stored part into the cache unless the cache's copy is as new. A part stored without a
 * fetch time (reset) is taken as stale data. `removeMissing`: a part another tab no longer has
 * (logout) leaves this tab too.
 */
function applyPart(
  queryClient: QueryClient,
  key: RefreshKey,
  stored: PersistedData,
  removeMissing: boolean,
): void {
  const queryKey = USER_QUERY_KEYS[key];
  const query = queryClient.getQueryCache().get(HASHES[key]);
  const local = query?.state;
  const data = toData(key, stored);
  const at = stored.lastFetched[key];
  if (data === undefined) {
    if (removeMissing && query) queryClient.removeQueries({ queryKey, exact: true });
    return;
  }
  if (at === null) {
    if (local?.data === undefined) {
      queryClient.setQueryData(queryKey, data, { updatedAt: 0 });
      queryClient.getQueryCache().get(HASHES[key])?.invalidate();
    } else if (removeMissing) query?.invalidate();
    return;
  }
  if (local?.data !== undefined && local.dataUpdatedAt >= at) return;
  queryClient.setQueryData(queryKey, data, { updatedAt: at });
}

const restored = new WeakSet<QueryClient>();

/**
 * Persists the five refresh queries of `queryClient` (browser only; the provider calls it at
 * start-up, before anything reads the cache):
 * - restores them once per QueryClient from storage, with their fetch times;
 * - keeps them (`gcTime: Infinity`: an unobserved list must not leave the cache, and storage, after
 *   five minutes);
 * - saves every change of their data or freshness (a fetch, a local edit, an invalidation, a
 *   removal — logout);
 * - takes what other tabs save.
 * Returns the function that stops following changes.
 */
export function persistUserQueries(queryClient: QueryClient): () => void {
  if (!isBrowser()) return () => {};
  for (const key of REFRESH_KEYS) {
    queryClient.setQueryDefaults(USER_QUERY_KEYS[key], { gcTime: Number.POSITIVE_INFINITY });
  }
  let applying = false;
  const apply = (removeMissing: boolean) => {
    applying = true;
    try {
      const stored = readPersistedUser();
      for (const key of REFRESH_KEYS) applyPart(queryClient, key, stored, removeMissing);
    } finally {
      applying = false;
    }
  };
  if (!restored.has(queryClient)) {
    restored.add(queryClient);
    apply(false);
  }

  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (applying || !userQueryPart(event.query)) return;
    const saves =
      event.type === 'removed' ||
      (event.type === 'updated' &&
        (event.action.type === 'success' ||
          event.action.type === 'invalidate' ||
          event.action.type === 'setState'));
    if (saves) writePersistedUser(toPersisted(queryClient));
  });
  const onStorage = (event: StorageEvent) => {
    if (isOtherTabChange(event)) apply(true);
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The cache's part of logout (spec §4): the user data, playgroups, decks and friends — and every
 * other answer cached for this user — leave; the formats (not the user's) stay, their fetch time
 * reset. Pending mutations are dropped.
 */
export function clearUserData(queryClient: QueryClient): void {
  queryClient.getMutationCache().clear();
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== HASHES.formats });
  queryClient.getQueryCache().get(HASHES.formats)?.invalidate();
}
