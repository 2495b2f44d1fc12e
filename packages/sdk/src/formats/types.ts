import type {
  BoardValue,
  CollectionFormatValue,
  ConditionValue,
  DecklistFormatValue,
  FinishValue,
  SkipReasonValue,
} from '../contract/values.js';

/** Printing finish, as Scryfall names them. */
export type Finish = FinishValue;

/** TCGplayer-style condition grades (Mint … Damaged). */
export type Condition = ConditionValue;

/** One line of a collection, independent of the site it came from. */
export interface CollectionRow {
  /**
   * Full card name; double-faced cards as "Front // Back" when the source gives it. Empty only for
   * a row read from an MTGO .dek item that gives a CatID and no Name (then `mtgoId` is set).
   */
  name: string;
  /** MTGO catalogue id (a .dek item's CatID, an MTGO CSV's "ID #"), when the source gives one. */
  mtgoId?: number;
  /** Lowercase set code as the source gives it (Scryfall codes for Scryfall-aligned sites). */
  setCode: string | null;
  setName: string | null;
  collectorNumber: string | null;
  /** Scryfall language code: en, fr, de, es, it, pt, ja, ko, ru, zhs, zht, ph, … (default 'en'). */
  language: string;
  finish: Finish;
  /** Positive integer. */
  quantity: number;
  condition: Condition | null;
  scryfallId: string | null;
  purchasePrice: number | null;
  /** ISO 4217 code ('USD', 'EUR', …) when the source says which currency the price is in. */
  purchaseCurrency: string | null;
  tags: string[];
  /** 1-based line number in the source text where this record starts. */
  line: number;
}

/** A source record that could not become a row. */
export interface RowError {
  /** 1-based line number in the source text. */
  line: number;
  message: string;
  /** Canonical field name the problem is about (e.g. 'quantity'), when there is one. */
  field?: string;
  /** The record as it appears in the source. */
  raw: string;
}

/** A collection CSV format (the contract's COLLECTION_FORMATS). */
export type CollectionFormat = CollectionFormatValue;

export interface CollectionParseResult {
  format: CollectionFormat;
  rows: CollectionRow[];
  errors: RowError[];
}

export type Board = BoardValue;

export interface DeckRow {
  /**
   * The card's name. Empty only for a .dek item that gives a CatID and no Name: such a row names its
   * card by `mtgoId` alone (the text formats cannot write it; `.dek` writes it back as it came).
   */
  name: string;
  quantity: number;
  /**
   * MTGO catalogue id (a .dek item's CatID), when the source gives one: the printing whose Scryfall
   * `mtgo_id` it is, or its foil when it is the printing's `mtgo_foil_id`.
   */
  mtgoId?: number;
  setCode: string | null;
  collectorNumber: string | null;
  finish: Finish;
  board: Board;
  line: number;
}

/** A decklist format (the contract's DECKLIST_FORMATS). */
export type DecklistFormat = DecklistFormatValue;

/**
 * Why a decklist line is neither a card nor an error: blank; a comment ("// …", "# …"); a section
 * header ("Sideboard", "Creatures (20)"); the deck's title ("Deck: Burn", Arena's "Name …", or a first
 * line without a quantity before lines with one); a separator ("---", "====="); or prose ("Here is my
 * list.").
 */
export type SkipReason = SkipReasonValue;

/** A source line the decklist parser read and left out on purpose. */
export interface SkippedLine {
  /** 1-based line number in the source text. */
  line: number;
  reason: SkipReason;
  /** The line as it appears in the source (cut to 500 characters); a blank run's first line. */
  raw: string;
  /**
   * How many consecutive lines, from `line` on, this entry stands for: set on a run of two or more
   * blank lines (absent means 1), so 200,000 line breaks are one entry rather than 200,000.
   */
  count?: number;
}

/**
 * A parsed decklist. In the text formats every source line is in exactly one of `rows` (by their
 * `line`), `errors` or `skipped` (a final line break does not start another line), so lines read =
 * rows + errors + the skipped entries' `count ?? 1`; in a .dek, every `<Cards>` item is a row or an
 * error and `skipped` is empty.
 */
export interface DecklistParseResult {
  format: DecklistFormat;
  rows: DeckRow[];
  errors: RowError[];
  skipped: SkippedLine[];
}
