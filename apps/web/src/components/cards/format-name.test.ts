import { COLLECTION_FORMATS, DECKLIST_FORMATS, EXPORT_FORMATS, IMPORT_FORMATS } from '@companion/sdk';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/features/cards.en-US.json';
import fr from '../../i18n/features/cards.fr-FR.json';
import { DESCRIBED_KEY, exportFileName, fileStem, formatName } from './format-name';

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

describe('export files', () => {
  it('offer every format, in the collection or the decklist group', () => {
    expect([...COLLECTION_FORMATS, ...DECKLIST_FORMATS].sort()).toEqual([...EXPORT_FORMATS].sort());
  });

  it('are saved with the extension of their format', () => {
    expect(exportFileName('Trades_2026', 'moxfield')).toBe('Trades_2026-moxfield.csv');
    expect(exportFileName('collection', 'mtgo-csv')).toBe('collection-mtgo-csv.csv');
    expect(exportFileName('collection', 'arena')).toBe('collection-arena.txt');
    expect(exportFileName('collection', 'mtgo')).toBe('collection-mtgo.txt');
    expect(exportFileName('collection', 'plain')).toBe('collection-plain.txt');
    expect(exportFileName('Cube', 'dek')).toBe('Cube-dek.dek');
  });
});

describe('file stems', () => {
  it('keep letters with their accents and digits, and join the rest with one underscore', () => {
    expect(fileStem('Séance à Paris: 2 × Æther')).toBe('Séance_à_Paris_2_Æther');
    expect(fileStem('Trades 2026')).toBe('Trades_2026');
    expect(fileStem('  Fire // Ice!  ')).toBe('Fire_Ice');
    expect(exportFileName(fileStem('Lim-Dûl’s deck'), 'arena')).toBe('Lim-Dûl_s_deck-arena.txt');
  });
  it('fall back when nothing is left', () => {
    expect(fileStem('!!!', 'deck')).toBe('deck');
    expect(fileStem('')).toBe('export');
  });
});
