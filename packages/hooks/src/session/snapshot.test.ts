import { CurrentUser, Friend, PlaygroupSummary } from '@companion/sdk/contract';
import { describe, expect, it, vi } from 'vitest';
import { sample } from '../../test/fixtures.js';
import { STORAGE_KEYS } from '../constants.js';
import { persistUserQueries } from '../persist/user-queries.js';
import { queryKeys } from '../queries/keys.js';
import { createQueryClient } from '../query-client.js';
import { createUserStore } from '../store/user-store.js';
import { endSession, storeSession } from './session.js';
import {
  hasStoredSession,
  readSessionSnapshot,
  SIGNED_OUT,
  STORED_SESSION_CHECK,
  subscribeSessionSnapshot,
} from './snapshot.js';

function user(patch: Partial<CurrentUser['user']> = {}): CurrentUser {
  const current = sample(CurrentUser);
  return { ...current, user: { ...current.user, id: 'u1', ...patch } };
}
const store = (record: unknown) => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(record));
/** Runs the inline script's expression as a page would (global scope). */
const inlineCheck = (): boolean => new Function(`return ${STORED_SESSION_CHECK};`)() as boolean;

describe('session snapshot', () => {
  it('is signed out with nothing stored, a kept token without user data, or the earlier record', () => {
    expect(readSessionSnapshot()).toBe(SIGNED_OUT);
    store({ v: 2, token: 'tok', userId: null, user: null });
    expect(readSessionSnapshot()).toEqual(SIGNED_OUT);
    store({ v: 2, token: null, userId: 'u1', user: user() });
    expect(readSessionSnapshot()).toEqual(SIGNED_OUT);
    store({ v: 1, token: 'tok', userId: 'u1', userData: { firstname: 'Ann' } });
    expect(readSessionSnapshot()).toEqual(SIGNED_OUT);
  });

  it('names the user (username, else first name) and counts friend requests and invitations', () => {
    const friend = sample(Friend);
    const group = sample(PlaygroupSummary);
    store({
      v: 2,
      token: 'tok',
      userId: 'u1',
      user: user({ username: null, firstname: 'Nissa', picture: 'https://example.test/p.png' }),
      friends: [
        { ...friend, status: 'incoming' },
        { ...friend, status: 'accepted' },
        { ...friend, status: 'outgoing' },
      ],
      playgroups: [
        { ...group, status: 'invited' },
        { ...group, status: 'active' },
      ],
    });
    expect(readSessionSnapshot()).toEqual({
      authenticated: true,
      name: 'Nissa',
      picture: 'https://example.test/p.png',
      pending: 2,
      invites: 1,
    });
    // the same object while nothing changed
    expect(readSessionSnapshot()).toBe(readSessionSnapshot());
    store({ v: 2, token: 'tok', userId: 'u1', user: user({ username: 'nissa' }) });
    expect(readSessionSnapshot()).toMatchObject({ name: 'nissa', pending: 0 });
  });

  it('the inline script check agrees with hasStoredSession()', () => {
    const cases: unknown[] = [
      null,
      'not json',
      { v: 2, token: 'tok', userId: 'u1', user: user() },
      { v: 2, token: null, userId: 'u1', user: user() },
      { v: 2, token: 'tok', userId: null, user: null },
      { v: 2, token: 'tok', userId: 'u1', user: { state: {} } },
      { v: 1, token: 'tok', userId: 'u1', userData: { firstname: 'Ann' } },
    ];
    const answers = cases.map((record) => {
      if (record === null) localStorage.removeItem(STORAGE_KEYS.user);
      else if (typeof record === 'string') localStorage.setItem(STORAGE_KEYS.user, record);
      else store(record);
      expect(inlineCheck()).toBe(hasStoredSession());
      return hasStoredSession();
    });
    expect(answers).toEqual([false, false, true, false, false, false, false]);
  });

  it('follows this tab (sign-in, logout through the hooks) and other tabs', () => {
    const queryClient = createQueryClient();
    const userStore = createUserStore();
    const stop = persistUserQueries(queryClient);
    userStore.hydrate();
    const listener = vi.fn();
    const unsubscribe = subscribeSessionSnapshot(listener);

    const current = user({ username: 'chandra' });
    storeSession(queryClient, userStore, { token: 'session-token-xxxxxxxxxx', ...current });
    expect(listener).toHaveBeenCalled();
    expect(readSessionSnapshot()).toMatchObject({ authenticated: true, name: 'chandra' });

    queryClient.setQueryData(queryKeys.friends.list(), {
      friends: [{ ...sample(Friend), status: 'incoming' }],
    });
    expect(readSessionSnapshot().pending).toBe(1);

    endSession(queryClient, userStore);
    expect(readSessionSnapshot()).toBe(SIGNED_OUT);

    listener.mockClear();
    const theirs = JSON.stringify({ v: 2, token: 'tok', userId: 'u1', user: user({ username: 'other' }) });
    localStorage.setItem(STORAGE_KEYS.user, theirs);
    window.dispatchEvent(
      new StorageEvent('storage', { key: STORAGE_KEYS.user, newValue: theirs, storageArea: localStorage }),
    );
    expect(listener).toHaveBeenCalled();
    expect(readSessionSnapshot()).toMatchObject({ authenticated: true, name: 'other' });

    unsubscribe();
    stop();
  });
});
