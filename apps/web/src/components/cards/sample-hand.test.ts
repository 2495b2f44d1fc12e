import { describe, expect, it } from 'vitest';
import {
  canDraw,
  canKeep,
  canMulligan,
  draw,
  type GameCard,
  gameCards,
  keep,
  libraryCount,
  libraryOrder,
  mulligan,
  newGame,
  type SampleHandState,
  seededRandomInt,
  shuffle,
  toBottomCount,
  toggleBottom,
} from './sample-hand';

const lines = [
  { card: 'Atraxa', quantity: 1, board: 'commander' },
  { card: 'Island', quantity: 30, board: 'main' },
  { card: 'Forest', quantity: 29, board: 'main' },
  { card: 'Sol Ring', quantity: 1, board: 'main' },
  { card: 'Pyroblast', quantity: 3, board: 'side' },
  { card: 'Lurrus', quantity: 1, board: 'companion' },
  { card: 'Maybe', quantity: 2, board: 'maybe' },
];
const { library: deck, commandZone } = gameCards(lines);

const keys = (cards: readonly GameCard<unknown>[]) => cards.map((c) => c.key);
const total = (s: SampleHandState<unknown>) => s.hand.length + s.library.length + s.bottom.length;
const deckKeys = (s: SampleHandState<unknown>) =>
  [...keys(s.hand), ...keys(s.library), ...keys(s.bottom)].sort();

describe('the library of a sample hand', () => {
  it('holds every copy of the main board only; the commander starts in the command zone', () => {
    expect(deck).toHaveLength(60);
    expect(new Set(keys(deck)).size).toBe(60);
    expect(deck.filter((c) => c.card === 'Island')).toHaveLength(30);
    expect(deck.some((c) => ['Atraxa', 'Pyroblast', 'Lurrus', 'Maybe'].includes(c.card))).toBe(false);
    expect(commandZone.map((c) => c.card)).toEqual(['Atraxa']);
  });

  it('shuffles every card exactly once, the same way for the same seed', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    const a = shuffle(items, seededRandomInt(42));
    expect([...a].sort((x, y) => x - y)).toEqual(items);
    expect(shuffle(items, seededRandomInt(42))).toEqual(a);
    expect(shuffle(items, seededRandomInt(43))).not.toEqual(a);
    expect(items).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('shuffles with the cryptographic source by default', () => {
    const items = Array.from({ length: 40 }, (_, i) => i);
    expect([...shuffle(items)].sort((x, y) => x - y)).toEqual(items);
  });
});

describe('a sample game', () => {
  it('opens with seven cards and the rest in the library', () => {
    const s = newGame(deck, seededRandomInt(1));
    expect(s.hand).toHaveLength(7);
    expect(libraryCount(s)).toBe(53);
    expect(total(s)).toBe(60);
    expect(deckKeys(s)).toEqual(keys(deck).sort());
    expect(s.mulligans).toBe(0);
    expect(toBottomCount(s)).toBe(0);
    expect(canKeep(s)).toBe(true);
    expect(canDraw(s)).toBe(true);
  });

  it('is the same game for the same seed', () => {
    expect(keys(newGame(deck, seededRandomInt(7)).hand)).toEqual(
      keys(newGame(deck, seededRandomInt(7)).hand),
    );
    const a = mulligan(newGame(deck, seededRandomInt(7)), seededRandomInt(8));
    const b = mulligan(newGame(deck, seededRandomInt(7)), seededRandomInt(8));
    expect(keys(a.hand)).toEqual(keys(b.hand));
    expect(keys(a.library)).toEqual(keys(b.library));
  });

  it('London mulligan: seven new cards, then exactly as many on the bottom as mulligans taken', () => {
    const random = seededRandomInt(3);
    let s = mulligan(mulligan(newGame(deck, random), random), random);
    expect(s.mulligans).toBe(2);
    expect(s.hand).toHaveLength(7);
    expect(total(s)).toBe(60);
    expect(toBottomCount(s)).toBe(2);
    // Nothing to keep or draw before the two cards are chosen.
    expect(canKeep(s)).toBe(false);
    expect(canDraw(s)).toBe(false);
    expect(keep(s)).toBe(s);
    expect(draw(s)).toBe(s);
    const [first, second, third] = keys(s.hand);
    s = toggleBottom(s, first!);
    expect(canKeep(s)).toBe(false);
    s = toggleBottom(s, second!);
    // No third choice: two are owed.
    expect(toggleBottom(s, third!)).toBe(s);
    // A choice can be taken back.
    expect(toggleBottom(s, second!).chosen).toEqual([first]);
    expect(canKeep(s)).toBe(true);
    s = keep(s);
    expect(s.kept).toBe(true);
    expect(s.hand).toHaveLength(5);
    expect(keys(s.bottom)).toEqual([first, second]);
    expect(keys(libraryOrder(s)).slice(-2)).toEqual([first, second]);
    expect(total(s)).toBe(60);
    expect(deckKeys(s)).toEqual(keys(deck).sort());
    expect(canMulligan(s)).toBe(false);
    expect(mulligan(s, random)).toBe(s);
  });

  it('draws the top card after keeping and counts it', () => {
    const random = seededRandomInt(5);
    let s = mulligan(newGame(deck, random), random);
    s = keep(toggleBottom(s, s.hand[0]!.key));
    const top = s.library[0]!;
    s = draw(s);
    expect(s.hand).toHaveLength(7);
    expect(s.hand.at(-1)).toEqual(top);
    expect(s.drawn).toBe(1);
    expect(libraryCount(s)).toBe(53);
    expect(total(s)).toBe(60);
  });

  it('drawing from an opening hand owing nothing keeps it', () => {
    const s = draw(newGame(deck, seededRandomInt(9)));
    expect(s.kept).toBe(true);
    expect(s.hand).toHaveLength(8);
    expect(canMulligan(s)).toBe(false);
  });

  it('draws the bottom cards last, then stops with an empty library', () => {
    const small = gameCards([{ card: 'Island', quantity: 9, board: 'main' }]).library;
    const random = seededRandomInt(11);
    let s = mulligan(newGame(small, random), random);
    const bottomKey = s.hand[3]!.key;
    s = keep(toggleBottom(s, bottomKey));
    expect(s.hand).toHaveLength(6);
    s = draw(draw(s));
    expect(s.library).toHaveLength(0);
    expect(keys(s.bottom)).toEqual([bottomKey]);
    s = draw(s);
    expect(s.hand.at(-1)!.key).toBe(bottomKey);
    expect(libraryCount(s)).toBe(0);
    expect(s.drawn).toBe(3);
    expect(canDraw(s)).toBe(false);
    expect(draw(s)).toBe(s);
    expect(total(s)).toBe(9);
  });

  it('deals a deck smaller than seven entirely, and owes no more cards than the hand holds', () => {
    const tiny = gameCards([{ card: 'Island', quantity: 3, board: 'main' }]).library;
    let s = newGame(tiny, seededRandomInt(2));
    expect(s.hand).toHaveLength(3);
    expect(libraryCount(s)).toBe(0);
    expect(canDraw(s)).toBe(false);
    for (let i = 0; i < 5; i++) s = mulligan(s, seededRandomInt(i));
    expect(s.mulligans).toBe(5);
    expect(toBottomCount(s)).toBe(3);
    for (const c of s.hand) s = toggleBottom(s, c.key);
    s = keep(s);
    expect(s.hand).toHaveLength(0);
    expect(s.bottom).toHaveLength(3);
    expect(total(s)).toBe(3);
  });

  it('allows at most seven mulligans', () => {
    let s = newGame(deck, seededRandomInt(4));
    for (let i = 0; i < 10; i++) s = mulligan(s, seededRandomInt(i));
    expect(s.mulligans).toBe(7);
    expect(canMulligan(s)).toBe(false);
    expect(toBottomCount(s)).toBe(7);
  });

  it('an empty deck deals nothing and allows nothing but keeping', () => {
    const s = newGame([], seededRandomInt(1));
    expect(s.hand).toEqual([]);
    expect(libraryCount(s)).toBe(0);
    expect(canMulligan(s)).toBe(false);
    expect(canDraw(s)).toBe(false);
    expect(draw(s)).toBe(s);
    expect(mulligan(s)).toBe(s);
  });

  it('ignores a card that is not in the hand', () => {
    const s = mulligan(newGame(deck, seededRandomInt(1)), seededRandomInt(2));
    const notInHand = s.library[0]!.key;
    expect(toggleBottom(s, notInHand)).toBe(s);
  });
});
