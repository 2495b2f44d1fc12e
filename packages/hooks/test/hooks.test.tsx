/**
 * The hooks inside the provider, with the clock under test control (`Date` faked, timers real so
 * React, TanStack Query and the local HTTP server keep running): staleness edges at exactly
 * 5 minutes, the session rules' redirects, logout, cross-tab sync, language, providers, new version.
 */
import { createClient } from '@companion/sdk';
import { contract, PlaygroupSummary } from '@companion/sdk/contract';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import type { Auth } from 'firebase/auth';
import { type ReactNode, useSyncExternalStore } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STALE_AFTER_MS, STORAGE_KEYS } from '../src/constants.js';
import {
  useIsAuthenticated,
  useIsUnverified,
  useLanguage,
  useLogout,
  useNewVersion,
  useRefreshUserData,
  useSignInProviders,
  useUserData,
} from '../src/hooks.js';
import { readUserQueries } from '../src/persist/user-queries.js';
import { CompanionProvider, type CompanionProviderProps } from '../src/provider.js';
import { useSignOutEverywhere } from '../src/queries/auth.js';
import { useCard } from '../src/queries/cards.js';
import { useKeepPendingFresh } from '../src/queries/user.js';
import { createQueryClient } from '../src/query-client.js';
import { readSessionSnapshot, subscribeSessionSnapshot } from '../src/session/snapshot.js';
import { REFRESH_KEYS } from '../src/store/persisted.js';
import { createUserStore, sessionClientOptions } from '../src/store/user-store.js';
import { fakeAuth, persistedSession, sample } from './fixtures.js';
import { TestServer } from './http-server.js';

const server = new TestServer();
beforeAll(() => server.start());
afterAll(() => server.stop());

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const queryClients: ReturnType<typeof createQueryClient>[] = [];
beforeEach(() => {
  server.reset();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});
afterEach(async () => {
  // requests still in flight would land in the next test's hits
  await waitFor(() => expect(queryClients.every((qc) => qc.isFetching() === 0)).toBe(true));
  queryClients.length = 0;
  vi.useRealTimers();
});

const ANSWERS: Record<string, () => unknown> = {
  '/user': () => sample(contract.user.me.response),
  '/user/playgroups': () => sample(contract.user.playgroups.response),
  '/user/decks': () => sample(contract.user.decks.response),
  '/user/friends': () => sample(contract.user.friends.response),
  '/formats': () => sample(contract.system.formats.response),
};
const answerAll = () => {
  server.handler = (_m, path) => {
    const make = ANSWERS[path];
    return make ? { status: 200, body: make() } : { status: 404, body: { code: 70, message: 'not found' } };
  };
};

const SESSION = persistedSession();
const persistSession = () => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(SESSION));
const ALL_AT_T0 = { user: T0, playgroups: T0, decks: T0, friends: T0, formats: T0 };
/** Everything fetched at T0: the user and four empty lists. */
const FETCHED = { ...SESSION, playgroups: [], decks: [], friends: [], formats: [], lastFetched: ALL_AT_T0 };

function setup(props: Partial<CompanionProviderProps> & { currentPath?: string } = {}) {
  const userStore = createUserStore();
  const client = createClient({
    baseUrl: server.url,
    apiKey: 'test-key',
    secret: 'test-secret',
    retry: 0,
    ...sessionClientOptions(userStore),
  });
  const auth = fakeAuth();
  const navigate = vi.fn<(path: string) => void>();
  const queryClient = createQueryClient();
  queryClients.push(queryClient);
  let currentPath = props.currentPath ?? '/dashboard';
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <CompanionProvider
      client={client}
      auth={auth as unknown as Auth}
      userStore={userStore}
      queryClient={queryClient}
      navigate={navigate}
      getCurrentPath={() => currentPath}
      {...props}
    >
      {children}
    </CompanionProvider>
  );
  return {
    userStore,
    auth,
    navigate,
    queryClient,
    lastFetched: () => readUserQueries(queryClient).lastFetched,
    setPath: (path: string) => {
      currentPath = path;
    },
    mount: (ui: ReactNode) => render(ui, { wrapper }),
    hook: <T,>(callback: () => T) => renderHook(callback, { wrapper }),
  };
}

function Dashboard() {
  const { userData, lastFetched } = useUserData();
  const authenticated = useIsAuthenticated();
  const stamped = Object.values(lastFetched).filter((at) => at !== null).length;
  return (
    <p data-testid="dashboard">
      {authenticated ? 'in' : 'out'}|{userData?.firstname}|{stamped}
    </p>
  );
}
const hitPaths = () => server.hits.map((h) => h.path).sort();

describe('useUserData: staleness at the 5-minute edge', () => {
  it('a remount at exactly 5 minutes fetches nothing; 1 ms later it fetches all five', async () => {
    persistSession();
    answerAll();
    const app = setup();
    const first = app.mount(<Dashboard />);
    await waitFor(() => expect(first.getByTestId('dashboard').textContent).toMatch(/\|5$/));
    expect(hitPaths()).toEqual(['/formats', '/user', '/user/decks', '/user/friends', '/user/playgroups']);
    expect(Object.values(app.lastFetched())).toEqual([T0, T0, T0, T0, T0]);
    first.unmount();

    server.reset();
    vi.setSystemTime(T0 + STALE_AFTER_MS);
    const second = app.mount(<Dashboard />);
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(server.hits).toEqual([]);
    second.unmount();

    vi.setSystemTime(T0 + STALE_AFTER_MS + 1);
    const third = app.mount(<Dashboard />);
    await waitFor(() => expect(server.hits).toHaveLength(5));
    await waitFor(() =>
      expect(Object.values(app.lastFetched())).toEqual(REFRESH_KEYS.map(() => T0 + STALE_AFTER_MS + 1)),
    );
    third.unmount();
  });

  it('only the parts older than 5 minutes are fetched again', async () => {
    localStorage.setItem(
      STORAGE_KEYS.user,
      JSON.stringify({
        ...FETCHED,
        lastFetched: {
          user: T0 - STALE_AFTER_MS,
          playgroups: T0 - STALE_AFTER_MS - 1,
          decks: T0 - 1_000,
          friends: null,
          formats: T0,
        },
      }),
    );
    answerAll();
    const app = setup();
    const view = app.mount(<Dashboard />);
    await waitFor(() => expect(server.hits).toHaveLength(2));
    await waitFor(() => expect(app.lastFetched().friends).toBe(T0));
    expect(hitPaths()).toEqual(['/user/friends', '/user/playgroups']);
    view.unmount();
  });

  it('nothing is fetched when not authenticated (a kept token without user data)', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...SESSION, user: null }));
    answerAll();
    const app = setup();
    const view = app.mount(<Dashboard />);
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(view.getByTestId('dashboard').textContent).toBe('out||0');
    expect(server.hits).toEqual([]);
  });
});

describe('session rules', () => {
  /** Every call answers 401 with this code. */
  const answer401 = (code: number) => {
    server.handler = () => ({
      status: 401,
      body: { code, message: code === 53 ? 'Please verify your email.' : 'expired' },
    });
  };
  const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {});

  it('401 code 53: unverified, /verify-email?redirect=<current path>, once per burst of 2 s', async () => {
    const errors = quiet();
    persistSession();
    answer401(53);
    const app = setup({ currentPath: '/lists/42?tab=cards' });
    const { result } = app.hook(() => ({ refresh: useRefreshUserData(), unverified: useIsUnverified() }));
    const refresh = () => act(() => result.current.refresh({ force: true, keys: ['decks'] }).catch(() => {}));

    await refresh();
    expect(result.current.unverified).toBe(true);
    expect(app.navigate.mock.calls).toEqual([['/verify-email?redirect=%2Flists%2F42%3Ftab%3Dcards']]);
    // not a logout
    expect(app.userStore.getState().userId).toBe(SESSION.userId);
    expect(readUserQueries(app.queryClient).user).toEqual(SESSION.user);
    expect(app.auth.signedOut).toBe(0);

    vi.setSystemTime(T0 + 1_999);
    await refresh();
    expect(app.navigate).toHaveBeenCalledTimes(1);
    vi.setSystemTime(T0 + 2_000);
    await refresh();
    expect(app.navigate).toHaveBeenCalledTimes(2);

    // already on the verify page: no navigation
    app.setPath('/verify-email?redirect=%2Fdecks');
    vi.setSystemTime(T0 + 10_000);
    await refresh();
    expect(app.navigate).toHaveBeenCalledTimes(2);
    expect(server.hits).toHaveLength(4);
    errors.mockRestore();
  });

  it('401: logged out (token kept), user data cleared, Firebase signed out, /login; not from /login', async () => {
    const errors = quiet();
    persistSession();
    answer401(50);
    const app = setup({ currentPath: '/decks' });
    const { result } = app.hook(() => ({
      refresh: useRefreshUserData(),
      authenticated: useIsAuthenticated(),
    }));
    await waitFor(() => expect(result.current.authenticated).toBe(true));
    app.queryClient.setQueryData(['cards', 'detail', 'x'], { card: 1 });

    await act(() => result.current.refresh({ force: true, keys: ['friends'] }).catch(() => {}));
    expect(result.current.authenticated).toBe(false);
    expect(app.userStore.getState()).toMatchObject({ token: SESSION.token, userId: null });
    expect(app.navigate.mock.calls).toEqual([['/login']]);
    expect(app.auth.signedOut).toBe(1);
    await waitFor(() => expect(app.queryClient.getQueryCache().getAll()).toEqual([]));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({
      token: SESSION.token,
      userId: null,
      user: null,
    });

    // on the login page already: the session still ends, no navigation (a cache change reaches
    // the session subscribers in a microtask, after any render in progress)
    await act(async () => {
      app.userStore.setState({ userId: 'user-1' });
      app.queryClient.setQueryData(['me', 'user'], SESSION.user);
    });
    expect(result.current.authenticated).toBe(true);
    app.setPath('/login?next=%2Fdecks');
    vi.setSystemTime(T0 + 5_000);
    await act(() => result.current.refresh({ force: true, keys: ['friends'] }).catch(() => {}));
    expect(result.current.authenticated).toBe(false);
    expect(app.userStore.getState().userId).toBeNull();
    expect(app.navigate).toHaveBeenCalledTimes(1);
    errors.mockRestore();
  });
});

describe('useLogout', () => {
  it('clears provider tokens, user data and lists, resets fetch times, keeps the token, empties the cache, signs out', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(FETCHED));
    localStorage.setItem(STORAGE_KEYS.googleToken, 'google-token');
    const app = setup();
    const { result } = app.hook(() => ({ logout: useLogout(), authenticated: useIsAuthenticated() }));
    await waitFor(() => expect(result.current.authenticated).toBe(true));
    expect(app.userStore.getState().googleToken).toBe('google-token');
    app.queryClient.setQueryData(['cards', 'detail', 'x'], { card: 1 });

    await act(() => result.current.logout());
    expect(app.userStore.getState()).toMatchObject({
      token: SESSION.token,
      googleToken: null,
      appleToken: null,
      userId: null,
    });
    const data = readUserQueries(app.queryClient);
    expect(data).toMatchObject({ user: null, playgroups: [], decks: [], friends: [] });
    expect(Object.values(data.lastFetched)).toEqual([null, null, null, null, null]);
    expect(result.current.authenticated).toBe(false);
    // only the formats stay (not the user's data), stale
    expect(
      app.queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([['formats']]);
    expect(app.auth.signedOut).toBe(1);
    expect(localStorage.getItem(STORAGE_KEYS.googleToken)).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({
      token: SESSION.token,
      userId: null,
      user: null,
      playgroups: null,
      decks: null,
      friends: null,
      lastFetched: { user: null, playgroups: null, decks: null, friends: null, formats: null },
    });
  });

  it('logs a Firebase sign-out failure and still logs out', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    persistSession();
    const app = setup();
    const failure = new Error('offline');
    app.auth.signOut = async () => {
      throw failure;
    };
    const { result } = app.hook(() => ({ logout: useLogout(), authenticated: useIsAuthenticated() }));
    await waitFor(() => expect(result.current.authenticated).toBe(true));
    await act(() => result.current.logout());
    expect(result.current.authenticated).toBe(false);
    expect(errors).toHaveBeenCalledWith('Error signing out:', failure);
    errors.mockRestore();
  });
});

describe('logout revokes the session on the server', () => {
  it('POST /auth/logout with the session token, which the store keeps (spec)', async () => {
    persistSession();
    answerAll();
    const app = setup();
    const { result } = app.hook(() => ({ logout: useLogout(), authenticated: useIsAuthenticated() }));
    await waitFor(() => expect(result.current.authenticated).toBe(true));
    server.handler = (_m, path) =>
      path === '/auth/logout' ? { status: 200, body: { ok: true } } : { status: 404, body: { code: 70 } };
    await act(() => result.current.logout());
    const hit = server.hits.find((h) => h.path === '/auth/logout');
    expect(hit?.method).toBe('POST');
    expect(hit?.headers.authorization).toBe(`Bearer ${SESSION.token}`);
    expect(app.userStore.getState()).toMatchObject({ token: SESSION.token, userId: null });
    expect(result.current.authenticated).toBe(false);
  });

  it('a 401 from it (already revoked elsewhere) or a failure does not redirect, and the logout completes', async () => {
    persistSession();
    answerAll();
    const app = setup();
    const { result } = app.hook(() => ({ logout: useLogout(), authenticated: useIsAuthenticated() }));
    await waitFor(() => expect(result.current.authenticated).toBe(true));
    server.handler = () => ({ status: 401, body: { code: 50, message: 'Sign in to continue.' } });
    await act(() => result.current.logout());
    expect(server.hits.some((h) => h.path === '/auth/logout')).toBe(true);
    expect(app.navigate).not.toHaveBeenCalled();
    expect(result.current.authenticated).toBe(false);
    expect(app.auth.signedOut).toBe(1);
  });
});

describe('useSignOutEverywhere', () => {
  it('POST /auth/logout/all, then this device is logged out too (token kept, user data cleared)', async () => {
    persistSession();
    answerAll();
    const app = setup();
    const { result } = app.hook(() => ({
      everywhere: useSignOutEverywhere(),
      authenticated: useIsAuthenticated(),
    }));
    await waitFor(() => expect(result.current.authenticated).toBe(true));
    server.handler = (_m, path) =>
      path === '/auth/logout/all'
        ? { status: 200, body: { ok: true, revoked: 2 } }
        : { status: 404, body: { code: 70 } };
    await act(async () => {
      await expect(result.current.everywhere.mutateAsync()).resolves.toEqual({ ok: true, revoked: 2 });
    });
    expect(server.hits.find((h) => h.path === '/auth/logout/all')?.method).toBe('POST');
    expect(result.current.authenticated).toBe(false);
    expect(app.userStore.getState()).toMatchObject({ token: SESSION.token, userId: null });
    expect(app.auth.signedOut).toBe(1);
  });

  it('a failure keeps this device signed in', async () => {
    persistSession();
    answerAll();
    const app = setup();
    const { result } = app.hook(() => ({
      everywhere: useSignOutEverywhere(),
      authenticated: useIsAuthenticated(),
    }));
    await waitFor(() => expect(result.current.authenticated).toBe(true));
    server.handler = () => ({ status: 503, body: { code: 90, message: 'busy' } });
    await act(async () => {
      await expect(result.current.everywhere.mutateAsync()).rejects.toMatchObject({ status: 503 });
    });
    expect(result.current.authenticated).toBe(true);
    expect(app.auth.signedOut).toBe(0);
  });
});

describe('cross-tab sync', () => {
  it('another tab signing in or out re-renders this one', async () => {
    const app = setup();
    const view = app.mount(<Dashboard />);
    await waitFor(() => expect(app.userStore.getState().hydrated).toBe(true));
    expect(view.getByTestId('dashboard').textContent).toBe('out||0');

    // the other tab writes storage; the browser fires `storage` in this one
    const theirs = JSON.stringify({
      ...FETCHED,
      user: persistedSession({}, { firstname: 'Zoe' }).user,
    });
    localStorage.setItem(STORAGE_KEYS.user, theirs);
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: STORAGE_KEYS.user, newValue: theirs, storageArea: localStorage }),
      );
    });
    expect(view.getByTestId('dashboard').textContent).toBe('in|Zoe|5');

    localStorage.removeItem(STORAGE_KEYS.user);
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: STORAGE_KEYS.user, newValue: null, storageArea: localStorage }),
      );
    });
    expect(view.getByTestId('dashboard').textContent).toBe('out||0');
    // fresh data from the other tab: nothing fetched here
    expect(server.hits).toEqual([]);
  });
});

describe('useLanguage, useSignInProviders, useNewVersion', () => {
  it('language: start-up applies the saved one; setting en/fr switches and stores, anything else is ignored', async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'fr');
    const app = setup();
    const { result } = app.hook(() => useLanguage());
    expect(result.current).toMatchObject({ language: 'fr', initialized: true });
    act(() => result.current.setLanguage('de'));
    expect(result.current.language).toBe('fr');
    act(() => result.current.setLanguage('en'));
    expect(result.current).toMatchObject({ language: 'en', initialized: true });
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toContain('en');
  });

  it('providers: Google and Apple only when their client ids are configured', () => {
    expect(setup().hook(() => useSignInProviders()).result.current).toEqual({ google: false, apple: false });
    expect(setup({ googleClientId: 'g' }).hook(() => useSignInProviders()).result.current).toEqual({
      google: true,
      apple: false,
    });
    expect(
      setup({ googleClientId: 'g', appleClientId: 'a' }).hook(() => useSignInProviders()).result.current,
    ).toEqual({ google: true, apple: true });
  });

  it('new version: available once builds/latest.json names another build', async () => {
    let latest = 'build-1';
    const fetchLatest = vi.fn(async () => new Response(JSON.stringify({ id: latest })));
    const app = setup({ version: { buildId: 'build-1', fetch: fetchLatest as typeof fetch, interval: 50 } });
    const { result } = app.hook(() => useNewVersion());
    await waitFor(() => expect(fetchLatest).toHaveBeenCalled());
    expect(result.current.available).toBe(false);
    latest = 'build-2';
    await waitFor(() => expect(result.current).toMatchObject({ available: true, latestId: 'build-2' }));
  });
});

describe('useKeepPendingFresh: the bell counts what arrived after sign-in', () => {
  const withInvitation = (invited: boolean) => {
    server.handler = (_m, path) => {
      if (path === '/user/playgroups')
        return {
          status: 200,
          body: { playgroups: invited ? [{ ...sample(PlaygroupSummary), status: 'invited' }] : [] },
        };
      if (path === '/user/friends') return { status: 200, body: { friends: [] } };
      const make = ANSWERS[path];
      return make ? { status: 200, body: make() } : { status: 404, body: { code: 70, message: 'not found' } };
    };
  };

  it('asks for invitations and friend requests again on its interval: a new invitation shows', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(FETCHED));
    withInvitation(false);
    const app = setup();
    const view = app.hook(() => {
      useKeepPendingFresh(true, 100);
      return useSyncExternalStore(subscribeSessionSnapshot, readSessionSnapshot);
    });
    expect(view.result.current.pending).toBe(0);
    withInvitation(true);
    await waitFor(() => expect(view.result.current).toMatchObject({ pending: 1, invites: 1 }), {
      timeout: 3000,
    });
    expect(server.hits.some((h) => h.path === '/user/friends')).toBe(true);
    view.unmount();
  });

  it('asks nothing while disabled (signed out)', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(FETCHED));
    withInvitation(true);
    const app = setup();
    const view = app.hook(() => useKeepPendingFresh(false, 50));
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(server.hits.filter((h) => h.path === '/user/playgroups')).toEqual([]);
    view.unmount();
  });
});

describe('useCard: the whole printing behind a summary from a page of entries', () => {
  it('asks nothing while disabled, then GET /card once: a second reader of that printing is served from the cache', async () => {
    persistSession();
    server.handler = (_m, path) =>
      path === '/card'
        ? { status: 200, body: sample(contract.cards.get.response) }
        : { status: 404, body: { code: 70, message: 'not found' } };
    const { hook } = setup();
    const args = { query: { set_code: 'mh3', collector_number: '1', lang: 'en' } };
    const off = hook(() => useCard(args, { enabled: false }));
    await new Promise((r) => setTimeout(r, 50));
    expect(off.result.current.fetchStatus).toBe('idle');
    expect(server.hits.filter((h) => h.path.startsWith('/card'))).toHaveLength(0);
    const on = hook(() => [useCard(args), useCard(args)] as const);
    await waitFor(() => expect(on.result.current[0].data?.card).toBeDefined());
    expect(on.result.current[1].data).toBe(on.result.current[0].data);
    const cardHits = server.hits.filter((h) => h.path.startsWith('/card'));
    expect(cardHits).toHaveLength(1);
    expect(cardHits[0]?.path).toContain('set_code=mh3');
  });
});
