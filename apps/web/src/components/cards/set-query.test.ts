import { describe, expect, it } from 'vitest';
import { setOfQuery } from './set-query';

describe('setOfQuery', () => {
  it('finds the set of s:, e:, set: and edition: terms', () => {
    expect(setOfQuery('s:mid')).toBe('mid');
    expect(setOfQuery('t:creature e:DMU r:rare')).toBe('dmu');
    expect(setOfQuery('(set:neo or t:goblin)')).toBe('neo');
    expect(setOfQuery('edition=ltr')).toBe('ltr');
  });
  it('names no set for a negated term, another key or a partial word', () => {
    expect(setOfQuery('-s:mid')).toBeNull();
    expect(setOfQuery('t:creature')).toBeNull();
    expect(setOfQuery('o:"s:mid"x')).toBeNull();
    expect(setOfQuery('lights:on')).toBeNull();
    expect(setOfQuery('')).toBeNull();
  });
});
