import type { CompanionClient } from '@companion/sdk';
import type { QueryClient } from '@tanstack/react-query';
import { STALE_AFTER_MS } from '../constants.js';
import { readUserQueries } from '../persist/user-queries.js';
import { formatsQueryOptions } from '../queries/system.js';
import {
  meQueryOptions,
  myDecksQueryOptions,
  myFriendsQueryOptions,
  myPlaygroupsQueryOptions,
} from '../queries/user.js';
import { type FetchTimes, REFRESH_KEYS, type RefreshKey } from '../store/persisted.js';

/** The query behind each part of the user's data. */
export function refreshQueries(client: CompanionClient) {
  return {
    user: meQueryOptions(client),
    playgroups: myPlaygroupsQueryOptions(client),
    decks: myDecksQueryOptions(client),
    friends: myFriendsQueryOptions(client),
    formats: formatsQueryOptions(client),
  } as const;
}

/** Stale when never fetched (or reset) or fetched more than 5 minutes ago (exactly 5 minutes is fresh). */
export function isStale(state: { lastFetched: FetchTimes }, key: RefreshKey, now = Date.now()): boolean {
  const at = state.lastFetched[key];
  return at === null || now - at > STALE_AFTER_MS;
}

export interface RefreshOptions {
  /** Fetch even what is still fresh (pull-to-refresh). Default: only what is stale. */
  force?: boolean;
  /** Which parts; default all five. */
  keys?: readonly RefreshKey[];
}

/**
 * Full refresh: GET /user, /user/playgroups, /user/decks, /user/friends and /formats in parallel, each
 * landing in the query cache with its fetch time (and, through the persister, in storage). Without
 * `force` only stale parts are fetched, so a second call within 5 minutes makes no request;
 * concurrent calls share the requests in flight (TanStack Query de-duplicates). Failures are logged
 * and rethrown.
 */
export async function refreshUserData(
  queryClient: QueryClient,
  client: CompanionClient,
  options: RefreshOptions = {},
): Promise<void> {
  const queries = refreshQueries(client);
  const now = Date.now();
  const current = readUserQueries(queryClient);
  const keys = (options.keys ?? REFRESH_KEYS).filter((key) => options.force || isStale(current, key, now));
  const results = await Promise.allSettled(
    keys.map(async (key) => {
      try {
        // staleTime 0: this part was found stale above (or forced); an identical fetch in flight is shared.
        await queryClient.fetchQuery({ ...queries[key], staleTime: 0 } as typeof queries.user);
      } catch (error) {
        console.error(`Error fetching ${key}:`, error);
        throw error;
      }
    }),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    console.error('Error fetching all data:', failed.reason);
    throw failed.reason;
  }
}
