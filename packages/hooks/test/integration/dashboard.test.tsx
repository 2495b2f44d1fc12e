/**
 * Counting requests against the real API server: a cold dashboard load makes exactly the five
 * refresh calls, in parallel; a second mount within 5 minutes makes none; a revoked session (401)
 * ends the session and goes to /login. Requests are counted by the fetch the SDK client is given.
 */
import { SessionExpiredError } from '@companion/sdk';
import { act, waitFor } from '@testing-library/react';
import { applyActionCode, reload } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/constants.js';
import { useIsAuthenticated, useRefreshUserData, useUserData } from '../../src/hooks.js';
import { useSignIn, useSignUp } from '../../src/identity/sign-in.js';
import { readUserQueries } from '../../src/persist/user-queries.js';
import { useRevokeSession } from '../../src/queries/auth.js';
import { useMyDecks } from '../../src/queries/user.js';
import { REFRESH_KEYS } from '../../src/store/persisted.js';
import { type App, createApp, emailCodes, sleep, uniqueEmail } from './support.js';

const FIVE = ['GET /formats', 'GET /user', 'GET /user/decks', 'GET /user/friends', 'GET /user/playgroups'];
/** Added before each request leaves in the counting tests: one after another, they could not overlap. */
const LATENCY_MS = 150;

const email = uniqueEmail('dashboard');
const password = 'correct-horse-battery';
/** What the signed-in, verified tab persisted (the test setup clears storage before each test). */
let persisted: Record<string, unknown> = {};
const tabs: App[] = [];
afterAll(async () => {
  await Promise.all(tabs.map((tab) => tab.close()));
});

function open(options: Parameters<typeof createApp>[0] = {}): App {
  const tab = createApp(options);
  tabs.push(tab);
  return tab;
}

/** A reload of the app with this in storage: the session, the user and lists fetched at `lastFetched`. */
function persist(lastFetched: Record<string, number | null>): void {
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({
      ...persisted,
      playgroups: [],
      decks: [],
      friends: [],
      formats: [],
      lastFetched,
    }),
  );
}
const lastFetched = (tab: App) => readUserQueries(tab.queryClient).lastFetched;
const never = () => Object.fromEntries(REFRESH_KEYS.map((k) => [k, null]));

function Dashboard() {
  const { userData, formats, lastFetched } = useUserData();
  const authenticated = useIsAuthenticated();
  const stamped = Object.values(lastFetched).filter((at) => at !== null).length;
  return (
    <p data-testid="dashboard">
      {authenticated ? 'in' : 'out'}|{userData?.firstname}|{formats.length}|{stamped}
    </p>
  );
}
function DeckCount() {
  const { data } = useMyDecks();
  return <span>{data?.decks.length ?? '-'}</span>;
}
/** What a dashboard page holds: several components reading the same data. */
const Page = () => (
  <>
    <Dashboard />
    <Dashboard />
    <DeckCount />
  </>
);

beforeAll(async () => {
  // A verified user with a session: sign up, verify with the emailed code, sign in again.
  const tab = open();
  const { result } = tab.hook(() => ({ signUp: useSignUp(), signIn: useSignIn() }));
  await act(() => result.current.signUp.mutateAsync({ email, password, firstname: 'Nissa' }));
  const [code] = await emailCodes(email);
  if (!code) throw new Error(`no verification code for ${email}`);
  await applyActionCode(tab.auth, code);
  if (tab.auth.currentUser) await reload(tab.auth.currentUser);
  const session = await act(() => result.current.signIn.mutateAsync({ email, password }));
  expect(session.user.emailVerified).toBe(true);
  persisted = JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null');
  expect(persisted).toMatchObject({
    token: session.token,
    userId: session.user.id,
    user: { user: { id: session.user.id, firstname: 'Nissa' } },
  });
});

describe.sequential('dashboard requests against the real API server', () => {
  it('a cold load makes exactly the five refresh calls, in parallel, once for several components', async () => {
    persist(never());
    const tab = open({ latencyMs: LATENCY_MS });
    const page = tab.mount(<Page />);
    await waitFor(
      () => expect(page.getAllByTestId('dashboard')[0]?.textContent).toMatch(/^in\|Nissa\|\d+\|5$/),
      {
        timeout: 5_000,
      },
    );
    // nothing else arrives afterwards
    await act(() => sleep(LATENCY_MS + 200));

    expect(tab.calls().sort()).toEqual(FIVE);
    expect(tab.requests.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // In parallel: every request had left before the first answer came back. One after another,
    // each would start after the previous answer (at least LATENCY_MS later).
    const lastStart = Math.max(...tab.requests.map((r) => r.start));
    const firstEnd = Math.min(...tab.requests.map((r) => r.end));
    expect(lastStart).toBeLessThan(firstEnd);

    const data = readUserQueries(tab.queryClient);
    expect(REFRESH_KEYS.every((k) => typeof data.lastFetched[k] === 'number')).toBe(true);
    expect(data.formats.length).toBeGreaterThan(0);
    expect(page.container.textContent).toContain(String(data.decks.length));
  });

  it('a second mount within 5 minutes makes no request, on the same page and after a reload', async () => {
    persist(never());
    const tab = open();
    const first = tab.mount(<Page />);
    await waitFor(() => expect(tab.calls()).toHaveLength(5));
    await waitFor(() => expect(first.getAllByTestId('dashboard')[0]?.textContent).toMatch(/\|5$/));
    first.unmount();

    tab.resetRequests();
    const second = tab.mount(<Page />);
    await act(() => sleep(300));
    expect(tab.calls()).toEqual([]);
    expect(second.getAllByTestId('dashboard')[0]?.textContent).toMatch(/^in\|Nissa\|\d+\|5$/);
    second.unmount();

    // A reload: new stores, cache and Firebase instance, state restored from what the first saved.
    const reloaded = open();
    const third = reloaded.mount(<Page />);
    await waitFor(() =>
      expect(third.getAllByTestId('dashboard')[0]?.textContent).toMatch(/^in\|Nissa\|\d+\|5$/),
    );
    await act(() => sleep(300));
    expect(reloaded.calls()).toEqual([]);
  });

  it('after a reload, only the part fetched more than 5 minutes ago is fetched again', async () => {
    const now = Date.now();
    // 5 min exactly (plus the time this test takes to mount) would still be fresh; 5 min + 2 s is not.
    persist({
      user: now - 60_000,
      playgroups: now - 4 * 60_000,
      decks: now - 5 * 60_000 - 2_000,
      friends: now - 60_000,
      formats: now - 4 * 60_000,
    });
    const tab = open();
    const page = tab.mount(<Page />);
    await waitFor(() => expect(lastFetched(tab).decks).toBeGreaterThanOrEqual(now));
    await act(() => sleep(300));
    expect(tab.calls()).toEqual(['GET /user/decks']);
    page.unmount();
  });

  it('a 401 (session revoked on the server) ends the session, signs out of Firebase and goes to /login', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const tab = open({ currentPath: '/decks' });
    // A new session in this tab, signed in to Firebase too.
    const { result } = tab.hook(() => ({
      signIn: useSignIn(),
      revoke: useRevokeSession(),
      refresh: useRefreshUserData(),
    }));
    const session = await act(() => result.current.signIn.mutateAsync({ email, password }));
    expect(tab.auth.currentUser?.email).toBe(email);
    // Revoked: e.g. "sign out everywhere" from another device.
    await act(() => result.current.revoke.mutateAsync(undefined as never));
    tab.resetRequests();

    const failure = await act(() =>
      result.current.refresh({ force: true, keys: ['decks'] }).then(
        () => null,
        (e: unknown) => e,
      ),
    );
    expect(failure).toBeInstanceOf(SessionExpiredError);
    expect(failure).toMatchObject({ status: 401 });
    expect(tab.calls()).toEqual(['GET /user/decks']);
    expect(tab.navigate.mock.calls).toEqual([['/login']]);
    const state = tab.userStore.getState();
    expect(state.userId).toBeNull();
    await waitFor(() => expect(readUserQueries(tab.queryClient)).toMatchObject({ user: null, decks: [] }));
    // the spec's logout keeps the token; it is no session any more (the server said so)
    expect(state.token).toBe(session.token);
    await waitFor(() => expect(tab.auth.currentUser).toBeNull());
    expect(errors).toHaveBeenCalledWith('Error fetching decks:', failure);
    errors.mockRestore();
  });
});
