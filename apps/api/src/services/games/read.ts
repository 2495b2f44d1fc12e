/**
 * Reading games: a page of the caller's games under the filters, one game, the games of sets.
 */
import { and, asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { games } from '../../db/schema.js';
import { NotFound } from '../errors.js';
import { visibleGame } from './access.js';
import { type GameDeps, type GameDto, type GameRow, gameDtos } from './dto.js';
import { type GameFiltersInput, gameFilterConditions } from './filters.js';
import { pageOfGames } from './paging.js';

/** Paging of a game list: the contract's `limit` (already defaulted) and the previous page's cursor. */
export interface GamePaging {
  cursor?: string | undefined;
  limit: number;
}

/**
 * Condition on `games`: the viewer played in it or recorded it. Written as one id set from the two
 * indexes (`games_created_by`, `game_players_user`) rather than an `or` that scans every game.
 */
export function playedOrRecordedBy(viewerId: string): SQL {
  return sql`${games.id} in (
    select g.id from games g where g.created_by = ${viewerId}
    union
    select gp.game_id from game_players gp where gp.user_id = ${viewerId})`;
}

/**
 * One page of the games the caller played in or recorded, newest first, under the filters, with the
 * number of those games and the next page's cursor.
 */
export async function listGames(
  deps: GameDeps,
  viewerId: string,
  query: GameFiltersInput & GamePaging,
): Promise<{ games: GameDto[]; nextCursor: string | null; total: number }> {
  const where = and(playedOrRecordedBy(viewerId), ...gameFilterConditions(query, viewerId));
  const page = await pageOfGames(deps.db, where, query);
  return { games: await gameDtos(deps, viewerId, page.rows), nextCursor: page.nextCursor, total: page.total };
}

export async function getGame(deps: GameDeps, viewerId: string, id: string): Promise<GameDto> {
  const row = await visibleGame(deps.db, viewerId, id);
  const [dto] = await gameDtos(deps, viewerId, [row]);
  if (!dto) throw new NotFound('That game');
  return dto;
}

/** Games of a set (visible to whoever sees the set), oldest first. */
export async function gamesOfSets(db: Db, setIds: string[]): Promise<GameRow[]> {
  if (setIds.length === 0) return [];
  return db
    .select()
    .from(games)
    .where(inArray(games.setId, setIds))
    .orderBy(asc(games.playedAt), asc(games.createdAt));
}
