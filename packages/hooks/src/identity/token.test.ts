import type { Auth } from 'firebase/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, fakeUser } from '../../test/fixtures.js';
import { ID_TOKEN_REFRESH_MS } from '../constants.js';
import { syncToken, watchIdToken } from './token.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('identity token', () => {
  it('fetches a fresh token at once when a user signs in, then every 55 minutes', async () => {
    const auth = fakeAuth();
    const onToken = vi.fn();
    const stop = watchIdToken({ auth: auth as unknown as Auth, onToken });
    await flush();
    expect(onToken).not.toHaveBeenCalled(); // no user: nothing happens

    const user = fakeUser('u1', ['t1', 't2', 't3']);
    auth.emit(user);
    await flush();
    expect(onToken).toHaveBeenLastCalledWith('t1');
    expect(user.calls).toBe(1);

    await vi.advanceTimersByTimeAsync(ID_TOKEN_REFRESH_MS - 1);
    expect(user.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(onToken).toHaveBeenLastCalledWith('t2');
    await vi.advanceTimersByTimeAsync(ID_TOKEN_REFRESH_MS);
    expect(onToken).toHaveBeenLastCalledWith('t3');
    expect(ID_TOKEN_REFRESH_MS).toBe(55 * 60 * 1000);
    stop();
  });

  it('stops the timer when a refresh returns nothing', async () => {
    const auth = fakeAuth();
    const onToken = vi.fn();
    watchIdToken({ auth: auth as unknown as Auth, onToken });
    const user = fakeUser('u1', ['t1', null, 't3']);
    auth.emit(user);
    await flush();
    await vi.advanceTimersByTimeAsync(ID_TOKEN_REFRESH_MS);
    expect(user.calls).toBe(2);
    await vi.advanceTimersByTimeAsync(ID_TOKEN_REFRESH_MS * 3);
    expect(user.calls).toBe(2);
    expect(onToken).toHaveBeenCalledTimes(1);
  });

  it('logs "Error refreshing token:" and stops when a refresh fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const auth = fakeAuth();
    const onToken = vi.fn();
    watchIdToken({ auth: auth as unknown as Auth, onToken });
    const user = fakeUser('u1', ['t1', new Error('network')]);
    auth.emit(user);
    await flush();
    await vi.advanceTimersByTimeAsync(ID_TOKEN_REFRESH_MS);
    expect(error).toHaveBeenCalledWith('Error refreshing token:', expect.any(Error));
    await vi.advanceTimersByTimeAsync(ID_TOKEN_REFRESH_MS * 2);
    expect(user.calls).toBe(2);
    expect(onToken).toHaveBeenCalledTimes(1);
  });

  it('signing out stops the timer and fetches nothing; a new user starts over', async () => {
    const auth = fakeAuth();
    const onToken = vi.fn();
    const onSignedOut = vi.fn();
    watchIdToken({ auth: auth as unknown as Auth, onToken, onSignedOut });
    const first = fakeUser('u1', ['a1', 'a2']);
    auth.emit(first);
    await flush();
    auth.emit(null);
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(ID_TOKEN_REFRESH_MS * 2);
    expect(first.calls).toBe(1);

    const second = fakeUser('u2', ['b1']);
    auth.emit(second);
    await flush();
    expect(onToken).toHaveBeenLastCalledWith('b1');
  });

  it('the same user signing in again does not start a second timer', async () => {
    const auth = fakeAuth();
    watchIdToken({ auth: auth as unknown as Auth, onToken: () => {} });
    const user = fakeUser('u1', ['t1', 't2', 't3', 't4']);
    auth.emit(user);
    await flush();
    auth.emit(user);
    await flush();
    await vi.advanceTimersByTimeAsync(ID_TOKEN_REFRESH_MS);
    expect(user.calls).toBe(2);
  });
});

describe('token sync', () => {
  it('POSTs the token as Bearer to a same-origin URL and DELETEs when signed out', async () => {
    const fetchImpl = vi.fn(async () => new Response(null, { status: 204 }));
    await syncToken('/api/session', 'id-token', fetchImpl as unknown as typeof fetch);
    await syncToken('/api/session', null, fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).toHaveBeenNthCalledWith(1, '/api/session', {
      method: 'POST',
      headers: { authorization: 'Bearer id-token' },
      credentials: 'same-origin',
    });
    expect(fetchImpl).toHaveBeenNthCalledWith(2, '/api/session', {
      method: 'DELETE',
      headers: {},
      credentials: 'same-origin',
    });
  });

  it('refuses another origin', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchImpl = vi.fn();
    await syncToken('https://evil.example/steal', 'id-token', fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
  });
});
