import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../src/db/client.js';
import { importSharedCatalogue } from '../../src/services/catalogue-import.js';

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
