import Papa from 'papaparse';

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
function guessDelimiter(body: string): string {
  const end = body.search(/\r\n|\n|\r/);
  const first = end < 0 ? body : body.slice(0, end);
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of first) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch] = (counts[ch] ?? 0) + 1;
  }
  let best = ',';
  for (const d of [';', '\t']) if ((counts[d] ?? 0) > (counts[best] ?? 0)) best = d;
  return best;
}

function isBlank(cells: readonly string[]): boolean {
  for (const cell of cells) if (cell.trim() !== '') return false;
  return true;
}

function countBreaks(cells: readonly string[]): number {
  let n = 0;
  for (const cell of cells) {
    if (cell.length === 0) continue;
    for (let i = cell.indexOf('\n'); i !== -1; i = cell.indexOf('\n', i + 1)) n++;
    if (n === 0) for (let i = cell.indexOf('\r'); i !== -1; i = cell.indexOf('\r', i + 1)) n++;
  }
  return n;
}

function trimBreak(raw: string): string {
  if (raw.endsWith('\r\n')) return raw.slice(0, -2);
  if (raw.endsWith('\n') || raw.endsWith('\r')) return raw.slice(0, -1);
  return raw;
}

/**
 * Reads CSV text with papaparse. Blank lines and delimiter-only lines (",,,,") are not records; every
 * other line after the header is passed to the visitor with its line number and source text.
 */
export function readCsv(text: string, visitor: CsvVisitor): void {
  const { body, delimiter: declared, skippedLines } = stripPreamble(text);
  const delimiter = declared ?? guessDelimiter(body);
  let seenHeader = false;
  let line = 1 + skippedLines;
  let cursor = 0;
  let rawStart = 0;
  let rawEnd = 0;
  const record: CsvRecord = {
    cells: [],
    line: 0,
    raw: () => trimBreak(body.slice(rawStart, rawEnd)),
    problem: undefined,
  };

  Papa.parse<string[]>(body, {
    delimiter,
    header: false,
    skipEmptyLines: false,
    step: (result, parser) => {
      const cells = result.data;
      const start = line;
      line += 1 + countBreaks(cells);
      rawStart = cursor;
      rawEnd = cursor = result.meta.cursor;
      if (isBlank(cells)) return;
      if (!seenHeader) {
        seenHeader = true;
        if (
          !visitor.header(
            cells.map((c) => c.trim()),
            start,
          )
        )
          parser.abort();
        return;
      }
      const problem = result.errors[0];
      record.cells = cells;
      record.line = start;
      record.problem = problem ? `Malformed CSV (${problem.message.toLowerCase()})` : undefined;
      visitor.record(record);
    },
  });
}
