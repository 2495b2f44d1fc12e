import {
  type CallArgs,
  type Callable,
  type CallResult,
  type CompanionClient,
  type CompanionError,
  isRetryable,
} from '@companion/sdk';
import {
  type InfiniteData,
  infiniteQueryOptions,
  mutationOptions,
  type QueryKey,
  queryOptions,
} from '@tanstack/react-query';
import { STALE_AFTER_MS } from '../constants.js';

/**
 * Attempts TanStack Query adds after the client gave up. The SDK's ky client already retries GETs on
 * network errors, 408, 429 and 5xx (twice, honouring Retry-After), so Query retries once more, after
 * its own back-off, and only errors that may succeed on retry: 4xx, validation and session errors
 * fail at once instead of stacking 3 × 3 attempts.
 */
export const MAX_QUERY_RETRIES = 1;

export function retryPolicy(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_QUERY_RETRIES && isRetryable(error);
}

/** Default freshness of server data read through hooks. */
export const DEFAULT_STALE_TIME = 30_000;
/**
 * The user's own lists, the user and the formats: fresh for 5 minutes. TanStack counts a query stale
 * when `now >= updatedAt + staleTime`; the spec says stale when fetched *over* 5 minutes ago, hence + 1 ms.
 */
export const USER_DATA_STALE_TIME = STALE_AFTER_MS + 1;
/** Card catalogue data barely changes. */
export const CATALOGUE_STALE_TIME = 60 * 60 * 1000;

/** Arguments a hook or factory takes for an endpoint: optional when the endpoint needs none. */
export type Vars<E extends Callable> =
  // biome-ignore lint/suspicious/noConfusingVoidType: void lets callers omit the argument (mutate(), useX())
  Partial<CallArgs<E>> extends CallArgs<E> ? CallArgs<E> | void : CallArgs<E>;

/** `queryOptions` for one contract entry: the key and the function that fetches it, never apart. */
export function endpointQuery<E extends Callable, const K extends QueryKey>(
  client: CompanionClient,
  endpoint: E,
  // biome-ignore lint/suspicious/noConfusingVoidType: void lets callers omit the argument (mutate(), useX())
  args: CallArgs<E> | undefined | void,
  queryKey: K,
  staleTime: number = DEFAULT_STALE_TIME,
  gcTime?: number,
) {
  return queryOptions<CallResult<E>, CompanionError, CallResult<E>, K>({
    queryKey,
    queryFn: ({ signal }) => client.call(endpoint, (args ?? undefined) as CallArgs<E>, { signal }),
    staleTime,
    ...(gcTime === undefined ? {} : { gcTime }),
    retry: retryPolicy,
  });
}

/** A cursor-paged contract entry: its query takes `cursor`, its page answers `nextCursor`. */
type CursorPaged = Callable & { readonly method: 'GET' };
type PageOf<E extends Callable> = CallResult<E> & { nextCursor: string | null };

/**
 * `infiniteQueryOptions` for a cursor-paged entry ("Load more" lists): the first page without a
 * cursor, each next page with the previous page's `nextCursor`, none after a page whose cursor is
 * null. The data is TanStack's `{ pages, pageParams }`.
 */
export function endpointInfiniteQuery<E extends CursorPaged, const K extends QueryKey>(
  client: CompanionClient,
  endpoint: E,
  // biome-ignore lint/suspicious/noConfusingVoidType: void lets callers omit the argument (useX())
  args: CallArgs<E> | undefined | void,
  queryKey: K,
  staleTime: number = DEFAULT_STALE_TIME,
) {
  return infiniteQueryOptions<
    PageOf<E>,
    CompanionError,
    InfiniteData<PageOf<E>, string | null>,
    K,
    string | null
  >({
    queryKey,
    initialPageParam: null,
    queryFn: ({ signal, pageParam }) => {
      const base = (args ?? {}) as { query?: Record<string, unknown> };
      const query = { ...base.query, ...(pageParam === null ? {} : { cursor: pageParam }) };
      return client.call(endpoint, { ...base, query } as CallArgs<E>, { signal }) as Promise<PageOf<E>>;
    },
    getNextPageParam: (last) => last.nextCursor,
    staleTime,
    retry: retryPolicy,
  });
}

type Effects<E extends Callable, R> = Omit<
  Parameters<typeof mutationOptions<CallResult<E>, CompanionError, Vars<E>, R>>[0],
  'mutationFn' | 'mutationKey'
>;

/** `mutationOptions` for one contract entry; cache effects use the mutation's own QueryClient (`context.client`). */
export function endpointMutation<E extends Callable, R = unknown>(
  client: CompanionClient,
  endpoint: E,
  mutationKey: readonly [string, string],
  effects: Effects<E, R> = {},
) {
  return mutationOptions<CallResult<E>, CompanionError, Vars<E>, R>({
    mutationKey,
    mutationFn: (vars) => client.call(endpoint, (vars ?? undefined) as CallArgs<E>),
    ...effects,
  });
}
