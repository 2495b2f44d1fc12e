import type { Board, Finish } from '../types.js';

/** A parsed card line, before it gets a board and a line number. */
export interface CardLine {
  quantity: number | null;
  name: string;
  setCode: string | null;
  collectorNumber: string | null;
  finish: Finish;
}

// Every function here scans its line once, left to right or right to left: no regular expression
// that can backtrack, so a hostile line costs time in proportion to its length (the callers also cap
// a line's length, see LIMITS.formatLine).

const isSpace = (c: number): boolean =>
  c === 32 || c === 9 || c === 11 || c === 12 || c === 0xa0 || c === 0xfeff || (c >= 0x2000 && c <= 0x200a);
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isAlnum = (c: number): boolean => isDigit(c) || isLetter(c);

/** End of the leading quantity ("4", "4x", "4X") and the start of what follows its spaces, or null. */
function leadingQuantity(text: string): { digits: string; x: boolean; rest: number } | null {
  let i = 0;
  while (i < text.length && isDigit(text.charCodeAt(i))) i++;
  if (i === 0) return null;
  const digits = text.slice(0, i);
  let x = false;
  if (text[i] === 'x' || text[i] === 'X') {
    x = true;
    i++;
  }
  if (i >= text.length || !isSpace(text.charCodeAt(i))) return null;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return { digits, x, rest: i };
}

/** Index after the last non-space character before `end`, not below `start`. */
function trimEndIndex(text: string, start: number, end: number): number {
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return end;
}

/**
 * Start of a set code written as `(SET)` ending at `end` (exclusive), with 2 to 8 letters, digits, `-`
 * or `_` (sites' own codes: MTGGoldfish's "Y22-MID", Deckbox's "EX_127") and a space before it; -1
 * otherwise. Looks at no more than ten characters.
 */
function setCodeStart(text: string, start: number, end: number): number {
  if (end - start < 5 || text.charCodeAt(end - 1) !== 41) return -1; // ")"
  let i = end - 2;
  const stop = Math.max(start, end - 10);
  while (i > stop && (isAlnum(text.charCodeAt(i)) || text.charCodeAt(i) === 45 || text.charCodeAt(i) === 95))
    i--;
  const length = end - 2 - i;
  if (text.charCodeAt(i) !== 40 || length < 2 || length > 8) return -1; // "("
  if (i - 1 < start || !isSpace(text.charCodeAt(i - 1))) return -1;
  return i;
}

/** The card line's parts, found from its end: finish markers, then `(SET) [number]`. */
function suffix(
  text: string,
  start: number,
): {
  nameEnd: number;
  setCode: string | null;
  collectorNumber: string | null;
  finish: Finish;
} {
  let end = trimEndIndex(text, start, text.length);
  let finish: Finish = 'nonfoil';
  let etched = false;
  let foil = false;
  // " *F*", " *E*", " *Foil*" …, repeated: each pass removes one marker and its spaces.
  for (;;) {
    if (end - start < 4 || text.charCodeAt(end - 1) !== 42) break; // "*"
    let i = end - 2;
    while (i > start && isLetter(text.charCodeAt(i))) i--;
    if (i === end - 2 || text.charCodeAt(i) !== 42 || i - 1 < start || !isSpace(text.charCodeAt(i - 1)))
      break;
    const word = text.slice(i + 1, end - 1).toUpperCase();
    if (word === 'E') etched = true;
    else if (word === 'F') foil = true;
    end = trimEndIndex(text, start, i);
  }
  if (etched) finish = 'etched';
  else if (foil) finish = 'foil';

  let setCode: string | null = null;
  let collectorNumber: string | null = null;
  const open = setCodeStart(text, start, end);
  if (open !== -1) {
    setCode = text.slice(open + 1, end - 1).toLowerCase();
    end = trimEndIndex(text, start, open);
  } else {
    // "(SET) number": the last word, when it holds no "*", "(" or ")" and a set code comes before it.
    let i = end;
    while (i > start) {
      const c = text.charCodeAt(i - 1);
      if (isSpace(c) || c === 42 || c === 40 || c === 41) break;
      i--;
    }
    if (i < end && i > start && isSpace(text.charCodeAt(i - 1))) {
      const before = trimEndIndex(text, start, i);
      const codeAt = setCodeStart(text, start, before);
      if (codeAt !== -1) {
        setCode = text.slice(codeAt + 1, before - 1).toLowerCase();
        collectorNumber = text.slice(i, end);
        end = trimEndIndex(text, start, codeAt);
      }
    }
  }
  return { nameEnd: end, setCode, collectorNumber, finish };
}

/** "Fire  //  Ice", "Fire /// Ice" → "Fire // Ice"; runs of spaces become one. */
export function normalizeName(name: string): string {
  const words = name.split(/\s+/).filter((w) => w !== '');
  return words.map((w) => (w === '//' || w === '///' ? '//' : w)).join(' ');
}

export const hasXQuantity = (line: string): boolean => leadingQuantity(line)?.x === true;
export const hasQuantity = (line: string): boolean => {
  const q = leadingQuantity(line);
  return q !== null && q.rest < line.length;
};
export const hasSetSuffix = (line: string): boolean => {
  const s = suffix(line, 0);
  return s.setCode !== null || s.finish !== 'nonfoil';
};

/**
 * A decklist line: `[qty[x]] name [(SET) [number]] [*F*|*E*]` — "4 Lightning Bolt (M10) 146 *F*",
 * "4x Lightning Bolt", "Lightning Bolt", "1 Sol Ring (CMM) 400 *E*". Null when no name is left.
 */
export function parseCardLine(line: string): CardLine | null {
  const text = line.trim();
  const q = leadingQuantity(text);
  const start = q?.rest ?? 0;
  const { nameEnd, setCode, collectorNumber, finish } = suffix(text, start);
  const name = normalizeName(text.slice(start, nameEnd));
  if (name === '') return null;
  return {
    quantity: q === null ? null : Number(q.digits),
    name,
    setCode,
    collectorNumber,
    finish,
  };
}

/** The longest header a decklist uses ("// Sideboard (15):" and the like); longer lines are cards. */
const MAX_HEADER = 40;

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

/**
 * The letters of a header line, lowercased and without spaces ("// Sideboard (15):" → "sideboard"),
 * or null when the line cannot be a header (too long, other characters).
 */
function headerKey(line: string): string | null {
  let text = line.trim();
  if (text.length > MAX_HEADER) return null;
  if (text.startsWith('//')) text = text.slice(2).trim();
  if (text.endsWith(':')) text = text.slice(0, -1).trim();
  // "(12)" at the end
  if (text.endsWith(')')) {
    const open = text.lastIndexOf('(');
    if (open === -1) return null;
    const count = text.slice(open + 1, -1);
    if (count === '' || ![...count].every((c) => isDigit(c.charCodeAt(0)))) return null;
    text = text.slice(0, open).trim();
  }
  if (text.endsWith(':')) text = text.slice(0, -1).trim();
  if (text === '' || !isLetter(text.charCodeAt(0))) return null;
  let key = '';
  for (const c of text) {
    if (c === ' ') continue;
    if (!isLetter(c.charCodeAt(0))) return null;
    key += c.toLowerCase();
  }
  return key;
}

/**
 * The board a section header names ('about' for Arena's metadata section), or null for other lines:
 * "Deck", "Sideboard:", "// Sideboard", "Commander (1)", "Maybeboard", "Main Deck".
 */
export function sectionHeader(line: string): Board | 'about' | null {
  const key = headerKey(line);
  return key === null ? null : (BOARD_WORDS[key] ?? null);
}

/** Card-type groups that sites write between a deck's cards; no card has one of these names. */
const GROUP_WORDS: ReadonlySet<string> = new Set([
  'creature',
  'creatures',
  'land',
  'lands',
  'instant',
  'instants',
  'sorcery',
  'sorceries',
  'artifact',
  'artifacts',
  'enchantment',
  'enchantments',
  'planeswalker',
  'planeswalkers',
  'battle',
  'battles',
  'spell',
  'spells',
  'other',
]);

/**
 * Whether a line is a card-type group header ("Creatures (20)", "Lands:", "// Instants"): it names
 * no board, so the cards after it stay on the current one.
 */
export function groupHeader(line: string): boolean {
  const key = headerKey(line);
  return key !== null && GROUP_WORDS.has(key);
}

const isBoxDrawing = (c: number): boolean => c >= 0x2500 && c <= 0x257f;
const isRuleChar = (c: number): boolean =>
  c === 45 || c === 61 || c === 95 || c === 42 || c === 126 || c === 35 || isBoxDrawing(c); // - = _ * ~ #

/** A line drawn as a rule: at least 3 of `-`, `=`, `_`, `*`, `~`, `#` or box-drawing characters, and spaces. */
export function isSeparator(line: string): boolean {
  let marks = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (isRuleChar(c)) marks++;
    else if (!isSpace(c)) return false;
  }
  return marks >= 3;
}

/** Title labels: "Deck: …", "Name: …", "Title: …", "Deck name: …" (case and spaces before ":" ignored). */
const TITLE_LABELS: ReadonlySet<string> = new Set(['deck', 'name', 'title', 'deckname']);

/** Whether a line is a labelled deck title such as "Deck: Mono Red" or "Title: Burn". */
export function isTitleLabel(line: string): boolean {
  const colon = line.indexOf(':');
  if (colon < 1 || colon > 12) return false;
  let key = '';
  for (let i = 0; i < colon; i++) {
    const c = line.charCodeAt(i);
    if (isSpace(c)) continue;
    if (!isLetter(c)) return false;
    key += line[i]?.toLowerCase();
  }
  return TITLE_LABELS.has(key);
}

/** Words longer than this make a line prose: the longest usual card names have about ten. */
const PROSE_WORDS = 12;

const startsLower = (word: string): boolean => {
  const first = word[0] ?? '';
  return first !== first.toUpperCase();
};

/**
 * Whether a line without a quantity reads as prose rather than a card name: more than 12 words; or a
 * sentence's end (".", "!", "?") unless every word starts with a capital (Un-set names such as
 * "Ach! Hans, Run!"); or a ":" that is not followed by a space and a capital (card names such as
 * "Circle of Protection: White" keep theirs).
 */
export function isProse(line: string): boolean {
  const text = line.trim();
  const words = text.split(/\s+/);
  if (words.length > PROSE_WORDS) return true;
  const last = text[text.length - 1];
  if ((last === '.' || last === '!' || last === '?') && words.some(startsLower)) return true;
  for (let colon = text.indexOf(':'); colon !== -1; colon = text.indexOf(':', colon + 1)) {
    const next = text[colon + 2] ?? '';
    if (!isSpace(text.charCodeAt(colon + 1)) || next === '' || next === next.toLowerCase()) return true;
  }
  return false;
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
