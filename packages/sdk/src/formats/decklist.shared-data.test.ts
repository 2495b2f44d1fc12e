/**
 * MTGO .dek files from /work/shared/data/mtgo-dek, and the card names of the Scryfall sample catalogue in
 * /work/shared/data/scryfall-json. Skipped, with a warning, when absent.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectEveryLineAccounted } from '../../test/decklist-lines.js';
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
      expect(back.rows.map((r) => [r.name, r.quantity, r.board, r.mtgoId])).toEqual(
        result.rows.map((r) => [r.name, r.quantity, r.board, r.mtgoId]),
      );
    });

    it(`${file}: every <Cards> item is a row or an error, and every line of its text renderings is accounted for`, () => {
      const text = readFileSync(path.join(DEK_DIR, file), 'utf8');
      const result = parseDecklist(text);
      expect(result.rows.length + result.errors.length).toBe(countCards(text).elements);
      expect(result.skipped).toEqual([]);
      expect(result.rows.every((r) => Number.isInteger(r.mtgoId))).toBe(true);
      for (const format of ['arena', 'mtgo', 'plain'] as const) {
        const rendered = writeDecklist(format, result.rows);
        // and with a title and separators, as pasted from a forum post
        for (const variant of [rendered, `${file}\n${'-'.repeat(20)}\n${rendered}\n\n=====\n`]) {
          const back = parseDecklist(variant, { format });
          expectEveryLineAccounted(variant, back);
          expect(back.errors).toEqual([]);
          expect(back.rows.map((r) => [r.name, r.quantity])).toEqual(
            result.rows.map((r) => [r.name, r.quantity]),
          );
        }
      }
      // hand-broken: an item with only CatID and Quantity, a name-less item, a quantity over the cap
      const broken = text
        .replace(/ Name="Swamp"/, '')
        .replace(/CatID="237" /, '')
        .replace(/ Name="Forest"/, '')
        .replace(/Quantity="1"( Sideboard="false" Name="Mountain")/, 'Quantity="99999"$1');
      const back = parseDecklist(broken);
      expect(back.rows.length + back.errors.length).toBe(countCards(text).elements);
      // the CatID-only item is a row that names its card by the MTGO catalogue id alone
      expect(back.rows[1]).toMatchObject({ name: '', mtgoId: 235, quantity: 1, board: 'main', line: 6 });
      expect(back.errors.map((e) => e.message)).toEqual([
        expect.stringMatching(/^Item 3 \(line 7\) has no Name and no CatID/),
        expect.stringMatching(/^Item 4 \(line 8\): the quantity must be a whole number from 1 to 999/),
      ]);
      // written back as a .dek, it is still a CatID-only item; the text syntaxes cannot name it
      const again = parseDecklist(writeDecklist('dek', back.rows));
      expect(again.errors).toEqual([]);
      expect(again.rows.map((r) => [r.name, r.mtgoId])).toEqual(back.rows.map((r) => [r.name, r.mtgoId]));
      expect(() => writeDecklist('arena', back.rows)).toThrow(/only MTGO catalogue id 235/);
    });
  }
});

const CATALOGUE_DIR = path.resolve(REPO_ROOT, '../shared/data/scryfall-json');
const HAS_CATALOGUE = existsSync(CATALOGUE_DIR);
if (!HAS_CATALOGUE && process.env.CI)
  throw new Error(`Shared data not found at ${CATALOGUE_DIR} (required in CI).`);
if (!HAS_CATALOGUE) console.warn(`formats: skipping catalogue name tests, ${CATALOGUE_DIR} does not exist`);

/** Every card name (and card face name) of the sample catalogue's card objects. */
function catalogueNames(): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(CATALOGUE_DIR).filter((f) => f.endsWith('.json'))) {
    const json: unknown = JSON.parse(readFileSync(path.join(CATALOGUE_DIR, file), 'utf8'));
    const list = Array.isArray(json) ? json : ((json as { cards?: unknown[] }).cards ?? []);
    for (const card of list as Array<{
      object?: string;
      name?: unknown;
      card_faces?: Array<{ name?: unknown }>;
    }>) {
      if (card?.object !== 'card' || typeof card.name !== 'string') continue;
      names.add(card.name);
      for (const face of card.card_faces ?? []) if (typeof face.name === 'string') names.add(face.name);
    }
  }
  return [...names];
}

describe.skipIf(!HAS_CATALOGUE)('sample catalogue card names', () => {
  const names = HAS_CATALOGUE ? catalogueNames() : [];

  it('has hundreds of names', () => expect(names.length).toBeGreaterThan(300));

  it('each name alone, without a quantity, is one card in a plain list (not a title, prose or separator)', () => {
    const lost = names.filter((name) => {
      const result = parseDecklist(name, { format: 'plain' });
      return result.rows.length !== 1 || result.rows[0]?.name !== name || result.rows[0]?.quantity !== 1;
    });
    expect(lost).toEqual([]);
  });

  it('every name, one a line, is a row, and so is each after a line with a quantity', () => {
    const text = names.join('\n');
    const result = parseDecklist(text, { format: 'plain' });
    expect(result.rows.map((r) => r.name)).toEqual(names);
    expectEveryLineAccounted(text, result);
    const mixed = names.map((name) => `4 Lightning Bolt\n${name}`).join('\n');
    const back = parseDecklist(mixed, { format: 'plain' });
    expect(back.rows.filter((r) => r.quantity === 1).map((r) => r.name)).toEqual(names);
    expectEveryLineAccounted(mixed, back);
  });
});
