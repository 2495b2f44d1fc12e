import { LIMITS } from '../../contract/limits.js';
import { clip, count, show } from '../show.js';
import type { Board, DeckRow, RowError } from '../types.js';
import { fromMtgoName, parseCardLine, sectionHeader } from './line.js';

export type TextFormat = 'arena' | 'mtgo' | 'plain';

const LINE_BREAK = /\r\n|\n|\r/;

/**
 * Reads Arena, MTGO and plain decklists. They share one line grammar
 * (`[qty[x]] name [(SET) [number]] [*F*|*E*]`) and differ in their rules:
 * - arena: quantity required; section headers (Deck/Commander/Companion/Sideboard; "About"/"Name …"
 *   metadata is skipped); without any header, a blank line starts the sideboard.
 * - mtgo: quantity required; "SB: " prefix or a blank line starts the sideboard; "Fire/Ice" is a split card.
 * - plain: quantity optional ("4x Name", "4 Name", "Name"); section headers as in arena.
 */
export function parseTextDecklist(text: string, format: TextFormat): { rows: DeckRow[]; errors: RowError[] } {
  const rows: DeckRow[] = [];
  const errors: RowError[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(LINE_BREAK);
  let board: Board = 'main';
  let sawHeader = false;
  let inAbout = false;
  let pendingBlank = false;

  lines.forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '') {
      pendingBlank = true;
      return;
    }
    const blankBefore = pendingBlank;
    pendingBlank = false;
    if (trimmed.length > LIMITS.formatLine.max) {
      errors.push({
        line,
        message: `Line ${line} is ${count(trimmed.length)} characters long; a decklist line has at most ${count(LIMITS.formatLine.max)}`,
        raw: clip(raw),
      });
      return;
    }

    const header = sectionHeader(trimmed);
    if (header !== null) {
      sawHeader = true;
      inAbout = header === 'about';
      if (header !== 'about') board = header;
      return;
    }
    if (inAbout) return; // Arena "About" section: "Name My Deck"
    if (trimmed.startsWith('//') || trimmed.startsWith('#')) return; // comments

    let body = trimmed;
    let lineBoard = board;
    if (/^SB:\s*/i.test(body)) {
      body = body.replace(/^SB:\s*/i, '');
      lineBoard = 'side';
    } else if (blankBefore && !sawHeader && format !== 'plain' && board === 'main' && rows.length > 0) {
      board = 'side';
      lineBoard = 'side';
    }

    const card = parseCardLine(body);
    if (card === null || card.name === '') {
      errors.push({
        line,
        message: `Expected a card line such as "4 Lightning Bolt", got ${show(trimmed)}`,
        raw: clip(raw),
      });
      return;
    }
    if (card.quantity === null && format !== 'plain') {
      errors.push({
        line,
        field: 'quantity',
        message: `Expected "<quantity> <card name>" (e.g. "4 ${card.name}"), got ${show(trimmed)}`,
        raw: clip(raw),
      });
      return;
    }
    const quantity = card.quantity ?? 1;
    const { min, max } = LIMITS.deckQuantity;
    if (!Number.isSafeInteger(quantity) || quantity < min || quantity > max) {
      errors.push({
        line,
        field: 'quantity',
        message: `Quantity must be a whole number from ${min} to ${count(max)}, got ${card.quantity === null ? '' : show(String(quantity))}`,
        raw: clip(raw),
      });
      return;
    }
    rows.push({
      name: format === 'mtgo' ? fromMtgoName(card.name) : card.name,
      quantity,
      setCode: card.setCode,
      collectorNumber: card.collectorNumber,
      finish: card.finish,
      board: lineBoard,
      line,
    });
  });
  return { rows, errors };
}
