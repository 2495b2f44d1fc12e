import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { featureHints } from './card-search.js';
import { parseSearch } from './card-search-syntax.js';

const f = sql.raw('f');

describe('featureHints', () => {
  it.each([
    ['r:rare', 1, 0],
    ['r:rare r:mythic', 2, 0],
    ['eur>=5 r:rare', 1, 0],
    ['t:creature r:rare', 2, 2],
    ['c:g r:mythic usd>=1', 2, 2],
    ['t:creature', 1, 1],
    ['usd>=1', 0, 0],
  ])('%s: %i conditions, %i in the catalogue (no rarity alone)', (q, all, catalogue) => {
    expect(featureHints(parseSearch(q), f)).toHaveLength(all);
    expect(featureHints(parseSearch(q), f, { loneRarity: false })).toHaveLength(catalogue);
  });
});
