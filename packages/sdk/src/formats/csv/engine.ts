import Papa from 'papaparse';
import { LIMITS } from '../../contract/limits.js';
import { FormatError } from '../errors.js';
import { formatAmount, formatPriceWithCurrency, parsePrice } from '../normalize/price.js';
import { clip, count, show } from '../show.js';
import type { CollectionRow, RowError } from '../types.js';
import type { CsvRecord } from './read.js';
import type { CsvFormatSpec, FieldKey, RowFields } from './spec.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WHOLE = /^\d+$/;
const CURRENCY_CODE = /^[A-Za-z]{3}$/;
const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY' };

/** What reading one cell did: nothing to report, or a message naming the field. */
type CellProblem = { field: FieldKey; message: string } | undefined;
type CellReader = (value: string, row: RowFields) => CellProblem;

function emptyRow(): RowFields {
  return {
    name: '',
    setCode: null,
    setName: null,
    collectorNumber: null,
    language: 'en',
    finish: 'nonfoil',
    quantity: 0,
    condition: null,
    scryfallId: null,
    purchasePrice: null,
    purchaseCurrency: null,
    tags: [],
  };
}

function orNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** The reader for one field of one format (vocabularies and price rules come from the spec). */
function cellReader(spec: CsvFormatSpec, field: FieldKey): CellReader {
  switch (field) {
    case 'name':
      return (value, row) => {
        row.name = value.trim();
        return undefined;
      };
    case 'quantity':
      return (value, row) => {
        const trimmed = value.trim();
        const n = WHOLE.test(trimmed) ? Number(trimmed) : Number.NaN;
        const { min, max } = LIMITS.listQuantity;
        if (!Number.isSafeInteger(n) || n < min || n > max) {
          return {
            field,
            message: `Quantity must be a whole number from ${min} to ${count(max)}, got ${show(value)}`,
          };
        }
        row.quantity = n;
        return undefined;
      };
    case 'setCode':
      return (value, row) => {
        const code = orNull(value);
        row.setCode = code === null ? null : code.toLowerCase();
        return undefined;
      };
    case 'setName':
      return (value, row) => {
        row.setName = orNull(value);
        return undefined;
      };
    case 'collectorNumber':
      return (value, row) => {
        row.collectorNumber = orNull(value);
        return undefined;
      };
    case 'language': {
      const vocab = spec.language;
      return (value, row) => {
        if (value.trim() === '' || vocab === undefined) return undefined;
        const code = vocab.read(value);
        if (code === undefined) {
          return {
            field,
            message: `Language ${show(value)} is not a ${spec.label} language (expected one of: ${vocab.examples}, …)`,
          };
        }
        row.language = code;
        return undefined;
      };
    }
    case 'finish': {
      const vocab = spec.finish;
      return (value, row) => {
        const finish = vocab.read(value);
        if (finish === undefined) {
          return {
            field,
            message: `Finish ${show(value)} is not a ${spec.label} finish (expected one of: ${vocab.examples})`,
          };
        }
        row.finish = finish;
        return undefined;
      };
    }
    case 'condition': {
      const vocab = spec.condition;
      return (value, row) => {
        if (value.trim() === '' || vocab === undefined) return undefined;
        const condition = vocab.read(value);
        if (condition === undefined) {
          return {
            field,
            message: `Condition ${show(value)} is not a ${spec.label} condition (expected one of: ${vocab.examples})`,
          };
        }
        row.condition = condition;
        return undefined;
      };
    }
    case 'scryfallId':
      return (value, row) => {
        const id = orNull(value);
        if (id === null) return undefined;
        if (!UUID.test(id)) return { field, message: `Scryfall ID must be a UUID, got ${show(value)}` };
        row.scryfallId = id.toLowerCase();
        return undefined;
      };
    case 'mtgoId':
      // MTGO's catalogue id ("ID #"): the printing whose Scryfall mtgo_id it is (mtgo_foil_id for a
      // premium row). A blank or 0 means none; anything else must be a whole number.
      return (value, row) => {
        const text = value.trim();
        if (text === '' || text === '0') return undefined;
        const id = WHOLE.test(text) && text.length <= 9 ? Number(text) : Number.NaN;
        if (!Number.isSafeInteger(id))
          return { field, message: `MTGO ID must be a whole number, got ${show(value)}` };
        row.mtgoId = id;
        return undefined;
      };
    case 'purchasePrice':
      return (value, row) => {
        const price = parsePrice(value);
        if (price === undefined || (price !== null && price.amount < 0)) {
          return { field, message: `Purchase price must be a non-negative amount, got ${show(value)}` };
        }
        if (price === null || (spec.zeroPriceIsEmpty && price.amount === 0)) return undefined;
        row.purchasePrice = price.amount;
        if (price.currency !== null && row.purchaseCurrency === null) row.purchaseCurrency = price.currency;
        return undefined;
      };
    case 'purchaseCurrency':
      return (value, row) => {
        const text = value.trim();
        if (text === '') return undefined;
        const code = CURRENCY_CODE.test(text) ? text.toUpperCase() : CURRENCY_SYMBOLS[text];
        if (code === undefined) {
          return {
            field,
            message: `Purchase currency must be an ISO code such as USD or EUR, got ${show(value)}`,
          };
        }
        row.purchaseCurrency = code;
        return undefined;
      };
    case 'tags': {
      const separator = spec.tagSeparator ?? ',';
      return (value, row) => {
        if (value.trim() === '') return undefined;
        row.tags = value
          .split(separator)
          .map((t) => t.trim())
          .filter((t) => t !== '');
        return undefined;
      };
    }
  }
}

interface Binding {
  index: number;
  read: CellReader;
}

/** Turns the records of one CSV document into rows and row errors, one record at a time. */
export interface RowReader {
  read(record: CsvRecord): void;
  rows: CollectionRow[];
  errors: RowError[];
}

/**
 * Prepares reading records in one format under the given header. Throws FormatError when the header lacks
 * the columns every row needs (name and quantity); every other problem becomes a RowError for its record.
 */
export function rowReader(spec: CsvFormatSpec, header: readonly string[]): RowReader {
  const indexByHeader = new Map<string, number>();
  header.forEach((h, i) => {
    const key = h.toLowerCase();
    if (!indexByHeader.has(key)) indexByHeader.set(key, i);
  });
  const indexOf = (h: string): number | undefined => indexByHeader.get(h.toLowerCase());

  const bound = new Map<FieldKey, Binding>();
  for (const column of spec.columns) {
    if (column.field === undefined || bound.has(column.field)) continue;
    const index = [column.header, ...(column.aliases ?? [])]
      .map(indexOf)
      .find((i): i is number => i !== undefined);
    if (index !== undefined) bound.set(column.field, { index, read: cellReader(spec, column.field) });
  }
  for (const required of ['name', 'quantity'] as const) {
    if (!bound.has(required)) {
      const column = spec.columns.find((c) => c.field === required);
      throw new FormatError(
        `${spec.label} CSV needs a ${show(column?.header ?? required)} column; the header has: ${clip(header.join(', ')) || '(nothing)'}`,
      );
    }
  }
  // An explicit currency column must win over a symbol in the price cell: read it last.
  const bindings = [...bound.entries()]
    .sort(([a], [b]) => Number(a === 'purchaseCurrency') - Number(b === 'purchaseCurrency'))
    .map(([, binding]) => binding);
  const width = header.length;
  const afterRead = spec.afterRead;

  const rows: CollectionRow[] = [];
  const errors: RowError[] = [];
  const fail = (record: CsvRecord, message: string, field?: string): void => {
    const error: RowError = { line: record.line, message, raw: clip(record.raw()) };
    if (field !== undefined) error.field = field;
    errors.push(error);
  };

  const read = (record: CsvRecord): void => {
    if (record.problem !== undefined) {
      fail(record, record.problem);
      return;
    }
    const cells = record.cells;
    for (let i = 0; i < cells.length; i++) {
      const length = (cells[i] as string).length;
      if (length > LIMITS.formatCell.max) {
        const column = header[i] ?? `column ${i + 1}`;
        fail(
          record,
          `${show(column)} on line ${record.line} is ${count(length)} characters long; a cell has at most ${count(LIMITS.formatCell.max)}`,
        );
        return;
      }
    }
    if (cells.length > width && cells.slice(width).some((c) => c.trim() !== '')) {
      fail(
        record,
        `Row has ${cells.length} cells but the header has ${width} (is a value with a comma missing its quotes?)`,
      );
      return;
    }
    const row = emptyRow();
    for (const binding of bindings) {
      const problem = binding.read(cells[binding.index] ?? '', row);
      if (problem !== undefined) {
        fail(record, problem.message, problem.field);
        return;
      }
    }
    if (afterRead) {
      afterRead(row, (h) => {
        const i = indexOf(h);
        return i === undefined ? undefined : cells[i];
      });
    }
    if (row.name === '') {
      fail(record, 'Name is required', 'name');
      return;
    }
    const complete = row as CollectionRow;
    complete.line = record.line;
    rows.push(complete);
  };
  return { read, rows, errors };
}

function writeCell(spec: CsvFormatSpec, field: FieldKey, row: RowFields): string {
  switch (field) {
    case 'name':
      return spec.writeName ? spec.writeName(row) : row.name;
    case 'quantity':
      return String(row.quantity);
    case 'setCode':
      if (row.setCode === null) return '';
      return spec.setCodeCase === 'upper' ? row.setCode.toUpperCase() : row.setCode.toLowerCase();
    case 'setName':
      return row.setName ?? '';
    case 'collectorNumber':
      return row.collectorNumber ?? '';
    case 'language':
      return spec.language ? spec.language.write(row.language) : '';
    case 'finish':
      return spec.finish.write(row.finish);
    case 'condition':
      return row.condition !== null && spec.condition ? spec.condition.write(row.condition) : '';
    case 'scryfallId':
      return row.scryfallId ?? '';
    case 'mtgoId':
      return row.mtgoId === undefined ? '' : String(row.mtgoId);
    case 'purchasePrice':
      if (row.purchasePrice === null) return '';
      return spec.priceStyle === 'symbol'
        ? formatPriceWithCurrency(row.purchasePrice, row.purchaseCurrency)
        : formatAmount(row.purchasePrice);
    case 'purchaseCurrency':
      return row.purchaseCurrency ?? '';
    case 'tags':
      return row.tags.join(spec.tagSeparator ?? ',');
  }
}

/** The text before a format's records: its preamble line, if any, and its header line. */
export function writeHeader(spec: CsvFormatSpec): string {
  const newline = spec.newline ?? '\n';
  const fields = spec.columns.map((c) => c.header);
  // With no data, papaparse writes the header line and its line break.
  const header = Papa.unparse(
    { fields, data: [] },
    { quotes: spec.quotes ?? false, newline, delimiter: ',' },
  );
  return (spec.preamble === undefined ? '' : spec.preamble + newline) + header;
}

/** Rows as records of one format, each ending with the format's line break, without the header. */
export function writeRecords(spec: CsvFormatSpec, rows: readonly RowFields[]): string {
  if (rows.length === 0) return '';
  const data = rows.map((row) =>
    spec.columns.map((column) => {
      if (column.field !== undefined) return writeCell(spec, column.field, row);
      return column.write ? column.write(row) : '';
    }),
  );
  const newline = spec.newline ?? '\n';
  const options = { quotes: spec.quotes ?? false, newline, delimiter: ',', header: false };
  return Papa.unparse(data, options) + newline;
}

/** Writes rows in one format, with the site's header, quoting, line breaks and preamble. */
export function writeRows(spec: CsvFormatSpec, rows: readonly RowFields[]): string {
  return writeHeader(spec) + writeRecords(spec, rows);
}
