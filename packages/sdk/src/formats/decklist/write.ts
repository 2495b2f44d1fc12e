import type { Board, DeckRow } from '../types.js';
import { BOARD_HEADERS, BOARD_ORDER, toMtgoName } from './line.js';

export type DeckRowInput = Omit<DeckRow, 'line'> & { line?: number };

function byBoard(rows: readonly DeckRowInput[]): Map<Board, DeckRowInput[]> {
  const groups = new Map<Board, DeckRowInput[]>();
  for (const row of rows) {
    const group = groups.get(row.board);
    if (group) group.push(row);
    else groups.set(row.board, [row]);
  }
  return groups;
}

/** An Arena line: quantity, name, `(SET) number` when the row has a set, `*F*` or `*E*`. */
export function arenaLine(row: DeckRowInput): string {
  let line = `${row.quantity} ${row.name}`;
  if (row.setCode !== null) {
    line += ` (${row.setCode.toUpperCase()})`;
    if (row.collectorNumber !== null) line += ` ${row.collectorNumber}`;
  }
  if (row.finish === 'foil') line += ' *F*';
  else if (row.finish === 'etched') line += ' *E*';
  return line;
}

/** Arena export: a header per non-empty section (Commander, Companion, Deck, Sideboard, Maybeboard). */
export function writeArena(rows: readonly DeckRowInput[]): string {
  const groups = byBoard(rows);
  const sections: string[] = [];
  for (const board of BOARD_ORDER) {
    const group = groups.get(board);
    if (group) sections.push([BOARD_HEADERS[board], ...group.map(arenaLine)].join('\n'));
  }
  return sections.length === 0 ? '' : `${sections.join('\n\n')}\n`;
}

/** An MTGO text line: quantity and name, a split card as "Fire/Ice". */
export const mtgoLine = (row: DeckRowInput): string => `${row.quantity} ${toMtgoName(row.name)}`;

/** A plain list line: "4x Name". */
export const plainLine = (row: DeckRowInput): string => `${row.quantity}x ${row.name}`;

/**
 * MTGO text: main deck, a blank line, then the sideboard. MTGO keeps commander and companion in the
 * sideboard; it has no maybeboard, so maybeboard cards are not written. Split cards as "Fire/Ice".
 * Without a main deck, sideboard lines carry MTGO's "SB: " prefix (a leading blank line would not
 * start a sideboard when read back).
 */
export function writeMtgo(rows: readonly DeckRowInput[]): string {
  const main = rows.filter((r) => r.board === 'main').map(mtgoLine);
  const side = rows.filter((r) => r.board !== 'main' && r.board !== 'maybe').map(mtgoLine);
  const parts =
    side.length === 0 ? main : main.length === 0 ? side.map((l) => `SB: ${l}`) : [...main, '', ...side];
  return parts.length === 0 ? '' : `${parts.join('\n')}\n`;
}

/** Plain list: "4x Name", main deck first, other boards under a header line. */
export function writePlain(rows: readonly DeckRowInput[]): string {
  const groups = byBoard(rows);
  const sections: string[] = [];
  for (const board of ['main', ...BOARD_ORDER.filter((b) => b !== 'main')] as const) {
    const group = groups.get(board);
    if (!group) continue;
    const lines = group.map(plainLine);
    sections.push((board === 'main' ? lines : [BOARD_HEADERS[board], ...lines]).join('\n'));
  }
  return sections.length === 0 ? '' : `${sections.join('\n\n')}\n`;
}
