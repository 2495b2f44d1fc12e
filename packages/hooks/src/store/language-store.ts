/**
 * The interface language (spec §4), without React: `@companion/hooks/language` exports this module
 * alone, so an app's first load can detect the language (and a static page start) without the rest
 * of the hooks.
 */
import { isOneOf, LANGUAGES, type LanguageValue } from '@companion/sdk';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS, STORAGE_KEYS } from '../constants.js';
import { isBrowser, readCookie, readItem, setCookie, writeItem } from './storage.js';

/** The interface languages, from the contract. */
export { LANGUAGES };
export type Language = LanguageValue;
export const isLanguage = (value: unknown): value is Language => isOneOf(LANGUAGES, value);

export interface LanguageState {
  language: Language;
  /** False until a language was applied (at start-up or by the user). */
  initialized: boolean;
}

export interface LanguageStore {
  getState(): LanguageState;
  getInitialState(): LanguageState;
  subscribe(listener: () => void): () => void;
  /**
   * Start-up: applies `detectLanguage(route)` — the route's language when it names one, else a saved
   * en/fr, else the browser's primary language when en/fr, else en. Runs once; does nothing on the
   * server.
   */
  init(route?: Language | null): void;
  /** Switches to `language` (en or fr; anything else does nothing), stores it and updates the document. */
  setLanguage(language: string): void;
}

const INITIAL: LanguageState = { language: 'en', initialized: false };

/**
 * The saved choice: `user-language` in local storage (a bare `fr`, or
 * `{"language":"fr","initialized":true}`), else the `user-language` cookie (storage blocked).
 */
export function readSavedLanguage(): Language | null {
  return fromStorage(readItem(STORAGE_KEYS.language)) ?? fromCookie(readCookie(LANGUAGE_COOKIE));
}

function fromStorage(raw: string | null): Language | null {
  if (raw === null) return null;
  if (isLanguage(raw)) return raw;
  try {
    const parsed = JSON.parse(raw) as { language?: unknown } | null;
    return isLanguage(parsed?.language) ? parsed.language : null;
  } catch {
    return null;
  }
}
const fromCookie = (value: string | null): Language | null => (isLanguage(value) ? value : null);

/** The browser's primary language when it is en or fr (`fr-CA` → `fr`). */
export function browserLanguage(): Language | null {
  if (typeof navigator === 'undefined') return null;
  const primary = (navigator.language ?? '').split('-')[0]?.toLowerCase();
  return isLanguage(primary) ? primary : null;
}

/**
 * Language detection (spec §4): the route's language when it names one (`/fr/…`), then the saved
 * choice, then the browser's, then English.
 */
export function detectLanguage(route?: Language | null): Language {
  return route ?? readSavedLanguage() ?? browserLanguage() ?? 'en';
}

/** Locale sent with /auth/signin and /auth/login: first two letters of the browser language, en or fr, else en. */
export function signInLocale(): Language {
  const two = typeof navigator === 'undefined' ? '' : (navigator.language ?? '').slice(0, 2).toLowerCase();
  return isLanguage(two) ? two : 'en';
}

function setMeta(property: string, content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[property="${property}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute('property', property);
    document.head.appendChild(meta);
  }
  meta.setAttribute('content', content);
}

/** `<html lang>`, `og:locale` (fr → fr_FR, else en_US) and `og:locale:alternate` (the other one). */
export function applyLanguageToDocument(language: Language): void {
  if (!isBrowser()) return;
  document.documentElement.lang = language;
  const locale = language === 'fr' ? 'fr_FR' : 'en_US';
  setMeta('og:locale', locale);
  setMeta('og:locale:alternate', locale === 'fr_FR' ? 'en_US' : 'fr_FR');
}

export function createLanguageStore(): LanguageStore {
  let state = INITIAL;
  let started = false;
  const listeners = new Set<() => void>();

  const store: LanguageStore = {
    getState: () => state,
    getInitialState: () => INITIAL,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    init(route) {
      if (started || !isBrowser()) return;
      started = true;
      store.setLanguage(detectLanguage(route));
    },
    setLanguage(language) {
      if (!isLanguage(language)) return;
      writeItem(STORAGE_KEYS.language, JSON.stringify({ language, initialized: true }));
      setCookie(LANGUAGE_COOKIE, language, LANGUAGE_COOKIE_DAYS);
      applyLanguageToDocument(language);
      if (state.language !== language || !state.initialized) {
        state = { language, initialized: true };
        for (const listener of listeners) listener();
      }
    },
  };
  return store;
}
