import { describe, expect, it } from 'vitest';
import { exactlyBounded } from './card-search.js';
import { parseSearch } from './card-search-syntax.js';

describe('exactlyBounded: card_pick counts the cards alone', () => {
  it.each([
    'usd>=10',
    'eur<1',
    'usd>0.5 t:creature',
    '-usd>=1',
    '-eur<1 c:r',
    'r:rare',
    'r>=rare c:g mv<=3',
    '-r:common t:land',
    '(t:creature or t:artifact) usd<=2',
    'o:"draw a card" r!=common',
    // Options hold for every printing.
    'usd>=10 order:usd',
    'r:mythic unique:cards direction:desc',
  ])('%s: one price or rarity term, the rest shared', (q) => {
    expect(exactlyBounded(parseSearch(q))).toBe(true);
  });

  it.each([
    // Two printings can each match one term and none both.
    'r:rare usd>=1',
    'usd>=1 usd<=3',
    '(c:u or c:b) r:rare usd>=1',
    // Between the lowest and highest price does not mean some printing has it.
    'usd=0.25',
    'usd!=0.25',
    // Legalities: card_pick knows only that they differ.
    'legal:modern',
    'legal:modern usd>=1',
    // Under an `or` or inside a term with others.
    'r:common or usd>=5',
    'not (usd>=1 or t:creature)',
    // Not bounded at all.
    't:creature',
    'set:lea',
  ])('%s: not exact', (q) => {
    expect(exactlyBounded(parseSearch(q))).toBe(false);
  });
});
