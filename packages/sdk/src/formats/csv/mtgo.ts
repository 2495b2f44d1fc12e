import { finishVocab } from '../normalize/finish.js';
import type { CsvFormatSpec } from './spec.js';

/**
 * MTGO collection CSV export: Premium Yes/No is the foil flag; MTGO set codes ("MI", "VI"); "ID #" is
 * the MTGO catalogue id, which finds the printing through Scryfall's mtgo_id / mtgo_foil_id.
 */
export const mtgoCsv: CsvFormatSpec = {
  format: 'mtgo-csv',
  label: 'MTGO',
  columns: [
    { header: 'Card Name', field: 'name' },
    { header: 'Quantity', field: 'quantity' },
    { header: 'ID #', field: 'mtgoId' },
    { header: 'Rarity' },
    { header: 'Set', field: 'setCode' },
    { header: 'Collector #', field: 'collectorNumber' },
    { header: 'Premium', field: 'finish' },
    { header: 'Sideboarded', write: () => 'No' },
    { header: 'Annotation' },
  ],
  signature: ['card name', 'quantity', 'premium'],
  finish: finishVocab({ nonfoil: 'No', foil: 'Yes', etched: 'Yes' }),
  setCodeCase: 'upper',
};
