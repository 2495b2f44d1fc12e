/** What the decklist parser leaves out, and why: titles, separators, prose, comments, headers, blanks. */
import { describe, expect, it } from 'vitest';
import { expectEveryLineAccounted } from '../../test/decklist-lines.js';
import { type DecklistParseResult, parseDecklist } from './index.js';

const summary = (r: DecklistParseResult) => ({
  rows: r.rows.map((row) => [row.line, row.quantity, row.name, row.board]),
  errors: r.errors.map((e) => [e.line, e.field ?? null]),
  skipped: r.skipped.map((s) => [s.line, s.reason]),
});

describe('parseDecklist: skipped lines', () => {
  it('a title line and --- separators are skipped, not one-copy cards', () => {
    const text = 'Mono Red Burn\n---\n4 Lightning Bolt\n2 Opt\n=====\n\nSideboard\n2 Abrade\n';
    const result = parseDecklist(text);
    expect(result.format).toBe('arena'); // "Sideboard" is an Arena header
    expect(summary(parseDecklist(text, { format: 'plain' }))).toEqual(summary(result));
    expect(summary(parseDecklist(text, { format: 'mtgo' }))).toEqual(summary(result));
    expect(summary(result)).toEqual({
      rows: [
        [3, 4, 'Lightning Bolt', 'main'],
        [4, 2, 'Opt', 'main'],
        [8, 2, 'Abrade', 'side'],
      ],
      errors: [],
      skipped: [
        [1, 'title'],
        [2, 'separator'],
        [5, 'separator'],
        [6, 'blank'],
        [7, 'header'],
      ],
    });
    expect(result.skipped[0]).toEqual({ line: 1, reason: 'title', raw: 'Mono Red Burn' });
    expectEveryLineAccounted(text, result);
  });

  it('a run of blank lines is one entry with a count', () => {
    const text = '4 Opt\n\n  \n\t\n2 Duress\n\n1 Abrade\n\n\n';
    const result = parseDecklist(text, { format: 'plain' });
    expect(result.skipped).toEqual([
      { line: 2, reason: 'blank', raw: '', count: 3 },
      { line: 6, reason: 'blank', raw: '' },
      { line: 8, reason: 'blank', raw: '', count: 2 },
    ]);
    expectEveryLineAccounted(text, result);
    expect(parseDecklist('\n'.repeat(200_000)).skipped).toEqual([
      { line: 1, reason: 'blank', raw: '', count: 200_000 },
    ]);
  });

  it.each(['---', '===', '___', '***', '~~~~~~', '####', '- - - -', '──────────', '═══', '┼┼┼'])(
    '%j is a separator in every text format',
    (line) => {
      for (const format of ['arena', 'mtgo', 'plain'] as const) {
        const result = parseDecklist(`4 Lightning Bolt\n${line}\n2 Opt`, { format });
        expect(result.rows.map((r) => r.name)).toEqual(['Lightning Bolt', 'Opt']);
        expect(result.skipped).toEqual([{ line: 2, reason: 'separator', raw: line }]);
      }
    },
  );

  it('two rule characters are not a separator', () => {
    const result = parseDecklist('--\n4 Opt', { format: 'plain' });
    expect(result.skipped.map((s) => s.reason)).not.toContain('separator');
  });

  it.each(['Deck: My Deck', 'Name: Mono Red', 'Title: Burn', 'deck name: Burn', 'TITLE : Burn'])(
    '%j is a title in every text format',
    (line) => {
      for (const format of ['arena', 'mtgo', 'plain'] as const) {
        const result = parseDecklist(`${line}\n4 Lightning Bolt\n2 Opt`, { format });
        expect(summary(result).skipped).toEqual([[1, 'title']]);
        expect(result.rows).toHaveLength(2);
        expect(result.errors).toEqual([]);
      }
    },
  );

  it('a labelled title anywhere, and a first line without a quantity before quantities', () => {
    const result = parseDecklist('My deck!\n4 Lightning Bolt\nTitle: again\n2 Opt');
    expect(summary(result).skipped).toEqual([
      [1, 'title'],
      [3, 'title'],
    ]);
    expect(result.rows.map((r) => r.name)).toEqual(['Lightning Bolt', 'Opt']);
  });

  it('the first line is a title when the next card line (after blanks, rules, comments) has a quantity', () => {
    const result = parseDecklist('\n  Burn  \n\n// list\n***\nDeck\n4 Lightning Bolt\n', { format: 'plain' });
    expect(summary(result)).toEqual({
      rows: [[7, 4, 'Lightning Bolt', 'main']],
      errors: [],
      skipped: [
        [1, 'blank'],
        [2, 'title'],
        [3, 'blank'],
        [4, 'comment'],
        [5, 'separator'],
        [6, 'header'],
      ],
    });
  });

  it('a list of names without quantities stays a list of cards (no title)', () => {
    const result = parseDecklist('Lightning Bolt\nCounterspell\n');
    expect(result.format).toBe('plain');
    expect(summary(result)).toEqual({
      rows: [
        [1, 1, 'Lightning Bolt', 'main'],
        [2, 1, 'Counterspell', 'main'],
      ],
      errors: [],
      skipped: [],
    });
    expect(parseDecklist('Sol Ring').rows.map((r) => r.name)).toEqual(['Sol Ring']);
    // only the first line can be a title: a later name without a quantity is one copy
    expect(summary(parseDecklist('4 Lightning Bolt\nSol Ring\n2 Opt')).rows).toHaveLength(3);
  });

  it('Arena "About" / "Name …" is reported as a header and a title', () => {
    const text = 'About\nName Mono Red\n\nDeck\n4 Lightning Bolt (M10) 146\n';
    const result = parseDecklist(text);
    expect(result.format).toBe('arena');
    expect(summary(result)).toEqual({
      rows: [[5, 4, 'Lightning Bolt', 'main']],
      errors: [],
      skipped: [
        [1, 'header'],
        [2, 'title'],
        [3, 'blank'],
        [4, 'header'],
      ],
    });
  });

  it('a card line in an Arena "About" section ends it instead of vanishing', () => {
    const result = parseDecklist('About\nName Burn\n4 Lightning Bolt (M10) 146\n', { format: 'arena' });
    expect(summary(result).rows).toEqual([[3, 4, 'Lightning Bolt', 'main']]);
  });

  it('comments, section headers and card-type groups are reported', () => {
    const text =
      '// my list\n# tuned\nCreatures (2)\n2 Goblin Guide\nInstants:\n4 Lightning Bolt\n// Sideboard\n1 Abrade';
    const result = parseDecklist(text, { format: 'mtgo' });
    expect(summary(result)).toEqual({
      rows: [
        [4, 2, 'Goblin Guide', 'main'],
        [6, 4, 'Lightning Bolt', 'main'],
        [8, 1, 'Abrade', 'side'],
      ],
      errors: [],
      skipped: [
        [1, 'comment'],
        [2, 'comment'],
        [3, 'header'],
        [5, 'header'],
        [7, 'header'],
      ],
    });
  });

  it('pasted prose is skipped as prose, not cards', () => {
    const text = [
      '4 Lightning Bolt',
      'hello world.',
      'Here is the list I played at the store last night, it went 3-1!',
      'Any thoughts?',
      'Note: play around counterspells',
      'this line has no punctuation at all but it goes on for far too many words to be a name',
      'Sol Ring',
    ].join('\n');
    const result = parseDecklist(text, { format: 'plain' });
    expect(summary(result)).toEqual({
      rows: [
        [1, 4, 'Lightning Bolt', 'main'],
        [7, 1, 'Sol Ring', 'main'],
      ],
      errors: [],
      skipped: [
        [2, 'prose'],
        [3, 'prose'],
        [4, 'prose'],
        [5, 'prose'],
        [6, 'prose'],
      ],
    });
  });

  it.each([
    'Circle of Protection: White',
    'Ach! Hans, Run!',
    'Question Elemental?',
    'Richard Garfield, Ph.D.',
    'Kongming, "Sleeping Dragon"',
    "Who // What // When // Where // When's the Why",
  ])('the card name %j is not prose', (name) => {
    const result = parseDecklist(`Lightning Bolt\n${name}`, { format: 'plain' });
    expect(result.rows.map((r) => r.name)).toEqual(['Lightning Bolt', name]);
  });

  it('in arena and mtgo a line without a quantity stays an error (prose is a plain-list rule)', () => {
    const result = parseDecklist('4 Lightning Bolt\nhello world.', { format: 'mtgo' });
    expect(summary(result).errors).toEqual([[2, 'quantity']]);
  });
});

describe('parseDecklist: quantities', () => {
  it.each([
    ['99999 Island', '99999'],
    ['1000 Island', '1000'],
    ['0 Island', '0'],
    ['0x Island', '0'],
    ['99999x Island', '99999'],
    ['000000000000000000000001000 Island', '000000000000000000000001000'],
    ['1,000 Island', '1,000'],
    ['4Island', '4Island'],
  ])('%j is an error naming the line and the limit, never a row', (line, got) => {
    for (const format of ['arena', 'mtgo', 'plain'] as const) {
      const result = parseDecklist(`4 Opt\n${line}`, { format });
      expect(result.rows.map((r) => r.name)).toEqual(['Opt']);
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]?.line).toBe(2);
      if (format === 'plain' || /^\d+x? /.test(line)) {
        expect(result.errors[0]?.message).toBe(
          `Line 2: the quantity must be a whole number from 1 to 999 (copies of a card on one decklist line), got ${JSON.stringify(got)}`,
        );
      }
    }
  });

  it('1 and 999 are accepted', () => {
    const result = parseDecklist('1 Island\n999x Swamp\n00004 Forest');
    expect(result.rows.map((r) => [r.quantity, r.name])).toEqual([
      [1, 'Island'],
      [999, 'Swamp'],
      [4, 'Forest'],
    ]);
  });
});

describe('parseDecklist: .dek items', () => {
  const dek = (items: string) => `<?xml version="1.0" encoding="utf-8"?>\n<Deck>\n${items}\n</Deck>`;

  it('every <Cards> item is a row (with its CatID) or an error', () => {
    const result = parseDecklist(
      dek(
        [
          '<Cards CatID="235" Quantity="4" Sideboard="false" Name="Swamp" />',
          '<Cards CatID="12345" Quantity="2" />',
          '<Cards Quantity="1" Sideboard="true" />',
          '<Cards CatID="9" Quantity="1000" Name="Opt" />',
          '<Cards CatID="9" Quantity="0" Name="Opt" />',
          '<Cards Quantity="3" Sideboard="true" Name="Duress" />',
        ].join('\n'),
      ),
    );
    expect(result.format).toBe('dek');
    expect(result.skipped).toEqual([]);
    expect(result.rows).toEqual([
      {
        name: 'Swamp',
        quantity: 4,
        mtgoId: 235,
        setCode: null,
        collectorNumber: null,
        finish: 'nonfoil',
        board: 'main',
        line: 3,
      },
      {
        name: '',
        quantity: 2,
        mtgoId: 12345,
        setCode: null,
        collectorNumber: null,
        finish: 'nonfoil',
        board: 'main',
        line: 4,
      },
      {
        name: 'Duress',
        quantity: 3,
        setCode: null,
        collectorNumber: null,
        finish: 'nonfoil',
        board: 'side',
        line: 8,
      },
    ]);
    expect(result.errors.map((e) => [e.line, e.field, e.message])).toEqual([
      [5, 'name', 'Item 3 (line 5) has no Name and no CatID, so it names no card'],
      [
        6,
        'quantity',
        'Item 4 (line 6): the quantity must be a whole number from 1 to 999 (copies of a card on one decklist line), got "1000"',
      ],
      [
        7,
        'quantity',
        'Item 5 (line 7): the quantity must be a whole number from 1 to 999 (copies of a card on one decklist line), got "0"',
      ],
    ]);
  });

  it('an item with only CatID and Quantity is a row named by its CatID alone', () => {
    const result = parseDecklist(
      dek('<Cards CatID="1" Quantity="391" />\n<Cards CatId=" 77 " Quantity="1" Name="" />'),
    );
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => [r.name, r.mtgoId, r.quantity, r.line])).toEqual([
      ['', 1, 391, 3],
      ['', 77, 1, 4],
    ]);
  });

  it('an item whose CatID is not a whole number and that has no Name is an error', () => {
    const result = parseDecklist(dek('<Cards CatID="12a" Quantity="1" />'));
    expect(result.rows).toEqual([]);
    expect(result.errors.map((e) => e.message)).toEqual([
      'Item 1 (line 3) has no Name and no CatID, so it names no card',
    ]);
  });
});
