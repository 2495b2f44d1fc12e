/**
 * The deck editor and the deck's version: what the form changes of a deck (to tell edits from a newer
 * copy of the same content), what to do when a newer copy arrives, and the version a 409 reports.
 */
import { isCompanionError } from '@companion/sdk';
import type { Card, Deck } from '@companion/sdk/contract';

export interface EditorRow {
  key: string;
  card: Card | null;
  name: string;
  quantity: number;
  board: Deck['cards'][number]['board'];
}

export const rowsOf = (deck: Deck): EditorRow[] =>
  deck.cards.map((c, i) => ({
    key: `${c.card?.id ?? c.name}-${c.board}-${i}`,
    card: c.card,
    name: c.name,
    quantity: c.quantity,
    board: c.board,
  }));

/** What the editor changes of a deck, as one comparable text (cards in order). */
export const contentOf = (v: {
  name: string;
  formatId: string;
  description: string | null;
  rows: ReadonlyArray<Pick<EditorRow, 'card' | 'name' | 'quantity' | 'board'>>;
}) =>
  JSON.stringify([
    v.name,
    v.formatId,
    v.description ?? '',
    v.rows.map((r) => [r.card?.id ?? r.name, r.quantity, r.board]),
  ]);

export const deckContent = (deck: Deck) =>
  contentOf({ name: deck.name, formatId: deck.formatId, description: deck.description, rows: rowsOf(deck) });

/**
 * A copy of the deck arrives (a refetch, a save, the bracket picker) while the form started from
 * `base`: `replace` the form when nothing is edited; with edits, `adopt` the copy's version when what
 * the editor changes is the same in both (only the bracket or the record moved), else `keep` the
 * edits on the old version (saving them answers 409 and the player chooses).
 */
export function onNewCopy(base: Deck, copy: Deck, edited: boolean): 'same' | 'replace' | 'adopt' | 'keep' {
  if (copy === base) return 'same';
  if (!edited) return 'replace';
  return deckContent(copy) === deckContent(base) ? 'adopt' : 'keep';
}

/** The save was refused because the deck moved on (409): the version it is at now, else null. */
export function conflictVersion(error: unknown): number | null {
  if (!isCompanionError(error) || error.status !== 409) return null;
  const version = error.details?.version;
  return typeof version === 'number' ? version : null;
}
