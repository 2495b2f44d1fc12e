import { finishVocab } from '../normalize/finish.js';
import type { CsvFormatSpec } from './spec.js';

/**
 * MTGGoldfish collection export (also its 5-column MTG Arena form: Card, Set ID, Set Name, Quantity, Foil).
 * No condition, language or price columns.
 */
export const mtggoldfish: CsvFormatSpec = {
  format: 'mtggoldfish',
  label: 'MTGGoldfish',
  columns: [
    { header: 'Card', field: 'name' },
    { header: 'Set ID', field: 'setCode' },
    { header: 'Set Name', field: 'setName' },
    { header: 'Quantity', field: 'quantity' },
    { header: 'Foil', field: 'finish' },
    { header: 'Variation' },
    { header: 'Collector Number', field: 'collectorNumber' },
    { header: 'Scryfall ID', field: 'scryfallId' },
  ],
  signature: ['card', 'set id', 'quantity'],
  finish: finishVocab({ nonfoil: 'regular', foil: 'foil', etched: 'foil_etched' }),
  setCodeCase: 'upper',
};
