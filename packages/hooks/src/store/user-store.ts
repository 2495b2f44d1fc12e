import type { Credentials, SessionExpiredError, UnverifiedError } from '@companion/sdk';
import type {
  CurrentUser,
  DeckSummary,
  Friend,
  GameFormat,
  PlaygroupSummary,
  Settings,
} from '@companion/sdk/contract';
import { STALE_AFTER_MS, STORAGE_KEYS } from '../constants.js';
import { isBrowser, readItem, readJson, writeItem } from './storage.js';

/** The four lists the store keeps (spec §3). */
export type ListName = 'playgroups' | 'decks' | 'friends' | 'formats';
/** What a full refresh fetches: the current user and the four lists. */
export type RefreshKey = 'user' | ListName;
export const REFRESH_KEYS: readonly RefreshKey[] = ['user', 'playgroups', 'decks', 'friends', 'formats'];

export interface UserData {
  firstname: string | null;
  lastname: string | null;
  username: string | null;
  picture: string | null;
}

export interface UserLists {
  playgroups: PlaygroupSummary[];
  decks: DeckSummary[];
  friends: Friend[];
  formats: GameFormat[];
}

export interface UserState extends UserLists {
  googleToken: string | null;
  appleToken: string | null;
  /** Session token from /auth/signin or /auth/login (sent as Bearer). */
  token: string | null;
  /** Id of the signed-in user (sent as `x-user-id`). */
  userId: string | null;
  userData: UserData | null;
  settings: Settings | null;
  /** Milliseconds since the epoch of the last successful fetch, or null (never / reset by logout). */
  lastFetched: Record<RefreshKey, number | null>;
  /** Firebase ID token of the signed-in identity (memory only; Firebase keeps its own session). */
  idToken: string | null;
  /** Set by a 401 with code 53 (memory only). */
  unverified: boolean;
  /** True once persisted state was read (never during server rendering). */
  hydrated: boolean;
}

export type SessionEvent =
  | { type: 'unauthorized'; error: SessionExpiredError }
  | { type: 'unverified'; error: UnverifiedError };

/** What the user key holds. */
interface PersistedUser extends UserLists {
  v: 1;
  token: string | null;
  userId: string | null;
  userData: UserData | null;
  settings: Settings | null;
  lastFetched: Record<RefreshKey, number | null>;
}

const noFetch = (): Record<RefreshKey, number | null> => ({
  user: null,
  playgroups: null,
  decks: null,
  friends: null,
  formats: null,
});

export function initialUserState(): UserState {
  return {
    googleToken: null,
    appleToken: null,
    token: null,
    userId: null,
    userData: null,
    settings: null,
    playgroups: [],
    decks: [],
    friends: [],
    formats: [],
    lastFetched: noFetch(),
    idToken: null,
    unverified: false,
    hydrated: false,
  };
}

// ---- selectors ----

/** Authenticated = session token and user data both present (spec §4). */
export const isAuthenticated = (state: Pick<UserState, 'token' | 'userData'>): boolean =>
  Boolean(state.token && state.userData);

/** Stale when never fetched or fetched more than 5 minutes ago (exactly 5 minutes is still fresh). */
export function isStale(state: Pick<UserState, 'lastFetched'>, key: RefreshKey, now = Date.now()): boolean {
  const at = state.lastFetched[key];
  return at === null || now - at > STALE_AFTER_MS;
}

// ---- ordering: newest first, nulls last ----

function newestFirst<T>(items: readonly T[], date: (item: T) => string | null | undefined): T[] {
  const time = (item: T) => {
    const value = date(item);
    const ms = value ? Date.parse(value) : Number.NaN;
    return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
  };
  return [...items].sort((a, b) => time(b) - time(a));
}
export const sortPlaygroups = (items: readonly PlaygroupSummary[]) =>
  newestFirst(items, (p) => p.lastActivity);
export const sortDecks = (items: readonly DeckSummary[]) => newestFirst(items, (d) => d.lastPlayed);
export const sortFriends = (items: readonly Friend[]) => newestFirst(items, (f) => f.lastSeen);
const SORTERS: { [K in ListName]: (items: UserLists[K]) => UserLists[K] } = {
  playgroups: sortPlaygroups,
  decks: sortDecks,
  friends: sortFriends,
  formats: (items) => items,
};

export const toUserData = (user: CurrentUser['user']): UserData => ({
  firstname: user.firstname,
  lastname: user.lastname,
  username: user.username,
  picture: user.picture,
});

// ---- the store ----

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

  /** Stores what /auth/signin, /auth/login or /auth/exchange answered. */
  setSession(session: { token: string; user: CurrentUser['user']; state: CurrentUser['state'] }): void;
  /** Stores GET /user and stamps its time (unless `at` is null: local edits). */
  setUser(current: CurrentUser, at?: number | null): void;
  /** Stores a list sorted newest first; stamps its time unless `at` is null (local edits). */
  setList<K extends ListName>(name: K, items: UserLists[K], at?: number | null): void;
  setProviderToken(provider: 'google' | 'apple', token: string | null): void;
  setIdToken(token: string | null): void;
  /** Clears provider tokens, user data, playgroups, decks and friends; resets fetch times. Keeps the session token. */
  logout(): void;
  /** Credentials for the SDK client, read before every call. */
  credentials(): Credentials;
  /** Called by the client on a 401: logs out and tells session listeners (the provider navigates). */
  handleUnauthorized(error: SessionExpiredError): void;
  /** Called by the client on a 401 with code 53: marks the user unverified and tells session listeners. */
  handleUnverified(error: UnverifiedError): void;
  onSessionEvent(listener: (event: SessionEvent) => void): () => void;
}

export interface UserStoreOptions {
  /** Clock used to stamp fetch times (tests). */
  now?: () => number;
}

export function createUserStore(options: UserStoreOptions = {}): UserStore {
  const now = options.now ?? Date.now;
  const initial = initialUserState();
  let state = initial;
  let hydrated = false;
  const listeners = new Set<Listener>();
  const sessionListeners = new Set<(event: SessionEvent) => void>();

  function persist(s: UserState): void {
    if (!isBrowser()) return;
    writeItem(STORAGE_KEYS.googleToken, s.googleToken);
    writeItem(STORAGE_KEYS.appleToken, s.appleToken);
    const user: PersistedUser = {
      v: 1,
      token: s.token,
      userId: s.userId,
      userData: s.userData,
      settings: s.settings,
      playgroups: s.playgroups,
      decks: s.decks,
      friends: s.friends,
      formats: s.formats,
      lastFetched: s.lastFetched,
    };
    writeItem(STORAGE_KEYS.user, JSON.stringify(user));
  }

  function readPersisted(): Partial<UserState> {
    const user = readJson<Partial<PersistedUser>>(STORAGE_KEYS.user);
    const patch: Partial<UserState> = {
      googleToken: readItem(STORAGE_KEYS.googleToken),
      appleToken: readItem(STORAGE_KEYS.appleToken),
    };
    if (user && user.v === 1) {
      Object.assign(patch, {
        token: user.token ?? null,
        userId: user.userId ?? null,
        userData: user.userData ?? null,
        settings: user.settings ?? null,
        playgroups: user.playgroups ?? [],
        decks: user.decks ?? [],
        friends: user.friends ?? [],
        formats: user.formats ?? [],
        lastFetched: { ...noFetch(), ...user.lastFetched },
      });
    } else {
      Object.assign(patch, {
        token: null,
        userId: null,
        userData: null,
        settings: null,
        playgroups: [],
        decks: [],
        friends: [],
        formats: [],
        lastFetched: noFetch(),
      });
    }
    return patch;
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
      const keys = new Set<string>([STORAGE_KEYS.googleToken, STORAGE_KEYS.appleToken, STORAGE_KEYS.user]);
      const onStorage = (event: StorageEvent) => {
        if (event.storageArea && event.storageArea !== window.localStorage) return;
        if (event.key !== null && !keys.has(event.key)) return;
        // Another tab changed it: take its state as is, without writing it back.
        apply(readPersisted(), false);
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },

    setSession(session) {
      store.setState({
        token: session.token,
        userId: session.user.id,
        userData: toUserData(session.user),
        settings: session.state.settings,
        unverified: session.user.emailVerified ? false : state.unverified,
        lastFetched: { ...state.lastFetched, user: now() },
      });
    },
    setUser(current, at = now()) {
      store.setState((s) => ({
        userId: current.user.id,
        userData: sameUserData(s.userData, current.user) ? s.userData : toUserData(current.user),
        settings: current.state.settings,
        unverified: current.user.emailVerified ? false : s.unverified,
        lastFetched:
          at === null || s.lastFetched.user === at ? s.lastFetched : { ...s.lastFetched, user: at },
      }));
    },
    setList(name, items, at = now()) {
      store.setState((s) => {
        const patch: Partial<UserState> = {};
        if (items !== s[name]) patch[name] = SORTERS[name](items as never) as never;
        if (at !== null && s.lastFetched[name] !== at) patch.lastFetched = { ...s.lastFetched, [name]: at };
        return patch;
      });
    },
    setProviderToken(provider, token) {
      store.setState(provider === 'google' ? { googleToken: token } : { appleToken: token });
    },
    setIdToken(token) {
      store.setState({ idToken: token });
    },
    logout() {
      store.setState({
        googleToken: null,
        appleToken: null,
        userId: null,
        userData: null,
        playgroups: [],
        decks: [],
        friends: [],
        lastFetched: noFetch(),
        idToken: null,
      });
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

function sameUserData(a: UserData | null, user: CurrentUser['user']): boolean {
  return (
    a !== null &&
    a.firstname === user.firstname &&
    a.lastname === user.lastname &&
    a.username === user.username &&
    a.picture === user.picture
  );
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
