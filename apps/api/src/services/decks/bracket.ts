/**
 * Commander brackets and Game Changers: bracket 1–2 allow none, 3 allows up to three, 4–5 have no
 * limit. Pure: the caller finds the deck's Game Changers from the catalogue's `game_changer` flag.
 */
export interface BracketCheckResult {
  bracket: number | null;
  limit: number | null;
  gameChangers: Array<{ id: string; name: string }>;
  ok: boolean;
  minimumBracket: number;
}

/** Most Game Changers a bracket allows (null: no limit). */
export function gameChangerLimit(bracket: number | null): number | null {
  if (bracket === null || bracket >= 4) return null;
  return bracket <= 2 ? 0 : 3;
}

/** Lowest bracket a number of Game Changers allows. */
export function minimumBracket(count: number): number {
  if (count === 0) return 1;
  return count <= 3 ? 3 : 4;
}

export function checkBracket(
  bracket: number | null,
  gameChangers: ReadonlyArray<{ id: string; name: string }>,
): BracketCheckResult {
  const unique = [...new Map(gameChangers.map((g) => [g.name, g])).values()].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  const limit = gameChangerLimit(bracket);
  return {
    bracket,
    limit,
    gameChangers: unique,
    ok: limit === null || unique.length <= limit,
    minimumBracket: minimumBracket(unique.length),
  };
}
