/** Test helper: the line arithmetic of a parsed decklist. */
import { expect } from 'vitest';
import type { DecklistParseResult } from '../src/formats/index.js';

/** The source's lines as a reader counts them: a final line break starts no new line. */
export function linesRead(text: string): number {
  const parts = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  if (parts[parts.length - 1] === '') parts.pop();
  return parts.length;
}

/**
 * Lines read = rows' lines + errors + skipped lines (a blank run's entry counts its `count` lines), and
 * each line is in exactly one of them.
 */
export function expectEveryLineAccounted(text: string, result: DecklistParseResult): void {
  const n = linesRead(text);
  const skippedLines = result.skipped.reduce((sum, s) => sum + (s.count ?? 1), 0);
  expect(result.rows.length + result.errors.length + skippedLines).toBe(n);
  for (const s of result.skipped) if (s.count !== undefined) expect(s.reason).toBe('blank');
  const seen = [
    ...result.rows.map((r) => r.line),
    ...result.errors.map((e) => e.line),
    ...result.skipped.flatMap((s) => Array.from({ length: s.count ?? 1 }, (_, i) => s.line + i)),
  ].sort((a, b) => a - b);
  expect(seen.length).toBe(n);
  expect(seen.every((line, i) => line === i + 1)).toBe(true);
}
