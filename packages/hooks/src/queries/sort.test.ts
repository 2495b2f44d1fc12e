import { DeckSummary, Friend, PlaygroupSummary } from '@companion/sdk/contract';
import { describe, expect, it } from 'vitest';
import { sample } from '../../test/fixtures.js';
import { sortDecks, sortFriends, sortPlaygroups } from './sort.js';

describe('ordering', () => {
  it('sorts decks by lastPlayed, newest first with nulls last', () => {
    const base = sample(DeckSummary);
    const decks = [
      { ...base, id: 'a', lastPlayed: null },
      { ...base, id: 'b', lastPlayed: '2026-01-01T00:00:00.000Z' },
      { ...base, id: 'c', lastPlayed: '2026-03-01T00:00:00.000Z' },
    ];
    expect(sortDecks(decks).map((d) => d.id)).toEqual(['c', 'b', 'a']);
    // a copy: the input keeps its order
    expect(decks.map((d) => d.id)).toEqual(['a', 'b', 'c']);
  });

  it('sorts playgroups by lastActivity and friends by lastSeen', () => {
    const p = sample(PlaygroupSummary);
    expect(
      sortPlaygroups([
        { ...p, id: 'old', lastActivity: '2025-01-01T00:00:00.000Z' },
        { ...p, id: 'new', lastActivity: '2026-01-01T00:00:00.000Z' },
      ]).map((x) => x.id),
    ).toEqual(['new', 'old']);
    const f = sample(Friend);
    expect(
      sortFriends([
        { ...f, code: 'never', lastSeen: null },
        { ...f, code: 'seen', lastSeen: '2026-01-01T00:00:00.000Z' },
      ]).map((x) => x.code),
    ).toEqual(['seen', 'never']);
  });
});
