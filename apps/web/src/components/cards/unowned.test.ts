import { describe, expect, it } from 'vitest';
import { unownedSummary } from './unowned';

describe('cards of a deck I do not own', () => {
  it('a deck with nothing missing is all owned', () => {
    expect(unownedSummary([])).toEqual({ allOwned: true, missing: 0, wishlistable: [] });
  });
  it('unresolved lines are missing: counted, not all owned, but not wishlisted', () => {
    const summary = unownedSummary([
      { cardId: 'c1', name: 'Force of Will', missing: 3 },
      { cardId: null, name: 'Not A Real Card', missing: 2 },
    ]);
    expect(summary.allOwned).toBe(false);
    expect(summary.missing).toBe(5);
    expect(summary.wishlistable.map((u) => u.cardId)).toEqual(['c1']);
  });
  it('a deck whose only missing cards did not resolve is not all owned', () => {
    const summary = unownedSummary([{ cardId: null, name: 'Totally Made Up Card', missing: 1 }]);
    expect(summary).toEqual({ allOwned: false, missing: 1, wishlistable: [] });
  });
});
