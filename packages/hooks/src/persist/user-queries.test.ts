/**
 * The query cache persisted under the spec's key: saved on every change, restored after a reload
 * with its fetch times (so staleness survives it), cleared by logout as the spec says, and kept in
 * step with another tab.
 */
import type { CompanionClient } from '@companion/sdk';
import { CurrentUser, DeckSummary, Friend, GameFormat, PlaygroupSummary } from '@companion/sdk/contract';
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sample } from '../../test/fixtures.js';
import { STORAGE_KEYS } from '../constants.js';
import { queryKeys } from '../queries/keys.js';
import { myDecksQueryOptions } from '../queries/user.js';
import { createQueryClient } from '../query-client.js';
import { isStale } from '../refresh/refresh.js';
import { endSession, storeSession } from '../session/session.js';
import { createUserStore } from '../store/user-store.js';
import { clearUserData, persistUserQueries, readUserQueries } from './user-queries.js';

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

const saved = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null');
const me = (): CurrentUser => {
  const current = sample(CurrentUser);
  return { ...current, user: { ...current.user, id: 'user-1' } };
};
const deck = (id: string, lastPlayed: string | null) => ({ ...sample(DeckSummary), id, lastPlayed });

/** One "tab": a QueryClient and a store, persisted as the provider sets them up. */
function tab() {
  const queryClient = createQueryClient();
  const userStore = createUserStore();
  const stop = persistUserQueries(queryClient);
  userStore.hydrate();
  const stopListening = userStore.listen();
  return {
    queryClient,
    userStore,
    close: () => {
      stop();
      stopListening();
      queryClient.clear();
    },
  };
}

/** What a signed-in tab holds after a full refresh at T0. */
function signedIn() {
  const t = tab();
  const current = me();
  storeSession(t.queryClient, t.userStore, {
    token: 'session-token-abcdefghijkl',
    user: current.user,
    state: current.state,
  });
  const lists = {
    playgroups: [sample(PlaygroupSummary)],
    decks: [deck('d1', '2026-01-02T00:00:00.000Z'), deck('d2', null)],
    friends: [sample(Friend)],
    formats: [sample(GameFormat)],
  };
  t.queryClient.setQueryData(queryKeys.playgroups.list(), { playgroups: lists.playgroups });
  t.queryClient.setQueryData(queryKeys.decks.list(), { decks: lists.decks });
  t.queryClient.setQueryData(queryKeys.friends.list(), { friends: lists.friends });
  t.queryClient.setQueryData(queryKeys.formats.all, { formats: lists.formats });
  return { ...t, current, lists };
}

describe('saving', () => {
  it('saves the five queries under the user key with their fetch times, beside the session', () => {
    const { current, lists, close } = signedIn();
    expect(saved()).toEqual({
      v: 2,
      token: 'session-token-abcdefghijkl',
      userId: 'user-1',
      user: current,
      playgroups: lists.playgroups,
      decks: lists.decks,
      friends: lists.friends,
      formats: lists.formats,
      lastFetched: { user: T0, playgroups: T0, decks: T0, friends: T0, formats: T0 },
    });
    expect(Object.keys(localStorage)).toEqual([STORAGE_KEYS.user]);
    close();
  });

  it('saves nothing else the cache holds', () => {
    const { queryClient, close } = signedIn();
    const before = localStorage.getItem(STORAGE_KEYS.user);
    queryClient.setQueryData(queryKeys.decks.detail('d1'), { deck: { id: 'd1' } });
    queryClient.setQueryData(queryKeys.cards.sets(), { sets: [] });
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBe(before);
    close();
  });

  it('a fetch saves its data and new fetch time; a local edit keeps the fetch time', async () => {
    const { queryClient, close } = signedIn();
    vi.setSystemTime(T0 + 60_000);
    const answer = [deck('d3', '2026-02-01T00:00:00.000Z'), deck('d4', '2026-03-01T00:00:00.000Z')];
    const client = { call: async () => ({ decks: answer }) } as unknown as CompanionClient;
    await queryClient.fetchQuery({ ...myDecksQueryOptions(client), staleTime: 0 });
    // sorted newest first by the query, saved so
    expect(saved().decks.map((d: DeckSummary) => d.id)).toEqual(['d4', 'd3']);
    expect(saved().lastFetched.decks).toBe(T0 + 60_000);

    vi.setSystemTime(T0 + 120_000);
    queryClient.setQueryData(
      queryKeys.decks.list(),
      (old: { decks: DeckSummary[] } | undefined) => ({ decks: (old?.decks ?? []).slice(1) }),
      { updatedAt: queryClient.getQueryState(queryKeys.decks.list())?.dataUpdatedAt },
    );
    expect(saved().decks.map((d: DeckSummary) => d.id)).toEqual(['d3']);
    expect(saved().lastFetched.decks).toBe(T0 + 60_000);
    close();
  });

  it('an invalidated list is saved with its data and no fetch time (stale after a reload too)', async () => {
    const { queryClient, close } = signedIn();
    await queryClient.invalidateQueries({ queryKey: queryKeys.playgroups.all });
    expect(saved().playgroups).toHaveLength(1);
    expect(saved().lastFetched).toMatchObject({ playgroups: null, decks: T0 });
    expect(readUserQueries(queryClient).lastFetched.playgroups).toBeNull();
    close();
  });

  it('keeps the lists in the cache (and storage) when nothing has observed them for over gcTime', () => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
    const { queryClient, close } = signedIn();
    const client = { call: async () => ({ decks: [] }) } as unknown as CompanionClient;
    new QueryObserver(queryClient, myDecksQueryOptions(client)).subscribe(() => {})();
    // another answer nothing observes is collected after its 5 minutes
    queryClient.setQueryData(queryKeys.decks.detail('d1'), {});
    vi.advanceTimersByTime(10 * 60_000);
    expect(queryClient.getQueryData(queryKeys.decks.detail('d1'))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.decks.list())).toBeDefined();
    expect(saved().decks).toHaveLength(2);
    close();
  });
});

describe('restoring after a reload', () => {
  it('puts the saved data in a new cache with its fetch times: fresh for 5 minutes, then stale', () => {
    const first = signedIn();
    first.close();

    vi.setSystemTime(T0 + 4 * 60_000);
    const reloaded = tab();
    const data = readUserQueries(reloaded.queryClient);
    expect(data.user).toEqual(first.current);
    expect(data.decks.map((d) => d.id)).toEqual(['d1', 'd2']);
    expect(data.formats).toEqual(first.lists.formats);
    expect(data.lastFetched).toEqual({ user: T0, playgroups: T0, decks: T0, friends: T0, formats: T0 });
    expect(reloaded.queryClient.getQueryState(queryKeys.decks.list())?.dataUpdatedAt).toBe(T0);
    expect(isStale(data, 'decks', T0 + 5 * 60_000)).toBe(false);
    expect(isStale(data, 'decks', T0 + 5 * 60_000 + 1)).toBe(true);
    // the store has the session back
    expect(reloaded.userStore.getState()).toMatchObject({
      token: 'session-token-abcdefghijkl',
      userId: 'user-1',
    });
    reloaded.close();
  });

  it('a part saved without a fetch time comes back as stale data', () => {
    const first = signedIn();
    first.close();
    const record = saved();
    record.lastFetched.friends = null;
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(record));

    const reloaded = tab();
    expect(reloaded.queryClient.getQueryData(queryKeys.friends.list())).toEqual({
      friends: first.lists.friends,
    });
    expect(reloaded.queryClient.getQueryState(queryKeys.friends.list())?.isInvalidated).toBe(true);
    expect(readUserQueries(reloaded.queryClient).lastFetched.friends).toBeNull();
    reloaded.close();
  });

  it('restores once per cache and never overwrites storage before reading it', () => {
    signedIn().close();
    const record = localStorage.getItem(STORAGE_KEYS.user);
    const queryClient = createQueryClient();
    const stop = persistUserQueries(queryClient);
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBe(record);
    stop();
    // a second connection (React's strict mode mounts twice) does not restore over newer data
    queryClient.setQueryData(queryKeys.decks.list(), { decks: [] }, { updatedAt: T0 - 10 });
    const again = persistUserQueries(queryClient);
    expect(queryClient.getQueryData(queryKeys.decks.list())).toEqual({ decks: [] });
    again();
  });

  it('an earlier one-store record restores no server data', () => {
    localStorage.setItem(
      STORAGE_KEYS.user,
      JSON.stringify({ v: 1, token: 'tok', userId: 'u1', userData: { firstname: 'Ann' }, decks: [] }),
    );
    const t = tab();
    expect(readUserQueries(t.queryClient).user).toBeNull();
    expect(t.queryClient.getQueryCache().getAll()).toEqual([]);
    t.close();
  });
});

describe('logout', () => {
  it('clears user data, playgroups, decks and friends, resets the fetch times, keeps the token', () => {
    const { queryClient, userStore, close } = signedIn();
    userStore.setProviderToken('google', 'g');
    queryClient.setQueryData(queryKeys.cards.sets(), { sets: [] });

    endSession(queryClient, userStore);
    expect(saved()).toMatchObject({
      token: 'session-token-abcdefghijkl',
      userId: null,
      user: null,
      playgroups: null,
      decks: null,
      friends: null,
      lastFetched: { user: null, playgroups: null, decks: null, friends: null, formats: null },
    });
    // the formats are not the user's: kept, stale
    expect(saved().formats).toHaveLength(1);
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([queryKeys.formats.all]);
    expect(localStorage.getItem(STORAGE_KEYS.googleToken)).toBeNull();

    // after a reload: signed out, nothing of the user's comes back
    close();
    const reloaded = tab();
    const data = readUserQueries(reloaded.queryClient);
    expect(data).toMatchObject({ user: null, playgroups: [], decks: [], friends: [] });
    expect(data.lastFetched).toEqual({
      user: null,
      playgroups: null,
      decks: null,
      friends: null,
      formats: null,
    });
    reloaded.close();
  });

  it('clearUserData drops pending mutations too', () => {
    const { queryClient, close } = signedIn();
    queryClient.getMutationCache().build(queryClient, { mutationKey: ['decks', 'create'] });
    clearUserData(queryClient);
    expect(queryClient.getMutationCache().getAll()).toEqual([]);
    close();
  });
});

describe('another tab', () => {
  /** What the other tab writes, and the event the browser fires in this one. */
  function otherTabWrites(record: unknown) {
    const raw = record === null ? null : JSON.stringify(record);
    if (raw === null) localStorage.removeItem(STORAGE_KEYS.user);
    else localStorage.setItem(STORAGE_KEYS.user, raw);
    window.dispatchEvent(
      new StorageEvent('storage', { key: STORAGE_KEYS.user, newValue: raw, storageArea: localStorage }),
    );
  }

  it('takes fresher data with its fetch time, and ignores older data', () => {
    const { queryClient, close } = signedIn();
    const record = saved();
    otherTabWrites({
      ...record,
      decks: [deck('theirs', null)],
      lastFetched: { ...record.lastFetched, decks: T0 + 1_000 },
    });
    expect(readUserQueries(queryClient).decks.map((d) => d.id)).toEqual(['theirs']);
    expect(readUserQueries(queryClient).lastFetched.decks).toBe(T0 + 1_000);

    otherTabWrites({
      ...record,
      decks: [deck('older', null)],
      lastFetched: { ...record.lastFetched, decks: T0 },
    });
    expect(readUserQueries(queryClient).decks.map((d) => d.id)).toEqual(['theirs']);
    close();
  });

  it('a list another tab marked stale is stale here too; its logout signs this tab out', () => {
    const { queryClient, userStore, close } = signedIn();
    const record = saved();
    otherTabWrites({ ...record, lastFetched: { ...record.lastFetched, playgroups: null } });
    expect(readUserQueries(queryClient).lastFetched.playgroups).toBeNull();
    expect(readUserQueries(queryClient).playgroups).toHaveLength(1);

    otherTabWrites({
      ...record,
      userId: null,
      user: null,
      playgroups: null,
      decks: null,
      friends: null,
      lastFetched: { user: null, playgroups: null, decks: null, friends: null, formats: null },
    });
    const data = readUserQueries(queryClient);
    expect(data).toMatchObject({ user: null, playgroups: [], decks: [], friends: [] });
    expect(data.formats).toHaveLength(1);
    expect(userStore.getState()).toMatchObject({ token: 'session-token-abcdefghijkl', userId: null });
    close();
  });

  it('localStorage.clear() in another tab empties this one', () => {
    const { queryClient, close } = signedIn();
    otherTabWrites(null);
    expect(readUserQueries(queryClient).user).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    close();
  });
});
