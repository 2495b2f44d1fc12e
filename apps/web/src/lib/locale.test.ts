import { describe, expect, it } from 'vitest';
import { localeOfPath, localizePath, stripLocale } from './locale';

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
