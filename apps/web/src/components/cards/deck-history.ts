import type { BoardValue } from '@companion/sdk';
import type { DeckCardChange } from '@companion/sdk/contract';

/** How many steps the deck page can take back. */
export const HISTORY_DEPTH = 100;

/** A change with everything spelled out: the copies it really adds, takes or moves. */
export type ExactChange =
  | { op: 'add'; cardId: string; board: BoardValue; quantity: number }
  | { op: 'remove'; cardId: string; board: BoardValue; quantity: number }
  | { op: 'move'; cardId: string; from: BoardValue; to: BoardValue; quantity: number }
  /** `previous`: the line's category before, to take it back (not sent). */
  | { op: 'categorize'; cardId: string; board: BoardValue; category: string | null; previous: string | null };

/** One step of the player's: what was sent, what takes it back, and what to call it. */
export type HistoryStep = { label: string; changes: ExactChange[]; inverse: ExactChange[] };

export type History = { past: HistoryStep[]; future: HistoryStep[] };
export const EMPTY_HISTORY: History = { past: [], future: [] };

type Line = {
  card: { id: string } | null;
  board: BoardValue;
  quantity: number;
  category?: string | null;
};

/**
 * The changes as the server will apply them to these lines, one after the other: a removal or a move
 * without a quantity, or with more copies than the board holds, takes what the board holds (as
 * `POST /deck/:id/cards` does). `null` when a change takes from a board that holds none of the card:
 * the server refuses those, and the step is not recorded.
 */
export function exactChanges(
  lines: readonly Line[],
  changes: readonly DeckCardChange[],
): ExactChange[] | null {
  const held = new Map<string, number>();
  const categories = new Map<string, string | null>();
  const key = (cardId: string, board: BoardValue) => `${cardId}\u0000${board}`;
  for (const line of lines)
    if (line.card && !categories.has(key(line.card.id, line.board)))
      categories.set(key(line.card.id, line.board), line.category ?? null);
  for (const line of lines)
    if (line.card)
      held.set(key(line.card.id, line.board), (held.get(key(line.card.id, line.board)) ?? 0) + line.quantity);
  const take = (cardId: string, board: BoardValue, quantity: number | undefined) => {
    const has = held.get(key(cardId, board)) ?? 0;
    const taken = Math.min(quantity ?? has, has);
    held.set(key(cardId, board), has - taken);
    return taken;
  };
  const put = (cardId: string, board: BoardValue, quantity: number) =>
    held.set(key(cardId, board), (held.get(key(cardId, board)) ?? 0) + quantity);
  const exact: ExactChange[] = [];
  for (const change of changes) {
    if (change.op === 'categorize') {
      const board = change.board ?? 'main';
      if (!held.get(key(change.cardId, board))) return null;
      const previous = categories.get(key(change.cardId, board)) ?? null;
      categories.set(key(change.cardId, board), change.category);
      exact.push({ op: 'categorize', cardId: change.cardId, board, category: change.category, previous });
      continue;
    }
    if (change.op === 'add') {
      const board = change.board ?? 'main';
      const quantity = change.quantity ?? 1;
      put(change.cardId, board, quantity);
      exact.push({ op: 'add', cardId: change.cardId, board, quantity });
      continue;
    }
    const from = change.op === 'remove' ? (change.board ?? 'main') : change.from;
    const quantity = take(change.cardId, from, change.quantity);
    if (quantity === 0) return null;
    if (change.op === 'remove') exact.push({ op: 'remove', cardId: change.cardId, board: from, quantity });
    else {
      put(change.cardId, change.to, quantity);
      exact.push({ op: 'move', cardId: change.cardId, from, to: change.to, quantity });
    }
  }
  return exact;
}

/** The changes that take exact changes back, last first. */
export function inverseOf(changes: readonly ExactChange[]): ExactChange[] {
  return [...changes].reverse().map((c): ExactChange => {
    if (c.op === 'add') return { op: 'remove', cardId: c.cardId, board: c.board, quantity: c.quantity };
    if (c.op === 'remove') return { op: 'add', cardId: c.cardId, board: c.board, quantity: c.quantity };
    if (c.op === 'categorize')
      return {
        op: 'categorize',
        cardId: c.cardId,
        board: c.board,
        category: c.previous,
        previous: c.category,
      };
    return { op: 'move', cardId: c.cardId, from: c.to, to: c.from, quantity: c.quantity };
  });
}

/** A change as the server takes it (without what only the history needs). */
export function toWire(change: ExactChange | DeckCardChange): DeckCardChange {
  if (change.op !== 'categorize') return change;
  return {
    op: 'categorize',
    cardId: change.cardId,
    board: change.board ?? 'main',
    category: change.category,
  };
}

/** A new step done: it can be undone, and whatever was undone before can no longer be redone. */
export function recorded(history: History, step: HistoryStep): History {
  return { past: [...history.past, step].slice(-HISTORY_DEPTH), future: [] };
}

/** The last step taken back: it moves to the steps that can be redone. */
export function undone(history: History): History {
  const step = history.past.at(-1);
  if (!step) return history;
  return { past: history.past.slice(0, -1), future: [...history.future, step] };
}

/** The last step undone, done again. */
export function redone(history: History): History {
  const step = history.future.at(-1);
  if (!step) return history;
  return { past: [...history.past, step], future: history.future.slice(0, -1) };
}

/** A step that could not be undone or redone (the deck moved on elsewhere): it leaves the history. */
export function dropped(history: History, step: HistoryStep): History {
  return { past: history.past.filter((s) => s !== step), future: history.future.filter((s) => s !== step) };
}

/** A deck line as the deck page shows it (the catalogue card, or null for a name that did not resolve). */
type ShownLine<C extends { id: string; name: string }> = {
  card: C | null;
  name: string;
  board: BoardValue;
  quantity: number;
  category: string | null;
};

/**
 * The lines with exact changes applied, as the server will apply them: what the page shows while the
 * changes are on their way (an added card is painted at once, not after the answer). `cards` names
 * the catalogue cards an add may bring that no line holds yet; an add of a card it does not know
 * waits for the answer. Lines keep their order; a new line goes last, as the server puts it.
 */
export function appliedLines<C extends { id: string; name: string }, L extends ShownLine<C>>(
  lines: readonly L[],
  changes: readonly ExactChange[],
  cards: ReadonlyMap<string, C>,
): L[] {
  let next = [...lines];
  const at = (cardId: string, board: BoardValue) =>
    next.findIndex((l) => l.card?.id === cardId && l.board === board);
  const add = (cardId: string, board: BoardValue, quantity: number, category: string | null) => {
    const i = at(cardId, board);
    const line = next[i];
    if (line) {
      next[i] = { ...line, quantity: line.quantity + quantity };
      return;
    }
    const card = cards.get(cardId) ?? lines.find((l) => l.card?.id === cardId)?.card ?? null;
    if (card) next.push({ card, name: card.name, board, quantity, category } as L);
  };
  /** Takes copies off a board (over its lines of the card), and answers the first line's category. */
  const take = (cardId: string, board: BoardValue, quantity: number): string | null => {
    let left = quantity;
    let category: string | null = null;
    next = next.flatMap((l) => {
      if (left === 0 || l.card?.id !== cardId || l.board !== board) return [l];
      category ??= l.category;
      const taken = Math.min(left, l.quantity);
      left -= taken;
      return l.quantity > taken ? [{ ...l, quantity: l.quantity - taken }] : [];
    });
    return category;
  };
  for (const change of changes) {
    if (change.op === 'add') add(change.cardId, change.board, change.quantity, null);
    else if (change.op === 'remove') take(change.cardId, change.board, change.quantity);
    else if (change.op === 'move')
      add(change.cardId, change.to, change.quantity, take(change.cardId, change.from, change.quantity));
    else
      next = next.map((l) =>
        l.card?.id === change.cardId && l.board === change.board ? { ...l, category: change.category } : l,
      );
  }
  return next;
}
