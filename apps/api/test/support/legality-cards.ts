/**
 * The cards of the shared sample data (`../shared/data/scryfall-json` and `deckbuilding`) as the
 * legality check reads them, by name, through the importer's own row mapping: for the legality
 * tests and the legality bench.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cardRowFromScryfall } from '../../src/services/catalogue.js';
import type { LegalityCard } from '../../src/services/decks/legality.js';

const SHARED = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/data');
const FILES = [
  'scryfall-json/scrydex_scryfall_test_cards.default_cards.2026-01-16.json',
  'scryfall-json/mtg_ssm_cards.json',
  'scryfall-json/crambl_default-cards-small-87objs-50cards.json',
  'deckbuilding/scryfall-cards.json',
];
export const HAS_DATA = existsSync(resolve(SHARED, FILES[0] ?? ''));
if (!HAS_DATA && process.env.CI) throw new Error(`Shared sample data not found at ${SHARED}`);

/** Every English card of the shared files by name (first printing with a type line wins). */
export const catalogue = new Map<string, LegalityCard>();
if (HAS_DATA) {
  const now = new Date();
  for (const file of FILES) {
    const raw = JSON.parse(readFileSync(resolve(SHARED, file), 'utf8'));
    const objects: unknown[] = Array.isArray(raw) ? raw : (raw.cards ?? raw.data);
    for (const o of objects) {
      const row = cardRowFromScryfall(o, now);
      if (!row) continue;
      if (row.lang !== 'en' || catalogue.has(row.name) || !(row.typeLine || row.cardFaces)) continue;
      catalogue.set(row.name, {
        id: row.id,
        name: row.name,
        typeLine: row.typeLine ?? null,
        oracleText: row.oracleText ?? null,
        manaCost: row.manaCost ?? null,
        cmc: row.cmc ?? 0,
        colorIdentity: row.colorIdentity ?? [],
        keywords: row.keywords ?? [],
        legalities: row.legalities ?? {},
        cardFaces: row.cardFaces ?? null,
      });
    }
  }
}
