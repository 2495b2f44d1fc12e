import type { DecklistFormat } from '../types.js';
import { hasQuantity, hasSetSuffix, hasXQuantity, sectionHeader } from './line.js';

const ARENA_HEADERS = /^(Deck|Commander|Companion|Sideboard|About)$/;

/**
 * Which decklist syntax a text is:
 * 1. dek — XML (`<?xml …` / `<Deck>`);
 * 2. plain — any "4x Name" line;
 * 3. mtgo — any "SB: " line;
 * 4. arena — an Arena section header (Deck/Commander/Companion/Sideboard/About) or a "(SET) 123" / "*F*" suffix;
 * 5. mtgo — every card line starts with a quantity;
 * 6. plain — otherwise (bare names).
 */
export function detectDecklistFormat(text: string): DecklistFormat {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (body.startsWith('<')) return 'dek';
  const lines = body
    .split(/\r\n|\n|\r/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !((l.startsWith('//') || l.startsWith('#')) && sectionHeader(l) === null));
  if (lines.some(hasXQuantity)) return 'plain';
  if (lines.some((l) => /^SB:/i.test(l))) return 'mtgo';
  if (lines.some((l) => ARENA_HEADERS.test(l) || hasSetSuffix(l))) return 'arena';
  const cards = lines.filter((l) => sectionHeader(l) === null);
  if (cards.length > 0 && cards.every(hasQuantity)) return 'mtgo';
  return 'plain';
}
