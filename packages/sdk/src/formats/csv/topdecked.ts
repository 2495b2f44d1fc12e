import { conditionVocab } from '../normalize/condition.js';
import { finishVocab } from '../normalize/finish.js';
import { languageVocab } from '../normalize/language.js';
import type { CsvFormatSpec } from './spec.js';

/**
 * TopDecked export: upper-case headers, text columns quoted. PRICE is TopDecked's market price (not
 * read); the purchase price is ACQUIRED PRICE. Real exports often stop after ACQUIRED DATE (10 of 18
 * cells); the missing cells read as empty.
 */
export const topdecked: CsvFormatSpec = {
  format: 'topdecked',
  label: 'TopDecked',
  columns: [
    { header: 'QUANTITY', field: 'quantity' },
    { header: 'NAME', field: 'name' },
    { header: 'SETCODE', field: 'setCode' },
    { header: 'SETNAME', field: 'setName' },
    { header: 'COLLECTOR NUMBER', field: 'collectorNumber' },
    { header: 'FINISH', field: 'finish' },
    { header: 'PRICE' },
    { header: 'RARITY' },
    { header: 'ID', field: 'scryfallId' },
    { header: 'ACQUIRED DATE' },
    { header: 'ACQUIRED PRICE', field: 'purchasePrice' },
    { header: 'LANG', field: 'language' },
    { header: 'PRICE SALE' },
    { header: 'SIGNING' },
    { header: 'ALTERATION' },
    { header: 'CONDITION', field: 'condition' },
    { header: 'NOTES' },
    { header: 'TAGS', field: 'tags' },
  ],
  signature: ['quantity', 'name', 'setcode', 'finish'],
  finish: finishVocab({ nonfoil: 'nonfoil', foil: 'foil', etched: 'etched' }),
  language: languageVocab('code'),
  condition: conditionVocab({
    M: 'mint',
    NM: 'near mint',
    LP: 'slightly played',
    MP: 'moderately played',
    HP: 'heavily played',
    DMG: 'damaged',
  }),
  setCodeCase: 'lower',
  quotes: [
    false,
    true,
    false,
    true,
    true,
    false,
    false,
    false,
    false,
    false,
    false,
    false,
    false,
    false,
    false,
    false,
    true,
    true,
  ],
};
