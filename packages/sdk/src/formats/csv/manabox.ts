import { conditionVocab, EUROPEAN } from '../normalize/condition.js';
import { finishVocab } from '../normalize/finish.js';
import { languageVocab } from '../normalize/language.js';
import type { CsvFormatSpec } from './spec.js';

/**
 * ManaBox export (the 15-column form; ManaBox's import also takes "Binder Name"/"Binder Type", which are
 * read past). European condition grades in snake_case, zh_CN/zh_TW for Chinese, and an explicit purchase
 * currency column.
 */
export const manabox: CsvFormatSpec = {
  format: 'manabox',
  label: 'ManaBox',
  columns: [
    { header: 'Name', field: 'name' },
    { header: 'Set code', field: 'setCode' },
    { header: 'Set name', field: 'setName' },
    { header: 'Collector number', field: 'collectorNumber' },
    { header: 'Foil', field: 'finish' },
    { header: 'Rarity' },
    { header: 'Quantity', field: 'quantity' },
    { header: 'ManaBox ID' },
    { header: 'Scryfall ID', field: 'scryfallId' },
    { header: 'Purchase price', field: 'purchasePrice' },
    { header: 'Misprint', write: () => 'false' },
    { header: 'Altered', write: () => 'false' },
    { header: 'Condition', field: 'condition' },
    { header: 'Language', field: 'language' },
    { header: 'Purchase price currency', field: 'purchaseCurrency' },
  ],
  signature: ['name', 'set code', 'collector number', 'quantity'],
  finish: finishVocab({ nonfoil: 'normal', foil: 'foil', etched: 'etched' }),
  language: languageVocab('code', { zhs: 'zh_CN', zht: 'zh_TW' }),
  condition: conditionVocab(
    { M: 'mint', NM: 'near_mint', LP: 'good', MP: 'light_played', HP: 'played', DMG: 'poor' },
    EUROPEAN,
  ),
  setCodeCase: 'upper',
};
