import type { CompanionClient } from '@companion/sdk';
import type { CurrentUser, Settings } from '@companion/sdk/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { formatsQueryOptions } from '../queries/system.js';
import {
  meQueryOptions,
  myDecksQueryOptions,
  myFriendsQueryOptions,
  myPlaygroupsQueryOptions,
} from '../queries/user.js';
import {
  isStale,
  REFRESH_KEYS,
  type RefreshKey,
  toUserData,
  type UserLists,
  type UserStore,
} from '../store/user-store.js';

/** The query behind each part of the user store. */
export function refreshQueries(client: CompanionClient) {
  return {
    user: meQueryOptions(client),
    playgroups: myPlaygroupsQueryOptions(client),
    decks: myDecksQueryOptions(client),
    friends: myFriendsQueryOptions(client),
    formats: formatsQueryOptions(client),
  } as const;
}

/** Writes a refresh result into the store with the query's own fetch time (so both agree on staleness). */
function store(userStore: UserStore, key: RefreshKey, data: unknown, at: number | null): void {
  // `at` null: a local edit (setQueryData) — take the data, keep the fetch time.
  if (key === 'user') {
    userStore.setUser(data as CurrentUser, at);
    return;
  }
  const items = (data as Record<string, unknown>)[key] as UserLists[typeof key];
  userStore.setList(key, items, at);
}

export interface RefreshOptions {
  /** Fetch even what is still fresh (pull-to-refresh). Default: only what is stale. */
  force?: boolean;
  /** Which parts; default all five. */
  keys?: readonly RefreshKey[];
}

/**
 * Full refresh: GET /user, /user/playgroups, /user/decks, /user/friends and /formats in parallel, each
 * stored and stamped. Without `force` only stale parts are fetched, so a second call within 5 minutes
 * makes no request; concurrent calls share the requests in flight (TanStack Query de-duplicates).
 * Failures are logged and rethrown.
 */
export async function refreshUserData(
  queryClient: QueryClient,
  client: CompanionClient,
  userStore: UserStore,
  options: RefreshOptions = {},
): Promise<void> {
  const queries = refreshQueries(client);
  const now = Date.now();
  const keys = (options.keys ?? REFRESH_KEYS).filter(
    (key) => options.force || isStale(userStore.getState(), key, now),
  );
  const results = await Promise.allSettled(
    keys.map(async (key) => {
      try {
        // staleTime 0: the store decided this part is stale; an identical fetch in flight is shared.
        const data = await queryClient.fetchQuery({ ...queries[key], staleTime: 0 } as typeof queries.user);
        const at = queryClient.getQueryState(queries[key].queryKey)?.dataUpdatedAt ?? Date.now();
        store(userStore, key, data, at);
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

const sameKey = (a: QueryKey, b: QueryKey) => a.length === b.length && a.every((part, i) => part === b[i]);
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Mutation keys (`['user', name]`) whose answer carries the current user's settings or user. */
const USER_EDITS = new Set(['updateSettings', 'setUsername', 'setFirstname', 'uploadPicture']);

/**
 * Keeps the user store and the query cache in step while the provider is mounted:
 * - the cache gets the persisted lists at start-up (and when another tab refreshes), with their fetch
 *   times as `updatedAt`, so `useMyDecks()` after a reload shows stored data and knows how old it is;
 * - any successful fetch of those queries, or a mutation's cache update, lands in the store.
 */
export function connectUserStore(
  queryClient: QueryClient,
  client: CompanionClient,
  userStore: UserStore,
): () => void {
  const queries = refreshQueries(client);
  const lists = ['playgroups', 'decks', 'friends', 'formats'] as const;

  const pushToCache = () => {
    const state = userStore.getState();
    for (const key of lists) {
      const at = state.lastFetched[key];
      if (at === null) continue;
      const cached = queryClient.getQueryState(queries[key].queryKey);
      if (cached && cached.dataUpdatedAt >= at) continue;
      queryClient.setQueryData(queries[key].queryKey, { [key]: state[key] } as never, { updatedAt: at });
    }
  };
  pushToCache();
  const unsubscribeStore = userStore.subscribe(pushToCache);

  const unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const key = REFRESH_KEYS.find((k) => sameKey(queries[k].queryKey, event.query.queryKey));
    if (!key) return;
    if (event.action.type === 'invalidate') {
      // A mutation said the server's copy changed. Queries nobody observes are not refetched, and the
      // dashboard reads the store: mark the part stale there too, so `useUserData` fetches it again.
      userStore.setState((s) =>
        s.lastFetched[key] === null ? {} : { lastFetched: { ...s.lastFetched, [key]: null } },
      );
      return;
    }
    if (event.action.type !== 'success' || event.query.state.data === undefined) return;
    const action = event.action as { manual?: boolean };
    store(userStore, key, event.query.state.data, action.manual ? null : event.query.state.dataUpdatedAt);
  });

  // Edits of the current user answer with the new settings or user: store them even when GET /user
  // is not in the cache (after a reload, or right after signing in), where the mutation's own cache
  // update has nothing to patch.
  const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const [domain, name] = event.mutation.options.mutationKey ?? [];
    if (domain !== 'user' || typeof name !== 'string' || !USER_EDITS.has(name)) return;
    const data = event.action.data as { settings?: Settings; user?: CurrentUser['user'] } | undefined;
    if (data?.settings)
      userStore.setState((s) =>
        sameJson(s.settings, data.settings) ? {} : { settings: data.settings ?? null },
      );
    if (data?.user && data.user.id === userStore.getState().userId) {
      const next = toUserData(data.user);
      userStore.setState((s) => (sameJson(s.userData, next) ? {} : { userData: next }));
    }
  });

  return () => {
    unsubscribeStore();
    unsubscribeCache();
    unsubscribeMutations();
  };
}
