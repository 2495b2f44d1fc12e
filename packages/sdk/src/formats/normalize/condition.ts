import { CONDITIONS } from '../../contract/values.js';
import type { Condition } from '../types.js';
import { makeReader, type Reader, table, tableFromWrite } from './vocab.js';

export { CONDITIONS };

/**
 * Generic spellings. US sites grade NM/LP/MP/HP/DMG; European sites (Cardmarket, DragonShield, ManaBox)
 * grade Mint/Near Mint/Excellent/Good/Light Played/Played/Poor. The European grades are mapped the way
 * the reference collection maps them (Excellent → NM, Good → LP, Light Played → MP, Played → HP,
 * Poor → DMG); sites using the European scale declare that through `EUROPEAN` below, because a bare
 * "Played" means MP on Moxfield/Deckbox but HP on DragonShield/ManaBox.
 */
const GENERIC = table<Condition>([
  ['M', 'M'],
  ['Mint', 'M'],
  ['MT', 'M'],
  ['NM', 'NM'],
  ['Near Mint', 'NM'],
  ['NM/M', 'NM'],
  ['NM-M', 'NM'],
  ['EX', 'NM'],
  ['Excellent', 'NM'],
  ['LP', 'LP'],
  ['Lightly Played', 'LP'],
  ['Slightly Played', 'LP'],
  ['SP', 'LP'],
  ['Good', 'LP'],
  ['GD', 'LP'],
  ['Good (Lightly Played)', 'LP'],
  ['Light Played', 'LP'],
  ['MP', 'MP'],
  ['Moderately Played', 'MP'],
  ['Played', 'MP'],
  ['HP', 'HP'],
  ['Heavily Played', 'HP'],
  ['PL', 'HP'],
  ['DMG', 'DMG'],
  ['D', 'DMG'],
  ['Damaged', 'DMG'],
  ['Poor', 'DMG'],
  ['PO', 'DMG'],
  ['PR', 'DMG'],
]);

/** The European (Cardmarket) grade words, as sites on that scale mean them. */
export const EUROPEAN = table<Condition>([
  ['Mint', 'M'],
  ['Near Mint', 'NM'],
  ['Excellent', 'NM'],
  ['Good', 'LP'],
  ['Light Played', 'MP'],
  ['Lightly Played', 'MP'],
  ['Played', 'HP'],
  ['Poor', 'DMG'],
]);

const genericReader = makeReader(GENERIC);

/** Reads any common spelling of a condition ("Near Mint", "near_mint", "Good (Lightly Played)", …). */
export function normalizeCondition(value: string): Condition | undefined {
  return genericReader(value.trim());
}

export interface ConditionVocab {
  write(condition: Condition): string;
  read: Reader<Condition>;
  examples: string;
}

/**
 * @param write  the site's spelling of each grade (a site without Mint writes M as NM, etc.).
 * @param extra  further tables consulted after the site's own spellings and before the generic ones.
 */
export function conditionVocab(
  write: Readonly<Record<Condition, string>>,
  ...extra: ReadonlyArray<ReadonlyMap<string, Condition>>
): ConditionVocab {
  // Spellings shared by several grades (Archidekt writes M as "NM") read back as the better-known grade.
  const own = tableFromWrite(write, GENERIC);
  const read = makeReader(own, ...extra, GENERIC);
  return {
    write: (condition) => write[condition],
    read: (value) => read(value.trim()),
    examples: [...new Set(CONDITIONS.map((c) => write[c]))].join(', '),
  };
}
