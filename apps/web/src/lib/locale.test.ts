import { describe, expect, it } from 'vitest';
import { detectLocale, localeOfPath, localizePath, routeLocale, stripLocale } from './locale';

describe('localised paths', () => {
  it('reads the locale from the prefix', () => {
    expect(localeOfPath('/fr')).toBe('fr');
    expect(localeOfPath('/fr/dashboard')).toBe('fr');
    expect(localeOfPath('/friends')).toBe('en');
    expect(localeOfPath('/')).toBe('en');
  });
  it('strips and adds the prefix', () => {
    expect(stripLocale('/fr/faq')).toBe('/faq');
    expect(stripLocale('/fr')).toBe('/');
    expect(stripLocale('/friends')).toBe('/friends');
    expect(localizePath('/faq', 'fr')).toBe('/fr/faq');
    expect(localizePath('/', 'fr')).toBe('/fr');
    expect(localizePath('/fr/faq?x=1#a', 'en')).toBe('/faq?x=1#a');
    expect(localizePath('/fr', 'en')).toBe('/');
    expect(localizePath('/login?redirect=%2Fdecks', 'fr')).toBe('/fr/login?redirect=%2Fdecks');
  });
});

describe('the route names a language only under /fr', () => {
  it('reads it from the prefix', () => {
    expect(routeLocale('/fr/faq')).toBe('fr');
    expect(routeLocale('/fr')).toBe('fr');
    expect(routeLocale('/faq')).toBeNull();
    expect(routeLocale('/friends')).toBeNull();
  });
  it('detection puts the route first (the saved choice and the browser come from the hooks)', () => {
    expect(detectLocale('/fr/dashboard')).toBe('fr');
    // no saved choice and no browser language here: English
    expect(detectLocale('/dashboard')).toBe('en');
  });
});
