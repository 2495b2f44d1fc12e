import type { ConditionVocab } from '../normalize/condition.js';
import type { FinishVocab } from '../normalize/finish.js';
import type { LanguageVocab } from '../normalize/language.js';
import type { CollectionFormat, CollectionRow } from '../types.js';

/** Canonical fields a CSV column can carry. */
export type FieldKey =
  | 'name'
  | 'setCode'
  | 'setName'
  | 'collectorNumber'
  | 'language'
  | 'finish'
  | 'quantity'
  | 'condition'
  | 'scryfallId'
  | 'mtgoId'
  | 'purchasePrice'
  | 'purchaseCurrency'
  | 'tags';

/** The row fields a parser fills from columns (everything but the source line). */
export type RowFields = Omit<CollectionRow, 'line'>;

export interface Column {
  /** Header as the site writes it. */
  header: string;
  /** Other header spellings accepted on read (compared case-insensitively, like `header`). */
  aliases?: readonly string[];
  /** The canonical field this column carries. Columns without one are written empty (or `write`). */
  field?: FieldKey;
  /** Value written for a column we do not model, or a derived value (TCGplayer's "Simple Name"). */
  write?: (row: RowFields) => string;
}

/** Reads a cell of the current record by header (case-insensitive); undefined when there is no column. */
export type CellLookup = (header: string) => string | undefined;

/**
 * One collection CSV format, described as data: its columns and vocabularies. The shared engine in
 * `engine.ts` reads and writes every format from this description.
 */
export interface CsvFormatSpec {
  format: CollectionFormat;
  /** Human name for messages ("Moxfield"). */
  label: string;
  /** Columns in the order they are written. */
  columns: readonly Column[];
  /** Lower-case headers that must all be present for `detectCollectionFormat` to pick this format. */
  signature: readonly string[];
  finish: FinishVocab;
  language?: LanguageVocab;
  condition?: ConditionVocab;
  /** How set codes are written (they are always read as lower case). */
  setCodeCase?: 'upper' | 'lower';
  /** How purchase prices are written: a plain amount, or with the currency symbol ("$0.20", Deckbox). */
  priceStyle?: 'plain' | 'symbol';
  /** A price of 0 means "not recorded" (DragonShield and Deckbox write 0.00 for unknown prices). */
  zeroPriceIsEmpty?: boolean;
  /** Separator for several tags in one cell. */
  tagSeparator?: string;
  /** papaparse `quotes`: quote every cell, or per column. */
  quotes?: boolean | boolean[];
  newline?: '\n' | '\r\n';
  /** A line written before the header (DragonShield's `"sep=,"`). */
  preamble?: string;
  /** Site-specific fix-ups after the columns have been read (may use other cells of the record). */
  afterRead?: (row: RowFields, cell: CellLookup) => void;
  /** Site-specific value for the name column on write. */
  writeName?: (row: RowFields) => string;
}
