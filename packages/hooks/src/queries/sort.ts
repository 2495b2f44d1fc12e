import type { DeckSummary, Friend, PlaygroupSummary } from '@companion/sdk/contract';

// The user's lists arrive newest first (spec §4): playgroups by lastActivity, decks by lastPlayed,
// friends by lastSeen; never-seen items last.

function newestFirst<T>(items: readonly T[], date: (item: T) => string | null | undefined): T[] {
  const time = (item: T) => {
    const value = date(item);
    const ms = value ? Date.parse(value) : Number.NaN;
    return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
  };
  return [...items].sort((a, b) => time(b) - time(a));
}

export const sortPlaygroups = (items: readonly PlaygroupSummary[]) =>
  newestFirst(items, (p) => p.lastActivity);
export const sortDecks = (items: readonly DeckSummary[]) => newestFirst(items, (d) => d.lastPlayed);
export const sortFriends = (items: readonly Friend[]) => newestFirst(items, (f) => f.lastSeen);
