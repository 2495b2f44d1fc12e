import { SessionExpiredError, UnverifiedError } from '@companion/sdk';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../constants.js';
import { createUserStore, sessionClientOptions } from './user-store.js';

const saved = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}');

describe('user store: persistence', () => {
  it('uses the spec keys: provider tokens each alone, the session token and user id under the user key', () => {
    const store = createUserStore();
    store.hydrate();
    store.setProviderToken('google', 'g-token');
    store.setProviderToken('apple', 'a-token');
    store.setSession({ token: 'session-token-xxxxxxxxxxxx', userId: 'user-1', emailVerified: true });
    store.setIdToken('firebase-id-token');
    store.setState({ unverified: true });

    expect(localStorage.getItem(STORAGE_KEYS.googleToken)).toBe('g-token');
    expect(localStorage.getItem(STORAGE_KEYS.appleToken)).toBe('a-token');
    expect(saved()).toMatchObject({ v: 2, token: 'session-token-xxxxxxxxxxxx', userId: 'user-1' });
    expect(Object.keys(localStorage).sort()).toEqual(
      [STORAGE_KEYS.appleToken, STORAGE_KEYS.googleToken, STORAGE_KEYS.user].sort(),
    );
    // the ID token and the unverified flag stay in memory; the store holds no server data
    expect(saved()).not.toHaveProperty('idToken');
    expect(saved()).not.toHaveProperty('unverified');
    expect(Object.keys(store.getState()).sort()).toEqual(
      ['appleToken', 'googleToken', 'hydrated', 'idToken', 'token', 'unverified', 'userId'].sort(),
    );
  });

  it('writes its fields only, keeping what the query cache saved under the same key', () => {
    localStorage.setItem(
      STORAGE_KEYS.user,
      JSON.stringify({ v: 2, token: 'old', userId: 'u1', decks: [], lastFetched: { decks: 5 } }),
    );
    const store = createUserStore();
    store.hydrate();
    store.setSession({ token: 'new-session-token-xxxxxx', userId: 'u1', emailVerified: true });
    expect(saved()).toMatchObject({
      token: 'new-session-token-xxxxxx',
      userId: 'u1',
      decks: [],
      lastFetched: { decks: 5 },
    });
  });

  it('restores once at start-up and never writes before that', () => {
    localStorage.setItem(STORAGE_KEYS.googleToken, 'saved-g');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ v: 2, token: 'tok', userId: 'u1' }));
    const store = createUserStore();
    store.setProviderToken('apple', 'x'); // before hydration: nothing written
    expect(localStorage.getItem(STORAGE_KEYS.appleToken)).toBeNull();
    expect(store.getState().hydrated).toBe(false);
    store.hydrate();
    expect(store.getState()).toMatchObject({
      googleToken: 'saved-g',
      token: 'tok',
      userId: 'u1',
      hydrated: true,
    });

    localStorage.setItem(STORAGE_KEYS.googleToken, 'changed-elsewhere');
    store.hydrate(); // second call does nothing
    expect(store.getState().googleToken).toBe('saved-g');
  });

  it('restores the session token and user id from the earlier one-store record', () => {
    localStorage.setItem(
      STORAGE_KEYS.user,
      JSON.stringify({ v: 1, token: 'tok-v1', userId: 'u1', userData: { firstname: 'Ann' }, decks: [] }),
    );
    const store = createUserStore();
    store.hydrate();
    expect(store.getState()).toMatchObject({ token: 'tok-v1', userId: 'u1' });
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
    const theirs = JSON.stringify({ v: 2, token: 'other-tab-token', userId: 'u9' });
    localStorage.setItem(STORAGE_KEYS.user, theirs);
    window.dispatchEvent(
      new StorageEvent('storage', { key: STORAGE_KEYS.user, newValue: theirs, storageArea: localStorage }),
    );
    expect(store.getState()).toMatchObject({ token: 'other-tab-token', userId: 'u9', googleToken: 'mine' });
    expect(listener).toHaveBeenCalled();
    // taken as is, not written back
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBe(theirs);

    // unrelated keys are ignored
    listener.mockClear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else', storageArea: localStorage }));
    expect(listener).not.toHaveBeenCalled();

    // localStorage.clear() in another tab (key null) logs this one out too
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
    expect(store.getState()).toMatchObject({ token: null, userId: null, googleToken: null });

    stop();
    localStorage.setItem(STORAGE_KEYS.googleToken, 'after-stop');
    window.dispatchEvent(
      new StorageEvent('storage', { key: STORAGE_KEYS.googleToken, storageArea: localStorage }),
    );
    expect(store.getState().googleToken).toBeNull();
  });
});

describe('user store: session and logout', () => {
  it('a verified sign-in clears the unverified flag; an unverified one keeps it', () => {
    const store = createUserStore();
    store.setState({ unverified: true });
    store.setSession({ token: 'token-xxxxxxxxxxxxxxxxxx', userId: 'u1', emailVerified: false });
    expect(store.getState().unverified).toBe(true);
    store.setSession({ token: 'token-xxxxxxxxxxxxxxxxxx', userId: 'u1', emailVerified: true });
    expect(store.getState().unverified).toBe(false);
  });

  it('logout clears provider tokens, the user id and the ID token, keeps the session token', () => {
    const store = createUserStore();
    store.hydrate();
    store.setSession({ token: 'keep-me-token-xxxxxxxxx', userId: 'u1', emailVerified: true });
    store.setProviderToken('google', 'g');
    store.setProviderToken('apple', 'a');
    store.setIdToken('id');

    store.logout();
    expect(store.getState()).toMatchObject({
      token: 'keep-me-token-xxxxxxxxx',
      googleToken: null,
      appleToken: null,
      userId: null,
      idToken: null,
    });
    expect(localStorage.getItem(STORAGE_KEYS.googleToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.appleToken)).toBeNull();
    expect(saved()).toMatchObject({ token: 'keep-me-token-xxxxxxxxx', userId: null });
  });

  it('a 401 logs out and tells session listeners; a 401 with code 53 only marks unverified', () => {
    const store = createUserStore();
    store.hydrate();
    store.setSession({ token: 'token-xxxxxxxxxxxxxxxxxx', userId: 'u1', emailVerified: false });
    const events: string[] = [];
    store.onSessionEvent((e) => events.push(e.type));
    const options = sessionClientOptions(store);

    options.onUnverified(new UnverifiedError({ code: 53 }));
    expect(store.getState()).toMatchObject({ unverified: true, userId: 'u1' });

    options.onUnauthorized(new SessionExpiredError());
    expect(store.getState().userId).toBeNull();
    expect(events).toEqual(['unverified', 'unauthorized']);
    expect(options.credentials()).toMatchObject({ token: 'token-xxxxxxxxxxxxxxxxxx', userId: null });
  });

  it('a failing session listener is logged and does not stop the others', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = createUserStore();
    const after = vi.fn();
    store.onSessionEvent(() => {
      throw new Error('boom');
    });
    store.onSessionEvent(after);
    store.handleUnauthorized(new SessionExpiredError());
    expect(after).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledWith('Session listener failed:', expect.any(Error));
    errors.mockRestore();
  });
});
