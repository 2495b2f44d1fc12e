/**
 * Player statistics, computed in SQL (GROUP BY) under the shared game filters. The tag filter uses
 * the viewer's tags (a viewer may look at someone else's stats through their own tags). Someone
 * else's stats count only the games the viewer may see (`gameVisibleTo`): a playgroup's games stay
 * within its members and players.
 */
import type { ColorValue as Color } from '@companion/sdk/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { decks, formats, gamePlayers, games } from '../db/schema.js';
import { sortColors } from './decks/summary.js';
import { type GameFiltersInput, gameFilterConditions } from './games/filters.js';
import { gameVisibleTo } from './visibility.js';

export interface StatsDto {
  games: number;
  wins: number;
  losses: number;
  draws: number;
  winRate: number;
  averageTurns: number | null;
  averageDurationMinutes: number | null;
  byFormat: Array<{ formatId: string; name: string; games: number; wins: number; winRate: number }>;
  byColorIdentity: Array<{ colorIdentity: Color[]; games: number; wins: number; winRate: number }>;
  byDeck: Array<{
    deckId: string;
    name: string;
    colorIdentity: Color[];
    games: number;
    wins: number;
    winRate: number;
  }>;
  byMonth: Array<{ month: string; games: number; wins: number; winRate: number }>;
}

const count = sql<number>`count(*)::int`;
const wins = sql<number>`count(*) filter (where ${gamePlayers.result} = 'win')::int`;
const rate = (w: number, n: number) => (n ? w / n : 0);
const round = (v: number | string | null) => (v === null ? null : Math.round(Number(v) * 100) / 100);
const record = (r: { games: number; wins: number }) => {
  const n = Number(r.games);
  const w = Number(r.wins);
  return { games: n, wins: w, winRate: rate(w, n) };
};
const byGamesDesc = (a: { games: number; wins: number }, b: { games: number; wins: number }) =>
  b.games - a.games || b.wins - a.wins;

export async function computeStats(
  db: Db,
  userId: string,
  viewerId: string,
  filters: GameFiltersInput,
): Promise<StatsDto> {
  const where: SQL | undefined = and(
    eq(gamePlayers.userId, userId),
    ...gameFilterConditions(filters, viewerId),
    ...(viewerId === userId ? [] : [gameVisibleTo(viewerId)]),
  );
  const month = sql<string>`to_char(${games.playedAt} at time zone 'UTC', 'YYYY-MM')`;

  const [totals, byFormat, byColor, byDeck, byMonth] = await Promise.all([
    db
      .select({
        games: count,
        wins,
        losses: sql<number>`count(*) filter (where ${gamePlayers.result} = 'loss')::int`,
        draws: sql<number>`count(*) filter (where ${gamePlayers.result} = 'draw')::int`,
        averageTurns: sql<number | null>`avg(${games.turns})::float8`,
        averageDuration: sql<number | null>`avg(${games.durationMinutes})::float8`,
      })
      .from(gamePlayers)
      .innerJoin(games, eq(games.id, gamePlayers.gameId))
      .where(where),
    db
      .select({
        formatId: games.formatId,
        name: sql<string>`coalesce(${formats.name}, ${games.formatId})`,
        games: count,
        wins,
      })
      .from(gamePlayers)
      .innerJoin(games, eq(games.id, gamePlayers.gameId))
      .leftJoin(formats, eq(formats.id, games.formatId))
      .where(where)
      .groupBy(games.formatId, formats.name),
    db
      .select({ colors: decks.colorIdentity, games: count, wins })
      .from(gamePlayers)
      .innerJoin(games, eq(games.id, gamePlayers.gameId))
      .innerJoin(decks, eq(decks.id, gamePlayers.deckId))
      .where(where)
      .groupBy(decks.colorIdentity),
    db
      .select({ deckId: decks.id, name: decks.name, colors: decks.colorIdentity, games: count, wins })
      .from(gamePlayers)
      .innerJoin(games, eq(games.id, gamePlayers.gameId))
      .innerJoin(decks, eq(decks.id, gamePlayers.deckId))
      .where(where)
      .groupBy(decks.id, decks.name, decks.colorIdentity),
    db
      .select({ month, games: count, wins })
      .from(gamePlayers)
      .innerJoin(games, eq(games.id, gamePlayers.gameId))
      .where(where)
      .groupBy(month)
      .orderBy(month),
  ]);

  const t = totals[0];
  const n = Number(t?.games ?? 0);
  const w = Number(t?.wins ?? 0);

  // Colour identities stored in different orders are the same identity: merge them.
  const colorGroups = new Map<string, { colorIdentity: Color[]; games: number; wins: number }>();
  for (const r of byColor) {
    const colorIdentity = sortColors(r.colors);
    const key = colorIdentity.join('');
    const g = colorGroups.get(key) ?? { colorIdentity, games: 0, wins: 0 };
    g.games += Number(r.games);
    g.wins += Number(r.wins);
    colorGroups.set(key, g);
  }

  return {
    games: n,
    wins: w,
    losses: Number(t?.losses ?? 0),
    draws: Number(t?.draws ?? 0),
    winRate: rate(w, n),
    averageTurns: round(t?.averageTurns ?? null),
    averageDurationMinutes: round(t?.averageDuration ?? null),
    byFormat: byFormat.map((r) => ({ formatId: r.formatId, name: r.name, ...record(r) })).sort(byGamesDesc),
    byColorIdentity: [...colorGroups.values()]
      .map((g) => ({ colorIdentity: g.colorIdentity, ...record(g) }))
      .sort(byGamesDesc),
    byDeck: byDeck
      .map((r) => ({ deckId: r.deckId, name: r.name, colorIdentity: sortColors(r.colors), ...record(r) }))
      .sort(byGamesDesc),
    byMonth: byMonth.map((r) => ({ month: r.month, ...record(r) })),
  };
}
