import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** What an optimistic update replaced, to put back on error. */
export type Snapshot = Array<[QueryKey, unknown]>;

/**
 * `setQueryData` for a local edit: the entry's fetch time stays (a local change is not a fetch), so
 * the cache and the user store keep agreeing on how old the server's copy is and when to refetch it.
 * Entries without data are left alone.
 */
export function editQueryData<T>(
  client: QueryClient,
  queryKey: QueryKey,
  update: (old: T) => T | undefined,
): void {
  const state = client.getQueryState<T>(queryKey);
  if (state?.data === undefined) return;
  const next = update(state.data);
  if (next === undefined) return;
  client.setQueryData<T>(queryKey, next, { updatedAt: state.dataUpdatedAt });
}

/**
 * Cancels fetches under `queryKey` (so they cannot overwrite the optimistic value), then applies
 * `update` to every cached entry under it. Returns the previous values.
 */
export async function patchQueries<T>(
  client: QueryClient,
  queryKey: QueryKey,
  update: (old: T) => T,
): Promise<Snapshot> {
  await client.cancelQueries({ queryKey });
  const snapshot = client.getQueriesData<T>({ queryKey }) as Snapshot;
  for (const [key, old] of snapshot) {
    if (old !== undefined) editQueryData<T>(client, key, update);
  }
  return snapshot;
}

export function rollback(
  client: QueryClient,
  snapshots: ReadonlyArray<Snapshot | undefined> | undefined,
): void {
  for (const snapshot of snapshots ?? []) {
    for (const [key, old] of snapshot ?? []) {
      const at = client.getQueryState(key)?.dataUpdatedAt;
      client.setQueryData(key, old, at ? { updatedAt: at } : undefined);
    }
  }
}

/** Invalidates several prefixes at once and waits for the active ones to refetch. */
export function invalidate(client: QueryClient, ...queryKeys: QueryKey[]): Promise<void> {
  return Promise.all(queryKeys.map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => {});
}

/** The part of a mutation callback's context the effects use. */
export interface WithClient {
  client: QueryClient;
}

/** What an optimistic `onMutate` returns: the entries it replaced. */
export interface Rollback {
  snapshots: Snapshot[];
}

/** Puts optimistic changes back when the call fails. */
export function rollbackOnError(
  _error: unknown,
  _vars: unknown,
  result: Rollback | undefined,
  ctx: WithClient,
): void {
  rollback(ctx.client, result?.snapshots);
}
