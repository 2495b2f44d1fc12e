import type { CollectionFormat } from '../types.js';
import { archidekt } from './archidekt.js';
import { cardkingdom } from './cardkingdom.js';
import { companion } from './companion.js';
import { deckbox } from './deckbox.js';
import { dragonshield } from './dragonshield.js';
import { manabox } from './manabox.js';
import { moxfield } from './moxfield.js';
import { mtggoldfish } from './mtggoldfish.js';
import { mtgoCsv } from './mtgo.js';
import type { CsvFormatSpec } from './spec.js';
import { tcgplayer } from './tcgplayer.js';
import { topdecked } from './topdecked.js';

/** Every collection format, in detection order (more specific signatures first). */
export const COLLECTION_SPECS: readonly CsvFormatSpec[] = [
  companion,
  deckbox,
  moxfield,
  dragonshield,
  tcgplayer,
  archidekt,
  manabox,
  topdecked,
  mtggoldfish,
  mtgoCsv,
  cardkingdom,
];

const BY_FORMAT = new Map<CollectionFormat, CsvFormatSpec>(COLLECTION_SPECS.map((s) => [s.format, s]));

export function specFor(format: CollectionFormat): CsvFormatSpec {
  const spec = BY_FORMAT.get(format);
  if (spec === undefined) throw new TypeError(`Unknown collection format: ${String(format)}`);
  return spec;
}

/** The first format whose signature headers are all present (header names compared case-insensitively). */
export function detectFromHeader(header: readonly string[]): CsvFormatSpec | null {
  const present = new Set(header.map((h) => h.trim().toLowerCase()));
  return COLLECTION_SPECS.find((spec) => spec.signature.every((h) => present.has(h))) ?? null;
}
