/** One CSV record with where it came from (only valid during the `record` callback). */
export interface CsvRecord {
  cells: string[];
  /** 1-based line the record starts on. */
  line: number;
  /** The record's source text (without its line break). */
  raw(): string;
  /** Set when the CSV itself is malformed here (e.g. an unterminated quote). */
  problem: string | undefined;
}

/**
 * Receives the header, then each non-blank record. Records are handed over one at a time so callers can
 * turn them into rows without keeping every cell array alive (that alone costs a third of parse time).
 */
export interface CsvVisitor {
  /** Called once with the first non-blank record. Return false to stop reading. */
  header(cells: string[], line: number): boolean;
  record(record: CsvRecord): void;
}

const BOM = '\uFEFF';
const SEP_LINE = /^"?sep=(.)"?\s*(?:\r\n|\n|\r|$)/i;

/** Strips a BOM and an Excel `sep=,` first line (DragonShield). */
export function stripPreamble(text: string): {
  body: string;
  delimiter: string | null;
  skippedLines: number;
} {
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  const sep = SEP_LINE.exec(body);
  if (sep) return { body: body.slice(sep[0].length), delimiter: sep[1] ?? null, skippedLines: 1 };
  return { body, delimiter: null, skippedLines: 0 };
}

/** Picks the delimiter from the header line: whichever of , ; tab occurs most outside quotes. */
export function guessDelimiter(body: string): string {
  let comma = 0;
  let semicolon = 0;
  let tab = 0;
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === 10 || c === 13) break;
    if (c === 34) quoted = !quoted;
    else if (quoted) continue;
    else if (c === 44) comma++;
    else if (c === 59) semicolon++;
    else if (c === 9) tab++;
  }
  if (semicolon > comma && semicolon >= tab) return ';';
  if (tab > comma && tab > semicolon) return '\t';
  return ',';
}

function isBlank(cells: readonly string[]): boolean {
  for (const cell of cells) if (cell.trim() !== '') return false;
  return true;
}

function countBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) n++;
  }
  return n;
}

const LF = 10;
const CR = 13;
const QUOTE = 34;

/**
 * One record of RFC 4180 CSV from `at`: its cells, where it ends (after its line break), how many line
 * breaks it spans and what is malformed in it. A quoted cell may hold delimiters, line breaks and
 * doubled quotes; a quote inside an unquoted cell is kept as it is. Every character is looked at a
 * bounded number of times, so reading is linear in the text (papaparse's row-by-row mode cost 4 to
 * 20 times more on hostile input: 200,000 blank lines, runs of quotes).
 */
export function readRecord(
  text: string,
  at: number,
  delimiter: number,
): { cells: string[]; end: number; breaks: number; problem: string | undefined } {
  const n = text.length;
  const cells: string[] = [];
  let i = at;
  let breaks = 0;
  let problem: string | undefined;
  for (;;) {
    let value = '';
    if (text.charCodeAt(i) === QUOTE) {
      let from = i + 1;
      for (;;) {
        const close = text.indexOf('"', from);
        if (close === -1) {
          value += text.slice(from);
          breaks += countBreaks(text, from, n);
          problem ??= 'quoted field unterminated';
          i = n;
          break;
        }
        value += text.slice(from, close);
        breaks += countBreaks(text, from, close);
        if (text.charCodeAt(close + 1) === QUOTE) {
          value += '"';
          from = close + 2;
          continue;
        }
        i = close + 1;
        break;
      }
      // Text between the closing quote and the delimiter: kept, and the record flagged.
      const rest = i;
      while (i < n) {
        const c = text.charCodeAt(i);
        if (c === delimiter || c === LF || c === CR) break;
        i++;
      }
      if (i > rest) {
        value += text.slice(rest, i);
        problem ??= 'trailing quote on quoted field is malformed';
      }
    } else {
      const from = i;
      while (i < n) {
        const c = text.charCodeAt(i);
        if (c === delimiter || c === LF || c === CR) break;
        i++;
      }
      value = text.slice(from, i);
    }
    cells.push(value);
    if (i >= n) return { cells, end: n, breaks, problem };
    const c = text.charCodeAt(i);
    if (c === delimiter) {
      i++;
      continue;
    }
    // A line break ends the record.
    i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
    return { cells, end: i, breaks: breaks + 1, problem };
  }
}

function trimBreak(raw: string): string {
  if (raw.endsWith('\r\n')) return raw.slice(0, -2);
  if (raw.endsWith('\n') || raw.endsWith('\r')) return raw.slice(0, -1);
  return raw;
}

/**
 * Reads CSV text. Blank lines and delimiter-only lines (",,,,") are not records; every other line after
 * the header is passed to the visitor with its line number and source text.
 */
export function readCsv(text: string, visitor: CsvVisitor): void {
  const { body, delimiter: declared, skippedLines } = stripPreamble(text);
  const delimiter = (declared ?? guessDelimiter(body)).charCodeAt(0);
  let seenHeader = false;
  let line = 1 + skippedLines;
  let rawStart = 0;
  let rawEnd = 0;
  const record: CsvRecord = {
    cells: [],
    line: 0,
    raw: () => trimBreak(body.slice(rawStart, rawEnd)),
    problem: undefined,
  };

  let at = 0;
  while (at < body.length) {
    // Blank lines, the commonest padding, without building a record.
    const c = body.charCodeAt(at);
    if (c === LF || c === CR) {
      at += c === CR && body.charCodeAt(at + 1) === LF ? 2 : 1;
      line++;
      continue;
    }
    const next = readRecord(body, at, delimiter);
    const start = line;
    line += next.breaks;
    rawStart = at;
    rawEnd = at = next.end;
    if (isBlank(next.cells)) continue;
    if (!seenHeader) {
      seenHeader = true;
      if (
        !visitor.header(
          next.cells.map((cell) => cell.trim()),
          start,
        )
      )
        return;
      continue;
    }
    record.cells = next.cells;
    record.line = start;
    record.problem = next.problem === undefined ? undefined : `Malformed CSV (${next.problem})`;
    visitor.record(record);
  }
}
