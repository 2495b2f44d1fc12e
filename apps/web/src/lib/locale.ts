/**
 * The language in the URL: English at the root, French under `/fr`. The language itself — detection,
 * the saved choice, `<html lang>` — is the hooks' language store, one for the whole app
 * (`languageStore`, given to the provider too). Pure path helpers are shared by the client, the
 * prerender script and the tests.
 */
import {
  createLanguageStore,
  detectLanguage,
  isLanguage,
  LANGUAGES,
  type Language,
} from '@companion/hooks/language';

export type Locale = Language;
export const LOCALES = LANGUAGES;
export const isLocale = isLanguage;
export const DEFAULT_LOCALE: Locale = 'en';
export const INTL_LOCALE: Record<Locale, 'en-US' | 'fr-FR'> = { en: 'en-US', fr: 'fr-FR' };

/** Each language's name in itself (the language menus), and its short form. */
export const LANGUAGE_NAMES: Record<Locale, { label: string; short: string }> = {
  en: { label: 'English', short: 'EN' },
  fr: { label: 'Français', short: 'FR' },
};

/** The app's one language store (the provider's `languageStore`). */
export const languageStore = createLanguageStore();

/** The locale a path is written in (`/fr`, `/fr/…` → fr; anything else → en). */
export function localeOfPath(pathname: string): Locale {
  return pathname === '/fr' || pathname.startsWith('/fr/') ? 'fr' : 'en';
}

/** The language a path names explicitly: fr under `/fr`; none at the root (English or a saved choice). */
export const routeLocale = (pathname: string): Locale | null =>
  localeOfPath(pathname) === 'fr' ? 'fr' : null;

/**
 * Locale detection at load (spec §4): a `/fr` route prefix, then the saved choice, then the browser,
 * then English (the hooks' `detectLanguage`). Reads, does not store: `main.tsx` decides with it
 * whether a static page can stay static.
 */
export const detectLocale = (pathname: string): Locale => detectLanguage(routeLocale(pathname));

/** The path without its locale prefix (`/fr/faq` → `/faq`, `/fr` → `/`). */
export function stripLocale(pathname: string): string {
  if (localeOfPath(pathname) === 'en') return pathname || '/';
  const rest = pathname.slice(3);
  return rest === '' ? '/' : rest;
}

/** The same page in `locale` (`/faq`, fr → `/fr/faq`; `/fr/faq`, en → `/faq`). Keeps query and hash. */
export function localizePath(path: string, locale: Locale): string {
  const match = /^([^?#]*)(.*)$/.exec(path);
  const pathname = match?.[1] || '/';
  const rest = match?.[2] ?? '';
  const bare = stripLocale(pathname);
  if (locale === 'en') return bare + rest;
  return (bare === '/' ? '/fr' : `/fr${bare}`) + rest;
}
