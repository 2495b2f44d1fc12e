/** MTGO .dek files from /work/shared/data/mtgo-dek. Skipped, with a warning, when absent. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectDecklistFormat, parseDecklist, writeDecklist } from './index.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const DEK_DIR = path.resolve(REPO_ROOT, '../shared/data/mtgo-dek');
const HAS_DATA = existsSync(DEK_DIR);
// CI must never pass by skipping: there the shared data is required.
if (!HAS_DATA && process.env.CI) throw new Error(`Shared data not found at ${DEK_DIR} (required in CI).`);
if (!HAS_DATA) console.warn(`formats: skipping .dek tests, ${DEK_DIR} does not exist`);

/** Counted from the XML text itself, without the parser: <Cards> elements and the sum of Quantity. */
function countCards(text: string): { elements: number; copies: number; sideboard: number } {
  const elements = text.match(/<Cards\s[^>]*>/g) ?? [];
  let copies = 0;
  for (const el of elements) copies += Number(/Quantity="(\d+)"/.exec(el)?.[1] ?? Number.NaN);
  const sideboard = elements.filter((el) => el.includes('Sideboard="true"')).length;
  return { elements: elements.length, copies, sideboard };
}

describe.skipIf(!HAS_DATA)('MTGO .dek files', () => {
  const files = HAS_DATA ? readdirSync(DEK_DIR).filter((f) => f.endsWith('.dek')) : [];

  it('has the three files', () => expect(files).toHaveLength(3));

  for (const file of files) {
    it(`${file} parses with no errors and the right card counts`, () => {
      const text = readFileSync(path.join(DEK_DIR, file), 'utf8');
      const expected = countCards(text);
      const nominal = Number(/(\d+)cards/.exec(file)?.[1]);
      expect(expected.elements).toBe(nominal);
      expect(detectDecklistFormat(text)).toBe('dek');
      const result = parseDecklist(text);
      expect(result.format).toBe('dek');
      expect(result.errors).toEqual([]);
      expect(result.rows).toHaveLength(nominal);
      expect(result.rows.reduce((n, r) => n + r.quantity, 0)).toBe(expected.copies);
      expect(result.rows.filter((r) => r.board === 'side')).toHaveLength(expected.sideboard);
      expect(result.rows[0]).toMatchObject({ name: 'Event Ticket', quantity: 391, board: 'main', line: 5 });
      // every row's line holds that card's element
      const lines = text.split('\n');
      for (const row of result.rows) {
        const name = row.name.replace(' // ', '/').replace('&', '&amp;');
        expect(lines[row.line - 1]).toContain(`Name="${name}"`);
      }
      const back = parseDecklist(writeDecklist('dek', result.rows));
      expect(back.rows.map((r) => [r.name, r.quantity, r.board])).toEqual(
        result.rows.map((r) => [r.name, r.quantity, r.board]),
      );
    });
  }
});
