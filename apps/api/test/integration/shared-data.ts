import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../src/db/client.js';
import { importCards, importSharedCatalogue } from '../../src/services/catalogue-import.js';

/** `../shared/data` from the repo root. */
export const SHARED_DATA = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/data');
export const HAS_SHARED_DATA = existsSync(resolve(SHARED_DATA, 'scryfall-json'));

if (!HAS_SHARED_DATA) {
  // CI must never pass by skipping: there the data is part of the checkout's surroundings.
  if (process.env.CI) throw new Error(`Shared sample data not found at ${SHARED_DATA} (required in CI).`);
  console.warn(`Shared sample data not found at ${SHARED_DATA}: catalogue-dependent tests are skipped.`);
}

/** Loads the shared Scryfall cards, sets and migrations into a test server's database. */
export async function loadSharedCatalogue(db: Db) {
  const result = await importSharedCatalogue(db, SHARED_DATA);
  if (!result) throw new Error('shared data missing');
  return result;
}

/**
 * A made-up Scryfall printing of a three-mana green Beast (tests that follow one printing through
 * re-imports and deletions): `name`, `set` and `set_name` keep each test's printings apart.
 */
export const testBeast = (
  id: string,
  base: { name: string; set: string; set_name: string; collector_number: string },
  changes: Record<string, unknown> = {},
) => ({
  object: 'card',
  id,
  oracle_id: randomUUID(),
  lang: 'en',
  rarity: 'common',
  layout: 'normal',
  mana_cost: '{2}{G}',
  cmc: 3,
  type_line: 'Creature — Beast',
  colors: ['G'],
  color_identity: ['G'],
  prices: { usd: '0.50', eur: '0.40' },
  ...base,
  ...changes,
});

/** Imports Scryfall card objects as if they were a bulk file. */
export const importJson = (db: Db, cards: unknown[]) =>
  importCards(db, { stream: Readable.from([Buffer.from(JSON.stringify(cards))]) });
