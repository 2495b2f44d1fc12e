import { describe, expect, it } from 'vitest';
import { checkBracket, gameChangerLimit, minimumBracket } from './bracket.js';

const gc = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `id${i}`, name: `Card ${i}` }));

describe('brackets and Game Changers', () => {
  it('limits per bracket', () => {
    expect([1, 2, 3, 4, 5, null].map(gameChangerLimit)).toEqual([0, 0, 3, null, null, null]);
  });
  it('minimum bracket from the count', () => {
    expect([0, 1, 3, 4, 10].map(minimumBracket)).toEqual([1, 3, 3, 4, 4]);
  });
  it('names the offending cards', () => {
    expect(checkBracket(2, gc(1))).toMatchObject({
      ok: false,
      limit: 0,
      minimumBracket: 3,
      gameChangers: [{ name: 'Card 0' }],
    });
    expect(checkBracket(3, gc(3)).ok).toBe(true);
    expect(checkBracket(3, gc(4))).toMatchObject({ ok: false, minimumBracket: 4 });
    expect(checkBracket(4, gc(12)).ok).toBe(true);
    expect(checkBracket(1, []).ok).toBe(true);
    expect(checkBracket(null, gc(5))).toMatchObject({ ok: true, limit: null });
    // the same card twice counts once
    expect(checkBracket(3, [...gc(3), { id: 'other printing', name: 'Card 0' }]).gameChangers).toHaveLength(
      3,
    );
  });
});
