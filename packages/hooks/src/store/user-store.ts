import type { Credentials, ProviderTypeValue, SessionExpiredError, UnverifiedError } from '@companion/sdk';
import { STORAGE_KEYS } from '../constants.js';
import { isOtherTabChange, readPersistedUser, writePersistedUser } from './persisted.js';
import { isBrowser, readItem, writeItem } from './storage.js';

/**
 * What the client keeps that is not server data: the credentials the SDK sends and the session's
 * flags. The server's data (the current user and settings, playgroups, decks, friends, formats) lives
 * in the TanStack Query cache only (`useUserData`, `useCurrentUser`, the query hooks).
 */
export interface UserState {
  googleToken: string | null;
  appleToken: string | null;
  /** Session token from /auth/signin or /auth/login (sent as Bearer). Logout keeps it (spec §4). */
  token: string | null;
  /** Id of the signed-in user (sent as `x-user-id`). */
  userId: string | null;
  /** Firebase ID token of the signed-in identity (memory only; Firebase keeps its own session). */
  idToken: string | null;
  /** Set by a 401 with code 53 (memory only). */
  unverified: boolean;
  /** True once persisted state was read (never during server rendering). */
  hydrated: boolean;
}

/** The providers whose own token the store keeps (a password sign-in has none). */
export type TokenProvider = Exclude<ProviderTypeValue, 'password'>;

export type SessionEvent =
  | { type: 'unauthorized'; error: SessionExpiredError }
  | { type: 'unverified'; error: UnverifiedError };

export function initialUserState(): UserState {
  return {
    googleToken: null,
    appleToken: null,
    token: null,
    userId: null,
    idToken: null,
    unverified: false,
    hydrated: false,
  };
}

type Listener = () => void;

export interface UserStore {
  getState(): UserState;
  /** The state used during server rendering and the first client render (nothing persisted). */
  getInitialState(): UserState;
  subscribe(listener: Listener): () => void;
  setState(patch: Partial<UserState> | ((state: UserState) => Partial<UserState>)): void;
  /** Reads persisted state once (later calls do nothing). Does nothing on the server. */
  hydrate(): void;
  /** Follows changes other tabs make (`storage` events). Returns the unsubscribe function. */
  listen(): () => void;

  /**
   * Keeps what a sign-in answered that is not server data: the token and the user id; clears the
   * unverified flag when the user's email is verified. (`storeSession` also caches the user.)
   */
  setSession(session: { token: string; userId: string; emailVerified: boolean }): void;
  setProviderToken(provider: TokenProvider, token: string | null): void;
  setIdToken(token: string | null): void;
  /**
   * The store's part of logout (spec §4): clears the provider tokens, the user id and the ID token;
   * keeps the session token. (`useLogout` also clears the cached user data and fetch times.)
   */
  logout(): void;
  /** Credentials for the SDK client, read before every call. */
  credentials(): Credentials;
  /** Called by the client on a 401: logs out and tells session listeners (the provider navigates). */
  handleUnauthorized(error: SessionExpiredError): void;
  /** Called by the client on a 401 with code 53: marks the user unverified and tells session listeners. */
  handleUnverified(error: UnverifiedError): void;
  onSessionEvent(listener: (event: SessionEvent) => void): () => void;
}

export function createUserStore(): UserStore {
  const initial = initialUserState();
  let state = initial;
  let hydrated = false;
  const listeners = new Set<Listener>();
  const sessionListeners = new Set<(event: SessionEvent) => void>();

  function persist(s: UserState): void {
    if (!isBrowser()) return;
    writeItem(STORAGE_KEYS.googleToken, s.googleToken);
    writeItem(STORAGE_KEYS.appleToken, s.appleToken);
    writePersistedUser({ token: s.token, userId: s.userId });
  }

  function readPersisted(): Partial<UserState> {
    const { token, userId } = readPersistedUser();
    return {
      googleToken: readItem(STORAGE_KEYS.googleToken),
      appleToken: readItem(STORAGE_KEYS.appleToken),
      token,
      userId,
    };
  }

  function apply(patch: Partial<UserState>, save: boolean): void {
    let changed = false;
    for (const key of Object.keys(patch) as Array<keyof UserState>) {
      if (!Object.is(patch[key], state[key])) {
        changed = true;
        break;
      }
    }
    if (!changed) return;
    state = { ...state, ...patch };
    // Nothing is written before the persisted state was read, so start-up never overwrites it.
    if (save && hydrated) persist(state);
    for (const listener of listeners) listener();
  }

  const store: UserStore = {
    getState: () => state,
    getInitialState: () => initial,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setState(patch) {
      apply(typeof patch === 'function' ? patch(state) : patch, true);
    },
    hydrate() {
      if (hydrated || !isBrowser()) return;
      hydrated = true;
      apply({ ...readPersisted(), hydrated: true }, false);
    },
    listen() {
      if (!isBrowser()) return () => {};
      const keys = [STORAGE_KEYS.googleToken, STORAGE_KEYS.appleToken, STORAGE_KEYS.user];
      const onStorage = (event: StorageEvent) => {
        // Another tab changed it: take its state as is, without writing it back.
        if (isOtherTabChange(event, keys)) apply(readPersisted(), false);
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },

    setSession(session) {
      store.setState((s) => ({
        token: session.token,
        userId: session.userId,
        unverified: session.emailVerified ? false : s.unverified,
      }));
    },
    setProviderToken(provider, token) {
      store.setState(provider === 'google' ? { googleToken: token } : { appleToken: token });
    },
    setIdToken(token) {
      store.setState({ idToken: token });
    },
    logout() {
      store.setState({ googleToken: null, appleToken: null, userId: null, idToken: null });
    },
    credentials() {
      return {
        token: state.token,
        userId: state.userId,
        googleToken: state.googleToken,
        appleToken: state.appleToken,
      };
    },
    handleUnauthorized(error) {
      store.logout();
      emit({ type: 'unauthorized', error });
    },
    handleUnverified(error) {
      store.setState({ unverified: true });
      emit({ type: 'unverified', error });
    },
    onSessionEvent(listener) {
      sessionListeners.add(listener);
      return () => sessionListeners.delete(listener);
    },
  };

  function emit(event: SessionEvent): void {
    for (const listener of sessionListeners) {
      try {
        listener(event);
      } catch (error) {
        console.error('Session listener failed:', error);
      }
    }
  }

  return store;
}

/**
 * The client options that connect the SDK to the store: credentials read before every call, and the
 * 401 handlers. `createClient({ baseUrl, apiKey, secret, ...sessionClientOptions(userStore) })`.
 */
export function sessionClientOptions(store: UserStore): {
  credentials: () => Credentials;
  onUnauthorized: (error: SessionExpiredError) => void;
  onUnverified: (error: UnverifiedError) => void;
} {
  return {
    credentials: () => store.credentials(),
    onUnauthorized: (error) => store.handleUnauthorized(error),
    onUnverified: (error) => store.handleUnverified(error),
  };
}
