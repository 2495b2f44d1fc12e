import { IMPORT_FORMATS } from '@companion/sdk';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/features/cards.en-US.json';
import fr from '../../i18n/features/cards.fr-FR.json';
import { DESCRIBED_KEY, formatName } from './format-name';

describe('format names', () => {
  for (const [locale, catalogue] of [
    ['en-US', en],
    ['fr-FR', fr],
  ] as const) {
    const t = (key: string) => (catalogue as Record<string, string>)[key] ?? key;
    it(`names every import and export format in ${locale}, never by its id or a catalogue key`, () => {
      for (const format of IMPORT_FORMATS) {
        const name = formatName(t, format);
        expect(name, format).not.toBe(format);
        expect(name, format).not.toMatch(/^web\./);
        expect(name.trim(), format).not.toBe('');
      }
    });
    it(`has the described formats' names in the ${locale} catalogue`, () => {
      for (const key of Object.values(DESCRIBED_KEY)) expect(catalogue, key).toHaveProperty([key]);
    });
  }
});
