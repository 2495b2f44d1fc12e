/**
 * The shared game filters (`timestamp`, `formatid`, `subformatid`, `tagid`) as SQL conditions on
 * `games`, used by game lists, statistics, decks and playgroups.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import { games, taggings, tags } from '../../db/schema.js';
import { Invalid } from '../errors.js';
import { isUuid } from '../visibility.js';

export interface GameFiltersInput {
  timestamp?: string | number | undefined;
  formatid?: string | undefined;
  subformatid?: string | undefined;
  tagid?: string | undefined;
}

export const invalid = (path: string, message: string) => Invalid.field(path, message);

/** `timestamp` of the shared filters: ISO date, ISO date-time or epoch milliseconds. */
export function sinceDate(timestamp: string | number): Date {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime()))
    throw invalid('query.timestamp', 'Not a date (use ISO-8601 or milliseconds since the epoch)');
  return date;
}

/**
 * SQL conditions on `games` for the shared filters. `tagid` is one of the viewer's tags: games the
 * viewer tagged with it (or whose set they tagged with it).
 */
export function gameFilterConditions(filters: GameFiltersInput, viewerId: string): SQL[] {
  const out: SQL[] = [];
  if (filters.timestamp !== undefined) out.push(sql`${games.playedAt} >= ${sinceDate(filters.timestamp)}`);
  if (filters.formatid) out.push(eq(games.formatId, filters.formatid));
  if (filters.subformatid) out.push(eq(games.subformatId, filters.subformatid));
  if (filters.tagid) {
    if (!isUuid(filters.tagid)) out.push(sql`false`);
    else
      out.push(sql`exists (
        select 1 from ${taggings} join ${tags} on ${tags.id} = ${taggings.tagId}
        where ${taggings.tagId} = ${filters.tagid} and ${tags.userId} = ${viewerId}
          and ((${taggings.targetType} = 'game' and ${taggings.targetId} = ${games.id})
            or (${taggings.targetType} = 'set' and ${taggings.targetId} = ${games.setId})))`);
  }
  return out;
}
