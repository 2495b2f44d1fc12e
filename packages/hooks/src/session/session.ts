import type { CurrentUser, Session } from '@companion/sdk/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { Auth } from 'firebase/auth';
import { cachedCurrentUser, clearUserData, USER_QUERY_KEYS, userQueryPart } from '../persist/user-queries.js';
import type { UserState, UserStore } from '../store/user-store.js';

/**
 * Authenticated (spec §4): the session token and the user's data both present — the token and user
 * id in the user store, the user (GET /user or the sign-in's answer) in the query cache. Logout
 * clears the user id and the user together.
 */
export function isAuthenticated(
  state: Pick<UserState, 'token' | 'userId'>,
  currentUser: CurrentUser | null | undefined,
): boolean {
  return Boolean(state.token && state.userId && currentUser);
}

/** `isAuthenticated` for a store and a QueryClient. */
export const sessionIsAuthenticated = (userStore: UserStore, queryClient: QueryClient): boolean =>
  isAuthenticated(userStore.getState(), cachedCurrentUser(queryClient));

/**
 * Calls `listener` when the session may have changed: the user store, or a user query of the cache.
 * The cache reports synchronously, also while a component renders (a page creating or restoring a
 * user query); telling React then would update a subscriber during another component's render, so
 * the listener runs once that render is over.
 */
export function subscribeSession(userStore: UserStore, queryClient: QueryClient, listener: () => void) {
  const stopStore = userStore.subscribe(listener);
  const stopCache = queryClient.getQueryCache().subscribe((event) => {
    if (userQueryPart(event.query)) queueMicrotask(listener);
  });
  return () => {
    stopStore();
    stopCache();
  };
}

/**
 * Stores what /auth/signin, /auth/login or /auth/exchange answered: the user and settings in the
 * cache (fetched now), the token and user id in the store. Another user's cached data goes first.
 */
export function storeSession(
  queryClient: QueryClient,
  userStore: UserStore,
  session: Pick<Session, 'token' | 'user' | 'state'>,
): void {
  const previous = cachedCurrentUser(queryClient);
  if (previous && previous.user.id !== session.user.id) {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEYS.formats[0] });
  }
  const current: CurrentUser = { user: session.user, state: session.state };
  queryClient.setQueryData(USER_QUERY_KEYS.user, current, { updatedAt: Date.now() });
  userStore.setSession({
    token: session.token,
    userId: session.user.id,
    emailVerified: session.user.emailVerified,
  });
}

/** Logout (spec §4): the store's part (provider tokens, user id) and the cache's (`clearUserData`). */
export function endSession(queryClient: QueryClient, userStore: UserStore): void {
  userStore.logout();
  clearUserData(queryClient);
}

/** Signs out of Firebase (loading it if needed); a failure is logged, never thrown. */
export async function signOutOfFirebase(getAuth: () => Promise<Auth>): Promise<void> {
  try {
    const [auth, { signOut }] = await Promise.all([getAuth(), import('firebase/auth')]);
    await signOut(auth);
  } catch (error) {
    console.error('Error signing out:', error);
  }
}

/**
 * A fetched user whose email is verified clears the unverified flag a 401 with code 53 set (the flag
 * is the store's; the evidence arrives in the cache). Returns the unsubscribe function.
 */
export function clearUnverifiedOnVerifiedUser(queryClient: QueryClient, userStore: UserStore): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (userQueryPart(event.query) !== 'user' || !userStore.getState().unverified) return;
    const data = event.query.state.data as CurrentUser | undefined;
    if (data?.user.emailVerified) {
      userStore.setState({ unverified: false });
    }
  });
}
