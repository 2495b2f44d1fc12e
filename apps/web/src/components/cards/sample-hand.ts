/**
 * A sample hand of a deck: the library is the main board (every copy), shuffled; the opening hand is
 * seven cards; a mulligan follows the London rule (shuffle the whole deck again, draw seven, then put
 * as many cards on the bottom as mulligans taken). Pure functions, no React: each operation takes a
 * state and returns the next one (or the same object when the operation is not allowed).
 */

/** One copy of a card in the game (`key` is unique among the deck's copies). */
export interface GameCard<T> {
  key: string;
  card: T;
}

/** A random integer in [0, max). */
export type RandomInt = (max: number) => number;

export const OPENING_HAND = 7;

export interface SampleHandState<T> {
  /** Every copy of the main board: the deck shuffled for each new game and mulligan. */
  deck: readonly GameCard<T>[];
  /** Cards to draw, the top first (the cards put on the bottom come after them). */
  library: readonly GameCard<T>[];
  /** Cards put on the bottom of the library after a mulligan, in the order they went there. */
  bottom: readonly GameCard<T>[];
  hand: readonly GameCard<T>[];
  /** Mulligans taken in this game. */
  mulligans: number;
  /** Keys of the hand's cards chosen to go to the bottom (before keeping). */
  chosen: readonly string[];
  /** The hand was kept: no more mulligan, cards can be drawn. */
  kept: boolean;
  /** Cards drawn after the opening hand. */
  drawn: number;
}

interface DeckLine<T> {
  card: T;
  quantity: number;
  board: string;
}

/**
 * The library (main board, each copy on its own) and the command zone (commanders; they never
 * start in the library). Sideboard, companion and maybe-board cards are in neither.
 */
export function gameCards<T>(lines: readonly DeckLine<T>[]) {
  const library: GameCard<T>[] = [];
  const commandZone: GameCard<T>[] = [];
  lines.forEach((line, index) => {
    const into = line.board === 'main' ? library : line.board === 'commander' ? commandZone : null;
    if (!into) return;
    for (let copy = 0; copy < line.quantity; copy++) into.push({ key: `${index}-${copy}`, card: line.card });
  });
  return { library, commandZone };
}

/** A random integer in [0, max) from the browser's cryptographic source (no modulo bias). */
export const cryptoRandomInt: RandomInt = (max) => {
  if (max <= 1) return 0;
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    if (word[0]! < limit) return word[0]! % max;
  }
};

/** A deterministic source for tests (mulberry32). */
export function seededRandomInt(seed: number): RandomInt {
  let state = seed >>> 0;
  return (max) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
    return Math.floor(unit * max);
  };
}

/** Fisher–Yates: a new array in a uniformly random order. */
export function shuffle<T>(items: readonly T[], random: RandomInt = cryptoRandomInt): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function deal<T>(deck: readonly GameCard<T>[], mulligans: number, random: RandomInt): SampleHandState<T> {
  const order = shuffle(deck, random);
  return {
    deck,
    hand: order.slice(0, OPENING_HAND),
    library: order.slice(OPENING_HAND),
    bottom: [],
    mulligans,
    chosen: [],
    kept: false,
    drawn: 0,
  };
}

/** A new game: the deck shuffled, seven cards drawn (all of them when the deck is smaller). */
export function newGame<T>(deck: readonly GameCard<T>[], random: RandomInt = cryptoRandomInt) {
  return deal(deck, 0, random);
}

/** Cards the player must put on the bottom before keeping (never more than the hand holds). */
export function toBottomCount(state: SampleHandState<unknown>): number {
  return state.kept ? 0 : Math.min(state.mulligans, state.hand.length);
}

export function canMulligan(state: SampleHandState<unknown>): boolean {
  return !state.kept && state.deck.length > 0 && state.mulligans < OPENING_HAND;
}

/** The hand can be kept once exactly the cards owed to the bottom are chosen. */
export function canKeep(state: SampleHandState<unknown>): boolean {
  return !state.kept && state.chosen.length === toBottomCount(state);
}

/** A card can be drawn after keeping, or from an opening hand owing nothing, while cards are left. */
export function canDraw(state: SampleHandState<unknown>): boolean {
  return (state.kept || canKeep(state)) && libraryCount(state) > 0;
}

export function libraryCount(state: SampleHandState<unknown>): number {
  return state.library.length + state.bottom.length;
}

/** The library in order, top first: the cards put on the bottom are its last ones. */
export function libraryOrder<T>(state: SampleHandState<T>): GameCard<T>[] {
  return [...state.library, ...state.bottom];
}

/** London mulligan: the whole deck shuffled again and seven new cards; one more card owed to the bottom. */
export function mulligan<T>(
  state: SampleHandState<T>,
  random: RandomInt = cryptoRandomInt,
): SampleHandState<T> {
  if (!canMulligan(state)) return state;
  return deal(state.deck, state.mulligans + 1, random);
}

/** Chooses a hand's card to go to the bottom, or un-chooses it. No more than owed can be chosen. */
export function toggleBottom<T>(state: SampleHandState<T>, key: string): SampleHandState<T> {
  if (state.kept || !state.hand.some((c) => c.key === key)) return state;
  if (state.chosen.includes(key)) return { ...state, chosen: state.chosen.filter((k) => k !== key) };
  if (state.chosen.length >= toBottomCount(state)) return state;
  return { ...state, chosen: [...state.chosen, key] };
}

/** Keeps the hand: the chosen cards go to the bottom of the library, in the order they were chosen. */
export function keep<T>(state: SampleHandState<T>): SampleHandState<T> {
  if (!canKeep(state)) return state;
  const chosen = state.chosen
    .map((key) => state.hand.find((c) => c.key === key))
    .filter((c): c is GameCard<T> => c !== undefined);
  return {
    ...state,
    hand: state.hand.filter((c) => !state.chosen.includes(c.key)),
    bottom: [...state.bottom, ...chosen],
    chosen: [],
    kept: true,
  };
}

/** Draws the library's top card (keeping the hand first when nothing is owed). No-op when empty. */
export function draw<T>(state: SampleHandState<T>): SampleHandState<T> {
  if (!canDraw(state)) return state;
  const kept = state.kept ? state : keep(state);
  const [top, ...library] = kept.library.length ? kept.library : kept.bottom;
  const fromBottom = kept.library.length === 0;
  return {
    ...kept,
    hand: [...kept.hand, top!],
    library: fromBottom ? [] : library,
    bottom: fromBottom ? library : kept.bottom,
    drawn: kept.drawn + 1,
  };
}
