import { LIMITS } from '../../contract/limits.js';
import { clip, count, show } from '../show.js';
import type { Board, DeckRow, RowError, SkippedLine, SkipReason } from '../types.js';
import {
  fromMtgoName,
  groupHeader,
  hasQuantity,
  isProse,
  isSeparator,
  isTitleLabel,
  parseCardLine,
  sectionHeader,
} from './line.js';

export type TextFormat = 'arena' | 'mtgo' | 'plain';

const LINE_BREAK = /\r\n|\n|\r/;
const SB_PREFIX = /^SB:\s*/i;

/** The source's lines: a final line break ends the last line rather than starting an empty one. */
export function decklistLines(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(LINE_BREAK);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

const isComment = (trimmed: string): boolean => trimmed.startsWith('//') || trimmed.startsWith('#');

/** A quantity error that names the line and the limit. */
function quantityError(line: number, got: string, raw: string): RowError {
  const { min, max } = LIMITS.deckQuantity;
  return {
    line,
    field: 'quantity',
    message: `Line ${line}: the quantity must be a whole number from ${min} to ${count(max)} (copies of a card on one decklist line), got ${show(got)}`,
    raw: clip(raw),
  };
}

/**
 * Reads Arena, MTGO and plain decklists. They share one line grammar
 * (`[qty[x]] name [(SET) [number]] [*F*|*E*]`) and differ in their rules:
 * - arena: quantity required; section headers (Deck/Commander/Companion/Sideboard; "About"/"Name …"
 *   metadata is skipped as the title); without any header, a blank line starts the sideboard.
 * - mtgo: quantity required; "SB: " prefix or a blank line starts the sideboard; "Fire/Ice" is a split card.
 * - plain: quantity optional ("4x Name", "4 Name", "Name"); section headers as in arena. A line without
 *   a quantity is prose when it reads as a sentence (see isProse), otherwise one copy of that card.
 * In every format, separators ("---"), comments, type-group headers ("Creatures (20)"), labelled titles
 * ("Deck: Burn") and a first line without a quantity before card lines with one (a title) are skipped.
 * Every line ends up in exactly one of rows, errors and skipped (a run of blank lines is one skipped
 * entry with a `count`).
 */
export function parseTextDecklist(
  text: string,
  format: TextFormat,
): { rows: DeckRow[]; errors: RowError[]; skipped: SkippedLine[] } {
  const rows: DeckRow[] = [];
  const errors: RowError[] = [];
  const skipped: SkippedLine[] = [];
  const lines = decklistLines(text);
  let board: Board = 'main';
  let sawHeader = false;
  let inAbout = false;
  let pendingBlank = false;
  /** Whether a line other than a blank, a comment or a separator came before. */
  let sawContent = false;

  const skip = (line: number, reason: SkipReason, raw: string): void => {
    skipped.push({ line, reason, raw: clip(raw) });
  };

  /** Whether the next line that could hold a card (after `index`) starts with a quantity. */
  const nextCardLineHasQuantity = (index: number): boolean => {
    for (let i = index + 1; i < lines.length; i++) {
      const trimmed = (lines[i] as string).trim();
      if (trimmed === '' || isSeparator(trimmed) || isComment(trimmed) || isTitleLabel(trimmed)) continue;
      if (sectionHeader(trimmed) !== null || groupHeader(trimmed)) continue;
      return hasQuantity(trimmed.replace(SB_PREFIX, ''));
    }
    return false;
  };

  lines.forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '') {
      pendingBlank = true;
      // A run of blank lines is one entry with a count: hostile input can hold hundreds of thousands.
      const last = skipped[skipped.length - 1];
      if (last?.reason === 'blank' && last.line + (last.count ?? 1) === line)
        last.count = (last.count ?? 1) + 1;
      else skip(line, 'blank', raw);
      return;
    }
    const blankBefore = pendingBlank;
    pendingBlank = false;
    if (trimmed.length > LIMITS.formatLine.max) {
      sawContent = true;
      errors.push({
        line,
        message: `Line ${line} is ${count(trimmed.length)} characters long; a decklist line has at most ${count(LIMITS.formatLine.max)}`,
        raw: clip(raw),
      });
      return;
    }
    if (isSeparator(trimmed)) {
      skip(line, 'separator', raw);
      return;
    }

    const header = sectionHeader(trimmed);
    if (header !== null) {
      sawContent = true;
      sawHeader = true;
      inAbout = header === 'about';
      if (header !== 'about') board = header;
      skip(line, 'header', raw);
      return;
    }
    if (groupHeader(trimmed)) {
      sawContent = true;
      skip(line, 'header', raw);
      return;
    }
    if (isComment(trimmed)) {
      skip(line, 'comment', raw);
      return;
    }
    const firstContent = !sawContent;
    sawContent = true;
    if (inAbout) {
      // Arena "About" section: "Name My Deck". A card line ends the section.
      if (!hasQuantity(trimmed)) {
        skip(line, 'title', raw);
        return;
      }
      inAbout = false;
    }
    if (isTitleLabel(trimmed)) {
      skip(line, 'title', raw);
      return;
    }

    let body = trimmed;
    let lineBoard = board;
    if (SB_PREFIX.test(body)) {
      body = body.replace(SB_PREFIX, '');
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
    if (card.quantity === null) {
      if (firstContent && lineBoard === board && nextCardLineHasQuantity(index)) {
        skip(line, 'title', raw);
        return;
      }
      if (format !== 'plain') {
        errors.push({
          line,
          field: 'quantity',
          message: `Expected "<quantity> <card name>" (e.g. "4 ${card.name}"), got ${show(trimmed)}`,
          raw: clip(raw),
        });
        return;
      }
      const first = body.charCodeAt(0);
      if (first >= 48 && first <= 57) {
        // "1,000 Island", "4Island", "2.5 Opt": a quantity the grammar does not read, not a card name
        errors.push(quantityError(line, body.split(/\s/, 1)[0] ?? body, raw));
        return;
      }
      if (isProse(body)) {
        skip(line, 'prose', raw);
        return;
      }
    }
    const quantity = card.quantity ?? 1;
    const { min, max } = LIMITS.deckQuantity;
    if (!Number.isSafeInteger(quantity) || quantity < min || quantity > max) {
      errors.push(quantityError(line, /^\d+/.exec(body)?.[0] ?? String(quantity), raw));
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
  return { rows, errors, skipped };
}
