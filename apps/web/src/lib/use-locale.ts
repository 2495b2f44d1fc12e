import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { type Locale, localeOfPath, localizePath } from './locale';

/** The locale of the current route. */
export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** Turns an unprefixed path (`/dashboard`) into the current locale's (`/fr/dashboard`). */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
