import { conditionVocab } from '../normalize/condition.js';
import { finishVocab } from '../normalize/finish.js';
import { languageVocab } from '../normalize/language.js';
import type { CsvFormatSpec } from './spec.js';

/**
 * Archidekt collection export. Archidekt grades NM/LP/MP/HP/D (no Mint: M is written as NM) and uses its
 * own language codes (JP, KR, CS, CT).
 */
export const archidekt: CsvFormatSpec = {
  format: 'archidekt',
  label: 'Archidekt',
  columns: [
    { header: 'Quantity', field: 'quantity' },
    { header: 'Name', field: 'name' },
    { header: 'Finish', field: 'finish' },
    { header: 'Condition', field: 'condition' },
    { header: 'Date Added' },
    { header: 'Language', field: 'language' },
    { header: 'Purchase Price', field: 'purchasePrice' },
    { header: 'Tags', field: 'tags' },
    { header: 'Edition Name', field: 'setName' },
    { header: 'Edition Code', field: 'setCode' },
    { header: 'Multiverse Id' },
    { header: 'Scryfall ID', field: 'scryfallId' },
    { header: 'Collector Number', field: 'collectorNumber' },
  ],
  signature: ['quantity', 'name', 'finish', 'edition code'],
  finish: finishVocab({ nonfoil: 'Normal', foil: 'Foil', etched: 'Etched' }),
  language: languageVocab('code', { ja: 'JP', ko: 'KR', zhs: 'CS', zht: 'CT' }, { upper: true }),
  condition: conditionVocab({ M: 'NM', NM: 'NM', LP: 'LP', MP: 'MP', HP: 'HP', DMG: 'D' }),
  setCodeCase: 'lower',
};
