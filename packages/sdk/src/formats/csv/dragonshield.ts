import { conditionVocab, EUROPEAN } from '../normalize/condition.js';
import { finishVocab } from '../normalize/finish.js';
import { languageVocab } from '../normalize/language.js';
import type { CsvFormatSpec, RowFields } from './spec.js';

/** "Beast Token (4/4)" → "Beast", "Clue Token" → "Clue" (DragonShield's token names). */
function withoutTokenSuffix(name: string): string {
  let end = name.length;
  if (name.endsWith(')')) {
    const open = name.lastIndexOf('(');
    if (open > 0 && name[open - 1] === ' ' && !name.slice(open + 1, -1).includes(')')) end = open - 1;
  }
  return name.slice(0, end).endsWith(' Token') ? name.slice(0, end - ' Token'.length) : name;
}
const GUILD_KIT = /^(gk[12])_[a-z]+$/;

const isTokenSet = (row: RowFields): boolean => row.setName?.endsWith(' Tokens') === true;

/**
 * DragonShield (mtg.dragonshield.com) export: an Excel `"sep=,"` first line, CRLF, European condition
 * grades (its "Played" is HP), "Normal"/"Foil"/"Etched" plus named foil treatments ("Rainbow Foil", …)
 * in Printing. DragonShield decorates token names ("Clue Token", "Beast Token (4/4)"), writes its own
 * per-guild set codes for the Ravnica guild kits (GK2_AZORIU = gk2) and writes 0 for an unknown price.
 */
export const dragonshield: CsvFormatSpec = {
  format: 'dragonshield',
  label: 'DragonShield',
  columns: [
    { header: 'Folder Name', write: () => 'Imported' },
    { header: 'Quantity', field: 'quantity' },
    { header: 'Trade Quantity', write: () => '0' },
    { header: 'Card Name', field: 'name' },
    { header: 'Set Code', field: 'setCode' },
    { header: 'Set Name', field: 'setName' },
    { header: 'Card Number', field: 'collectorNumber' },
    { header: 'Condition', field: 'condition' },
    { header: 'Printing', field: 'finish' },
    { header: 'Language', field: 'language' },
    { header: 'Price Bought', field: 'purchasePrice' },
    { header: 'Date Bought' },
    { header: 'LOW' },
    { header: 'MID' },
    { header: 'MARKET' },
  ],
  signature: ['card name', 'set name', 'printing'],
  finish: finishVocab({ nonfoil: 'Normal', foil: 'Foil', etched: 'Etched' }),
  language: languageVocab('name', { zhs: 'Simplified Chinese' }),
  condition: conditionVocab(
    { M: 'Mint', NM: 'NearMint', LP: 'Good', MP: 'LightPlayed', HP: 'Played', DMG: 'Poor' },
    EUROPEAN,
  ),
  setCodeCase: 'upper',
  zeroPriceIsEmpty: true,
  newline: '\r\n',
  preamble: '"sep=,"',
  afterRead: (row) => {
    if (isTokenSet(row)) row.name = withoutTokenSuffix(row.name);
    if (row.setCode !== null) row.setCode = row.setCode.replace(GUILD_KIT, '$1');
  },
  writeName: (row) => (isTokenSet(row) && !row.name.endsWith(' Token') ? `${row.name} Token` : row.name),
};
