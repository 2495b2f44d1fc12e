import { type RowReader, rowReader, writeRows } from './csv/engine.js';
import { guessDelimiter, readCsv, readRecord, stripPreamble } from './csv/read.js';
import { COLLECTION_SPECS, detectFromHeader, specFor } from './csv/registry.js';
import type { RowFields } from './csv/spec.js';
import { FormatError } from './errors.js';
import { clip } from './show.js';
import type { CollectionFormat, CollectionParseResult, CollectionRow } from './types.js';

/** A row to write: a parsed row, or the same fields without a source line. */
export type CollectionRowInput = Omit<CollectionRow, 'line'> & { line?: number };

export interface ParseCollectionOptions {
  /** Skip detection and read the text as this format. */
  format?: CollectionFormat;
}

const EXPECTED = COLLECTION_SPECS.map((s) => s.label).join(', ');

function firstLineCells(text: string): string[] | null {
  const { body, delimiter } = stripPreamble(text);
  const d = (delimiter ?? guessDelimiter(body)).charCodeAt(0);
  for (let at = 0, read = 0; at < body.length && read < 50; read++) {
    const { cells, end } = readRecord(body, at, d);
    if (cells.some((c) => c.trim() !== '')) return cells.map((c) => c.trim());
    at = end;
  }
  return null;
}

/**
 * Which collection CSV format a text is, from its header line (after a BOM and an Excel `sep=,` line).
 * Returns null when the header matches none.
 */
export function detectCollectionFormat(text: string): CollectionFormat | null {
  const header = firstLineCells(text);
  return header === null ? null : (detectFromHeader(header)?.format ?? null);
}

/**
 * Parses a collection CSV export into canonical rows. Every non-blank record after the header becomes
 * either a row or a RowError. Throws FormatError only when the format cannot be determined (or the text
 * lacks the name/quantity columns of the requested format).
 */
export function parseCollection(text: string, options: ParseCollectionOptions = {}): CollectionParseResult {
  let reader: RowReader | null = null;
  let format: CollectionFormat | null = null;
  let failure: FormatError | null = null;
  readCsv(text, {
    header: (header) => {
      const spec = options.format ? specFor(options.format) : detectFromHeader(header);
      if (spec === null) {
        const shown = clip(header.slice(0, 8).join(', '));
        failure = new FormatError(
          `Could not tell which collection format this is: expected the CSV header of one of ${EXPECTED}; got "${shown}"`,
        );
        return false;
      }
      try {
        reader = rowReader(spec, header);
      } catch (error) {
        if (!(error instanceof FormatError)) throw error;
        failure = error;
        return false;
      }
      format = spec.format;
      return true;
    },
    record: (record) => reader?.read(record),
  });
  if (failure !== null) throw failure;
  if (reader === null || format === null) {
    throw new FormatError(
      `Expected a collection CSV with a header line (${EXPECTED}), but the text is empty`,
    );
  }
  const { rows, errors } = reader as RowReader;
  return { format, rows, errors };
}

/** Writes rows as a collection CSV in the given format (header, quoting and line breaks as the site does). */
export function writeCollection(format: CollectionFormat, rows: readonly CollectionRowInput[]): string {
  return writeRows(specFor(format), rows as readonly RowFields[]);
}
