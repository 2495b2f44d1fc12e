import { describe, expect, it } from 'vitest';
import { readConfig, runtimeApiUrl } from './config';
import en from './i18n/en-US.json';
import fr from './i18n/fr-FR.json';

describe('readConfig', () => {
  it('reads the token and language from the address', () => {
    expect(readConfig('?token=ct_abc&lang=fr', ['en-US'], 'http://api.test')).toEqual({
      apiUrl: 'http://api.test',
      token: 'ct_abc',
      locale: 'fr-FR',
    });
    expect(readConfig('', ['fr-CA'], undefined)).toEqual({
      apiUrl: 'http://127.0.0.1:8787',
      token: null,
      locale: 'fr-FR',
    });
    expect(readConfig('?token=%20', [], '').token).toBeNull();
    expect(readConfig('?lang=de', [], '').locale).toBe('en-US');
  });
});

describe('overlay messages', () => {
  it('French has exactly the English keys, translated, with the same placeholders', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    const args = (s: string) => [...s.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en) as Array<keyof typeof en>) {
      expect(args(fr[key]), key).toEqual(args(en[key]));
      if (en[key].length > 12) expect(fr[key], key).not.toBe(en[key]);
    }
  });
});

describe('runtimeApiUrl', () => {
  const page = (text: string | null) => ({
    getElementById: (id: string) =>
      id === 'companion-config' && text !== null ? ({ textContent: text } as HTMLElement) : null,
  });

  it('reads the API address the production server wrote into the page', () => {
    expect(runtimeApiUrl(page('{"apiUrl":"https://c.example/api"}'))).toBe('https://c.example/api');
  });

  it('ignores a missing, unreadable or non-http value', () => {
    expect(runtimeApiUrl(page(null))).toBeUndefined();
    expect(runtimeApiUrl(page('{'))).toBeUndefined();
    expect(runtimeApiUrl(page('null'))).toBeUndefined();
    expect(runtimeApiUrl(page('{"apiUrl":"javascript:alert(1)"}'))).toBeUndefined();
  });
});
