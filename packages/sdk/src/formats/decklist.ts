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

/**
 * Writes a decklist in the given syntax. A row without a name (a .dek item read with only its CatID)
 * can be written only as a .dek: the text syntaxes name every card, so they throw for it.
 */
export function writeDecklist(format: DecklistFormat, rows: readonly DeckRowInput[]): string {
  if (format !== 'dek') {
    const nameless = rows.find((row) => row.name.trim() === '');
    if (nameless)
      throw new Error(
        `A ${format} decklist names every card, but a row has no name${nameless.mtgoId === undefined ? '' : ` (only MTGO catalogue id ${nameless.mtgoId})`}: write it as a .dek, or give it the card's name`,
      );
  }
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

/** A deck's line as the contract's `DeckCard` gives it: the printing, when the name resolved to one. */
export interface DeckCardLike {
  name: string;
  quantity: number;
  board: DeckRowInput['board'];
  card: { set: string; collector_number: string } | null;
}

/**
 * A deck's cards as decklist rows, in the deck's order: a card with a printing keeps its set and
 * collector number; an unresolved line keeps the name the deck has for it. Deck cards have no finish.
 */
export const deckRows = (cards: readonly DeckCardLike[]): DeckRowInput[] =>
  cards.map((c) => ({
    name: c.name,
    quantity: c.quantity,
    setCode: c.card?.set ?? null,
    collectorNumber: c.card?.collector_number ?? null,
    finish: 'nonfoil',
    board: c.board,
  }));

/**
 * Writes a deck (the contract's `Deck`, or anything with its `cards`) as a decklist that imports back
 * into the same deck: Arena keeps every board and printing; plain text keeps names and boards; MTGO
 * keeps names, and puts commander and companion in the sideboard (MTGO has no section for them) and
 * leaves out the maybeboard.
 */
export const writeDeck = (format: DecklistFormat, deck: { cards: readonly DeckCardLike[] }): string =>
  writeDecklist(format, deckRows(deck.cards));
