import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../constants.js';
import { createLanguageStore, signInLocale } from './language-store.js';

function browser(language: string) {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(language);
}
const og = (property: string) =>
  document.head.querySelector(`meta[property="${property}"]`)?.getAttribute('content');

afterEach(() => vi.restoreAllMocks());

describe('language', () => {
  it('starts as en, not initialized', () => {
    expect(createLanguageStore().getState()).toEqual({ language: 'en', initialized: false });
  });

  it('applies a saved en/fr first', () => {
    browser('en-US');
    localStorage.setItem(STORAGE_KEYS.language, 'fr');
    const store = createLanguageStore();
    store.init();
    expect(store.getState()).toEqual({ language: 'fr', initialized: true });
  });

  it('ignores a saved language other than en/fr and uses the browser primary language', () => {
    browser('fr-CA');
    localStorage.setItem(STORAGE_KEYS.language, 'de');
    const store = createLanguageStore();
    store.init();
    expect(store.getState().language).toBe('fr');
  });

  it('falls back to en when the browser language is neither en nor fr', () => {
    browser('de-DE');
    const store = createLanguageStore();
    store.init();
    expect(store.getState()).toEqual({ language: 'en', initialized: true });
  });

  it('setting a language stores it (storage + 365-day cookie), sets <html lang> and og:locale', () => {
    const setCookie = vi.spyOn(document, 'cookie', 'set');
    const store = createLanguageStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.setLanguage('fr');
    expect(store.getState()).toEqual({ language: 'fr', initialized: true });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem('user-language') ?? '{}')).toEqual({
      language: 'fr',
      initialized: true,
    });
    expect(setCookie).toHaveBeenCalledWith(
      expect.stringContaining('user-language=fr; Max-Age=31536000; Path=/'),
    );
    expect(document.documentElement.lang).toBe('fr');
    expect(og('og:locale')).toBe('fr_FR');
    expect(og('og:locale:alternate')).toBe('en_US');

    store.setLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(og('og:locale')).toBe('en_US');
    expect(og('og:locale:alternate')).toBe('fr_FR');
    expect(document.head.querySelectorAll('meta[property="og:locale"]')).toHaveLength(1);
  });

  it('setting any other language does nothing', () => {
    const store = createLanguageStore();
    store.setLanguage('de');
    expect(store.getState()).toEqual({ language: 'en', initialized: false });
    expect(localStorage.getItem('user-language')).toBeNull();
    expect(document.documentElement.lang).toBe('');
  });

  it('a saved JSON preference is read back on the next start', () => {
    createLanguageStore().setLanguage('fr');
    browser('en-GB');
    const next = createLanguageStore();
    next.init();
    expect(next.getState().language).toBe('fr');
  });
});

describe('sign-in locale', () => {
  it('is the first two letters of the browser language, en or fr, else en', () => {
    browser('fr-FR');
    expect(signInLocale()).toBe('fr');
    browser('en-AU');
    expect(signInLocale()).toBe('en');
    browser('es-ES');
    expect(signInLocale()).toBe('en');
  });
});
