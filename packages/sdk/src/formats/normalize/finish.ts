import type { Finish } from '../types.js';
import { makeReader, type Reader, table, tableFromWrite, vocabKey } from './vocab.js';

const GENERIC = table<Finish>([
  ['', 'nonfoil'],
  ['nonfoil', 'nonfoil'],
  ['non-foil', 'nonfoil'],
  ['normal', 'nonfoil'],
  ['regular', 'nonfoil'],
  ['no', 'nonfoil'],
  ['n', 'nonfoil'],
  ['false', 'nonfoil'],
  ['0', 'nonfoil'],
  ['foil', 'foil'],
  ['yes', 'foil'],
  ['y', 'foil'],
  ['true', 'foil'],
  ['1', 'foil'],
  ['premium', 'foil'],
  ['etched', 'etched'],
  ['foil_etched', 'etched'],
  ['etched foil', 'etched'],
]);

/**
 * Sites keep inventing foil treatments ("Rainbow Foil", "Surge Foil", "Gilded Foil", …); any other value
 * naming etching or a foil reads as that finish.
 */
function treatment(value: string): Finish | undefined {
  const key = vocabKey(value);
  if (key.includes('etched')) return 'etched';
  if (key.includes('foil') && !key.includes('nonfoil')) return 'foil';
  return undefined;
}

const genericReader = makeReader(GENERIC);

/** Reads any common finish spelling (foil/etched/normal/regular/Yes/No/TRUE/FALSE/premium/"Surge Foil"…). */
export function normalizeFinish(value: string): Finish | undefined {
  const trimmed = value.trim();
  return genericReader(trimmed) ?? treatment(trimmed);
}

export interface FinishVocab {
  write(finish: Finish): string;
  read: Reader<Finish>;
  examples: string;
}

/**
 * @param write  the site's spelling of each finish; a site with no etched tier writes etched as its foil.
 * @param strict  read back only the site's own spellings (Moxfield rejects "yes"/"true" in its Foil column).
 */
export function finishVocab(write: Readonly<Record<Finish, string>>, strict = false): FinishVocab {
  const own = tableFromWrite(write, GENERIC);
  const ownReader = makeReader(own);
  const read: Reader<Finish> = strict
    ? (value) => ownReader(value.trim())
    : (value) => ownReader(value.trim()) ?? normalizeFinish(value);
  const spellings = [...new Set(Object.values<string>(write))].map((s) => (s === '' ? '(empty)' : s));
  return { write: (finish) => write[finish], read, examples: spellings.join(', ') };
}
