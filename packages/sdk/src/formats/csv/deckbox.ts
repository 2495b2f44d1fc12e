import { conditionVocab } from '../normalize/condition.js';
import { finishVocab } from '../normalize/finish.js';
import { languageVocab } from '../normalize/language.js';
import type { CsvFormatSpec } from './spec.js';

/**
 * Deckbox inventory export. Deckbox has no etched tier (its importer rejects "etched"), so etched is
 * written as "foil". "My Price" carries a currency symbol ("$0.20"); Deckbox writes "$0.00" for "no price".
 */
export const deckbox: CsvFormatSpec = {
  format: 'deckbox',
  label: 'Deckbox',
  columns: [
    { header: 'Count', field: 'quantity' },
    { header: 'Tradelist Count', write: () => '0' },
    { header: 'Name', field: 'name' },
    { header: 'Edition', field: 'setName' },
    { header: 'Edition Code', field: 'setCode' },
    { header: 'Card Number', field: 'collectorNumber' },
    { header: 'Condition', field: 'condition' },
    { header: 'Language', field: 'language' },
    { header: 'Foil', field: 'finish' },
    { header: 'Signed' },
    { header: 'Artist Proof' },
    { header: 'Altered Art' },
    { header: 'Misprint' },
    { header: 'Promo' },
    { header: 'Textless' },
    { header: 'Printing Id' },
    { header: 'Printing Note' },
    { header: 'Tags', field: 'tags' },
    { header: 'My Price', field: 'purchasePrice' },
    { header: 'Cost' },
    { header: 'Rarity' },
    { header: 'Price' },
    { header: 'TcgPlayer ID' },
    { header: 'Scryfall ID', field: 'scryfallId' },
  ],
  signature: ['count', 'name', 'edition code'],
  finish: finishVocab({ nonfoil: '', foil: 'foil', etched: 'foil' }),
  language: languageVocab('name', { zhs: 'Chinese' }),
  condition: conditionVocab({
    M: 'Mint',
    NM: 'Near Mint',
    LP: 'Good (Lightly Played)',
    MP: 'Played',
    HP: 'Heavily Played',
    DMG: 'Poor',
  }),
  setCodeCase: 'lower',
  priceStyle: 'symbol',
  zeroPriceIsEmpty: true,
};
