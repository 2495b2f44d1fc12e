/** Business constants (spec §9). */

/** A list is stale when never fetched or fetched more than this long ago. */
export const STALE_AFTER_MS = 5 * 60 * 1000;
/** The Firebase ID token is fetched again this often. */
export const ID_TOKEN_REFRESH_MS = 55 * 60 * 1000;
/** Lifetime of the language cookie. */
export const LANGUAGE_COOKIE_DAYS = 365;
/** Default polling interval of `builds/latest.json`. */
export const VERSION_POLL_MS = 60 * 60 * 1000;

/**
 * Where things persist (spec §3): provider tokens each under their own key; the session token and
 * user id (the user store's) with the user data, playgroups, decks, friends, formats and their fetch
 * times (the query cache's) under one key; the language under its own.
 */
export const STORAGE_KEYS = {
  googleToken: 'companion-google-token',
  appleToken: 'companion-apple-token',
  user: 'companion-user',
  language: 'user-language',
} as const;

/** Name of the language cookie (read by the app's server-side locale detection). */
export const LANGUAGE_COOKIE = 'user-language';

/** Default routes the session rules navigate to; the provider takes overrides. */
export const DEFAULT_PATHS = { login: '/login', verifyEmail: '/verify-email' } as const;
