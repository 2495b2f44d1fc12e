/**
 * A deck's games under the shared filters and its record (wins, formats, months). Someone other than
 * the owner (a deck on a public or friend's profile) sees only the games the game-visibility rule
 * shows them (`gameVisibleTo`): never the games of a playgroup they are not an active member of.
 */
import { COLORS, type GameResultValue, type Stats } from '@companion/sdk/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { formats, gamePlayers, games } from '../../db/schema.js';
import { iso } from '../dto.js';
import { type GameDeps, gameDtos } from '../games/dto.js';
import { type GameFiltersInput, gameFilterConditions } from '../games/filters.js';
import { gameVisibleTo } from '../visibility.js';
import type { DeckRow } from './summary.js';

type StatsDto = z.infer<typeof Stats>;

/** The deck's games under the filters (newest first) and its record. */
export async function deckGames(deps: GameDeps, deck: DeckRow, viewerId: string, filters: GameFiltersInput) {
  const { db } = deps;
  const rows = await db
    .select()
    .from(games)
    .where(
      and(
        sql`exists (select 1 from ${gamePlayers} where ${gamePlayers.gameId} = ${games.id} and ${gamePlayers.deckId} = ${deck.id})`,
        ...gameFilterConditions(filters, viewerId),
        ...(viewerId === deck.ownerId ? [] : [gameVisibleTo(viewerId)]),
      ),
    )
    .orderBy(desc(games.playedAt))
    .limit(500);
  const results = rows.length
    ? await db
        .select({ gameId: gamePlayers.gameId, result: gamePlayers.result })
        .from(gamePlayers)
        .where(
          and(
            eq(gamePlayers.deckId, deck.id),
            inArray(
              gamePlayers.gameId,
              rows.map((g) => g.id),
            ),
          ),
        )
    : [];
  const formatNames = new Map(
    (await db.select({ id: formats.id, name: formats.name }).from(formats)).map((f) => [f.id, f.name]),
  );
  return { games: await gameDtos(deps, viewerId, rows), stats: deckStats(deck, rows, results, formatNames) };
}

function deckStats(
  deck: DeckRow,
  rows: Array<typeof games.$inferSelect>,
  results: Array<{ gameId: string; result: GameResultValue }>,
  formatNames: Map<string, string>,
): StatsDto {
  const byGame = new Map(results.map((r) => [r.gameId, r.result]));
  const rate = (w: number, n: number) => (n ? w / n : 0);
  const tally = new Map<string, { games: number; wins: number }>();
  const months = new Map<string, { games: number; wins: number }>();
  let wins = 0;
  let losses = 0;
  let draws = 0;
  const turns: number[] = [];
  const durations: number[] = [];
  for (const g of rows) {
    const result = byGame.get(g.id) ?? 'loss';
    const win = result === 'win' ? 1 : 0;
    wins += win;
    if (result === 'loss') losses++;
    if (result === 'draw') draws++;
    if (g.turns !== null) turns.push(g.turns);
    if (g.durationMinutes !== null) durations.push(g.durationMinutes);
    const f = tally.get(g.formatId) ?? { games: 0, wins: 0 };
    f.games++;
    f.wins += win;
    tally.set(g.formatId, f);
    const month = iso(g.playedAt).slice(0, 7);
    const m = months.get(month) ?? { games: 0, wins: 0 };
    m.games++;
    m.wins += win;
    months.set(month, m);
  }
  const n = rows.length;
  const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  const colorIdentity = deck.colorIdentity.filter((c): c is (typeof COLORS)[number] =>
    (COLORS as readonly string[]).includes(c),
  );
  return {
    games: n,
    wins,
    losses,
    draws,
    winRate: rate(wins, n),
    averageTurns: avg(turns),
    averageDurationMinutes: avg(durations),
    byFormat: [...tally.entries()].map(([formatId, t]) => ({
      formatId,
      name: formatNames.get(formatId) ?? formatId,
      games: t.games,
      wins: t.wins,
      winRate: rate(t.wins, t.games),
    })),
    byColorIdentity: n ? [{ colorIdentity, games: n, wins, winRate: rate(wins, n) }] : [],
    byDeck: n
      ? [{ deckId: deck.id, name: deck.name, colorIdentity, games: n, wins, winRate: rate(wins, n) }]
      : [],
    byMonth: [...months.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, t]) => ({ month, games: t.games, wins: t.wins, winRate: rate(t.wins, t.games) })),
  };
}
