/** What each export format carries of a row's canonical fields (shared by the export tests). */
import { LIMITS } from '../src/contract/limits.js';
import type { ExportFormatValue } from '../src/contract/values.js';
import { type CollectionRow, type CollectionRowInput, isDecklistFormat } from '../src/formats/index.js';

export type Field =
  | 'name'
  | 'setCode'
  | 'collectorNumber'
  | 'finish'
  | 'language'
  | 'condition'
  | 'quantity'
  | 'mtgoId';

/**
 * What each export format carries of a row's canonical fields, from its spec's columns (CSV) or its
 * writer (decklists):
 *
 * | format       | name | set | number | finish | language | condition | quantity | MTGO id |
 * |--------------|------|-----|--------|--------|----------|-----------|----------|---------|
 * | companion    |  ✓   |  ✓  |   ✓    |   ✓    |    ✓     |     ✓     |    ✓     |
 * | moxfield     |  ✓   |  ✓  |   ✓    |   ✓    |    ✓     |     ✓     |    ✓     |
 * | manabox      |  ✓   |  ✓  |   ✓    |   ✓    |    ✓     |     ✓     |    ✓     |
 * | deckbox      |  ✓   |  ✓  |   ✓    |   ✓*   |    ✓     |     ✓     |    ✓     |
 * | archidekt    |  ✓   |  ✓  |   ✓    |   ✓    |    ✓     |     ✓†    |    ✓     |
 * | dragonshield |  ✓   |  ✓  |   ✓    |   ✓    |    ✓     |     ✓     |    ✓     |
 * | tcgplayer    |  ✓   |  ✓  |   ✓    |   ✓*   |    ✓     |     ✓     |    ✓     |
 * | mtggoldfish  |  ✓   |  ✓  |   ✓    |   ✓    |          |           |    ✓     |
 * | topdecked    |  ✓   |  ✓  |   ✓    |   ✓    |    ✓     |     ✓     |    ✓     |
 * | cardkingdom  |  ✓   |     |        |   ✓*   |          |           |    ✓     |
 * | mtgo-csv     |  ✓   |  ✓  |   ✓    |   ✓*   |          |           |    ✓     |    ✓    |
 * | arena        |  ✓   |  ✓  |   ✓    |   ✓    |          |           |    ✓‡    |
 * | mtgo         |  ✓   |     |        |        |          |           |    ✓‡    |
 * | plain        |  ✓   |     |        |        |          |           |    ✓‡    |
 * | dek          |  ✓   |     |        |        |          |           |    ✓‡    |    ✓    |
 *
 * * etched is written as foil. † Archidekt has no Mint grade: M is written as NM.
 * ‡ a decklist line holds at most LIMITS.deckQuantity.max copies: more are written on several lines.
 */
export const CARRIED: Readonly<
  Record<ExportFormatValue, { fields: readonly Field[]; etchedAsFoil?: true; mintAsNearMint?: true }>
> = {
  companion: {
    fields: ['name', 'setCode', 'collectorNumber', 'finish', 'language', 'condition', 'quantity'],
  },
  moxfield: { fields: ['name', 'setCode', 'collectorNumber', 'finish', 'language', 'condition', 'quantity'] },
  manabox: { fields: ['name', 'setCode', 'collectorNumber', 'finish', 'language', 'condition', 'quantity'] },
  deckbox: {
    fields: ['name', 'setCode', 'collectorNumber', 'finish', 'language', 'condition', 'quantity'],
    etchedAsFoil: true,
  },
  archidekt: {
    fields: ['name', 'setCode', 'collectorNumber', 'finish', 'language', 'condition', 'quantity'],
    mintAsNearMint: true,
  },
  dragonshield: {
    fields: ['name', 'setCode', 'collectorNumber', 'finish', 'language', 'condition', 'quantity'],
  },
  tcgplayer: {
    fields: ['name', 'setCode', 'collectorNumber', 'finish', 'language', 'condition', 'quantity'],
    etchedAsFoil: true,
  },
  mtggoldfish: { fields: ['name', 'setCode', 'collectorNumber', 'finish', 'quantity'] },
  topdecked: {
    fields: ['name', 'setCode', 'collectorNumber', 'finish', 'language', 'condition', 'quantity'],
  },
  cardkingdom: { fields: ['name', 'finish', 'quantity'], etchedAsFoil: true },
  'mtgo-csv': {
    fields: ['name', 'setCode', 'collectorNumber', 'finish', 'quantity', 'mtgoId'],
    etchedAsFoil: true,
  },
  arena: { fields: ['name', 'setCode', 'collectorNumber', 'finish', 'quantity'] },
  mtgo: { fields: ['name', 'quantity'] },
  plain: { fields: ['name', 'quantity'] },
  dek: { fields: ['name', 'quantity', 'mtgoId'] },
};

/** The rows a format's file holds: decklist lines of at most LIMITS.deckQuantity.max copies. */
export function written(
  format: ExportFormatValue,
  rows: readonly CollectionRowInput[],
): CollectionRowInput[] {
  if (!isDecklistFormat(format)) return [...rows];
  const { max } = LIMITS.deckQuantity;
  return rows.flatMap((r) =>
    Array.from({ length: Math.ceil(r.quantity / max) }, (_, i) => ({
      ...r,
      quantity: Math.min(max, r.quantity - i * max),
    })),
  );
}

/** A row on the fields a format carries, as the format writes them. */
export function project(
  format: ExportFormatValue,
  r: CollectionRowInput | CollectionRow,
): Partial<Record<Field, unknown>> {
  const { fields, etchedAsFoil, mintAsNearMint } = CARRIED[format];
  const out: Partial<Record<Field, unknown>> = {};
  for (const field of fields) out[field] = r[field];
  if (etchedAsFoil && out.finish === 'etched') out.finish = 'foil';
  if (mintAsNearMint && out.condition === 'M') out.condition = 'NM';
  return out;
}
