/**
 * Keyset paging of game lists, newest first: games sort by `(played_at, created_at, id)` descending
 * (a total order: ties on both times fall back to the id), and a page's cursor is that key of its
 * last game. The next page is the games strictly after that key, so games recorded or deleted
 * between two calls neither repeat nor shift the pages. The cursor is opaque to clients: base64url
 * of `v1|<played_at>|<created_at>|<id>`, timestamps with microseconds (what PostgreSQL stores), and
 * anything else answers the catalogue's validation error naming `query.cursor`.
 */
import { and, desc, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { games } from '../../db/schema.js';
import { Invalid } from '../errors.js';
import { isUuid } from '../visibility.js';

interface GameKey {
  playedAt: string;
  createdAt: string;
  id: string;
}

const VERSION = 'v1';
const MICROS_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const NOT_A_CURSOR = 'Not a cursor from this list (use the previous page’s nextCursor)';

/** The sort of every game list. */
const newestFirst = [desc(games.playedAt), desc(games.createdAt), desc(games.id)] as const;

/** The columns a page needs to build its cursor: both times in UTC with microseconds. */
const keyColumns = {
  keyPlayedAt: sql<string>`to_char(${games.playedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  keyCreatedAt: sql<string>`to_char(${games.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

export function encodeCursor(key: GameKey): string {
  return Buffer.from([VERSION, key.playedAt, key.createdAt, key.id].join('|'), 'utf8').toString('base64url');
}

/** A real instant written as `MICROS_ISO` (no 30 February: the date must read back unchanged). */
function isInstant(value: string | undefined): value is string {
  if (!value || !MICROS_ISO.test(value)) return false;
  const date = new Date(value);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === value.slice(0, 23);
}

export function decodeCursor(cursor: string): GameKey {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const [version, playedAt, createdAt, id] = parts;
  if (
    parts.length !== 4 ||
    version !== VERSION ||
    !isInstant(playedAt) ||
    !isInstant(createdAt) ||
    !isUuid(id)
  )
    throw Invalid.field('query.cursor', NOT_A_CURSOR);
  return { playedAt, createdAt, id };
}

/** Condition on `games`: after the cursor's game in the newest-first order (none without a cursor). */
function afterCursor(cursor: string | undefined): SQL[] {
  if (cursor === undefined) return [];
  const key = decodeCursor(cursor);
  return [
    sql`(${games.playedAt}, ${games.createdAt}, ${games.id}) < (${key.playedAt}::timestamptz, ${key.createdAt}::timestamptz, ${key.id}::uuid)`,
  ];
}

/**
 * A page from rows fetched with `limit + 1`: the extra row only tells that another page follows,
 * and the cursor is the key of the page's last row.
 */
function toPage<R extends { id: string; keyPlayedAt: string; keyCreatedAt: string }>(
  rows: R[],
  limit: number,
): { rows: R[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  if (!last) return { rows: page, nextCursor: null };
  return {
    rows: page,
    nextCursor: encodeCursor({ playedAt: last.keyPlayedAt, createdAt: last.keyCreatedAt, id: last.id }),
  };
}

/**
 * One page of the games matching `where`, newest first, after `paging.cursor`, with the next page's
 * cursor and the number of all the games matching `where` (both queries at once).
 */
export async function pageOfGames(
  db: Db,
  where: SQL | undefined,
  paging: { cursor?: string; limit: number },
) {
  const [rows, [count]] = await Promise.all([
    db
      .select({ ...getTableColumns(games), ...keyColumns })
      .from(games)
      .where(and(where, ...afterCursor(paging.cursor)))
      .orderBy(...newestFirst)
      .limit(paging.limit + 1),
    db.select({ total: sql<number>`count(*)::int` }).from(games).where(where),
  ]);
  return { ...toPage(rows, paging.limit), total: Number(count?.total ?? 0) };
}
