import { conditionVocab } from '../normalize/condition.js';
import { finishVocab } from '../normalize/finish.js';
import { languageVocab } from '../normalize/language.js';
import type { CsvFormatSpec } from './spec.js';

/** Companion's own CSV: one column per canonical field, lossless. Tags are joined with ";". */
export const companion: CsvFormatSpec = {
  format: 'companion',
  label: 'Companion',
  columns: [
    { header: 'name', field: 'name' },
    { header: 'set_code', field: 'setCode' },
    { header: 'set_name', field: 'setName' },
    { header: 'collector_number', field: 'collectorNumber' },
    { header: 'language', field: 'language' },
    { header: 'finish', field: 'finish' },
    { header: 'quantity', field: 'quantity' },
    { header: 'condition', field: 'condition' },
    { header: 'scryfall_id', field: 'scryfallId' },
    { header: 'purchase_price', field: 'purchasePrice' },
    { header: 'purchase_currency', field: 'purchaseCurrency' },
    { header: 'tags', field: 'tags' },
  ],
  signature: ['name', 'set_code', 'collector_number', 'finish', 'quantity'],
  finish: finishVocab({ nonfoil: 'nonfoil', foil: 'foil', etched: 'etched' }),
  language: languageVocab('code'),
  condition: conditionVocab({ M: 'M', NM: 'NM', LP: 'LP', MP: 'MP', HP: 'HP', DMG: 'DMG' }),
  tagSeparator: ';',
};
