import { LIMITS } from '../contract/limits.js';
import { COLLECTION_FORMATS, type ExportFormatValue, isOneOf } from '../contract/values.js';
import type { CollectionRowInput } from './collection.js';
import { writeHeader, writeRecords } from './csv/engine.js';
import { specFor } from './csv/registry.js';
import { DEK_END, DEK_START, writeDekItems } from './decklist/dek.js';
import { BOARD_HEADERS } from './decklist/line.js';
import { arenaLine, type DeckRowInput, mtgoLine, plainLine } from './decklist/write.js';

/**
 * An export written in pieces, so that a long list streams without the whole file in memory: call
 * `write` with each chunk of rows, in order, then `end` once. The pieces joined are one file, the
 * one `writeExport` writes for all the rows.
 */
export interface ExportWriter {
  /** The text for the next rows (the first call also carries the file's opening). */
  write(rows: readonly CollectionRowInput[]): string;
  /** The text after the last rows (with the opening when `write` was never called). */
  end(): string;
}

/** How a format lays out a file. */
interface Layout {
  /** Written once, first, even when there are no rows (a CSV header, the opening of a .dek). */
  head: string;
  /** Written once, just before the first row (Arena's "Deck" section header). */
  beforeRows: string;
  /** Rows, each ending with a line break. */
  body(rows: readonly CollectionRowInput[]): string;
  /** Written once, last (the closing tag of a .dek). */
  tail: string;
}

/**
 * The rows as main-board decklist lines. A line holds at most LIMITS.deckQuantity.max copies (the
 * importer reads no more from one line): a row with more is written on several lines, which the
 * importer adds back together.
 */
function mainBoard(rows: readonly CollectionRowInput[]): DeckRowInput[] {
  const { max } = LIMITS.deckQuantity;
  const lines: DeckRowInput[] = [];
  for (const row of rows) {
    const line = {
      name: row.name,
      setCode: row.setCode,
      collectorNumber: row.collectorNumber,
      finish: row.finish,
      board: 'main',
      ...(row.mtgoId === undefined ? {} : { mtgoId: row.mtgoId }),
    } as const;
    for (let left = row.quantity; left > 0; left -= max)
      lines.push({ ...line, quantity: Math.min(left, max) });
  }
  return lines;
}

const textLines =
  (line: (row: DeckRowInput) => string) =>
  (rows: readonly CollectionRowInput[]): string => {
    let out = '';
    for (const row of mainBoard(rows)) out += `${line(row)}\n`;
    return out;
  };

function layoutOf(format: ExportFormatValue): Layout {
  if (isOneOf(COLLECTION_FORMATS, format)) {
    const spec = specFor(format);
    return { head: writeHeader(spec), beforeRows: '', body: (rows) => writeRecords(spec, rows), tail: '' };
  }
  switch (format) {
    case 'arena':
      return { head: '', beforeRows: `${BOARD_HEADERS.main}\n`, body: textLines(arenaLine), tail: '' };
    case 'mtgo':
      return { head: '', beforeRows: '', body: textLines(mtgoLine), tail: '' };
    case 'plain':
      return { head: '', beforeRows: '', body: textLines(plainLine), tail: '' };
    case 'dek':
      return {
        head: DEK_START,
        beforeRows: '',
        body: (rows) => writeDekItems(mainBoard(rows)),
        tail: DEK_END,
      };
  }
}

/**
 * A writer of an export in any format the importer reads. A collection CSV gets its header (and
 * preamble) once and every row as a record, as `writeCollection` writes them. A decklist gets every
 * row as a main-board line, as `writeDecklist` writes them: Arena lines with their set, collector
 * number and finish under one "Deck" header; MTGO text and plain lines with name and quantity; .dek
 * items between the opening of the `<Deck>` and its closing tag.
 */
export function exportWriter(format: ExportFormatValue): ExportWriter {
  const layout = layoutOf(format);
  let started = false;
  let hasRows = false;
  const head = (): string => {
    if (started) return '';
    started = true;
    return layout.head;
  };
  return {
    write(rows) {
      let out = head();
      if (rows.length === 0) return out;
      if (!hasRows) out += layout.beforeRows;
      hasRows = true;
      return out + layout.body(rows);
    },
    end: () => head() + layout.tail,
  };
}

/** Writes an export in one piece (see exportWriter). */
export function writeExport(format: ExportFormatValue, rows: readonly CollectionRowInput[]): string {
  const writer = exportWriter(format);
  return writer.write(rows) + writer.end();
}
