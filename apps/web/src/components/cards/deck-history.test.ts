import { describe, expect, it } from 'vitest';
import {
  appliedLines,
  dropped,
  EMPTY_HISTORY,
  exactChanges,
  HISTORY_DEPTH,
  type HistoryStep,
  inverseOf,
  recorded,
  redone,
  toWire,
  undone,
} from './deck-history';

const lines = [
  { card: { id: 'island' }, board: 'main' as const, quantity: 3 },
  { card: { id: 'rift' }, board: 'main' as const, quantity: 1 },
  { card: { id: 'rift' }, board: 'side' as const, quantity: 2 },
  { card: null, board: 'main' as const, quantity: 1 },
];

describe('exactChanges', () => {
  it('spells out defaults: an add of one copy to the main deck', () => {
    expect(exactChanges(lines, [{ op: 'add', cardId: 'island' }])).toEqual([
      { op: 'add', cardId: 'island', board: 'main', quantity: 1 },
    ]);
  });

  it('takes what the board holds when a removal or move names more copies, or none', () => {
    expect(exactChanges(lines, [{ op: 'remove', cardId: 'island', quantity: 10 }])).toEqual([
      { op: 'remove', cardId: 'island', board: 'main', quantity: 3 },
    ]);
    expect(exactChanges(lines, [{ op: 'move', cardId: 'rift', from: 'side', to: 'main' }])).toEqual([
      { op: 'move', cardId: 'rift', from: 'side', to: 'main', quantity: 2 },
    ]);
  });

  it('applies changes one after the other', () => {
    expect(
      exactChanges(lines, [
        { op: 'move', cardId: 'rift', from: 'main', to: 'side' },
        { op: 'remove', cardId: 'rift', board: 'side' },
      ]),
    ).toEqual([
      { op: 'move', cardId: 'rift', from: 'main', to: 'side', quantity: 1 },
      { op: 'remove', cardId: 'rift', board: 'side', quantity: 3 },
    ]);
  });

  it('is null when a change takes from a board without the card (the server refuses it)', () => {
    expect(exactChanges(lines, [{ op: 'remove', cardId: 'island', board: 'side' }])).toBeNull();
    expect(exactChanges(lines, [{ op: 'move', cardId: 'nope', from: 'main', to: 'side' }])).toBeNull();
  });
});

describe('categories', () => {
  const sorted = [
    { card: { id: 'island' }, board: 'main' as const, quantity: 3, category: 'Lands' },
    { card: { id: 'rift' }, board: 'main' as const, quantity: 1, category: null },
  ];

  it('remembers the category a line had, so undo puts it back; the server never sees it', () => {
    const exact = exactChanges(sorted, [
      { op: 'categorize', cardId: 'island', category: 'Mana' },
      { op: 'categorize', cardId: 'island', category: null },
    ])!;
    expect(exact).toEqual([
      { op: 'categorize', cardId: 'island', board: 'main', category: 'Mana', previous: 'Lands' },
      { op: 'categorize', cardId: 'island', board: 'main', category: null, previous: 'Mana' },
    ]);
    expect(inverseOf(exact).map(toWire)).toEqual([
      { op: 'categorize', cardId: 'island', board: 'main', category: 'Mana' },
      { op: 'categorize', cardId: 'island', board: 'main', category: 'Lands' },
    ]);
  });

  it('is null for a line the deck does not have', () => {
    expect(
      exactChanges(sorted, [{ op: 'categorize', cardId: 'rift', board: 'side', category: 'x' }]),
    ).toBeNull();
  });
});

describe('inverseOf', () => {
  it('takes each change back, last first', () => {
    const changes = exactChanges(lines, [
      { op: 'add', cardId: 'island', quantity: 2 },
      { op: 'move', cardId: 'rift', from: 'main', to: 'maybe' },
      { op: 'remove', cardId: 'rift', board: 'side', quantity: 1 },
    ])!;
    expect(inverseOf(changes)).toEqual([
      { op: 'add', cardId: 'rift', board: 'side', quantity: 1 },
      { op: 'move', cardId: 'rift', from: 'maybe', to: 'main', quantity: 1 },
      { op: 'remove', cardId: 'island', board: 'main', quantity: 2 },
    ]);
    expect(inverseOf(inverseOf(changes))).toEqual(changes);
  });
});

describe('history', () => {
  const step = (label: string): HistoryStep => ({ label, changes: [], inverse: [] });

  it('undoes and redoes in order, and a new step forgets what was undone', () => {
    let h = recorded(recorded(EMPTY_HISTORY, step('a')), step('b'));
    h = undone(h);
    expect(h.past.map((s) => s.label)).toEqual(['a']);
    expect(h.future.map((s) => s.label)).toEqual(['b']);
    h = redone(h);
    expect(h.past.map((s) => s.label)).toEqual(['a', 'b']);
    h = recorded(undone(h), step('c'));
    expect(h.past.map((s) => s.label)).toEqual(['a', 'c']);
    expect(h.future).toEqual([]);
  });

  it('does nothing with nothing to undo or redo', () => {
    expect(undone(EMPTY_HISTORY)).toBe(EMPTY_HISTORY);
    expect(redone(EMPTY_HISTORY)).toBe(EMPTY_HISTORY);
  });

  it(`keeps the last ${HISTORY_DEPTH} steps`, () => {
    let h = EMPTY_HISTORY;
    for (let i = 0; i < HISTORY_DEPTH + 5; i++) h = recorded(h, step(String(i)));
    expect(h.past).toHaveLength(HISTORY_DEPTH);
    expect(h.past[0]?.label).toBe('5');
  });

  it('drops a step that can no longer be taken', () => {
    const a = step('a');
    const h = undone(recorded(recorded(EMPTY_HISTORY, a), step('b')));
    expect(dropped(h, a).past).toEqual([]);
    expect(dropped(h, h.future[0]!).future).toEqual([]);
  });
});

describe('appliedLines (what the page shows while changes are on their way)', () => {
  const island = { id: 'island', name: 'Island' };
  const rift = { id: 'rift', name: 'Cyclonic Rift' };
  const sol = { id: 'sol', name: 'Sol Ring' };
  const shown = [
    { card: island, name: 'Island', board: 'main' as const, quantity: 3, category: 'Lands' },
    { card: rift, name: 'Cyclonic Rift', board: 'main' as const, quantity: 1, category: null },
    { card: null, name: 'Not A Card', board: 'main' as const, quantity: 1, category: null },
  ];
  const known = new Map([[sol.id, sol]]);
  const view = (l: typeof shown) => l.map((x) => [x.name, x.board, x.quantity, x.category]);

  it('adds copies to a line, or a new line last for a card the page has seen', () => {
    const next = appliedLines(
      shown,
      [
        { op: 'add', cardId: 'island', board: 'main', quantity: 2 },
        { op: 'add', cardId: 'sol', board: 'main', quantity: 1 },
      ],
      known,
    );
    expect(view(next)).toEqual([
      ['Island', 'main', 5, 'Lands'],
      ['Cyclonic Rift', 'main', 1, null],
      ['Not A Card', 'main', 1, null],
      ['Sol Ring', 'main', 1, null],
    ]);
    expect(view(shown)[0]).toEqual(['Island', 'main', 3, 'Lands']);
  });

  it('leaves an add of a card it has never seen to the answer', () => {
    expect(
      appliedLines(shown, [{ op: 'add', cardId: 'unknown', board: 'main', quantity: 1 }], known),
    ).toEqual(shown);
  });

  it('removes copies, dropping an emptied line; moves keep the category; categorize sets it', () => {
    const next = appliedLines(
      shown,
      [
        { op: 'remove', cardId: 'rift', board: 'main', quantity: 1 },
        { op: 'move', cardId: 'island', from: 'main', to: 'side', quantity: 1 },
        { op: 'categorize', cardId: 'island', board: 'main', category: 'Mana', previous: 'Lands' },
      ],
      known,
    );
    expect(view(next)).toEqual([
      ['Island', 'main', 2, 'Mana'],
      ['Not A Card', 'main', 1, null],
      ['Island', 'side', 1, 'Lands'],
    ]);
  });

  it('an undo (the inverse) puts the lines back as they were', () => {
    const step = exactChanges(shown, [
      { op: 'add', cardId: 'sol', board: 'commander', quantity: 1 },
      { op: 'move', cardId: 'rift', from: 'main', to: 'side' },
    ]);
    if (!step) throw new Error('no step');
    const back = appliedLines(appliedLines(shown, step, known), inverseOf(step), known);
    expect(view(back).sort()).toEqual(view(shown).sort());
  });
});
