import type { CurrentUser, Settings } from '@companion/sdk/contract';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useCompanion } from './context.js';
import {
  cachedCurrentUser,
  toUserQueries,
  type UserQueries,
  userQueryPart,
  userQueryStates,
} from './persist/user-queries.js';
import { isStale, type RefreshOptions, refreshUserData } from './refresh/refresh.js';
import { endSession, isAuthenticated, signOutOfFirebase, subscribeSession } from './session/session.js';
import type { Language, LanguageState } from './store/language-store.js';
import { noFetch, REFRESH_KEYS } from './store/persisted.js';
import type { UserState } from './store/user-store.js';
import type { VersionState } from './version/version-watcher.js';

/**
 * Reads the user store (tokens, ids, flags; the server's data is in the query cache). With a
 * selector the component re-renders only when the selected value changes (return stored values, not
 * new objects). Server rendering and the first client render see the empty initial state; the
 * persisted state arrives after hydration.
 */
export function useUserStore(): UserState;
export function useUserStore<T>(selector: (state: UserState) => T): T;
export function useUserStore<T>(selector?: (state: UserState) => T): T | UserState {
  const { userStore } = useCompanion();
  const select = selector ?? ((s: UserState) => s);
  return useSyncExternalStore(
    userStore.subscribe,
    () => select(userStore.getState()),
    () => select(userStore.getInitialState()),
  );
}

/** Re-renders on changes of the store or of the five user-data queries. */
function useSessionSubscribe(): (listener: () => void) => () => void {
  const { userStore, queryClient } = useCompanion();
  return useCallback(
    (listener: () => void) => subscribeSession(userStore, queryClient, listener),
    [userStore, queryClient],
  );
}

/**
 * The signed-in user and their settings as cached (GET /user, or the sign-in's answer), without
 * fetching: null when signed out or not loaded. `useMe()` fetches it.
 */
export function useCurrentUser(): CurrentUser | null {
  const { queryClient } = useCompanion();
  return useSyncExternalStore(
    useSessionSubscribe(),
    () => cachedCurrentUser(queryClient),
    () => null,
  );
}

/** The signed-in user's settings as cached (null when signed out or not loaded). */
export const useSettings = (): Settings | null => useCurrentUser()?.state.settings ?? null;

/** Token and user data present (spec §4). */
export function useIsAuthenticated(): boolean {
  const { userStore, queryClient } = useCompanion();
  return useSyncExternalStore(
    useSessionSubscribe(),
    () => isAuthenticated(userStore.getState(), cachedCurrentUser(queryClient)),
    () => false,
  );
}

/** `pending` until the persisted session and data are restored, then signed in or out. */
export type AuthStatus = 'pending' | 'signed-in' | 'signed-out';

/**
 * The session for route guards. `onServer` is what server rendering (and the hydration of its HTML)
 * sees: `pending` by default; a page prerendered for signed-out visitors says `signed-out`.
 */
export function useAuthStatus(options: { onServer?: AuthStatus } = {}): AuthStatus {
  const { userStore, queryClient } = useCompanion();
  const onServer = options.onServer ?? 'pending';
  return useSyncExternalStore(
    useSessionSubscribe(),
    (): AuthStatus => {
      const state = userStore.getState();
      if (!state.hydrated) return 'pending';
      return isAuthenticated(state, cachedCurrentUser(queryClient)) ? 'signed-in' : 'signed-out';
    },
    () => onServer,
  );
}

/** Set after a 401 with code 53. */
export const useIsUnverified = (): boolean => useUserStore((s) => s.unverified);

/** How long logout waits for the server to revoke the session before going on without it. */
export const LOGOUT_REVOKE_TIMEOUT_MS = 5_000;

/**
 * Logout (spec §4): clears provider tokens, user data, playgroups, decks and friends and resets the
 * fetch times (the session token stays; the formats stay, stale), drops every other cached answer
 * and signs out of Firebase. The server revokes the session token too (`POST /auth/logout`), so a
 * copy of it replayed later answers 401; that call failing (offline, already revoked) does not stop
 * the logout, and its 401 does not count as a session ending elsewhere.
 */
export function useLogout(): () => Promise<void> {
  const { client, userStore, queryClient, getAuth } = useCompanion();
  return useCallback(async () => {
    const revoked = userStore.getState().token
      ? client.auth.logout(undefined, { sessionEvents: false, timeout: LOGOUT_REVOKE_TIMEOUT_MS }).then(
          () => undefined,
          () => undefined,
        )
      : Promise.resolve();
    endSession(queryClient, userStore);
    await Promise.all([signOutOfFirebase(getAuth), revoked]);
  }, [client, userStore, queryClient, getAuth]);
}

/** Refreshes the user data (only stale parts unless `force`); logs and rethrows failures. */
export function useRefreshUserData(): (options?: RefreshOptions) => Promise<void> {
  const { client, queryClient } = useCompanion();
  return useCallback(
    (options?: RefreshOptions) => refreshUserData(queryClient, client, options),
    [queryClient, client],
  );
}

export interface UserData {
  firstname: string | null;
  lastname: string | null;
  username: string | null;
  picture: string | null;
}

export interface UserDataResult {
  /** The signed-in user's names and picture (spec §3's userData). */
  userData: UserData | null;
  settings: Settings | null;
  playgroups: UserQueries['playgroups'];
  decks: UserQueries['decks'];
  friends: UserQueries['friends'];
  formats: UserQueries['formats'];
  lastFetched: UserQueries['lastFetched'];
  isRefreshing: boolean;
  error: unknown;
  /** Fetches all five again, fresh or not. */
  refresh: () => Promise<void>;
}

const NOTHING: UserQueries = {
  user: null,
  playgroups: [],
  decks: [],
  friends: [],
  formats: [],
  lastFetched: noFetch(),
};

/** The five user-data queries as cached, re-rendering when one of them changes (never fetching). */
export function useUserQueries(): UserQueries {
  const { queryClient } = useCompanion();
  const last = useRef<{ states: unknown[]; value: UserQueries } | null>(null);
  const getSnapshot = () => {
    const states = userQueryStates(queryClient);
    const previous = last.current;
    if (previous?.states.every((state, i) => state === states[i])) return previous.value;
    const value = toUserQueries(states);
    last.current = { states, value };
    return value;
  };
  return useSyncExternalStore(useSessionSubscribe(), getSnapshot, () => NOTHING);
}

/**
 * What the dashboard reads: user data and lists from the query cache. On mount (when authenticated
 * and hydrated) it fetches whatever is stale — all five in parallel on a cold load, nothing within 5
 * minutes of the last fetch — and again when a change marks a part stale. Several components using
 * it share the same requests.
 */
export function useUserData(): UserDataResult {
  const data = useUserQueries();
  const authenticated = useIsAuthenticated();
  const hydrated = useUserStore((s) => s.hydrated);
  const refreshUserData = useRefreshUserData();
  const [isRefreshing, setRefreshing] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const run = useCallback(
    (options?: RefreshOptions) => {
      setRefreshing(true);
      return refreshUserData(options)
        .then(() => setError(null))
        .catch((e: unknown) => setError(e))
        .finally(() => setRefreshing(false));
    },
    [refreshUserData],
  );

  // After logout the session token stays (spec), so authentication (token and user data) gates it.
  const canFetch = hydrated && authenticated;
  const anyStale = REFRESH_KEYS.some((key) => isStale(data, key));
  useEffect(() => {
    if (canFetch && anyStale) void run();
  }, [canFetch, anyStale, run]);

  const user = data.user?.user;
  const userData = useMemo<UserData | null>(
    () =>
      user
        ? {
            firstname: user.firstname,
            lastname: user.lastname,
            username: user.username,
            picture: user.picture,
          }
        : null,
    [user],
  );

  return {
    userData,
    settings: data.user?.state.settings ?? null,
    playgroups: data.playgroups,
    decks: data.decks,
    friends: data.friends,
    formats: data.formats,
    lastFetched: data.lastFetched,
    isRefreshing,
    error,
    refresh: () => run({ force: true }),
  };
}

export interface UseLanguageResult extends LanguageState {
  /** en or fr; anything else is ignored. */
  setLanguage: (language: Language | string) => void;
}

/** Current interface language, whether it was initialized, and the setter. */
export function useLanguage(): UseLanguageResult {
  const { languageStore } = useCompanion();
  const state = useSyncExternalStore(
    languageStore.subscribe,
    languageStore.getState,
    languageStore.getInitialState,
  );
  return { ...state, setLanguage: languageStore.setLanguage };
}

const NO_VERSION: VersionState = { available: false, latestId: null };
const noop = () => () => {};

/** Whether `builds/latest.json` names a newer build (needs the provider's `version` option). */
export function useNewVersion(): VersionState & { reload: () => void } {
  const { versionWatcher } = useCompanion();
  const state = useSyncExternalStore(
    versionWatcher?.subscribe ?? noop,
    versionWatcher?.getState ?? (() => NO_VERSION),
    () => NO_VERSION,
  );
  return { ...state, reload: () => window.location.reload() };
}

/** Which third-party sign-ins are configured. */
export const useSignInProviders = () => useCompanion().providers;
