import { type Auth, getIdToken, onAuthStateChanged, type User } from 'firebase/auth';
import { ID_TOKEN_REFRESH_MS } from '../constants.js';

/** Fetches a fresh ID token; on error logs "Error refreshing token:" and returns null. */
export async function refreshIdToken(user: User): Promise<string | null> {
  try {
    return (await getIdToken(user, true)) || null;
  } catch (error) {
    console.error('Error refreshing token:', error);
    return null;
  }
}

export interface IdTokenWatchOptions {
  auth: Auth;
  /** Receives every fresh token. */
  onToken: (token: string) => void;
  /** Called when the identity signs out (for the optional token sync). */
  onSignedOut?: () => void;
  /** Default 55 minutes. */
  interval?: number;
}

/**
 * When the signed-in Firebase user changes and one is present: fetch a fresh ID token at once, store
 * it and refresh it every 55 minutes; a refresh that returns nothing stops the timer. With no user
 * nothing is fetched (a previous user's timer stops). Returns the function that stops watching.
 */
export function watchIdToken({
  auth,
  onToken,
  onSignedOut,
  interval = ID_TOKEN_REFRESH_MS,
}: IdTokenWatchOptions) {
  let timer: ReturnType<typeof setInterval> | undefined;
  let uid: string | null = null;
  let generation = 0;
  const stopTimer = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };

  const unsubscribe = onAuthStateChanged(auth, async (user) => {
    if (!user) {
      generation++;
      stopTimer();
      if (uid !== null) onSignedOut?.();
      uid = null;
      return;
    }
    if (user.uid === uid) return; // same user (e.g. a profile reload): the running timer keeps going
    uid = user.uid;
    stopTimer();
    const mine = ++generation;
    const token = await refreshIdToken(user);
    if (mine !== generation || !token) return;
    onToken(token);
    timer = setInterval(async () => {
      const next = await refreshIdToken(user);
      if (mine !== generation) return;
      if (!next) {
        stopTimer();
        return;
      }
      onToken(next);
    }, interval);
  });

  return () => {
    generation++;
    stopTimer();
    unsubscribe();
  };
}

/**
 * Optional token sync: POSTs the ID token as Bearer to a same-origin URL (so server-rendered pages can
 * read the session), or DELETEs when signed out. URLs on another origin are refused.
 */
export async function syncToken(
  url: string,
  token: string | null,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  if (typeof window !== 'undefined') {
    const target = new URL(url, window.location.href);
    if (target.origin !== window.location.origin) {
      console.warn(`Token sync skipped: ${target.origin} is not this site's origin`);
      return;
    }
  }
  try {
    await fetchImpl(url, {
      method: token ? 'POST' : 'DELETE',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    });
  } catch (error) {
    console.error('Token sync failed:', error);
  }
}
