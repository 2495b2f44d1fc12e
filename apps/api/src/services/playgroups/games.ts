/**
 * A page of a playgroup's games and its leaderboard under the shared filters (active members only).
 */
import { playgroupRights } from '@companion/sdk/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { gamePlayers, games, type UserRow, users } from '../../db/schema.js';
import { Forbidden } from '../errors.js';
import { gameDtos } from '../games/dto.js';
import { type GameFiltersInput, gameFilterConditions } from '../games/filters.js';
import { pageOfGames } from '../games/paging.js';
import type { GamePaging } from '../games/read.js';
import { access, type PlaygroupDeps } from './access.js';

/**
 * A page of the group's games (newest first) and its leaderboard under the same filters, over all
 * of them (not the page), counted in SQL: per user or guest name, games, wins, win rate and the most
 * played deck; by wins, then win rate.
 */
export async function playgroupGames(
  deps: PlaygroupDeps,
  caller: UserRow,
  id: string,
  filters: GameFiltersInput & GamePaging,
) {
  const a = await access(deps.db, id, caller.id);
  if (!playgroupRights(a.me).viewGames)
    throw new Forbidden('Accept the invitation to see the playgroup’s games.');
  const where = and(eq(games.playgroupId, a.group.id), ...gameFilterConditions(filters, caller.id));
  const playerKey = sql<string>`coalesce(${gamePlayers.userId}::text, 'guest:' || lower(${gamePlayers.guestName}))`;
  const [page, board, deckCounts] = await Promise.all([
    pageOfGames(deps.db, where, filters),
    deps.db
      .select({
        key: playerKey,
        userId: gamePlayers.userId,
        guestName: sql<string>`min(${gamePlayers.guestName})`,
        games: sql<number>`count(*)::int`,
        wins: sql<number>`count(*) filter (where ${gamePlayers.result} = 'win')::int`,
      })
      .from(gamePlayers)
      .innerJoin(games, eq(games.id, gamePlayers.gameId))
      .where(where)
      .groupBy(playerKey, gamePlayers.userId),
    deps.db
      .select({
        key: playerKey,
        deckId: gamePlayers.deckId,
        deckName: sql<string>`max(${gamePlayers.deckName})`,
        games: sql<number>`count(*)::int`,
        last: sql<Date>`max(${games.playedAt})`,
      })
      .from(gamePlayers)
      .innerJoin(games, eq(games.id, gamePlayers.gameId))
      .where(and(where, sql`${gamePlayers.deckId} is not null`))
      .groupBy(playerKey, gamePlayers.deckId),
  ]);
  const userIds = board.flatMap((b) => (b.userId ? [b.userId] : []));
  const userRows = userIds.length ? await deps.db.select().from(users).where(inArray(users.id, userIds)) : [];
  const userById = new Map(userRows.map((u) => [u.id, u]));
  const favourite = new Map<string, { id: string; name: string; games: number; last: number }>();
  for (const d of deckCounts) {
    if (!d.deckId) continue;
    const last = new Date(d.last).getTime();
    const current = favourite.get(d.key);
    const n = Number(d.games);
    if (!current || n > current.games || (n === current.games && last > current.last))
      favourite.set(d.key, { id: d.deckId, name: d.deckName ?? '', games: n, last });
  }
  const leaderboard = board
    .map((b) => {
      const user = b.userId ? userById.get(b.userId) : undefined;
      const fav = favourite.get(b.key);
      const n = Number(b.games);
      const wins = Number(b.wins);
      return {
        user: user ? deps.users.summary(user) : null,
        guestName: user ? null : b.guestName,
        games: n,
        wins,
        winRate: n ? wins / n : 0,
        favouriteDeck: fav ? { id: fav.id, name: fav.name } : null,
      };
    })
    .sort((x, y) => y.wins - x.wins || y.winRate - x.winRate || y.games - x.games);
  return {
    games: await gameDtos(deps, caller.id, page.rows),
    nextCursor: page.nextCursor,
    total: page.total,
    leaderboard,
  };
}
