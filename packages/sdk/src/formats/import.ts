import { DECKLIST_FORMATS, isOneOf } from '../contract/values.js';
import { detectCollectionFormat, parseCollection } from './collection.js';
import { parseDecklist } from './decklist.js';
import type { CollectionFormat, CollectionRow, DecklistFormat, RowError, SkippedLine } from './types.js';

export type ImportFileFormat = 'auto' | CollectionFormat | DecklistFormat;

export interface ParseImportOptions {
  /** The format the file is in, or 'auto' (the default) to recognise it. */
  format?: ImportFileFormat;
  /** The file's name: a `.dek` name is read as an MTGO deck when the format is 'auto'. */
  filename?: string | undefined;
}

export interface ImportParseResult {
  format: CollectionFormat | DecklistFormat;
  rows: CollectionRow[];
  errors: RowError[];
  /** Decklist lines left out on purpose (none for collection exports). */
  skipped: SkippedLine[];
}

/** Whether an import format is a decklist: its lines name a finish only when it is foil or etched. */
export const isDecklistFormat = (format: string): format is DecklistFormat =>
  isOneOf(DECKLIST_FORMATS, format);

/** The first line holding more than blanks (after a byte-order mark), found without splitting the text. */
function firstFilledLine(content: string): string {
  let start = content.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (start < content.length) {
    let end = content.indexOf('\n', start);
    if (end < 0) end = content.length;
    const line = content.slice(start, end).replace(/\r$/, '');
    if (line.trim() !== '') return line;
    start = end + 1;
  }
  return '';
}

/**
 * Reads an imported file (a collection export, a decklist or an MTGO .dek) as collection rows.
 * With format 'auto': a `.dek` file name reads an MTGO deck, a known CSV header reads that site's
 * export, a CSV whose header matches no known export throws a FormatError naming the problem, and
 * anything else reads as a decklist. Throws FormatError when the whole file cannot be read.
 */
export function parseImport(content: string, options: ParseImportOptions = {}): ImportParseResult {
  const format = options.format ?? 'auto';
  const asDecklist = (f?: DecklistFormat): ImportParseResult => {
    const r = parseDecklist(content, f ? { format: f } : {});
    return {
      format: r.format,
      errors: r.errors,
      skipped: r.skipped,
      rows: r.rows.map((d) => ({
        name: d.name,
        ...(d.mtgoId === undefined ? {} : { mtgoId: d.mtgoId }),
        setCode: d.setCode,
        setName: null,
        collectorNumber: d.collectorNumber,
        language: 'en',
        finish: d.finish,
        quantity: d.quantity,
        condition: null,
        scryfallId: null,
        purchasePrice: null,
        purchaseCurrency: null,
        tags: [],
        line: d.line,
      })),
    };
  };
  if (format === 'auto') {
    if (options.filename?.toLowerCase().endsWith('.dek')) return asDecklist('dek');
    const detected = detectCollectionFormat(content);
    if (detected) return { ...parseCollection(content, { format: detected }), skipped: [] };
    // A CSV whose header matched no known export: let the collection parser name the problem.
    const firstLine = firstFilledLine(content);
    if ((firstLine.match(/[,;\t]/g)?.length ?? 0) >= 2 && !/^\s*\d/.test(firstLine)) parseCollection(content);
    return asDecklist();
  }
  if (isDecklistFormat(format)) return asDecklist(format);
  return { ...parseCollection(content, { format: format as CollectionFormat }), skipped: [] };
}
