/**
 * Sets: a named group of games (a match or an evening) with aggregated results.
 * - See: its creator, participants (or recorders) of any of its games, active members of its playgroup.
 * - Edit and delete: its creator, or the owner and admins of its playgroup.
 * - `gameIds` may only attach games the caller may edit.
 */
import { canEditGame, canEditSet, playgroupRights } from '@companion/sdk/contract';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  formats,
  gamePlayers,
  gameSets,
  games,
  playgroupMembers,
  type UserRow,
  users,
} from '../db/schema.js';
import { forgetTargets } from './annotations.js';
import { iso } from './dto.js';
import { Forbidden, Invalid, NotFound } from './errors.js';
import { type GameDeps, gameDtos } from './games/dto.js';
import { gamesOfSets } from './games/read.js';
import { touchPlaygroups } from './games/record.js';
import { notesFor } from './notes.js';
import { tagsFor } from './tags.js';
import { gameVisibleTo, isUuid, membership, setVisibleTo, standingIn } from './visibility.js';

type SetRow = typeof gameSets.$inferSelect;

export interface SetInput {
  name?: string | undefined;
  playedAt?: string | undefined;
  formatId?: string | null | undefined;
  playgroupId?: string | null | undefined;
  gameIds?: string[] | undefined;
}

export async function visibleSet(db: Db, viewerId: string, id: string): Promise<SetRow> {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(gameSets)
        .where(and(eq(gameSets.id, id), setVisibleTo(viewerId)))
        .limit(1)
    : [];
  if (!row) throw new NotFound('That set');
  return row;
}

/**
 * A page of the sets the viewer can see, newest first (played, then created), with how many games
 * each holds and how many sets there are under the filter.
 */
export async function listSets(
  db: Db,
  viewerId: string,
  query: { page: number; limit: number; playgroupId?: string | undefined },
) {
  if (query.playgroupId !== undefined && !isUuid(query.playgroupId)) return { sets: [], total: 0 };
  const where = and(
    setVisibleTo(viewerId),
    query.playgroupId !== undefined ? eq(gameSets.playgroupId, query.playgroupId) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(gameSets)
      .where(where)
      .orderBy(desc(gameSets.playedAt), desc(gameSets.createdAt), desc(gameSets.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(gameSets).where(where),
  ]);
  const counts = rows.length
    ? await db
        .select({ setId: games.setId, games: sql<number>`count(*)::int` })
        .from(games)
        .where(
          inArray(
            games.setId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(games.setId)
    : [];
  const gameCount = new Map(counts.map((c) => [c.setId, Number(c.games)]));
  return {
    sets: rows.map((set) => ({
      id: set.id,
      name: set.name,
      playedAt: iso(set.playedAt),
      formatId: set.formatId,
      playgroupId: set.playgroupId,
      createdBy: set.createdBy,
      gameCount: gameCount.get(set.id) ?? 0,
      createdAt: iso(set.createdAt),
      updatedAt: iso(set.updatedAt),
    })),
    total: Number(count?.total ?? 0),
  };
}

async function editableSet(db: Db, userId: string, id: string): Promise<SetRow> {
  const set = await visibleSet(db, userId, id);
  const standing = set.createdBy === userId ? null : await standingIn(db, set.playgroupId, userId);
  if (!canEditSet({ id: userId, standing }, set))
    throw new Forbidden('Only the creator of the set or its playgroup’s admins can change it.');
  return set;
}

export async function getSet(deps: GameDeps, viewerId: string, id: string) {
  const set = await visibleSet(deps.db, viewerId, id);
  const { db } = deps;
  const [gameRows, results, tagMap, noteMap] = await Promise.all([
    gamesOfSets(db, [set.id]),
    db
      .select({
        userId: gamePlayers.userId,
        guestName: sql<string | null>`min(${gamePlayers.guestName})`,
        games: sql<number>`count(*)::int`,
        wins: sql<number>`count(*) filter (where ${gamePlayers.result} = 'win')::int`,
        draws: sql<number>`count(*) filter (where ${gamePlayers.result} = 'draw')::int`,
      })
      .from(gamePlayers)
      .innerJoin(games, eq(games.id, gamePlayers.gameId))
      .where(eq(games.setId, set.id))
      .groupBy(
        gamePlayers.userId,
        sql`case when ${gamePlayers.userId} is null then lower(${gamePlayers.guestName}) end`,
      ),
    tagsFor(db, viewerId, 'set', [set.id]),
    notesFor(db, viewerId, 'set', [set.id]),
  ]);
  const userIds = results.flatMap((r) => (r.userId ? [r.userId] : []));
  const userRows = userIds.length ? await db.select().from(users).where(inArray(users.id, userIds)) : [];
  const userById = new Map(userRows.map((u) => [u.id, u]));
  return {
    id: set.id,
    name: set.name,
    playedAt: iso(set.playedAt),
    formatId: set.formatId,
    playgroupId: set.playgroupId,
    createdBy: set.createdBy,
    games: await gameDtos(deps, viewerId, gameRows),
    results: results
      .map((r) => {
        const user = r.userId ? userById.get(r.userId) : undefined;
        return {
          user: user ? deps.users.summary(user) : null,
          guestName: user ? null : r.guestName,
          games: Number(r.games),
          wins: Number(r.wins),
          draws: Number(r.draws),
        };
      })
      .sort((a, b) => b.wins - a.wins || b.draws - a.draws || a.games - b.games),
    tags: tagMap.get(set.id) ?? [],
    note: noteMap.get(set.id) ?? null,
    createdAt: iso(set.createdAt),
    updatedAt: iso(set.updatedAt),
  };
}

async function checkFormat(db: Db, formatId: string | null | undefined): Promise<void> {
  if (!formatId) return;
  const [found] = await db.select({ id: formats.id }).from(formats).where(eq(formats.id, formatId));
  if (!found)
    throw new Invalid('Invalid body.formatId: Unknown format', [
      { path: 'body.formatId', message: 'Unknown format' },
    ]);
}

async function checkPlaygroup(db: Db, caller: UserRow, playgroupId: string): Promise<void> {
  const m = await membership(db, playgroupId, caller.id);
  if (!m) throw new NotFound('That playgroup');
  if (!playgroupRights(m).record)
    throw new Forbidden('Accept the invitation before adding sets to this playgroup.');
}

/** Attaches games to the set, each one editable by the caller; detaches the others when `replace`. */
async function attachGames(db: Db, caller: UserRow, setId: string, gameIds: string[], replace: boolean) {
  const unique = [...new Set(gameIds)];
  const unknownGame = (i: number) =>
    new Invalid(`Invalid body.gameIds.${i}: Unknown game`, [
      { path: `body.gameIds.${i}`, message: 'Unknown game' },
    ]);
  unique.forEach((id, i) => {
    if (!isUuid(id)) throw unknownGame(i);
  });
  const rows = unique.length
    ? await db
        .select()
        .from(games)
        .where(and(inArray(games.id, unique), gameVisibleTo(caller.id)))
    : [];
  const byId = new Map(rows.map((g) => [g.id, g]));
  // The caller's standing in the playgroups of the games they did not record (one query).
  const groupIds = [
    ...new Set(rows.flatMap((g) => (g.createdBy !== caller.id && g.playgroupId ? [g.playgroupId] : []))),
  ];
  const standings = new Map(
    (groupIds.length
      ? await db
          .select({
            id: playgroupMembers.playgroupId,
            role: playgroupMembers.role,
            status: playgroupMembers.status,
          })
          .from(playgroupMembers)
          .where(and(eq(playgroupMembers.userId, caller.id), inArray(playgroupMembers.playgroupId, groupIds)))
      : []
    ).map((m) => [m.id, m]),
  );
  for (const [i, id] of unique.entries()) {
    const game = byId.get(id);
    if (!game) throw unknownGame(i);
    const standing = game.playgroupId ? standings.get(game.playgroupId) : undefined;
    if (!canEditGame({ id: caller.id, standing }, game))
      throw new Forbidden('You can only add games you recorded or manage to a set.');
  }
  if (replace) {
    await db
      .update(games)
      .set({ setId: null })
      .where(
        unique.length ? and(eq(games.setId, setId), notInArray(games.id, unique)) : eq(games.setId, setId),
      );
  }
  if (unique.length) await db.update(games).set({ setId }).where(inArray(games.id, unique));
}

export async function createSet(deps: GameDeps, caller: UserRow, input: SetInput & { name: string }) {
  const id = await deps.db.transaction(async (tx) => {
    await checkFormat(tx, input.formatId);
    if (input.playgroupId) await checkPlaygroup(tx, caller, input.playgroupId);
    const [set] = await tx
      .insert(gameSets)
      .values({
        name: input.name,
        ...(input.playedAt ? { playedAt: new Date(input.playedAt) } : {}),
        formatId: input.formatId ?? null,
        playgroupId: input.playgroupId ?? null,
        createdBy: caller.id,
      })
      .returning();
    if (!set) throw new Error('insert returned nothing');
    if (input.gameIds?.length) await attachGames(tx, caller, set.id, input.gameIds, false);
    await touchPlaygroups(tx, [set.playgroupId]);
    return set.id;
  });
  return getSet(deps, caller.id, id);
}

export async function updateSet(deps: GameDeps, caller: UserRow, id: string, input: SetInput) {
  await deps.db.transaction(async (tx) => {
    const set = await editableSet(tx, caller.id, id);
    await checkFormat(tx, input.formatId);
    if (input.playgroupId && input.playgroupId !== set.playgroupId)
      await checkPlaygroup(tx, caller, input.playgroupId);
    const changes: Partial<SetRow> = { updatedAt: new Date() };
    if (input.name !== undefined) changes.name = input.name;
    if (input.playedAt !== undefined) changes.playedAt = new Date(input.playedAt);
    if (input.formatId !== undefined) changes.formatId = input.formatId;
    if (input.playgroupId !== undefined) changes.playgroupId = input.playgroupId;
    await tx.update(gameSets).set(changes).where(eq(gameSets.id, set.id));
    if (input.gameIds) await attachGames(tx, caller, set.id, input.gameIds, true);
    await touchPlaygroups(tx, [set.playgroupId, input.playgroupId]);
  });
  return getSet(deps, caller.id, id);
}

/** Deletes the set; its games stay (their set is cleared by the foreign key). */
export async function deleteSet(deps: GameDeps, caller: UserRow, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const set = await editableSet(tx, caller.id, id);
    await tx.delete(gameSets).where(eq(gameSets.id, set.id));
    await forgetTargets(tx, 'set', [set.id]);
    await touchPlaygroups(tx, [set.playgroupId]);
  });
}
