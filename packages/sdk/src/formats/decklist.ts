import { parseDek, writeDek } from './decklist/dek.js';
import { detectDecklistFormat } from './decklist/detect.js';
import { parseTextDecklist } from './decklist/text.js';
import { type DeckRowInput, writeArena, writeMtgo, writePlain } from './decklist/write.js';
import type { DecklistFormat, DecklistParseResult } from './types.js';

export type { DeckRowInput };
export { detectDecklistFormat };

export interface ParseDecklistOptions {
  /** Skip detection and read the text as this syntax. */
  format?: DecklistFormat;
}

/**
 * Parses a decklist: Arena export, MTGO text, plain list or MTGO .dek XML (detected when no format is
 * given). Every line becomes a row, a RowError or a skipped line (blank, comment, header, title,
 * separator or prose, with the reason); every .dek `<Cards>` item becomes a row or a RowError.
 * Throws FormatError only for .dek input that is not well-formed XML.
 */
export function parseDecklist(text: string, options: ParseDecklistOptions = {}): DecklistParseResult {
  const format = options.format ?? detectDecklistFormat(text);
  const { rows, errors, skipped } = format === 'dek' ? parseDek(text) : parseTextDecklist(text, format);
  return { format, rows, errors, skipped };
}

/** Writes a decklist in the given syntax. */
export function writeDecklist(format: DecklistFormat, rows: readonly DeckRowInput[]): string {
  switch (format) {
    case 'arena':
      return writeArena(rows);
    case 'mtgo':
      return writeMtgo(rows);
    case 'plain':
      return writePlain(rows);
    case 'dek':
      return writeDek(rows);
  }
}
