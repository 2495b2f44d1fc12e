import { finishVocab } from '../normalize/finish.js';
import type { CsvFormatSpec } from './spec.js';

/**
 * Card Kingdom buylist/upload CSV: title, edition (set name), foil TRUE/FALSE, quantity. No set code or
 * collector number, so printings in one set (borderless vs normal) cannot be told apart.
 */
export const cardkingdom: CsvFormatSpec = {
  format: 'cardkingdom',
  label: 'Card Kingdom',
  columns: [
    { header: 'title', field: 'name' },
    { header: 'edition', field: 'setName' },
    { header: 'foil', field: 'finish' },
    { header: 'quantity', field: 'quantity' },
  ],
  signature: ['title', 'edition', 'foil', 'quantity'],
  finish: finishVocab({ nonfoil: 'FALSE', foil: 'TRUE', etched: 'TRUE' }),
};
