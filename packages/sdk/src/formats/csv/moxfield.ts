import { conditionVocab } from '../normalize/condition.js';
import { finishVocab } from '../normalize/finish.js';
import { languageVocab } from '../normalize/language.js';
import type { CsvFormatSpec } from './spec.js';

/**
 * Moxfield collection/binder export (every cell quoted). Edition is the Scryfall set code; there is no set
 * name or Scryfall ID. Like Moxfield's own importer, the Foil and Language columns accept only Moxfield's
 * spellings ("" / foil / etched; "English", "Chinese", "Traditional Chinese", …), so "yes" or "EN" are row
 * errors rather than guesses.
 */
export const moxfield: CsvFormatSpec = {
  format: 'moxfield',
  label: 'Moxfield',
  columns: [
    { header: 'Count', field: 'quantity' },
    { header: 'Tradelist Count', write: () => '0' },
    { header: 'Name', field: 'name' },
    { header: 'Edition', field: 'setCode' },
    { header: 'Condition', field: 'condition' },
    { header: 'Language', field: 'language' },
    { header: 'Foil', field: 'finish' },
    { header: 'Tags', field: 'tags' },
    { header: 'Last Modified' },
    { header: 'Collector Number', field: 'collectorNumber' },
    { header: 'Alter', write: () => 'False' },
    { header: 'Proxy', write: () => 'False' },
    { header: 'Purchase Price', field: 'purchasePrice' },
  ],
  signature: ['count', 'name', 'edition'],
  finish: finishVocab({ nonfoil: '', foil: 'foil', etched: 'etched' }, true),
  language: languageVocab('name', { zhs: 'Chinese' }, { strict: true }),
  condition: conditionVocab({
    M: 'Mint',
    NM: 'Near Mint',
    LP: 'Good (Lightly Played)',
    MP: 'Played',
    HP: 'Heavily Played',
    DMG: 'Damaged',
  }),
  setCodeCase: 'lower',
  quotes: true,
};
