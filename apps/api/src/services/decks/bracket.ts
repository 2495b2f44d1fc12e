/**
 * Commander brackets: the Game Changers check (brackets 1–2 allow none, 3 allows up to three, 4–5
 * have no limit) and the estimate after the official bracket definitions, from Game Changers, mass
 * land denial, extra turns, tutors and two-card combos (BRACKET_SIGNALS in the contract), each
 * reason naming its cards. Pure: the caller finds the deck's Game Changers from the catalogue's
 * `game_changer` flag and passes each card's oracle text.
 */
import type { BracketReason, BracketSignalValue } from '@companion/sdk/contract';
import { MASS_LAND_DENIAL, TWO_CARD_COMBOS } from './bracket-lists.js';

export interface BracketCheckResult {
  bracket: number | null;
  limit: number | null;
  gameChangers: Array<{ id: string; name: string }>;
  ok: boolean;
  minimumBracket: number;
  estimate: number;
  reasons: BracketReason[];
  fits: boolean;
}

/** A card of the deck as the estimate reads it (one per deck line; the maybeboard left out). */
export interface BracketCard {
  id: string;
  name: string;
  /** The oracle text of the card and of each of its faces. */
  texts: readonly string[];
}

/** More extra-turn cards than this is enough to chain them. */
const EXTRA_TURNS_ALLOWED = 2;
/** More tutors than this is not "sparse". */
const TUTORS_ALLOWED = 3;

/** Whether a text makes a player take an extra turn. */
const takesExtraTurn = (text: string) => {
  const t = text.toLowerCase();
  return t.includes('take an extra turn') || t.includes('takes an extra turn');
};

/** Words of a search clause that make it a land search or a search for cards by name. */
const NOT_TUTORED = ['land', 'basic', 'named', 'plains', 'island', 'swamp', 'mountain', 'forest'];

/**
 * Whether a text searches its controller's library for a card other than a land (a tutor). Each
 * "search your library for" clause runs to the next period or the next such phrase, so clauses
 * never overlap and the text is read once: a clause that names a land (a basic land type too: the
 * fetch lands), or cards by name (a deck's own copies) is not a tutor.
 */
function tutors(text: string): boolean {
  const t = text.toLowerCase();
  const marker = 'search your library for ';
  let period = -1;
  for (let at = t.indexOf(marker); at !== -1; ) {
    const start = at + marker.length;
    const next = t.indexOf(marker, start);
    if (period < start) {
      period = t.indexOf('.', start);
      if (period === -1) period = t.length;
    }
    const clause = t.slice(start, Math.min(period, next === -1 ? t.length : next));
    if (!NOT_TUTORED.some((word) => clause.includes(word))) return true;
    at = next;
  }
  return false;
}

const MLD = new Set(MASS_LAND_DENIAL);

/** Most Game Changers a bracket allows (null: no limit). */
export function gameChangerLimit(bracket: number | null): number | null {
  if (bracket === null || bracket >= 4) return null;
  return bracket <= 2 ? 0 : 3;
}

/** Lowest bracket a number of Game Changers allows. */
export function minimumBracket(count: number): number {
  if (count === 0) return 1;
  return count <= 3 ? 3 : 4;
}

/** One card per name, sorted by name. */
const byName = <T extends { name: string }>(cards: readonly T[]): T[] =>
  [...new Map(cards.map((c) => [c.name, c])).values()].sort((a, b) => a.name.localeCompare(b.name));

/** The estimate's reasons: each signal the deck shows, with its cards and the lowest bracket it allows. */
export function bracketReasons(
  cards: readonly BracketCard[],
  gameChangers: ReadonlyArray<{ id: string; name: string }>,
): BracketReason[] {
  const unique = byName(cards);
  const plain = ({ id, name }: { id: string; name: string }) => ({ id, name });
  const reasons: BracketReason[] = [];
  const add = (
    signal: BracketSignalValue,
    minimum: number,
    found: ReadonlyArray<{ id: string; name: string }>,
  ) => {
    if (found.length) reasons.push({ signal, minimumBracket: minimum, cards: found.map(plain) });
  };
  const gc = byName(gameChangers);
  add('game-changers', minimumBracket(gc.length), gc);
  add(
    'mass-land-denial',
    4,
    unique.filter((c) => MLD.has(c.name)),
  );
  const turns = unique.filter((c) => c.texts.some(takesExtraTurn));
  if (turns.length > EXTRA_TURNS_ALLOWED) add('extra-turns', 4, turns);
  const tutoring = unique.filter((c) => c.texts.some(tutors));
  if (tutoring.length > TUTORS_ALLOWED) add('tutors', 3, tutoring);
  const named = new Map(unique.map((c) => [c.name, c]));
  for (const combo of TWO_CARD_COMBOS) {
    const pair = combo.cards.map((name) => named.get(name));
    if (pair[0] && pair[1]) add('two-card-combo', combo.early ? 4 : 3, [pair[0], pair[1]]);
  }
  return reasons;
}

export function checkBracket(
  bracket: number | null,
  gameChangers: ReadonlyArray<{ id: string; name: string }>,
  cards: readonly BracketCard[] = [],
): BracketCheckResult {
  const unique = byName(gameChangers);
  const limit = gameChangerLimit(bracket);
  const reasons = bracketReasons(cards, unique);
  const estimate = Math.max(1, ...reasons.map((r) => r.minimumBracket));
  return {
    bracket,
    limit,
    gameChangers: unique,
    ok: limit === null || unique.length <= limit,
    minimumBracket: minimumBracket(unique.length),
    estimate,
    reasons,
    fits: bracket === null || bracket >= estimate,
  };
}
