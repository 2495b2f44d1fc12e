/**
 * Vocabularies: how one site spells the values of an enumerated field, and how to read them back.
 *
 * Lookups go through `vocabKey`, which lower-cases and drops everything but ASCII letters and digits, so
 * "Near Mint", "near_mint", "NearMint" and "near-mint" are the same key.
 */

const NON_ALNUM = /[^a-z0-9]+/g;

export function vocabKey(value: string): string {
  return value.toLowerCase().replace(NON_ALNUM, '');
}

/** Reads a site's spelling into a canonical value; `undefined` when the spelling is unknown. */
export type Reader<T> = (value: string) => T | undefined;

/**
 * Builds a memoising reader. `tables` are consulted in order (the site's own spellings first, then the
 * generic aliases), so a site can give a word its own meaning (DragonShield's "Played" is HP, Moxfield's
 * is MP).
 */
export function makeReader<T>(...tables: ReadonlyArray<ReadonlyMap<string, T>>): Reader<T> {
  const cache = new Map<string, T | undefined>();
  return (value) => {
    if (cache.has(value)) return cache.get(value);
    const key = vocabKey(value);
    let found: T | undefined;
    for (const table of tables) {
      found = table.get(key);
      if (found !== undefined) break;
    }
    if (cache.size < 1000) cache.set(value, found);
    return found;
  };
}

/** A key → value table from spellings, keyed through `vocabKey`. Later entries do not override earlier. */
export function table<T>(entries: Iterable<readonly [string, T]>): ReadonlyMap<string, T> {
  const map = new Map<string, T>();
  for (const [spelling, value] of entries) {
    const key = vocabKey(spelling);
    if (!map.has(key)) map.set(key, value);
  }
  return map;
}

/**
 * Reverse of a write map: every written spelling reads back as its value. When a site writes two values
 * the same way (Archidekt writes Mint as "NM", Deckbox writes etched as "foil"), the spelling reads back
 * as the value `generic` gives it, i.e. the value the word actually names.
 */
export function tableFromWrite<T extends string>(
  write: Readonly<Record<T, string>>,
  generic: ReadonlyMap<string, T>,
): ReadonlyMap<string, T> {
  const map = new Map<string, T>();
  for (const [value, spelling] of Object.entries(write) as Array<[T, string]>) {
    const key = vocabKey(spelling);
    const existing = map.get(key);
    if (existing === undefined || generic.get(key) === value) map.set(key, value);
  }
  return map;
}
