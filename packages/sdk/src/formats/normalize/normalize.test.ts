import { describe, expect, it } from 'vitest';
import { normalizeCondition } from './condition.js';
import { normalizeFinish } from './finish.js';
import { languageVocab, normalizeLanguage } from './language.js';
import { formatAmount, parsePrice } from './price.js';

describe('normalizeLanguage', () => {
  it.each([
    ['English', 'en'],
    ['EN', 'en'],
    ['en', 'en'],
    ['Traditional Chinese', 'zht'],
    ['zh_TW', 'zht'],
    ['zht', 'zht'],
    ['CT', 'zht'],
    ['Chinese', 'zhs'],
    ['Simplified Chinese', 'zhs'],
    ['zh_CN', 'zhs'],
    ['CS', 'zhs'],
    ['JP', 'ja'],
    ['Japanese', 'ja'],
    ['KR', 'ko'],
    ['Phyrexian', 'ph'],
    [' german ', 'de'],
  ])('%s → %s', (input, expected) => expect(normalizeLanguage(input)).toBe(expected));

  it('returns undefined for unknown languages', () => expect(normalizeLanguage('Klingon')).toBeUndefined());

  it('site vocabularies write their own spellings', () => {
    const archidekt = languageVocab('code', { ja: 'JP', zht: 'CT' }, { upper: true });
    expect(['en', 'ja', 'zht'].map(archidekt.write)).toEqual(['EN', 'JP', 'CT']);
    const strict = languageVocab('name', { zhs: 'Chinese' }, { strict: true });
    expect(strict.read('Chinese')).toBe('zhs');
    expect(strict.read('EN')).toBeUndefined();
  });
});

describe('normalizeCondition', () => {
  it.each([
    ['Mint', 'M'],
    ['Near Mint', 'NM'],
    ['NearMint', 'NM'],
    ['near_mint', 'NM'],
    ['NM', 'NM'],
    ['Good (Lightly Played)', 'LP'],
    ['slightly played', 'LP'],
    ['Lightly Played', 'LP'],
    ['moderately played', 'MP'],
    ['Played', 'MP'],
    ['Heavily Played', 'HP'],
    ['Damaged', 'DMG'],
    ['D', 'DMG'],
    ['Poor', 'DMG'],
  ])('%s → %s', (input, expected) => expect(normalizeCondition(input)).toBe(expected));

  it('returns undefined for unknown grades', () => expect(normalizeCondition('Pristine')).toBeUndefined());
});

describe('normalizeFinish', () => {
  it.each([
    ['foil', 'foil'],
    ['Foil', 'foil'],
    ['etched', 'etched'],
    ['foil_etched', 'etched'],
    ['normal', 'nonfoil'],
    ['regular', 'nonfoil'],
    ['', 'nonfoil'],
    ['Yes', 'foil'],
    ['No', 'nonfoil'],
    ['TRUE', 'foil'],
    ['FALSE', 'nonfoil'],
    ['premium', 'foil'],
    ['Double Rainbow Foil', 'foil'],
    ['Non-Foil', 'nonfoil'],
  ])('%s → %s', (input, expected) => expect(normalizeFinish(input)).toBe(expected));

  it('returns undefined for unknown finishes', () => expect(normalizeFinish('bogus')).toBeUndefined());
});

describe('parsePrice', () => {
  it.each([
    ['0.20', 0.2, null],
    ['$0.20', 0.2, 'USD'],
    ['0,20 €', 0.2, 'EUR'],
    ['€2521.66', 2521.66, 'EUR'],
    ['1.234,56 €', 1234.56, 'EUR'],
    ['1,234.56 USD', 1234.56, 'USD'],
    ['1,234', 1234, null],
    ['12 EUR', 12, 'EUR'],
    ['£3', 3, 'GBP'],
  ])('%s → %s %s', (input, amount, currency) => expect(parsePrice(input)).toEqual({ amount, currency }));

  it('empty is null, garbage is undefined', () => {
    expect(parsePrice('  ')).toBeNull();
    expect(parsePrice('cheap')).toBeUndefined();
    expect(parsePrice('1.2.3,4,5')).toBeUndefined();
  });

  it('formats two decimals when exact', () => {
    expect(formatAmount(0.2)).toBe('0.20');
    expect(formatAmount(12)).toBe('12.00');
    expect(formatAmount(0.125)).toBe('0.125');
  });
});
