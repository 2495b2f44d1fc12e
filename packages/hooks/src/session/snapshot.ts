/**
 * `@companion/hooks/session`: what a page header needs to know about the signed-in user, readable on
 * public pages before (or without) the app: no React, Firebase, zod or API client. It reads what the
 * hooks persist (the user store's session token and the cached current user, friends and
 * playgroups) and follows changes from this tab (the provider's cache and store write through) and
 * from other tabs.
 */
import { STORAGE_KEYS } from '../constants.js';
import { type PersistedUser, readPersistedUser, subscribePersistedUser } from '../store/persisted.js';
import { isBrowser } from '../store/storage.js';

export interface SessionSnapshot {
  /** A session token and the user's data are stored (spec §4's authenticated). */
  authenticated: boolean;
  /** Username, else first name. */
  name: string | null;
  picture: string | null;
  /** Friend requests received plus playgroup invitations waiting for an answer (header badge). */
  pending: number;
  /** Of which playgroup invitations. */
  invites: number;
}

export const SIGNED_OUT: SessionSnapshot = Object.freeze({
  authenticated: false,
  name: null,
  picture: null,
  pending: 0,
  invites: 0,
});

/** Authenticated (spec §4, as `isAuthenticated`): the session token and the user's data both present. */
export function storedSessionIsAuthenticated(
  stored: Pick<PersistedUser, 'token' | 'userId' | 'user'>,
): boolean {
  return Boolean(stored.token && stored.userId && stored.user);
}

export function snapshotOf(stored: PersistedUser): SessionSnapshot {
  if (!storedSessionIsAuthenticated(stored) || !stored.user) return SIGNED_OUT;
  const { user } = stored.user;
  const invites = (stored.playgroups ?? []).filter((p) => p.status === 'invited').length;
  return {
    authenticated: true,
    name: user.username || user.firstname || null,
    picture: user.picture ?? null,
    pending: (stored.friends ?? []).filter((f) => f.status === 'incoming').length + invites,
    invites,
  };
}

let last: { stored: PersistedUser; snapshot: SessionSnapshot } | null = null;

/**
 * The stored session's snapshot; the same object while nothing changed (for `useSyncExternalStore`).
 * Signed out during server rendering.
 */
export function readSessionSnapshot(): SessionSnapshot {
  if (!isBrowser()) return SIGNED_OUT;
  const stored = readPersistedUser();
  if (last?.stored !== stored) {
    const next = snapshotOf(stored);
    const previous = last?.snapshot;
    const same =
      previous !== undefined &&
      previous.authenticated === next.authenticated &&
      previous.name === next.name &&
      previous.picture === next.picture &&
      previous.pending === next.pending &&
      previous.invites === next.invites;
    last = { stored, snapshot: same ? previous : next };
  }
  return last.snapshot;
}

/** Calls `listener` when the stored session may have changed (this tab or another). */
export const subscribeSessionSnapshot = (listener: () => void): (() => void) =>
  subscribePersistedUser(listener);

/** True when a signed-in session is stored (an app may start at once to show it). */
export const hasStoredSession = (): boolean => readSessionSnapshot().authenticated;

/**
 * The same test as `hasStoredSession()`, as a JavaScript expression for a classic script that runs
 * before any module (the web app's public/theme.js, where a prerendered page decides whether to show
 * itself, carries it verbatim). Tests keep the three in agreement.
 */
export const STORED_SESSION_CHECK = `(function(){try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(
  STORAGE_KEYS.user,
)})||'null');return !!(s&&s.v===2&&s.token&&s.userId&&s.user&&s.user.user)}catch(e){return false}})()`;
