/**
 * One player's journey through the hooks, against the real API server and the Auth emulator:
 * sign up → blocked until verified → verify → dashboard refresh → edits → logout.
 * The steps share one "tab" (stores, query cache, Firebase) and run in order.
 */
import { UnverifiedError } from '@companion/sdk';
import { act, waitFor } from '@testing-library/react';
import { applyActionCode, reload } from 'firebase/auth';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/constants.js';
import {
  useIsAuthenticated,
  useIsUnverified,
  useLogout,
  useRefreshUserData,
  useUserData,
} from '../../src/hooks.js';
import { useSignIn, useSignUp } from '../../src/identity/sign-in.js';
import { readUserQueries } from '../../src/persist/user-queries.js';
import { queryKeys } from '../../src/queries/keys.js';
import { useCreatePlaygroup } from '../../src/queries/playgroups.js';
import { useUpdateSettings } from '../../src/queries/user.js';
import { isStale } from '../../src/refresh/refresh.js';
import { REFRESH_KEYS, type RefreshKey } from '../../src/store/persisted.js';
import { createApp, emailCodes, sleep, uniqueEmail } from './support.js';

const tab = createApp({ currentPath: '/decks?sort=new' });
afterAll(() => tab.close());
/** The server data as the tab holds it: the query cache. */
const data = () => readUserQueries(tab.queryClient);
const saved = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}');

const email = uniqueEmail();
const password = 'correct-horse-battery';
/** When the API last answered 53 (it re-asks the emulator at most every 5 s per user). */
let unverifiedAt = 0;

const REFRESH_CALLS: Record<RefreshKey, string> = {
  user: 'GET /user',
  playgroups: 'GET /user/playgroups',
  decks: 'GET /user/decks',
  friends: 'GET /user/friends',
  formats: 'GET /formats',
};

/** Quiets the expected "Error fetching …" logs of a step, and returns them. */
function expectErrorLogs() {
  return vi.spyOn(console, 'error').mockImplementation(() => {});
}

function Dashboard() {
  const { userData, playgroups, formats, isRefreshing, lastFetched } = useUserData();
  const authenticated = useIsAuthenticated();
  return (
    <p data-testid="dashboard" data-refreshing={isRefreshing}>
      {authenticated ? 'in' : 'out'}|{userData?.firstname}|{playgroups.map((p) => p.name).join(',')}|
      {formats.length}|{Object.values(lastFetched).filter((at) => at !== null).length}
    </p>
  );
}

describe.sequential('hooks against the real API and Auth emulator', () => {
  it('signs up: Firebase account, verification email, /auth/signin session in the store', async () => {
    const { result } = tab.hook(() => useSignUp());
    const session = await act(() => result.current.mutateAsync({ email, password, firstname: 'Chandra' }));

    expect(session.created).toBe(true);
    expect(session.user.emailVerified).toBe(false);
    expect(tab.calls()).toEqual(['POST /auth/signin']);
    const state = tab.userStore.getState();
    expect(state.token).toBe(session.token);
    expect(state.userId).toBe(session.user.id);
    expect(data().user?.user).toMatchObject({
      firstname: 'Chandra',
      lastname: null,
      username: null,
      picture: null,
    });
    expect(data().user?.state.settings).toEqual(session.state.settings);
    expect(data().lastFetched.user).toBeTypeOf('number');
    expect(state.idToken).toBeTruthy();
    expect(tab.auth.currentUser?.email).toBe(email);
    expect(tab.auth.currentUser?.emailVerified).toBe(false);
    // the verification email went out
    expect(await emailCodes(email)).toHaveLength(1);
    // persisted: the session beside the user it belongs to
    expect(saved()).toMatchObject({
      token: session.token,
      userId: session.user.id,
      user: { user: { id: session.user.id } },
    });
  });

  it('a call that needs a verified email answers 401 code 53: unverified, sent to /verify-email', async () => {
    const errors = expectErrorLogs();
    tab.resetRequests();
    const { result } = tab.hook(() => ({ refresh: useRefreshUserData(), unverified: useIsUnverified() }));
    expect(result.current.unverified).toBe(false);

    const failure = await act(() =>
      result.current.refresh({ force: true, keys: ['playgroups'] }).then(
        () => null,
        (e: unknown) => e,
      ),
    );
    unverifiedAt = Date.now();

    expect(failure).toBeInstanceOf(UnverifiedError);
    expect(failure).toMatchObject({ status: 401, code: 53 });
    expect(tab.requests.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
      { method: 'GET', path: '/user/playgroups', status: 401 },
    ]);
    expect(tab.navigate).toHaveBeenCalledTimes(1);
    expect(tab.navigate).toHaveBeenCalledWith('/verify-email?redirect=%2Fdecks%3Fsort%3Dnew');
    expect(result.current.unverified).toBe(true);
    // not a logout: the session, the user and Firebase stay
    expect(tab.userStore.getState().token).toBeTruthy();
    expect(data().user?.user.firstname).toBe('Chandra');
    expect(tab.auth.currentUser).not.toBeNull();
    expect(errors).toHaveBeenCalledWith('Error fetching playgroups:', failure);
    errors.mockRestore();
  });

  it('verifies the email with the emailed code; then session calls succeed and the flag clears', async () => {
    const [code] = await emailCodes(email);
    expect(code).toBeTruthy();
    await applyActionCode(tab.auth, code as string);
    const user = tab.auth.currentUser;
    if (!user) throw new Error('signed out');
    await reload(user);
    expect(user.emailVerified).toBe(true);

    // The API asks the identity service again at most every 5 s per user.
    const wait = unverifiedAt + 5_100 - Date.now();
    if (wait > 0) await act(() => sleep(wait));

    tab.resetRequests();
    tab.navigate.mockClear();
    const { result } = tab.hook(() => ({
      refresh: useRefreshUserData(),
      unverified: useIsUnverified(),
      signIn: useSignIn(),
    }));
    // One after the other: the call that needs a verified email makes the API ask the identity
    // service and store the answer; GET /user (session only) reports what is stored, so in parallel
    // it could still say "not verified".
    await act(() => result.current.refresh({ force: true, keys: ['playgroups'] }));
    expect(result.current.unverified).toBe(true);
    await act(() => result.current.refresh({ force: true, keys: ['user'] }));
    expect(tab.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /user/playgroups 200',
      'GET /user 200',
    ]);
    expect(data().playgroups).toEqual([]);
    expect(result.current.unverified).toBe(false);
    expect(tab.navigate).not.toHaveBeenCalled();

    // Signing in again (the verify page's "continue") opens a new session for the same user.
    const before = tab.userStore.getState();
    const session = await act(() => result.current.signIn.mutateAsync({ email, password }));
    expect(session.created).toBe(false);
    expect(session.user.emailVerified).toBe(true);
    expect(session.user.id).toBe(before.userId);
    expect(tab.userStore.getState().token).toBe(session.token);
    expect(session.token).not.toBe(before.token);
  });

  it('dashboard: fetches only what is stale on mount, exactly five on refresh, nothing on a remount', async () => {
    tab.resetRequests();
    const stale = REFRESH_KEYS.filter((key) => isStale(data(), key));
    // user and playgroups were fetched in the previous step
    expect(stale).toEqual(['decks', 'friends', 'formats']);

    const first = tab.mount(<Dashboard />);
    const view = () => first.getByTestId('dashboard');
    await waitFor(() => expect(REFRESH_KEYS.filter((k) => isStale(data(), k))).toEqual([]));
    await waitFor(() => expect(view().dataset.refreshing).toBe('false'));
    expect(tab.calls().sort()).toEqual(stale.map((k) => REFRESH_CALLS[k]).sort());

    // pull to refresh: all five, in parallel, each stored and stamped
    tab.resetRequests();
    const before = { ...data().lastFetched };
    const { result } = tab.hook(() => useRefreshUserData());
    const started = Date.now();
    await act(() => result.current({ force: true }));
    expect(tab.calls().sort()).toEqual(Object.values(REFRESH_CALLS).sort());
    expect(tab.requests.every((r) => r.status === 200)).toBe(true);
    const state = data();
    for (const key of REFRESH_KEYS) {
      const at = state.lastFetched[key];
      expect(at, key).toBeTypeOf('number');
      expect(at as number, key).toBeGreaterThanOrEqual(started);
      expect(at as number, key).toBeGreaterThan(before[key] ?? 0);
      // the fetch time is the cache entry's own
      const query =
        key === 'user' ? queryKeys.me.user() : key === 'formats' ? queryKeys.formats.all : [key, 'list'];
      expect(tab.queryClient.getQueryState(query)?.dataUpdatedAt, key).toBe(at);
    }
    expect(state.user?.user.firstname).toBe('Chandra');
    expect(state.user?.state.settings).toBeTruthy();
    expect(state.formats.length).toBeGreaterThan(0);
    expect(view().textContent).toBe(`in|Chandra||${state.formats.length}|5`);
    // persisted with the same fetch times
    expect(saved().lastFetched).toEqual(state.lastFetched);
    expect(saved().formats).toEqual(state.formats);

    // within 5 minutes a new dashboard makes no request
    first.unmount();
    tab.resetRequests();
    const second = tab.mount(<Dashboard />);
    await act(() => sleep(300));
    expect(tab.calls()).toEqual([]);
    second.unmount();
  });

  it('settings: the change shows in the query cache and storage without a refetch', async () => {
    tab.resetRequests();
    const { result } = tab.hook(() => useUpdateSettings());
    const previous = data().user?.state.settings;
    const next =
      previous?.language === 'fr' ? { language: 'en', currency: 'usd' } : { language: 'fr', currency: 'eur' };
    const answer = await act(() => result.current.mutateAsync({ body: next as never }));

    expect(answer.settings).toMatchObject(next);
    expect(tab.calls()).toEqual(['POST /user/settings']);
    expect(
      tab.queryClient.getQueryData<{ state: { settings: unknown } }>(queryKeys.me.user())?.state.settings,
    ).toEqual(answer.settings);
    expect(saved().user.state.settings).toEqual(answer.settings);
    // the user's fetch time is not touched by a local edit
    expect(saved().lastFetched.user).toBe(tab.queryClient.getQueryState(queryKeys.me.user())?.dataUpdatedAt);
  });

  it('settings: after a reload, a change reaches the restored user and storage', async () => {
    // A reload: what this tab saved (the test setup cleared storage before this step), then a new
    // tab restoring it.
    const { token, userId } = tab.userStore.getState();
    const { user, playgroups, decks, friends, formats, lastFetched } = data();
    localStorage.setItem(
      STORAGE_KEYS.user,
      JSON.stringify({ v: 2, token, userId, user, playgroups, decks, friends, formats, lastFetched }),
    );
    const reloaded = createApp({ currentPath: '/settings' });
    try {
      const { result } = reloaded.hook(() => useUpdateSettings());
      expect(readUserQueries(reloaded.queryClient).user?.user.firstname).toBe('Chandra');
      const answer = await act(() =>
        result.current.mutateAsync({ body: { currency: 'usd', language: 'en' } }),
      );
      expect(reloaded.calls()).toEqual(['POST /user/settings']);
      expect(readUserQueries(reloaded.queryClient).user?.state.settings).toEqual(answer.settings);
      expect(saved().user.state.settings).toEqual(answer.settings);
    } finally {
      await reloaded.close();
    }
  });

  it('a new playgroup reaches the dashboard, which reads the cache only', async () => {
    const dashboard = tab.mount(<Dashboard />);
    await act(() => sleep(100));
    tab.resetRequests();
    const { result } = tab.hook(() => useCreatePlaygroup());
    const { playgroup } = await act(() =>
      result.current.mutateAsync({ body: { name: 'Friday Night Magic', description: null } }),
    );
    await waitFor(() => expect(data().playgroups.map((p) => p.id)).toEqual([playgroup.id]));
    expect(dashboard.getByTestId('dashboard').textContent).toMatch(/\|Friday Night Magic\|/);
    expect(tab.calls()).toEqual(['POST /playgroup', 'GET /user/playgroups']);
    expect(tab.queryClient.getQueryData(queryKeys.playgroups.detail(playgroup.id))).toEqual({ playgroup });
  });

  it('logout: provider tokens, user data and lists cleared, the session token kept, Firebase signed out', async () => {
    const dashboard = tab.mount(<Dashboard />);
    await act(() => sleep(100));
    tab.userStore.setProviderToken('google', 'google-id-token');
    const before = tab.userStore.getState();
    expect(data().playgroups).toHaveLength(1);
    tab.resetRequests();

    const { result } = tab.hook(() => useLogout());
    await act(() => result.current());

    const state = tab.userStore.getState();
    expect(state.token).toBe(before.token);
    expect(state.googleToken).toBeNull();
    expect(state.appleToken).toBeNull();
    expect(state.userId).toBeNull();
    expect(data()).toMatchObject({ user: null, playgroups: [], decks: [], friends: [] });
    expect(Object.values(data().lastFetched)).toEqual([null, null, null, null, null]);
    // nothing of the user's is cached; the formats stay, stale
    expect(
      tab.queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([queryKeys.formats.all]);
    expect(tab.auth.currentUser).toBeNull();
    await waitFor(() => expect(tab.userStore.getState().idToken).toBeNull());
    expect(saved()).toMatchObject({
      token: before.token,
      userId: null,
      user: null,
      playgroups: null,
      decks: null,
      friends: null,
    });
    expect(localStorage.getItem(STORAGE_KEYS.googleToken)).toBeNull();

    // signed out: the dashboard shows it and fetches nothing (the kept token is not a session); the
    // one call is the logout itself, which ends the session on the server
    await act(() => sleep(200));
    expect(dashboard.getByTestId('dashboard').textContent).toMatch(/^out\|/);
    expect(tab.calls()).toEqual(['POST /auth/logout']);
  });
});
