/**
 * `@companion/sdk/formats`: pure parsers and writers of decklists (Arena, MTGO, plain text, `.dek`)
 * and collection exports (Moxfield, ManaBox, Deckbox, Archidekt, DragonShield, TCGplayer, …).
 *
 * @module @companion/sdk/formats
 */

/** The import formats that are decklists (the others are collection exports); from the contract. */
export { DECKLIST_FORMATS } from '../contract/values.js';
export {
  type CollectionRowInput,
  detectCollectionFormat,
  type ParseCollectionOptions,
  parseCollection,
  writeCollection,
} from './collection.js';
export {
  type DeckCardLike,
  type DeckRowInput,
  deckRows,
  detectDecklistFormat,
  type ParseDecklistOptions,
  parseDecklist,
  writeDeck,
  writeDecklist,
} from './decklist.js';
export { FormatError } from './errors.js';
export { type ExportWriter, exportWriter, writeExport } from './export.js';
export {
  type ImportFileFormat,
  type ImportParseResult,
  isDecklistFormat,
  type ParseImportOptions,
  parseImport,
} from './import.js';
export { CONDITIONS, normalizeCondition } from './normalize/condition.js';
export { normalizeFinish } from './normalize/finish.js';
export { LANGUAGES, languageName, normalizeLanguage } from './normalize/language.js';
export { type Price, parsePrice } from './normalize/price.js';
export type {
  Board,
  CollectionFormat,
  CollectionParseResult,
  CollectionRow,
  Condition,
  DecklistFormat,
  DecklistParseResult,
  DeckRow,
  Finish,
  RowError,
  SkippedLine,
  SkipReason,
} from './types.js';
