import type { Deck } from '@companion/sdk/contract';

type Unowned = Deck['unowned'][number];

/**
 * What the deck's "Cards I don't own" panel shows. A line that did not resolve to a card (null
 * `cardId`) cannot be shown to be owned: it is missing, counted and listed by its name, but it
 * cannot go on a wishlist. The deck is all owned only when nothing is missing.
 */
export function unownedSummary(unowned: Deck['unowned']) {
  const wishlistable = unowned.filter((u): u is Unowned & { cardId: string } => u.cardId !== null);
  return {
    allOwned: unowned.length === 0,
    /** Copies missing, unresolved lines included. */
    missing: unowned.reduce((n, u) => n + u.missing, 0),
    /** The missing cards a wishlist can take (the resolved ones). */
    wishlistable,
  };
}
