import { conditionVocab } from '../normalize/condition.js';
import { finishVocab } from '../normalize/finish.js';
import { languageVocab } from '../normalize/language.js';
import { frontFace } from './names.js';
import type { CsvFormatSpec } from './spec.js';

/**
 * Where a trailing decoration — a space, then "(…)" or "[…]" with no bracket inside — starts in
 * `name.slice(0, end)`, or -1. Scans the decoration once from the end.
 */
function decorationStart(name: string, end: number): number {
  const close = name[end - 1];
  if (close !== ')' && close !== ']') return -1;
  let i = end - 2;
  while (i >= 0 && !'()[]'.includes(name[i] as string)) i--;
  if (i < 1 || (name[i] !== '(' && name[i] !== '[')) return -1;
  let j = i;
  while (j > 0 && /\s/.test(name[j - 1] as string)) j--;
  return j < i ? j : -1;
}

/**
 * "Orcish Bowmasters (Borderless)" with Simple Name "Orcish Bowmasters" → "Orcish Bowmasters"; keeps the
 * "A // B" of double-faced cards (whose Simple Name is the front face) and names that really end in
 * parentheses (when Simple Name has them too).
 */
function undecorate(name: string, simple: string | undefined): string {
  // Each pass removes one decoration from the end: linear in the name however many there are.
  let end = name.length;
  const isSimple = (e: number) => simple !== undefined && e === simple.length && name.startsWith(simple);
  while (!isSimple(end)) {
    const start = decorationStart(name, end);
    if (start === -1) break;
    end = start;
  }
  return name.slice(0, end);
}

/**
 * TCGplayer collection export. "Name" carries TCGplayer's variant decorations ("(Borderless)",
 * "[Version 2]"), which are removed; "Simple Name" is written as the front face. No purchase price and no
 * etched tier (etched is written as Foil).
 */
export const tcgplayer: CsvFormatSpec = {
  format: 'tcgplayer',
  label: 'TCGplayer',
  columns: [
    { header: 'Quantity', field: 'quantity' },
    { header: 'Name', field: 'name' },
    { header: 'Simple Name', write: (row) => frontFace(row.name) },
    { header: 'Set', field: 'setName' },
    { header: 'Card Number', field: 'collectorNumber' },
    { header: 'Set Code', field: 'setCode' },
    { header: 'Printing', field: 'finish' },
    { header: 'Condition', field: 'condition' },
    { header: 'Language', field: 'language' },
    { header: 'Rarity' },
    { header: 'Product ID' },
    { header: 'SKU' },
  ],
  signature: ['quantity', 'name', 'simple name', 'printing'],
  finish: finishVocab({ nonfoil: 'Normal', foil: 'Foil', etched: 'Foil' }),
  language: languageVocab('name', { zhs: 'Chinese' }),
  condition: conditionVocab({
    M: 'Mint',
    NM: 'Near Mint',
    LP: 'Lightly Played',
    MP: 'Moderately Played',
    HP: 'Heavily Played',
    DMG: 'Damaged',
  }),
  setCodeCase: 'upper',
  afterRead: (row, cell) => {
    row.name = undecorate(row.name, cell('Simple Name')?.trim());
  },
};
