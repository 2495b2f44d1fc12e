import type { Board, Finish } from '../types.js';

/** A parsed card line, before it gets a board and a line number. */
export interface CardLine {
  quantity: number | null;
  name: string;
  setCode: string | null;
  collectorNumber: string | null;
  finish: Finish;
}

// "4 Lightning Bolt (M10) 146 *F*", "4x Lightning Bolt", "Lightning Bolt", "1 Sol Ring (CMM) 400 *E*"
const CARD_LINE =
  /^(?:(\d+)[xX]?\s+)?(.+?)(?:\s+\(([A-Za-z0-9]{2,8})\)(?:\s+([^\s*()]+))?)?((?:\s+\*[A-Za-z]+\*)*)\s*$/;
const QUANTITY_X = /^\d+[xX]\s/;
const SET_SUFFIX = /\s\([A-Za-z0-9]{2,8}\)(?:\s+[^\s*()]+)?(?:\s+\*[A-Za-z]+\*)*\s*$/;

export const hasXQuantity = (line: string): boolean => QUANTITY_X.test(line);
export const hasSetSuffix = (line: string): boolean => SET_SUFFIX.test(line) || /\*[FE]\*\s*$/.test(line);
export const hasQuantity = (line: string): boolean => /^\d+[xX]?\s+\S/.test(line);

export function parseCardLine(text: string): CardLine | null {
  const m = CARD_LINE.exec(text.trim());
  if (m === null) return null;
  const [, qty, name = '', set, number, markers = ''] = m;
  let finish: Finish = 'nonfoil';
  if (/\*E\*/i.test(markers)) finish = 'etched';
  else if (/\*F\*/i.test(markers)) finish = 'foil';
  return {
    quantity: qty === undefined ? null : Number(qty),
    name: name.trim().replace(/\s+\/\/\/?\s+/g, ' // '),
    setCode: set === undefined ? null : set.toLowerCase(),
    collectorNumber: number ?? null,
    finish,
  };
}

/** Section header lines: "Deck", "Sideboard:", "// Sideboard", "Commander (1)", "Maybeboard", … */
const HEADER = /^(?:\/\/\s*)?([A-Za-z][A-Za-z ]*?)\s*:?\s*(?:\(\d+\))?\s*$/;

const BOARD_WORDS: Readonly<Record<string, Board | 'about'>> = {
  deck: 'main',
  main: 'main',
  maindeck: 'main',
  mainboard: 'main',
  commander: 'commander',
  commanders: 'commander',
  companion: 'companion',
  sideboard: 'side',
  side: 'side',
  maybeboard: 'maybe',
  maybe: 'maybe',
  considering: 'maybe',
  about: 'about',
};

/** The board a header line names ('about' for Arena's metadata section), or null for other lines. */
export function sectionHeader(line: string): Board | 'about' | null {
  const m = HEADER.exec(line.trim());
  if (m?.[1] === undefined) return null;
  return BOARD_WORDS[m[1].toLowerCase().replace(/\s+/g, '')] ?? null;
}

/** The header word each format writes for a board. */
export const BOARD_HEADERS: Readonly<Record<Board, string>> = {
  commander: 'Commander',
  companion: 'Companion',
  main: 'Deck',
  side: 'Sideboard',
  maybe: 'Maybeboard',
};

// single-source: the order boards are written in a decklist, not the set of boards
export const BOARD_ORDER: readonly Board[] = ['commander', 'companion', 'main', 'side', 'maybe'];

/** MTGO writes split cards as "Fire/Ice"; canonical names are "Fire // Ice". */
export const fromMtgoName = (name: string): string => name.replace(/(\S)\/(?=\S)/g, '$1 // ');
export const toMtgoName = (name: string): string => name.split(' // ').join('/');
