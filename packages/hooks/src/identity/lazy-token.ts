import type { User } from 'firebase/auth';
import type { IdTokenWatchOptions } from './token.js';

// The token functions with Firebase Auth loaded on first use (`./token.js` imports it): the
// provider and the package entry use these, so Firebase is not part of an app's first load.
const tokenModule = () => import('./token.js');

export type { IdTokenWatchOptions } from './token.js';

/** Fetches a fresh ID token; on error logs "Error refreshing token:" and returns null. */
export async function refreshIdToken(user: User): Promise<string | null> {
  return (await tokenModule()).refreshIdToken(user);
}

/**
 * When the signed-in Firebase user changes and one is present: fetch a fresh ID token at once, store
 * it and refresh it every 55 minutes (see `./token.js`). Returns the function that stops watching.
 */
export function watchIdToken(options: IdTokenWatchOptions): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  void tokenModule().then((module) => {
    if (!stopped) stop = module.watchIdToken(options);
  });
  return () => {
    stopped = true;
    stop?.();
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
  return (await tokenModule()).syncToken(url, token, fetchImpl);
}
