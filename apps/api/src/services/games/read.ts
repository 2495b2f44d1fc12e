/**
 * Reading games: the caller's games under the filters, one game, the games of sets.
 */
import { and, asc, desc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { games } from '../../db/schema.js';
import { NotFound } from '../errors.js';
import { visibleGame } from './access.js';
import { type GameDeps, type GameDto, type GameRow, gameDtos } from './dto.js';
import { type GameFiltersInput, gameFilterConditions } from './filters.js';

/** Games the caller played in or recorded, newest first, under the filters. */
export async function listGames(deps: GameDeps, viewerId: string, filters: GameFiltersInput) {
  const rows = await deps.db
    .select()
    .from(games)
    .where(
      and(
        sql`(${games.createdBy} = ${viewerId} or exists (
          select 1 from game_players mgp where mgp.game_id = ${games.id} and mgp.user_id = ${viewerId}))`,
        ...gameFilterConditions(filters, viewerId),
      ),
    )
    .orderBy(desc(games.playedAt), desc(games.createdAt));
  return gameDtos(deps, viewerId, rows);
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
