import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Language } from './constants.js';
import { useCompanion } from './context.js';
import { type RefreshOptions, refreshUserData } from './refresh/refresh.js';
import type { LanguageState } from './store/language-store.js';
import {
  isAuthenticated,
  isStale,
  REFRESH_KEYS,
  type RefreshKey,
  type UserState,
} from './store/user-store.js';
import type { VersionState } from './version/version-watcher.js';

/**
 * Reads the user store. With a selector the component re-renders only when the selected value
 * changes (return stored values, not new objects). Server rendering and the first client render see
 * the empty initial state; the persisted state arrives after hydration.
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

/** Token and user data present. */
export const useIsAuthenticated = (): boolean => useUserStore(isAuthenticated);

/** Set after a 401 with code 53. */
export const useIsUnverified = (): boolean => useUserStore((s) => s.unverified);

/**
 * Logout: clears provider tokens, user data, playgroups, decks and friends, resets the fetch times
 * (the session token stays), empties the query cache and signs out of Firebase.
 */
export function useLogout(): () => Promise<void> {
  const { userStore, getAuth } = useCompanion();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    userStore.logout();
    queryClient.clear();
    try {
      const [auth, { signOut }] = await Promise.all([getAuth(), import('firebase/auth')]);
      await signOut(auth);
    } catch (error) {
      console.error('Error signing out:', error);
    }
  }, [userStore, getAuth, queryClient]);
}

/** Refreshes the user data (only stale parts unless `force`); logs and rethrows failures. */
export function useRefreshUserData(): (options?: RefreshOptions) => Promise<void> {
  const { client, userStore } = useCompanion();
  const queryClient = useQueryClient();
  return useCallback(
    (options?: RefreshOptions) => refreshUserData(queryClient, client, userStore, options),
    [queryClient, client, userStore],
  );
}

export interface UserDataResult {
  userData: UserState['userData'];
  settings: UserState['settings'];
  playgroups: UserState['playgroups'];
  decks: UserState['decks'];
  friends: UserState['friends'];
  formats: UserState['formats'];
  lastFetched: UserState['lastFetched'];
  isRefreshing: boolean;
  error: unknown;
  /** Fetches all five again, fresh or not. */
  refresh: () => Promise<void>;
}

/**
 * What the dashboard reads: user data and lists from the store. On mount (when authenticated and
 * hydrated) it fetches whatever is stale — all five in parallel on a cold load, nothing within 5
 * minutes of the last fetch. Several components using it share the same requests.
 */
export function useUserData(): UserDataResult {
  const state = useUserStore();
  const refreshUserData = useRefreshUserData();
  const [isRefreshing, setRefreshing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const authenticated = isAuthenticated(state);
  const { hydrated } = state;

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
  const anyStale = REFRESH_KEYS.some((key: RefreshKey) => isStale(state, key));
  useEffect(() => {
    if (canFetch && anyStale) void run();
  }, [canFetch, anyStale, run]);

  return {
    userData: state.userData,
    settings: state.settings,
    playgroups: state.playgroups,
    decks: state.decks,
    friends: state.friends,
    formats: state.formats,
    lastFetched: state.lastFetched,
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
