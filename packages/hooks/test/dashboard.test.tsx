import { createClient, SessionExpiredError } from '@companion/sdk';
import { contract } from '@companion/sdk/contract';
import type { QueryClient } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import type { Auth } from 'firebase/auth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../src/constants.js';
import { useIsAuthenticated, useUserData } from '../src/hooks.js';
import { readUserQueries } from '../src/persist/user-queries.js';
import { CompanionProvider } from '../src/provider.js';
import { useMyDecks } from '../src/queries/user.js';
import { createQueryClient } from '../src/query-client.js';
import { REFRESH_KEYS } from '../src/store/persisted.js';
import { createUserStore, sessionClientOptions } from '../src/store/user-store.js';
import { fakeAuth, persistedSession, sample } from './fixtures.js';
import { TestServer } from './http-server.js';

const server = new TestServer();
beforeAll(() => server.start());
afterAll(() => server.stop());

const REFRESH_PATHS: Record<string, unknown> = {
  '/user': () => sample(contract.user.me.response),
  '/user/playgroups': () => sample(contract.user.playgroups.response),
  '/user/decks': () => sample(contract.user.decks.response),
  '/user/friends': () => sample(contract.user.friends.response),
  '/formats': () => sample(contract.system.formats.response),
};

function answerRefresh(delay: number) {
  server.handler = (_method, path) => {
    const make = REFRESH_PATHS[path] as (() => unknown) | undefined;
    return make
      ? { status: 200, body: make(), delay }
      : { status: 404, body: { code: 70, message: 'not found' } };
  };
}

/** A signed-in user whose data was never fetched (or whose fetch times were reset). */
function persistSession() {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(persistedSession()));
}

/** Query clients of the current test: their requests must be answered before the next test counts hits. */
const clients: QueryClient[] = [];
afterEach(async () => {
  // Unmounting does not cancel requests in flight (signing is async, so some leave late): let them
  // finish, or they land in the next test's hits.
  await waitFor(() => expect(clients.map((qc) => qc.isFetching())).toEqual(clients.map(() => 0)));
  clients.length = 0;
});

function setup(options: { currentPath?: string } = {}) {
  const userStore = createUserStore();
  const client = createClient({
    baseUrl: server.url,
    apiKey: 'test-key',
    secret: 'test-secret',
    retry: 0,
    ...sessionClientOptions(userStore),
  });
  const auth = fakeAuth();
  const navigate = vi.fn();
  const queryClient = createQueryClient();
  clients.push(queryClient);
  const mount = (children: React.ReactNode, qc = queryClient) =>
    render(
      <CompanionProvider
        client={client}
        auth={auth as unknown as Auth}
        userStore={userStore}
        queryClient={qc}
        navigate={navigate}
        getCurrentPath={() => options.currentPath ?? '/dashboard'}
      >
        {children}
      </CompanionProvider>,
    );
  const lastFetched = () => readUserQueries(queryClient).lastFetched;
  return { userStore, client, auth, navigate, queryClient, mount, lastFetched };
}

function DashboardCard() {
  const { decks, userData } = useUserData();
  const authenticated = useIsAuthenticated();
  return (
    <p>
      {authenticated ? 'in' : 'out'} {userData?.firstname} {decks.length}
    </p>
  );
}

function DeckPanel() {
  const { data } = useMyDecks();
  return <p>{data?.decks.length ?? '-'}</p>;
}

beforeEach(() => server.reset());

describe('cold dashboard load', () => {
  it('makes exactly the five refresh calls, in parallel, once for several components', async () => {
    persistSession();
    // Each answer takes 400 ms: sequential calls would need 2 s, parallel ones all start within the first 400 ms.
    answerRefresh(400);
    const { lastFetched, mount } = setup();
    const view = mount(
      <>
        <DashboardCard />
        <DashboardCard />
        <DeckPanel />
      </>,
    );
    // The client's first calls also load the contract's schemas (on demand): allow for it.
    await waitFor(() => expect(REFRESH_KEYS.every((k) => lastFetched()[k] !== null)).toBe(true), {
      timeout: 5_000,
    });

    expect(server.hits.map((h) => `${h.method} ${h.path}`).sort()).toEqual([
      'GET /formats',
      'GET /user',
      'GET /user/decks',
      'GET /user/friends',
      'GET /user/playgroups',
    ]);
    // parallel: every request arrived before the first answer was sent
    const lastStart = Math.max(...server.hits.map((h) => h.start));
    const firstEnd = Math.min(...server.hits.map((h) => h.end));
    expect(lastStart).toBeLessThan(firstEnd);
    // the session headers went out
    expect(server.hits.find((h) => h.path === '/user/decks')?.headers.authorization).toBe(
      'Bearer session-token-abcdefghijklmnop',
    );
    expect(server.hits.find((h) => h.path === '/formats')?.headers.authorization).toBeUndefined();

    // stored, stamped and persisted
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}');
    expect(saved.lastFetched.decks).toBeTypeOf('number');
    view.unmount();
  });

  it('a second mount within 5 minutes makes no request (same page, and after a reload)', async () => {
    persistSession();
    answerRefresh(5);
    const { lastFetched, mount } = setup();
    const first = mount(<DashboardCard />);
    await waitFor(() => expect(lastFetched().formats).not.toBeNull());
    await waitFor(() => expect(server.hits).toHaveLength(5));
    first.unmount();
    server.reset();

    const second = mount(
      <>
        <DashboardCard />
        <DeckPanel />
      </>,
    );
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(server.hits).toHaveLength(0);
    second.unmount();

    // a reload: new stores and a new QueryClient, state restored from storage
    const reloaded = setup();
    const third = reloaded.mount(
      <>
        <DashboardCard />
        <DeckPanel />
      </>,
    );
    await waitFor(() => expect(reloaded.userStore.getState().hydrated).toBe(true));
    await waitFor(() => expect(third.container.textContent).toMatch(/^in /));
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(server.hits).toHaveLength(0);
    // the deck panel shows the persisted decks from the restored cache
    const decks = reloaded.queryClient.getQueryData<{ decks: unknown[] }>(['decks', 'list'])?.decks;
    expect(decks).toBeDefined();
    expect(third.container.textContent).toContain(`${decks?.length}`);
    third.unmount();
  });
});

describe('one copy of the data', () => {
  it('a refresh list a mutation invalidates is fetched again for the dashboard', async () => {
    persistSession();
    answerRefresh(5);
    const { lastFetched, queryClient, mount } = setup();
    const view = mount(<DashboardCard />);
    await waitFor(() => expect(server.hits).toHaveLength(5));
    await waitFor(() => expect(REFRESH_KEYS.every((k) => lastFetched()[k] !== null)).toBe(true));
    const before = lastFetched().playgroups;
    server.reset();

    // what useCreatePlaygroup does on success; nobody observes ['playgroups','list'] here
    await act(() => queryClient.invalidateQueries({ queryKey: ['playgroups', 'list'] }));
    await waitFor(() => expect(lastFetched().playgroups).toBeGreaterThan(before ?? 0));
    expect(server.hits.map((h) => h.path)).toEqual(['/user/playgroups']);
    view.unmount();
  });
});

describe('session rules', () => {
  it('a 401 ends the session and goes to /login', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    persistSession();
    server.handler = (_m, path) =>
      path === '/user/decks'
        ? { status: 401, body: { code: 50, message: 'expired' } }
        : { status: 200, body: (REFRESH_PATHS[path] as () => unknown)() };
    const { userStore, auth, navigate, mount, queryClient } = setup();
    const view = mount(<DashboardCard />);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(userStore.getState().userId).toBeNull();
    await waitFor(() => expect(readUserQueries(queryClient).user).toBeNull());
    expect(view.container.textContent).toMatch(/^out/);
    expect(auth.signedOut).toBe(1);
    // the caller gets the session error itself (not a cancellation by the cache clear)
    expect(error).toHaveBeenCalledWith('Error fetching decks:', expect.any(SessionExpiredError));
    view.unmount();
    error.mockRestore();
  });

  it('a 401 with code 53 marks the user unverified and goes to /verify-email with the current path', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    persistSession();
    server.handler = (_m, path) =>
      path === '/user/playgroups'
        ? { status: 401, body: { code: 53, message: 'Please verify your email to continue.' } }
        : { status: 200, body: (REFRESH_PATHS[path] as () => unknown)() };
    const { userStore, navigate, auth, mount, queryClient } = setup({ currentPath: '/decks?sort=new' });
    const view = mount(<DashboardCard />);
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(navigate).toHaveBeenCalledWith('/verify-email?redirect=%2Fdecks%3Fsort%3Dnew');
    expect(userStore.getState().unverified).toBe(true);
    expect(userStore.getState().userId).toBe('user-1');
    expect(readUserQueries(queryClient).user).not.toBeNull();
    expect(auth.signedOut).toBe(0);
    view.unmount();
    error.mockRestore();
  });

  it('parallel calls failing together navigate once (401 code 53, then 401)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    persistSession();
    const gated = ['/user/playgroups', '/user/decks', '/user/friends'];
    server.handler = (_m, path) =>
      gated.includes(path)
        ? { status: 401, body: { code: 53, message: 'Please verify your email to continue.' } }
        : { status: 200, body: (REFRESH_PATHS[path] as () => unknown)() };
    const first = setup({ currentPath: '/dashboard' });
    const view = first.mount(<DashboardCard />);
    await waitFor(() => expect(server.hits).toHaveLength(5));
    await waitFor(() => expect(first.lastFetched().formats).not.toBeNull());
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(first.navigate.mock.calls).toEqual([['/verify-email?redirect=%2Fdashboard']]);
    view.unmount();

    server.reset();
    localStorage.clear();
    persistSession();
    server.handler = (_m, path) =>
      gated.includes(path)
        ? { status: 401, body: { code: 50, message: 'expired' } }
        : { status: 200, body: (REFRESH_PATHS[path] as () => unknown)() };
    const second = setup({ currentPath: '/dashboard' });
    const again = second.mount(<DashboardCard />);
    await waitFor(() => expect(server.hits).toHaveLength(5));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(second.navigate.mock.calls).toEqual([['/login']]);
    again.unmount();
    error.mockRestore();
  });
});
