import { describe, expect, it } from 'vitest';
import {
  type DeckCardLike,
  type DeckRowInput,
  deckRows,
  detectDecklistFormat,
  FormatError,
  parseDecklist,
  writeDeck,
  writeDecklist,
} from './index.js';

const ARENA = `About
Name Mono Red

Commander
1 Krenko, Mob Boss (DDT) 52

Companion
1 Lurrus of the Dream-Den (IKO) 226

Deck
4 Lightning Bolt (M10) 146
2 Fire // Ice (APC) 128 *F*
1 Brazen Borrower /// Petty Theft (ELD) 39
1 Demonic Tutor (PLST) DDC-49 *E*
1 Mountain

Sideboard
3 Abrade (VOW) 139
`;

describe('detectDecklistFormat', () => {
  it.each([
    [ARENA, 'arena'],
    ['4 Lightning Bolt (M10) 146\n2 Opt (XLN) 65\n', 'arena'],
    ['Deck\n4 Lightning Bolt\n', 'arena'],
    ['4 Lightning Bolt\n4 Opt\n\n2 Duress\n', 'mtgo'],
    ['4 Lightning Bolt\nSB: 2 Duress\n', 'mtgo'],
    ['4x Lightning Bolt\n2x Opt\n', 'plain'],
    ['Lightning Bolt\nOpt\n', 'plain'],
    ['\uFEFF<?xml version="1.0"?><Deck></Deck>', 'dek'],
  ])('%j → %s', (text, format) => expect(detectDecklistFormat(text)).toBe(format));
});

describe('parseDecklist: arena', () => {
  it('reads sections, set/number, foil and etched markers, split names', () => {
    const result = parseDecklist(ARENA);
    expect(result.format).toBe('arena');
    expect(result.errors).toEqual([]);
    expect(
      result.rows.map((r) => [r.board, r.quantity, r.name, r.setCode, r.collectorNumber, r.finish, r.line]),
    ).toEqual([
      ['commander', 1, 'Krenko, Mob Boss', 'ddt', '52', 'nonfoil', 5],
      ['companion', 1, 'Lurrus of the Dream-Den', 'iko', '226', 'nonfoil', 8],
      ['main', 4, 'Lightning Bolt', 'm10', '146', 'nonfoil', 11],
      ['main', 2, 'Fire // Ice', 'apc', '128', 'foil', 12],
      ['main', 1, 'Brazen Borrower // Petty Theft', 'eld', '39', 'nonfoil', 13],
      ['main', 1, 'Demonic Tutor', 'plst', 'DDC-49', 'etched', 14],
      ['main', 1, 'Mountain', null, null, 'nonfoil', 15],
      ['side', 3, 'Abrade', 'vow', '139', 'nonfoil', 18],
    ]);
  });

  it("reads sites' own set codes with - and _ (MTGGoldfish's Y22-MID, Deckbox's EX_127)", () => {
    const result = parseDecklist('1 Angel of Unity (Y22-MID)\n1 Clue (EX_127) 14\n1 Hazmat (a-b-c-d-e-f)');
    expect(result.rows.map((r) => [r.name, r.setCode, r.collectorNumber])).toEqual([
      ['Angel of Unity', 'y22-mid', null],
      ['Clue', 'ex_127', '14'],
      ['Hazmat (a-b-c-d-e-f)', null, null], // longer than a set code: part of the name
    ]);
  });

  it('treats a blank line as the start of the sideboard when there are no headers', () => {
    const result = parseDecklist('4 Lightning Bolt (M10) 146\n\n2 Abrade (VOW) 139\n', { format: 'arena' });
    expect(result.rows.map((r) => r.board)).toEqual(['main', 'side']);
  });

  it('needs quantities and reports other lines as errors', () => {
    const result = parseDecklist('Deck\n4 Lightning Bolt\nLightning Bolt\n0 Opt\n', { format: 'arena' });
    expect(result.rows).toHaveLength(1);
    expect(result.errors).toEqual([
      expect.objectContaining({ line: 3, field: 'quantity', raw: 'Lightning Bolt' }),
      expect.objectContaining({
        line: 4,
        field: 'quantity',
        message:
          'Line 4: the quantity must be a whole number from 1 to 999 (copies of a card on one decklist line), got "0"',
      }),
    ]);
  });
});

describe('parseDecklist: mtgo and plain', () => {
  it('mtgo: blank line before the sideboard, SB: prefixes, Fire/Ice split names', () => {
    const result = parseDecklist('4 Lightning Bolt\r\n2 Claim/Fame\r\n\r\n2 Duress\r\nSB: 1 Pyroblast\r\n');
    expect(result.format).toBe('mtgo');
    expect(result.rows.map((r) => [r.board, r.quantity, r.name, r.line])).toEqual([
      ['main', 4, 'Lightning Bolt', 1],
      ['main', 2, 'Claim // Fame', 2],
      ['side', 2, 'Duress', 4],
      ['side', 1, 'Pyroblast', 5],
    ]);
  });

  it('mtgo: SB: lines without a blank line', () => {
    const result = parseDecklist('4 Lightning Bolt\nSB: 2 Duress\n4 Opt\n');
    expect(result.rows.map((r) => r.board)).toEqual(['main', 'side', 'main']);
  });

  it('plain: "4x Name", "4 Name", "Name", section headers and comments', () => {
    const result = parseDecklist(
      '// my list\n4x Lightning Bolt\n2 Opt\nSol Ring\n\nSideboard:\n1x Pyroblast\n',
    );
    expect(result.format).toBe('plain');
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => [r.board, r.quantity, r.name])).toEqual([
      ['main', 4, 'Lightning Bolt'],
      ['main', 2, 'Opt'],
      ['main', 1, 'Sol Ring'],
      ['side', 1, 'Pyroblast'],
    ]);
  });
});

describe('parseDecklist: dek', () => {
  it('reads Cards elements, sideboard flags, entities and split names', () => {
    const text = `\uFEFF<?xml version="1.0" encoding="utf-8"?>
<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <NetDeckID>0</NetDeckID>
  <Cards CatID="1" Quantity="4" Sideboard="false" Name="Minsc &amp; Boo, Timeless Heroes" Annotation="0" />
  <Cards CatID="2" Quantity="2" Sideboard="true" Name="Claim/Fame" />
  <Cards CatID="3" Quantity="x" Sideboard="false" Name="Opt" />
</Deck>`;
    const result = parseDecklist(text);
    expect(result.format).toBe('dek');
    expect(result.rows.map((r) => [r.board, r.quantity, r.name, r.line])).toEqual([
      ['main', 4, 'Minsc & Boo, Timeless Heroes', 4],
      ['side', 2, 'Claim // Fame', 5],
    ]);
    expect(result.errors).toEqual([
      {
        line: 6,
        field: 'quantity',
        message:
          'Item 3 (line 6): the quantity must be a whole number from 1 to 999 (copies of a card on one decklist line), got "x"',
        raw: '<Cards CatID="3" Quantity="x" Sideboard="false" Name="Opt" />',
      },
    ]);
  });

  it('throws a FormatError for malformed XML', () => {
    expect(() => parseDecklist('<Deck><Cards></Deck>', { format: 'dek' })).toThrow(FormatError);
    expect(() => parseDecklist('<Deck><Cards></Deck>', { format: 'dek' })).toThrow(/Expected MTGO \.dek XML/);
  });
});

describe('writeDecklist round trips', () => {
  const rows: DeckRowInput[] = [
    {
      name: 'Krenko, Mob Boss',
      quantity: 1,
      setCode: 'ddt',
      collectorNumber: '52',
      finish: 'foil',
      board: 'commander',
    },
    {
      name: 'Lurrus of the Dream-Den',
      quantity: 1,
      setCode: 'iko',
      collectorNumber: '226',
      finish: 'nonfoil',
      board: 'companion',
    },
    {
      name: 'Lightning Bolt',
      quantity: 4,
      setCode: 'm10',
      collectorNumber: '146',
      finish: 'nonfoil',
      board: 'main',
    },
    {
      name: 'Fire // Ice',
      quantity: 2,
      setCode: 'apc',
      collectorNumber: '128',
      finish: 'foil',
      board: 'main',
    },
    {
      name: 'Demonic Tutor',
      quantity: 1,
      setCode: 'plst',
      collectorNumber: 'DDC-49',
      finish: 'etched',
      board: 'main',
    },
    {
      name: 'Minsc & Boo, Timeless Heroes',
      quantity: 1,
      setCode: null,
      collectorNumber: null,
      finish: 'nonfoil',
      board: 'main',
    },
    { name: 'Abrade', quantity: 3, setCode: 'vow', collectorNumber: '139', finish: 'nonfoil', board: 'side' },
    { name: 'Opt', quantity: 2, setCode: null, collectorNumber: null, finish: 'nonfoil', board: 'maybe' },
  ];
  const strip = (r: DeckRowInput) => ({ ...r, line: undefined });
  const nameQtyBoard = (r: DeckRowInput) => ({ name: r.name, quantity: r.quantity, board: r.board });
  // MTGO (text and .dek) keeps commander and companion in the sideboard and has no maybeboard.
  const mtgoBoards = (r: DeckRowInput) => ({
    ...nameQtyBoard(r),
    board: r.board === 'main' ? 'main' : 'side',
  });

  it('arena keeps everything', () => {
    const text = writeDecklist('arena', rows);
    expect(text).toContain('1 Krenko, Mob Boss (DDT) 52 *F*\n');
    expect(text).toContain('1 Demonic Tutor (PLST) DDC-49 *E*\n');
    const back = parseDecklist(text);
    expect(back.format).toBe('arena');
    expect(back.errors).toEqual([]);
    expect(back.rows.map(strip)).toEqual(
      [...rows].sort((a, b) => order(a.board) - order(b.board)).map(strip),
    );
  });

  it('plain keeps names, quantities and boards', () => {
    const text = writeDecklist('plain', rows);
    const back = parseDecklist(text);
    expect(back.format).toBe('plain');
    expect(back.rows.map(nameQtyBoard)).toEqual(
      [...rows].sort((a, b) => plainOrder(a.board) - plainOrder(b.board)).map(nameQtyBoard),
    );
  });

  it('mtgo keeps names, quantities and main/side', () => {
    const text = writeDecklist('mtgo', rows);
    expect(text).toContain('2 Fire/Ice\n');
    const back = parseDecklist(text);
    expect(back.format).toBe('mtgo');
    const expected = rows.filter((r) => r.board !== 'maybe').map(mtgoBoards);
    expect(back.rows.map(nameQtyBoard)).toEqual([
      ...expected.filter((r) => r.board === 'main'),
      ...expected.filter((r) => r.board === 'side'),
    ]);
  });

  it('dek keeps names, quantities and main/side', () => {
    const text = writeDecklist('dek', rows);
    expect(text).toContain('Name="Minsc &amp; Boo, Timeless Heroes"');
    const back = parseDecklist(text);
    expect(back.format).toBe('dek');
    expect(back.errors).toEqual([]);
    expect(back.rows.map(nameQtyBoard)).toEqual(rows.filter((r) => r.board !== 'maybe').map(mtgoBoards));
  });
});

describe('writeDeck', () => {
  const printing = (set: string, collector_number: string) => ({ set, collector_number });
  // A deck as the contract gives it: resolved lines carry their printing, an unresolved one only its name.
  const cards: DeckCardLike[] = [
    { name: 'Krenko, Mob Boss', quantity: 1, board: 'commander', card: printing('ddt', '52') },
    { name: 'Lurrus of the Dream-Den', quantity: 1, board: 'companion', card: printing('iko', '226') },
    { name: 'Lightning Bolt', quantity: 4, board: 'main', card: printing('m10', '146') },
    { name: 'Fire // Ice', quantity: 2, board: 'main', card: printing('apc', '128') },
    { name: 'Lim-Dûl’s Vault', quantity: 1, board: 'main', card: printing('all', '8') },
    { name: 'Séance', quantity: 3, board: 'main', card: null },
    { name: 'Not A Real Card Name', quantity: 1, board: 'main', card: null },
    { name: 'Abrade', quantity: 3, board: 'side', card: printing('vow', '139') },
    { name: 'Opt', quantity: 2, board: 'maybe', card: null },
  ];
  const deck = { cards };
  const line = (r: { name: string; quantity: number; board: string }) => ({
    name: r.name,
    quantity: r.quantity,
    board: r.board,
  });
  const byOrder = (rank: (board: string) => number) => (a: DeckCardLike, b: DeckCardLike) =>
    rank(a.board) - rank(b.board);

  it('turns deck cards into rows: printings give set and number, unresolved lines keep their name', () => {
    const rows = deckRows(cards);
    expect(rows[0]).toEqual({
      name: 'Krenko, Mob Boss',
      quantity: 1,
      setCode: 'ddt',
      collectorNumber: '52',
      finish: 'nonfoil',
      board: 'commander',
    });
    expect(rows[5]).toMatchObject({ name: 'Séance', setCode: null, collectorNumber: null });
  });

  it('arena: sections in order, printings on resolved lines, and the same deck read back', () => {
    const text = writeDeck('arena', deck);
    expect(text.startsWith('Commander\n1 Krenko, Mob Boss (DDT) 52\n\nCompanion\n1 Lurrus')).toBe(true);
    expect(text).toContain('\nDeck\n4 Lightning Bolt (M10) 146\n2 Fire // Ice (APC) 128\n');
    expect(text).toContain('\n1 Lim-Dûl’s Vault (ALL) 8\n3 Séance\n1 Not A Real Card Name\n');
    expect(text).toContain('\nSideboard\n3 Abrade (VOW) 139\n\nMaybeboard\n2 Opt\n');
    for (const back of [parseDecklist(text, { format: 'arena' }), parseDecklist(text)]) {
      expect(back.format).toBe('arena');
      expect(back.errors).toEqual([]);
      expect(back.rows.map((r) => ({ ...r, line: undefined }))).toEqual(
        deckRows([...cards].sort(byOrder(order))).map((r) => ({ ...r, line: undefined })),
      );
    }
  });

  it('plain: main deck first, other boards under their headers, read back with every board', () => {
    const text = writeDeck('plain', deck);
    expect(text.startsWith('4x Lightning Bolt\n2x Fire // Ice\n1x Lim-Dûl’s Vault\n3x Séance\n')).toBe(true);
    expect(text).toContain('\n\nCommander\n1x Krenko, Mob Boss\n\nCompanion\n1x Lurrus of the Dream-Den\n');
    const back = parseDecklist(text, { format: 'plain' });
    expect(back.errors).toEqual([]);
    expect(back.rows.map(line)).toEqual([...cards].sort(byOrder(plainOrder)).map(line));
  });

  it('mtgo: split cards as "Fire/Ice", commander and companion in the sideboard, no maybeboard', () => {
    const text = writeDeck('mtgo', deck);
    expect(text).toBe(
      [
        '4 Lightning Bolt',
        '2 Fire/Ice',
        '1 Lim-Dûl’s Vault',
        '3 Séance',
        '1 Not A Real Card Name',
        '',
        '1 Krenko, Mob Boss',
        '1 Lurrus of the Dream-Den',
        '3 Abrade',
        '',
      ].join('\n'),
    );
    const back = parseDecklist(text, { format: 'mtgo' });
    expect(back.errors).toEqual([]);
    const kept = cards
      .filter((c) => c.board !== 'maybe')
      .map((c) => ({
        ...line(c),
        board: c.board === 'main' ? 'main' : 'side',
      }));
    expect(back.rows.map(line)).toEqual([
      ...kept.filter((c) => c.board === 'main'),
      ...kept.filter((c) => c.board === 'side'),
    ]);
  });

  it('mtgo: a deck with only its commander keeps it in the sideboard', () => {
    const text = writeDeck('mtgo', { cards: cards.slice(0, 2) });
    expect(text).toBe('SB: 1 Krenko, Mob Boss\nSB: 1 Lurrus of the Dream-Den\n');
    const back = parseDecklist(text);
    expect(back.format).toBe('mtgo');
    expect(back.rows.map(line)).toEqual([
      { name: 'Krenko, Mob Boss', quantity: 1, board: 'side' },
      { name: 'Lurrus of the Dream-Den', quantity: 1, board: 'side' },
    ]);
  });

  it('writes nothing for an empty deck', () => {
    for (const format of ['arena', 'mtgo', 'plain'] as const)
      expect(writeDeck(format, { cards: [] })).toBe('');
  });
});

const ORDER = ['commander', 'companion', 'main', 'side', 'maybe'];
const order = (board: string): number => ORDER.indexOf(board);
const plainOrder = (board: string): number => (board === 'main' ? -1 : ORDER.indexOf(board));
