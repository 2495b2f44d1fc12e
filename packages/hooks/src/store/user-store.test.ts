import { SessionExpiredError, UnverifiedError } from '@companion/sdk';
import { CurrentUser, DeckSummary, Friend, PlaygroupSummary } from '@companion/sdk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sample } from '../../test/fixtures.js';
import { STALE_AFTER_MS, STORAGE_KEYS } from '../constants.js';
import { createUserStore, isAuthenticated, isStale, sessionClientOptions, sortDecks } from './user-store.js';

const me = () => sample(CurrentUser);

describe('user store: persistence', () => {
  it('uses the spec keys: provider tokens each alone, everything else under the user key', () => {
    const store = createUserStore();
    store.hydrate();
    store.setProviderToken('google', 'g-token');
    store.setProviderToken('apple', 'a-token');
    const current = me();
    store.setSession({ token: 'session-token-xxxxxxxxxxxx', user: current.user, state: current.state });
    store.setList('decks', [sample(DeckSummary)], 1000);

    expect(localStorage.getItem(STORAGE_KEYS.googleToken)).toBe('g-token');
    expect(localStorage.getItem(STORAGE_KEYS.appleToken)).toBe('a-token');
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}');
    expect(saved).toMatchObject({
      token: 'session-token-xxxxxxxxxxxx',
      userId: current.user.id,
      userData: {
        firstname: current.user.firstname,
        lastname: current.user.lastname,
        username: current.user.username,
        picture: current.user.picture,
      },
      lastFetched: { decks: 1000 },
    });
    expect(saved.decks).toHaveLength(1);
    expect(Object.keys(localStorage).sort()).toEqual(
      [STORAGE_KEYS.appleToken, STORAGE_KEYS.googleToken, STORAGE_KEYS.user].sort(),
    );
    // the ID token and the unverified flag stay in memory
    expect(saved).not.toHaveProperty('idToken');
  });

  it('restores once at start-up and never writes before that', () => {
    localStorage.setItem(STORAGE_KEYS.googleToken, 'saved-g');
    localStorage.setItem(
      STORAGE_KEYS.user,
      JSON.stringify({
        v: 1,
        token: 'tok',
        userId: 'u1',
        userData: { firstname: 'Ann' },
        lastFetched: { user: 5 },
      }),
    );
    const store = createUserStore();
    store.setIdToken('x'); // before hydration: nothing written
    expect(localStorage.getItem(STORAGE_KEYS.googleToken)).toBe('saved-g');
    store.hydrate();
    expect(store.getState()).toMatchObject({
      googleToken: 'saved-g',
      token: 'tok',
      userId: 'u1',
      hydrated: true,
    });
    expect(store.getState().lastFetched).toEqual({
      user: 5,
      playgroups: null,
      decks: null,
      friends: null,
      formats: null,
    });

    localStorage.setItem(STORAGE_KEYS.googleToken, 'changed-elsewhere');
    store.hydrate(); // second call does nothing
    expect(store.getState().googleToken).toBe('saved-g');
  });

  it('saves on every change', () => {
    const store = createUserStore();
    store.hydrate();
    store.setProviderToken('google', 'a');
    expect(localStorage.getItem(STORAGE_KEYS.googleToken)).toBe('a');
    store.setProviderToken('google', null);
    expect(localStorage.getItem(STORAGE_KEYS.googleToken)).toBeNull();
  });

  it('follows other tabs through a real storage event', () => {
    const store = createUserStore();
    store.hydrate();
    store.setProviderToken('google', 'mine');
    const listener = vi.fn();
    const stop = store.listen();
    store.subscribe(listener);

    // Another tab signs in: it writes storage, the browser fires `storage` here.
    const theirs = { v: 1, token: 'other-tab-token', userId: 'u9', userData: { firstname: 'Zoe' } };
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(theirs));
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: STORAGE_KEYS.user,
        newValue: JSON.stringify(theirs),
        storageArea: localStorage,
      }),
    );
    expect(store.getState()).toMatchObject({ token: 'other-tab-token', userId: 'u9', googleToken: 'mine' });
    expect(listener).toHaveBeenCalled();

    // unrelated keys are ignored
    listener.mockClear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else', storageArea: localStorage }));
    expect(listener).not.toHaveBeenCalled();

    // localStorage.clear() in another tab (key null) logs this one out too
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
    expect(store.getState()).toMatchObject({ token: null, userData: null, googleToken: null });

    stop();
    localStorage.setItem(STORAGE_KEYS.googleToken, 'after-stop');
    window.dispatchEvent(
      new StorageEvent('storage', { key: STORAGE_KEYS.googleToken, storageArea: localStorage }),
    );
    expect(store.getState().googleToken).toBeNull();
  });
});

describe('user store: authentication and logout', () => {
  it('is authenticated with token and user data both present', () => {
    expect(isAuthenticated({ token: 't', userData: null })).toBe(false);
    expect(
      isAuthenticated({
        token: null,
        userData: { firstname: 'a', lastname: null, username: null, picture: null },
      }),
    ).toBe(false);
    expect(
      isAuthenticated({
        token: 't',
        userData: { firstname: 'a', lastname: null, username: null, picture: null },
      }),
    ).toBe(true);
  });

  it('logout clears provider tokens, user data, playgroups, decks and friends, resets fetch times, keeps the token', () => {
    const store = createUserStore();
    store.hydrate();
    const current = me();
    store.setSession({ token: 'keep-me-token-xxxxxxxxx', user: current.user, state: current.state });
    store.setProviderToken('google', 'g');
    store.setProviderToken('apple', 'a');
    store.setList('playgroups', [sample(PlaygroupSummary)], 1);
    store.setList('decks', [sample(DeckSummary)], 2);
    store.setList('friends', [sample(Friend)], 3);
    store.setList('formats', [], 4);

    store.logout();
    const s = store.getState();
    expect(s).toMatchObject({
      token: 'keep-me-token-xxxxxxxxx',
      googleToken: null,
      appleToken: null,
      userData: null,
      playgroups: [],
      decks: [],
      friends: [],
    });
    expect(s.lastFetched).toEqual({
      user: null,
      playgroups: null,
      decks: null,
      friends: null,
      formats: null,
    });
    expect(isAuthenticated(s)).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.googleToken)).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}').token).toBe('keep-me-token-xxxxxxxxx');
  });

  it('a 401 logs out and tells session listeners; a 401 with code 53 only marks unverified', () => {
    const store = createUserStore();
    store.hydrate();
    const current = me();
    store.setSession({ token: 'token-xxxxxxxxxxxxxxxxxx', user: current.user, state: current.state });
    const events: string[] = [];
    store.onSessionEvent((e) => events.push(e.type));
    const options = sessionClientOptions(store);

    options.onUnverified(new UnverifiedError({ code: 53 }));
    expect(store.getState().unverified).toBe(true);
    expect(store.getState().userData).not.toBeNull();

    options.onUnauthorized(new SessionExpiredError());
    expect(store.getState().userData).toBeNull();
    expect(events).toEqual(['unverified', 'unauthorized']);
    expect(options.credentials()).toMatchObject({ token: 'token-xxxxxxxxxxxxxxxxxx', userId: null });
  });
});

describe('freshness', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is stale when never fetched', () => {
    const store = createUserStore();
    expect(isStale(store.getState(), 'decks')).toBe(true);
  });

  it('is fresh up to exactly 5 minutes and stale one millisecond later', () => {
    vi.setSystemTime(1_000_000);
    const store = createUserStore();
    store.setList('decks', []);
    expect(store.getState().lastFetched.decks).toBe(1_000_000);
    vi.setSystemTime(1_000_000 + STALE_AFTER_MS);
    expect(isStale(store.getState(), 'decks')).toBe(false);
    vi.setSystemTime(1_000_000 + STALE_AFTER_MS + 1);
    expect(isStale(store.getState(), 'decks')).toBe(true);
    expect(STALE_AFTER_MS).toBe(300_000);
  });
});

describe('ordering', () => {
  it('sorts newest first with nulls last', () => {
    const base = sample(DeckSummary);
    const decks = [
      { ...base, id: 'a', lastPlayed: null },
      { ...base, id: 'b', lastPlayed: '2026-01-01T00:00:00.000Z' },
      { ...base, id: 'c', lastPlayed: '2026-03-01T00:00:00.000Z' },
    ];
    expect(sortDecks(decks).map((d) => d.id)).toEqual(['c', 'b', 'a']);
    const store = createUserStore();
    store.setList('decks', decks);
    expect(store.getState().decks.map((d) => d.id)).toEqual(['c', 'b', 'a']);
  });

  it('sorts playgroups by lastActivity and friends by lastSeen', () => {
    const store = createUserStore();
    const p = sample(PlaygroupSummary);
    store.setList('playgroups', [
      { ...p, id: 'old', lastActivity: '2025-01-01T00:00:00.000Z' },
      { ...p, id: 'new', lastActivity: '2026-01-01T00:00:00.000Z' },
    ]);
    expect(store.getState().playgroups.map((x) => x.id)).toEqual(['new', 'old']);
    const f = sample(Friend);
    store.setList('friends', [
      { ...f, code: 'never', lastSeen: null },
      { ...f, code: 'seen', lastSeen: '2026-01-01T00:00:00.000Z' },
    ]);
    expect(store.getState().friends.map((x) => x.code)).toEqual(['seen', 'never']);
  });
});
