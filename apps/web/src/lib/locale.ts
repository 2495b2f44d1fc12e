/**
 * Localised paths: English at the root, French under `/fr`. Pure helpers shared by the client,
 * the prerender script and the tests.
 */
export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const INTL_LOCALE: Record<Locale, 'en-US' | 'fr-FR'> = { en: 'en-US', fr: 'fr-FR' };
export const LANGUAGE_KEY = 'user-language';
export const LANGUAGE_COOKIE_DAYS = 365;

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The locale a path is written in (`/fr`, `/fr/…` → fr; anything else → en). */
export function localeOfPath(pathname: string): Locale {
  return pathname === '/fr' || pathname.startsWith('/fr/') ? 'fr' : 'en';
}

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

/** Saved preference: the `user-language` cookie, then localStorage (a bare `fr` or `{"language":"fr"}`). */
export function savedLocale(): Locale | null {
  if (typeof document === 'undefined') return null;
  const cookie = /(?:^|;\s*)user-language=([^;]*)/.exec(document.cookie)?.[1];
  if (isLocale(cookie)) return cookie;
  try {
    const raw = localStorage.getItem(LANGUAGE_KEY);
    if (raw === null) return null;
    if (isLocale(raw)) return raw;
    const parsed = JSON.parse(raw) as { language?: unknown } | null;
    return isLocale(parsed?.language) ? parsed.language : null;
  } catch {
    return null;
  }
}

/** The browser's primary language when it is en or fr. */
export function browserLocale(): Locale | null {
  if (typeof navigator === 'undefined') return null;
  const primary = (navigator.language ?? '').split('-')[0]?.toLowerCase();
  return isLocale(primary) ? primary : null;
}

/**
 * Locale detection at load (spec §4): a `/fr` route prefix, then the saved choice (cookie or
 * localStorage), then the browser, then English.
 */
export function detectLocale(pathname: string): Locale {
  if (localeOfPath(pathname) === 'fr') return 'fr';
  return savedLocale() ?? browserLocale() ?? DEFAULT_LOCALE;
}

/** Stores the choice the same way `@companion/hooks` does (localStorage JSON and a 365-day cookie). */
export function saveLocale(locale: Locale): void {
  if (typeof document === 'undefined') return;
  try {
    localStorage.setItem(LANGUAGE_KEY, JSON.stringify({ language: locale, initialized: true }));
  } catch {
    // storage blocked: the cookie still works
  }
  const maxAge = LANGUAGE_COOKIE_DAYS * 24 * 60 * 60;
  document.cookie = `${LANGUAGE_KEY}=${locale}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

/** `<html lang>` and the Open Graph locale (fr → fr_FR, else en_US, with the other as alternate). */
export function applyLocaleToDocument(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  const og = locale === 'fr' ? 'fr_FR' : 'en_US';
  setMetaProperty('og:locale', og);
  setMetaProperty('og:locale:alternate', og === 'fr_FR' ? 'en_US' : 'fr_FR');
}

function setMetaProperty(property: string, content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[property="${property}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute('property', property);
    document.head.appendChild(meta);
  }
  meta.setAttribute('content', content);
}
