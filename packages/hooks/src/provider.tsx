import type { CompanionClient } from '@companion/sdk';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Auth } from 'firebase/auth';
import {
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { DEFAULT_PATHS } from './constants.js';
import { CompanionContext, type CompanionContextValue, type CompanionPaths } from './context.js';
import { syncToken, watchIdToken } from './identity/lazy-token.js';
import { clearUserData, persistUserQueries } from './persist/user-queries.js';
import { createQueryClient } from './query-client.js';
import {
  clearUnverifiedOnVerifiedUser,
  sessionIsAuthenticated,
  subscribeSession as watchSession,
} from './session/session.js';
import { createLanguageStore, type Language, type LanguageStore } from './store/language-store.js';
import type { UserStore } from './store/user-store.js';
import { createVersionWatcher, type VersionWatcherOptions } from './version/version-watcher.js';

/**
 * Firebase Auth, or a function that loads it: then Firebase loads only when needed — a sign-in or
 * sign-out flow, or a stored session (its ID token is watched once the first page has rendered).
 */
export type AuthSource = Auth | (() => Promise<Auth>);

export interface CompanionProviderProps {
  /** SDK client created with `sessionClientOptions(userStore)` so 401s reach the store. */
  client: CompanionClient;
  /** Firebase Auth instance (`getAuth(app)`), or a function that loads it (see `AuthSource`). */
  auth: AuthSource;
  /** The store the client reads credentials from (`createUserStore()`, created once at module scope). */
  userStore: UserStore;
  /**
   * The app's language store, when the app reads the language outside the provider too (one store for
   * the whole app); one is created otherwise. Started with `initialLanguage` (e.g. the route's).
   */
  languageStore?: LanguageStore;
  initialLanguage?: Language | null;
  /** Defaults to one created with `createQueryClient()` when the provider mounts (never per render). */
  queryClient?: QueryClient;
  /** The app's router navigation (`(path) => router.push(path)`). */
  navigate: (path: string) => void;
  /** Current path with query, for the verify-email `redirect` (default: `location.pathname + location.search`). */
  getCurrentPath?: () => string;
  paths?: Partial<CompanionPaths>;
  /** Public configuration: Google and Apple sign-in are offered only when these are set. */
  googleClientId?: string | undefined;
  appleClientId?: string | undefined;
  /** Same-origin URL the ID token is POSTed to (DELETE on sign-out). Off when missing. */
  tokenSyncUrl?: string | undefined;
  /** Polls `builds/latest.json` when given. */
  version?: VersionWatcherOptions | undefined;
  children?: ReactNode;
}

/**
 * Layout effects run before any passive effect, children's included: restoring there means no child
 * query subscribes (and fetches) before the persisted session and data are in place.
 * On the server it is a plain (never run) effect.
 */
const useStartupEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** 401s from the same page within this time redirect once. */
const SESSION_REDIRECT_DEDUPE_MS = 2_000;

const defaultCurrentPath = () =>
  typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;

/**
 * Makes the client, the stores and TanStack Query available to every hook, and runs the start-up
 * work in effects (so nothing happens during server rendering): restore the store, follow other
 * tabs, pick the language, watch the Firebase ID token, apply the session rules and poll for a new
 * version.
 */
export function CompanionProvider(props: CompanionProviderProps) {
  const { client, userStore, navigate } = props;
  const source = props.auth;
  const [auth, setAuth] = useState<Auth | null>(() => (typeof source === 'function' ? null : source));
  const loading = useRef<Promise<Auth> | null>(null);
  const getAuth = useCallback((): Promise<Auth> => {
    if (typeof source !== 'function') return Promise.resolve(source);
    loading.current ??= source().then(
      (loaded) => {
        setAuth(loaded);
        return loaded;
      },
      (error: unknown) => {
        loading.current = null;
        throw error;
      },
    );
    return loading.current;
  }, [source]);
  // Created once per provider, lazily, never on re-render.
  const [ownQueryClient] = useState(() => (props.queryClient ? null : createQueryClient()));
  const queryClient = props.queryClient ?? (ownQueryClient as QueryClient);
  const [ownLanguageStore] = useState(() => (props.languageStore ? null : createLanguageStore()));
  const languageStore = props.languageStore ?? (ownLanguageStore as LanguageStore);
  const [versionWatcher] = useState(() => (props.version ? createVersionWatcher(props.version) : null));

  const getCurrentPath = props.getCurrentPath ?? defaultCurrentPath;
  const login = props.paths?.login ?? DEFAULT_PATHS.login;
  const verifyEmail = props.paths?.verifyEmail ?? DEFAULT_PATHS.verifyEmail;
  const google = Boolean(props.googleClientId);
  const apple = Boolean(props.appleClientId);

  const value = useMemo<CompanionContextValue>(
    () => ({
      client,
      auth,
      getAuth,
      userStore,
      queryClient,
      languageStore,
      versionWatcher,
      navigate,
      getCurrentPath,
      paths: { login, verifyEmail },
      providers: { google, apple },
    }),
    [
      client,
      auth,
      getAuth,
      userStore,
      queryClient,
      languageStore,
      versionWatcher,
      navigate,
      getCurrentPath,
      login,
      verifyEmail,
      google,
      apple,
    ],
  );

  // Start-up: restore the cached user data, then the store (so `hydrated` means both are in place);
  // persist and follow other tabs from then on; pick the language.
  const initialLanguage = props.initialLanguage ?? null;
  useStartupEffect(() => {
    const stopPersisting = persistUserQueries(queryClient);
    userStore.hydrate();
    languageStore.init(initialLanguage);
    const stopListening = userStore.listen();
    const stopVerifying = clearUnverifiedOnVerifiedUser(queryClient, userStore);
    return () => {
      stopPersisting();
      stopListening();
      stopVerifying();
    };
  }, [userStore, languageStore, queryClient, initialLanguage]);

  // Session rules: 401 → logged out, /login; 401 code 53 → unverified, /verify-email?redirect=…
  useEffect(() => {
    if (!client.options.onUnauthorized || !client.options.onUnverified) {
      console.warn(
        'CompanionProvider: create the client with sessionClientOptions(userStore) so 401s end the session.',
      );
    }
    // Parallel calls failing together (a dashboard's refresh) each report the 401 before the router
    // has moved: navigate once per burst, not once per call (each would push a history entry).
    let last: { from: string; to: string; at: number } | null = null;
    const go = (here: string, to: string) => {
      const now = Date.now();
      if (last && last.from === here && last.to === to && now - last.at < SESSION_REDIRECT_DEDUPE_MS) return;
      last = { from: here, to, at: now };
      navigate(to);
    };
    return userStore.onSessionEvent((event) => {
      const here = getCurrentPath();
      if (event.type === 'unauthorized') {
        // The client reports the 401 before the call rejects: clearing now would cancel that very
        // query, and its caller would get a CancelledError instead of the session error. Clear once
        // the failing calls have settled.
        setTimeout(() => clearUserData(queryClient), 0);
        Promise.all([getAuth(), import('firebase/auth')])
          .then(([loaded, { signOut }]) => signOut(loaded))
          .catch((error: unknown) => console.error('Error signing out:', error));
        if (!here.startsWith(login)) go(here, login);
      } else if (!here.startsWith(verifyEmail)) {
        go(here, `${verifyEmail}?redirect=${encodeURIComponent(here)}`);
      }
    });
  }, [client, userStore, queryClient, getAuth, navigate, getCurrentPath, login, verifyEmail]);

  // Firebase Auth loads for a stored session once the first page has rendered (a sign-in flow loads
  // it on its own).
  const subscribeSession = useCallback(
    (listener: () => void) => watchSession(userStore, queryClient, listener),
    [userStore, queryClient],
  );
  const authenticated = useSyncExternalStore(
    subscribeSession,
    () => sessionIsAuthenticated(userStore, queryClient),
    () => false,
  );
  useEffect(() => {
    if (auth || !authenticated) return;
    const timer = setTimeout(() => {
      getAuth().catch((error: unknown) => console.error('Error loading Firebase Auth:', error));
    }, 0);
    return () => clearTimeout(timer);
  }, [auth, authenticated, getAuth]);

  // Identity token: fetched when the Firebase user changes, refreshed every 55 minutes.
  const tokenSyncUrl = props.tokenSyncUrl;
  useEffect(() => {
    if (!auth) return;
    return watchIdToken({
      auth,
      onToken: (token) => {
        userStore.setIdToken(token);
        if (tokenSyncUrl) void syncToken(tokenSyncUrl, token);
      },
      onSignedOut: () => {
        userStore.setIdToken(null);
        if (tokenSyncUrl) void syncToken(tokenSyncUrl, null);
      },
    });
  }, [auth, userStore, tokenSyncUrl]);

  useEffect(() => versionWatcher?.start(), [versionWatcher]);

  return (
    <QueryClientProvider client={queryClient}>
      <CompanionContext.Provider value={value}>{props.children}</CompanionContext.Provider>
    </QueryClientProvider>
  );
}
