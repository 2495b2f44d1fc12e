/**
 * Importing a collection export, a decklist or an MTGO .dek into a list: parse with the SDK's
 * formats, resolve every row in batches, merge identical rows, keep unresolved rows as unresolved
 * entries, and record the whole import as one revision.
 */
import type { ImportReport } from '@companion/sdk/contract';
import { FormatError, type ImportParseResult, isDecklistFormat } from '@companion/sdk/formats';
import type { Db } from '../../db/client.js';
import { Invalid } from '../errors.js';
import { type CardReference, finishMissing, type Resolution, resolveCards } from '../imports-resolve.js';
import { type Parsing, skippedReport } from '../parsing.js';
import { now, type Turn } from '../write-gate.js';
import { ownedList } from './read.js';
import { type AuthorSummary, toRevisions } from './revisions.js';
import { addEntries, changeList, looseEntryKey, type NewEntry } from './store.js';

type ImportFormat = ImportReport['format'];

/** The file read by the SDK's parsers (off the event loop when large); an unreadable file is a 400. */
async function parse(
  parsing: Parsing,
  content: string,
  format: ImportFormat,
  filename?: string,
): Promise<ImportParseResult> {
  try {
    return await parsing.importFile(content, { format, filename });
  } catch (error) {
    if (error instanceof FormatError)
      throw new Invalid(error.message, [{ path: 'body.content', message: error.message }]);
    throw error;
  }
}

/** How the file names a row's card: its name, or `CatID 12345` for a .dek item that gave only that. */
const fileName = (row: ImportParseResult['rows'][number]): string =>
  row.name === '' && row.mtgoId !== undefined ? `CatID ${row.mtgoId}` : row.name;

/**
 * A resolution whose id stands for a finish the printing lacks (an MTGO foil id of a printing never
 * foiled on paper) is unresolved: an entry never holds a finish its printing does not have.
 */
function withIdFinish(r: Resolution, mtgoId: number | undefined): Resolution {
  if (!r.card || !r.finish || r.card.finishes.includes(r.finish)) return r;
  return {
    card: null,
    method: null,
    reason: `${finishMissing(r.card, r.finish)} (MTGO catalogue id ${mtgoId} is its ${r.finish})`,
  };
}

/** What each row of a parsed file is looked up by. */
export function importReferences(parsed: ImportParseResult): CardReference[] {
  // Decklists name a finish only when it is foil or etched: their "nonfoil" is a default, not a fact.
  const decklist = isDecklistFormat(parsed.format);
  return parsed.rows.map((r) => ({
    scryfallId: r.scryfallId,
    setCode: r.setCode,
    collectorNumber: r.collectorNumber,
    language: r.language,
    name: r.name,
    finish: decklist && r.finish === 'nonfoil' ? null : r.finish,
    mtgoId: r.mtgoId ?? null,
  }));
}

export async function importIntoList(
  db: Db,
  parsing: Parsing,
  listId: string,
  ownerId: string,
  body: { content: string; format: ImportFormat; filename?: string | undefined },
  summary: AuthorSummary,
  turn: Turn = now,
): Promise<ImportReport> {
  await ownedList(db, listId, ownerId);
  const parsed = await parse(parsing, body.content, body.format, body.filename);
  const resolutions = await turn(() => resolveCards(db, importReferences(parsed)));
  const resolved = { byId: 0, bySetNumber: 0, bySetName: 0, byName: 0 };
  const guessedRows: Array<{
    line: number;
    name: string;
    setCode: string | null;
    collectorNumber: string | null;
    index: number;
  }> = [];
  const { skipped, skippedLines } = skippedReport(parsed.skipped);
  const rowsRead = parsed.rows.length + parsed.errors.length + skippedLines;
  let merged = 0;
  let added = 0;
  const seen = new Set<string>();
  const items: NewEntry[] = [];
  const unresolvedRows: Array<{ line: number; name: string; reason: string; index: number }> = [];
  parsed.rows.forEach((read, i) => {
    const found = resolutions[i];
    if (!found) return;
    const r = withIdFinish(found, read.mtgoId);
    // The finish an MTGO id stands for (its nonfoil or its foil) is the row's.
    const source =
      read.mtgoId === undefined
        ? read
        : { ...read, name: fileName(read), finish: found.finish ?? read.finish };
    // A decklist line that named no finish takes one its printing has (nonfoil when it exists).
    const row =
      r.card && !r.card.finishes.includes(source.finish)
        ? { ...source, finish: (r.card.finishes[0] ?? source.finish) as typeof source.finish }
        : source;
    const condition = row.condition ?? '';
    const entry: NewEntry = r.card
      ? {
          cardId: r.card.id,
          name: r.card.name,
          quantity: row.quantity,
          finish: row.finish,
          condition,
          language: row.language,
          purchasePrice: row.purchasePrice === null ? null : row.purchasePrice.toFixed(2),
          purchaseCurrency: row.purchaseCurrency,
          tags: row.tags,
          imported: {
            name: row.name,
            setCode: row.setCode,
            collectorNumber: row.collectorNumber,
            method: r.method,
          },
        }
      : {
          cardId: null,
          name: row.name,
          quantity: row.quantity,
          finish: row.finish,
          condition,
          language: row.language,
          purchasePrice: row.purchasePrice === null ? null : row.purchasePrice.toFixed(2),
          purchaseCurrency: row.purchaseCurrency,
          tags: row.tags,
          unresolved: {
            name: row.name,
            setCode: row.setCode,
            collectorNumber: row.collectorNumber,
            reason: r.reason ?? 'Unresolved',
          },
        };
    added += row.quantity;
    const key = r.card
      ? `${r.card.id}|${row.finish}|${condition}|${row.language}`
      : `?${looseEntryKey({ name: row.name, unresolved: row, finish: row.finish, condition, language: row.language })}`;
    if (seen.has(key)) {
      merged++;
    } else {
      seen.add(key);
      if (r.method === 'id') resolved.byId++;
      else if (r.method === 'set') resolved.bySetNumber++;
      else if (r.method === 'setName') resolved.bySetName++;
      else if (r.method === 'name') {
        resolved.byName++;
        guessedRows.push({
          line: row.line,
          name: row.name,
          setCode: row.setCode,
          collectorNumber: row.collectorNumber,
          index: items.length,
        });
      } else
        unresolvedRows.push({
          line: row.line,
          name: row.name,
          reason: r.reason ?? 'Unresolved',
          index: items.length,
        });
    }
    items.push(entry);
  });

  // Identical unresolved rows become one entry, like resolved ones do.
  const looseByKey = new Map<string, { item: NewEntry; at: number }>();
  const looseIndex: number[] = [];
  const finalItems: NewEntry[] = [];
  items.forEach((item) => {
    if (item.cardId !== null) {
      looseIndex.push(finalItems.length);
      finalItems.push(item);
      return;
    }
    const key = looseEntryKey(item);
    const prev = looseByKey.get(key);
    if (prev) {
      prev.item.quantity += item.quantity;
      looseIndex.push(prev.at);
    } else {
      looseByKey.set(key, { item, at: finalItems.length });
      looseIndex.push(finalItems.length);
      finalItems.push(item);
    }
  });

  if (!finalItems.length) {
    return {
      format: parsed.format,
      rows: rowsRead,
      resolved,
      added: 0,
      merged,
      unresolved: [],
      guessed: [],
      skipped,
      skippedLines,
      errors: parsed.errors.map((e) => ({
        line: e.line,
        message: e.message,
        ...(e.field ? { field: e.field } : {}),
      })),
      revision: null,
    };
  }

  const cardsAdded = added;
  const { revision, entryIds } = await (async () => {
    let ids: string[] = [];
    const result = await turn(() =>
      changeList(db, { listId, ownerId, authorId: ownerId }, async (tx) => {
        const out = await addEntries(tx, listId, finalItems);
        ids = out.entryIds;
        const unresolvedCount = unresolvedRows.length;
        return {
          action: 'import',
          summary: `Imported ${cardsAdded} card${cardsAdded === 1 ? '' : 's'} (${parsed.format})${
            unresolvedCount ? `, ${unresolvedCount} unresolved` : ''
          }${guessedRows.length ? `, ${guessedRows.length} printing${guessedRows.length === 1 ? '' : 's'} guessed` : ''}`,
          delta: out.delta,
        };
      }),
    );
    return { revision: result.revision, entryIds: ids };
  })();

  const [revisionDto] = await toRevisions(db, [revision], summary);
  return {
    format: parsed.format,
    rows: rowsRead,
    resolved,
    added: cardsAdded,
    merged,
    guessed: guessedRows.map(({ index, ...g }) => ({
      ...g,
      entryId: entryIds[looseIndex[index] ?? -1] ?? '',
    })),
    skipped,
    skippedLines,
    unresolved: unresolvedRows.map((u) => ({
      line: u.line,
      name: u.name,
      reason: u.reason,
      entryId: entryIds[looseIndex[u.index] ?? -1] ?? '',
    })),
    errors: parsed.errors.map((e) => ({
      line: e.line,
      message: e.message,
      ...(e.field ? { field: e.field } : {}),
    })),
    revision: revisionDto ?? null,
  };
}
