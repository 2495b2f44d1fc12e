import {
  EXPORT_FORMATS,
  FORMAT_NAMES,
  IMPORT_FORMATS,
  type ImportFormatValue,
  isOneOf,
} from '@companion/sdk';
import type { CollectionFormat, DecklistFormat } from '@companion/sdk/formats';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/features/cards.en-US.json';
import fr from '../../i18n/features/cards.fr-FR.json';
import { FORMAT_KEY, formatName, formatOptions } from './format-names';

// Every collection and decklist format the SDK reads is one the pickers name.
const COLLECTION: Record<CollectionFormat, true> = {
  companion: true,
  moxfield: true,
  manabox: true,
  deckbox: true,
  archidekt: true,
  dragonshield: true,
  tcgplayer: true,
  mtggoldfish: true,
  topdecked: true,
  cardkingdom: true,
  'mtgo-csv': true,
};
const DECKLIST: Record<DecklistFormat, true> = { arena: true, mtgo: true, plain: true, dek: true };
const SDK_FORMATS = [...Object.keys(COLLECTION), ...Object.keys(DECKLIST)] as Array<
  CollectionFormat | DecklistFormat
> satisfies ImportFormatValue[];

const CATALOGUES = { 'en-US': en, 'fr-FR': fr } as Record<string, Record<string, string>>;

function translator(locale: string) {
  const intl = createIntl({ locale, messages: CATALOGUES[locale]!, onError: () => {} });
  return (key: string) => intl.formatMessage({ id: key });
}

describe('format names', () => {
  it('the contract offers every format the SDK reads', () => {
    for (const id of SDK_FORMATS) expect(isOneOf(IMPORT_FORMATS, id), id).toBe(true);
    for (const id of EXPORT_FORMATS) expect(isOneOf(IMPORT_FORMATS, id), id).toBe(true);
  });

  it.each(Object.keys(CATALOGUES))('every format id has a %s catalogue entry', (locale) => {
    const catalogue = CATALOGUES[locale]!;
    const missing = IMPORT_FORMATS.filter((id) => !catalogue[FORMAT_KEY[id]]);
    expect(missing).toEqual([]);
  });

  it.each(Object.keys(CATALOGUES))('in %s, no picker option is labelled with a raw id', (locale) => {
    const t = translator(locale);
    for (const formats of [IMPORT_FORMATS, EXPORT_FORMATS]) {
      for (const { value, label } of formatOptions(t, formats)) {
        expect(label, value).not.toBe(value);
        expect(label, value).not.toBe(FORMAT_KEY[value]);
        expect(label.trim(), value).not.toBe('');
        expect(isOneOf(IMPORT_FORMATS, label), value).toBe(false);
      }
    }
  });

  it('names players know, in each language', () => {
    const enName = (id: ImportFormatValue) => formatName(translator('en-US'), id);
    const frName = (id: ImportFormatValue) => formatName(translator('fr-FR'), id);
    expect(enName('dek')).toBe('MTGO (.dek)');
    expect(enName('mtgo-csv')).toBe('MTGO (.csv)');
    expect(enName('plain')).toBe('Plain text');
    expect(frName('plain')).toBe('Texte brut');
    expect(frName('auto')).toBe('Détection automatique');
    expect(frName('manabox')).toBe('ManaBox');
    // English names agree with the SDK's (what other clients show).
    for (const id of IMPORT_FORMATS) expect(enName(id), id).toBe(FORMAT_NAMES[id]);
  });
});
