import { type CompanionClient, endpoints } from '@companion/sdk';
import type { CurrentUser, Settings } from '@companion/sdk/contract';
import { MutationObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STALE_AFTER_MS, STORAGE_KEYS } from '../constants.js';
import { persistUserQueries, readUserQueries } from '../persist/user-queries.js';
import { queryKeys } from '../queries/keys.js';
import { setFirstnameMutationOptions, updateSettingsMutationOptions } from '../queries/user.js';
import { createQueryClient } from '../query-client.js';
import { isStale, refreshUserData } from './refresh.js';

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

const settings: Settings = {
  language: 'en',
  currency: 'usd',
  profileVisibility: 'friends',
  defaultFormatId: null,
};
const me = {
  user: { id: 'user-1', firstname: 'Ann', lastname: null, username: 'ann', picture: null },
  state: { settings },
} as unknown as CurrentUser;

/** A client whose every call answers `answer` (the mutation factories only use `call`). */
const answering = (answer: unknown) => ({ call: async () => answer }) as unknown as CompanionClient;
const saved = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}');

describe('freshness', () => {
  it('is stale when never fetched or reset', () => {
    expect(
      isStale(
        { lastFetched: { user: null, playgroups: null, decks: null, friends: null, formats: null } },
        'decks',
      ),
    ).toBe(true);
  });

  it('is fresh up to exactly 5 minutes and stale one millisecond later', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.decks.list(), { decks: [] });
    const data = readUserQueries(queryClient);
    expect(data.lastFetched.decks).toBe(T0);
    expect(isStale(data, 'decks', T0 + STALE_AFTER_MS)).toBe(false);
    expect(isStale(data, 'decks', T0 + STALE_AFTER_MS + 1)).toBe(true);
    expect(STALE_AFTER_MS).toBe(300_000);
  });

  it('a change (invalidation) makes a fetched part stale at once', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.decks.list(), { decks: [] });
    await queryClient.invalidateQueries({ queryKey: queryKeys.decks.all });
    expect(readUserQueries(queryClient).lastFetched.decks).toBeNull();
  });
});

describe('refreshUserData', () => {
  /** A client answering each refresh call, counting them; `fail` names calls that reject. */
  function client(fail: string[] = []) {
    const calls: string[] = [];
    const answers = new Map<unknown, [string, unknown]>([
      [endpoints.user.me, ['user', me]],
      [endpoints.user.playgroups, ['playgroups', { playgroups: [] }]],
      [endpoints.user.decks, ['decks', { decks: [] }]],
      [endpoints.user.friends, ['friends', { friends: [] }]],
      [endpoints.system.formats, ['formats', { formats: [] }]],
    ]);
    const fake = {
      call: async (endpoint: unknown) => {
        const [name, answer] = answers.get(endpoint) ?? ['?', undefined];
        calls.push(name);
        if (fail.includes(name)) throw new Error(`${name} failed`);
        return answer;
      },
    } as unknown as CompanionClient;
    return { fake, calls };
  }

  it('fetches the stale parts only, all five when forced, each stamped in the cache', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.decks.list(), { decks: [] }, { updatedAt: T0 - STALE_AFTER_MS });
    queryClient.setQueryData(
      queryKeys.friends.list(),
      { friends: [] },
      { updatedAt: T0 - STALE_AFTER_MS - 1 },
    );
    const { fake, calls } = client();
    await refreshUserData(queryClient, fake);
    expect(calls.sort()).toEqual(['formats', 'friends', 'playgroups', 'user']);
    expect(readUserQueries(queryClient).lastFetched).toEqual({
      user: T0,
      playgroups: T0,
      decks: T0 - STALE_AFTER_MS,
      friends: T0,
      formats: T0,
    });

    calls.length = 0;
    await refreshUserData(queryClient, fake);
    expect(calls).toEqual([]);
    vi.setSystemTime(T0 + 1_000);
    await refreshUserData(queryClient, fake, { force: true, keys: ['decks', 'user'] });
    expect(calls.sort()).toEqual(['decks', 'user']);
    expect(readUserQueries(queryClient).lastFetched.decks).toBe(T0 + 1_000);
  });

  it('logs each failure and the whole, and rethrows', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const queryClient = createQueryClient();
    const { fake } = client(['decks']);
    const failure = await refreshUserData(queryClient, fake).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(errors).toHaveBeenCalledWith('Error fetching decks:', failure);
    expect(errors).toHaveBeenCalledWith('Error fetching all data:', failure);
    // the others landed
    expect(readUserQueries(queryClient).lastFetched).toMatchObject({ user: T0, formats: T0, decks: null });
    errors.mockRestore();
  });
});

describe('edits of the current user', () => {
  it('settings: the cached user shows the change and keeps its fetch time; the saved copy follows', async () => {
    const queryClient = createQueryClient();
    const stop = persistUserQueries(queryClient);
    const fetchedAt = T0 - 60_000;
    queryClient.setQueryData(queryKeys.me.user(), me, { updatedAt: fetchedAt });
    const next: Settings = { ...settings, currency: 'eur' };
    const api = answering({ settings: next });

    await new MutationObserver(queryClient, updateSettingsMutationOptions(api)).mutate({
      body: { currency: 'eur' },
    });
    expect(queryClient.getQueryData<CurrentUser>(queryKeys.me.user())?.state.settings).toEqual(next);
    // a local edit is not a fetch
    expect(queryClient.getQueryState(queryKeys.me.user())?.dataUpdatedAt).toBe(fetchedAt);
    expect(saved().user.state.settings).toEqual(next);
    expect(saved().lastFetched.user).toBe(fetchedAt);
    stop();
  });

  it('settings: a failed change is rolled back in the cache', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.me.user(), me, { updatedAt: T0 });
    const failing = {
      call: async () => {
        throw new Error('offline');
      },
    } as unknown as CompanionClient;
    const observer = new MutationObserver(queryClient, updateSettingsMutationOptions(failing));
    await observer.mutate({ body: { currency: 'eur' } }).catch(() => {});
    expect(queryClient.getQueryData<CurrentUser>(queryKeys.me.user())?.state.settings).toEqual(settings);
  });

  it('the firstname lands in the cached user', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.me.user(), me, { updatedAt: T0 });
    const user = { ...me.user, firstname: 'Anna' };
    await new MutationObserver(queryClient, setFirstnameMutationOptions(answering({ user }))).mutate({
      body: { firstname: 'Anna' },
    } as never);
    expect(queryClient.getQueryData<CurrentUser>(queryKeys.me.user())?.user.firstname).toBe('Anna');
  });
});
