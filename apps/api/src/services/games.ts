/**
 * Games: recording, editing and listing, with who may do what.
 * - See: participants, the recorder, and the active members of its playgroup (404 for anyone else).
 * - Edit and delete: the recorder, or the owner and admins of its playgroup (403 for other viewers).
 */
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  decks,
  formats,
  gamePlayers,
  gameSets,
  games,
  playgroupMembers,
  playgroups,
  subformats,
  taggings,
  tags,
  type UserRow,
  users,
} from '../db/schema.js';
import { forgetTargets, type NoteDto, notesFor, setTags, type TagDto, tagsFor } from './annotations.js';
import type { DeckListCache } from './deck-lists.js';
import { sortColors } from './deck-summary.js';
import { iso } from './dto.js';
import { Forbidden, Invalid, NotFound } from './errors.js';
import type { UserService } from './users.js';
import { friendIds, gameVisibleTo, isManager, isUuid, membership } from './visibility.js';

export type GameRow = typeof games.$inferSelect;
type Summary = ReturnType<UserService['summary']>;

export interface GameFiltersInput {
  timestamp?: string | number | undefined;
  formatid?: string | undefined;
  subformatid?: string | undefined;
  tagid?: string | undefined;
}

export interface GamePlayerInput {
  userId?: string | null | undefined;
  guestName?: string | null | undefined;
  deckId?: string | null | undefined;
  deckName?: string | null | undefined;
  seat?: number | null | undefined;
  result: 'win' | 'loss' | 'draw';
}

export interface GameInput {
  playedAt?: string | undefined;
  formatId: string;
  subformatId?: string | null | undefined;
  playgroupId?: string | null | undefined;
  setId?: string | null | undefined;
  players: GamePlayerInput[];
  turns?: number | null | undefined;
  durationMinutes?: number | null | undefined;
  tags?: string[] | undefined;
}

export interface GamePlayerDto {
  id: string;
  user: Summary | null;
  guestName: string | null;
  deck: { id: string; name: string; colorIdentity: Array<'W' | 'U' | 'B' | 'R' | 'G'> } | null;
  deckName: string | null;
  seat: number | null;
  result: 'win' | 'loss' | 'draw';
}

export interface GameDto {
  id: string;
  playedAt: string;
  formatId: string;
  subformatId: string | null;
  playgroupId: string | null;
  setId: string | null;
  players: GamePlayerDto[];
  turns: number | null;
  durationMinutes: number | null;
  createdBy: string;
  tags: TagDto[];
  note: NoteDto | null;
  createdAt: string;
  updatedAt: string;
}

export interface GameDeps {
  db: Db;
  users: Pick<UserService, 'summary'>;
  /** Told which players' deck lists a game write changed (record, last played). */
  deckLists?: Pick<DeckListCache, 'changed'>;
}

/** The players whose deck lists a game changes (a deck in a game belongs to its player). */
const deckOwners = (players: Array<{ userId: string | null; deckId: string | null }>) =>
  players.flatMap((p) => (p.deckId && p.userId ? [p.userId] : []));

const invalid = (path: string, message: string) => Invalid.field(path, message);

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

const RESULT_ORDER = { win: 0, draw: 1, loss: 2 } as const;

/** Full game DTOs for many games in four queries, with the viewer's tags and notes. */
export async function gameDtos(deps: GameDeps, viewerId: string, rows: GameRow[]): Promise<GameDto[]> {
  if (rows.length === 0) return [];
  const { db } = deps;
  const ids = rows.map((g) => g.id);
  const [players, tagMap, noteMap] = await Promise.all([
    db
      .select({
        p: gamePlayers,
        u: {
          id: users.id,
          username: users.username,
          firstname: users.firstname,
          lastname: users.lastname,
          picture: users.picture,
        },
        d: { id: decks.id, name: decks.name, colorIdentity: decks.colorIdentity },
      })
      .from(gamePlayers)
      .leftJoin(users, eq(users.id, gamePlayers.userId))
      .leftJoin(decks, eq(decks.id, gamePlayers.deckId))
      .where(inArray(gamePlayers.gameId, ids)),
    tagsFor(db, viewerId, 'game', ids),
    notesFor(db, viewerId, 'game', ids),
  ]);
  const byGame = new Map<string, typeof players>();
  for (const row of players) {
    const list = byGame.get(row.p.gameId) ?? [];
    list.push(row);
    byGame.set(row.p.gameId, list);
  }
  const label = (r: (typeof players)[number]) => r.u?.username ?? r.u?.firstname ?? r.p.guestName ?? '';
  return rows.map((g) => ({
    id: g.id,
    playedAt: iso(g.playedAt),
    formatId: g.formatId,
    subformatId: g.subformatId,
    playgroupId: g.playgroupId,
    setId: g.setId,
    players: (byGame.get(g.id) ?? [])
      .sort(
        (a, b) =>
          (a.p.seat ?? 99) - (b.p.seat ?? 99) ||
          RESULT_ORDER[a.p.result] - RESULT_ORDER[b.p.result] ||
          label(a).localeCompare(label(b)),
      )
      .map((r) => ({
        id: r.p.id,
        user: r.u ? deps.users.summary(r.u) : null,
        guestName: r.u ? null : r.p.guestName,
        deck: r.d ? { id: r.d.id, name: r.d.name, colorIdentity: sortColors(r.d.colorIdentity) } : null,
        deckName: r.p.deckName,
        seat: r.p.seat,
        result: r.p.result,
      })),
    turns: g.turns,
    durationMinutes: g.durationMinutes,
    createdBy: g.createdBy,
    tags: tagMap.get(g.id) ?? [],
    note: noteMap.get(g.id) ?? null,
    createdAt: iso(g.createdAt),
    updatedAt: iso(g.updatedAt),
  }));
}

/** A game the viewer may see, else 404. */
export async function visibleGame(db: Db, viewerId: string, id: string): Promise<GameRow> {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(games)
        .where(and(eq(games.id, id), gameVisibleTo(viewerId)))
        .limit(1)
    : [];
  if (!row) throw new NotFound('That game');
  return row;
}

/** True when the user may edit or delete the game: its recorder, or a manager of its playgroup. */
export async function canEditGame(db: Db, userId: string, game: GameRow): Promise<boolean> {
  if (game.createdBy === userId) return true;
  return game.playgroupId ? isManager(await membership(db, game.playgroupId, userId)) : false;
}

/** A game the user may edit: 404 when they cannot see it, 403 when they can only see it. */
export async function editableGame(db: Db, userId: string, id: string): Promise<GameRow> {
  const game = await visibleGame(db, userId, id);
  if (!(await canEditGame(db, userId, game)))
    throw new Forbidden('Only the player who recorded this game or its playgroup’s admins can change it.');
  return game;
}

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

interface CheckedPlayer {
  userId: string | null;
  guestName: string | null;
  deckId: string | null;
  deckName: string | null;
  seat: number | null;
  result: 'win' | 'loss' | 'draw';
}

/** Checks the game input against the database; returns the players to store. */
async function checkInput(
  db: Db,
  caller: UserRow,
  input: GameInput,
  existing: GameRow | null,
  existingUserIds: string[],
): Promise<CheckedPlayer[]> {
  const [format] = await db.select({ id: formats.id }).from(formats).where(eq(formats.id, input.formatId));
  if (!format) throw invalid('body.formatId', 'Unknown format');
  if (input.subformatId) {
    const [sub] = await db
      .select({ id: subformats.id })
      .from(subformats)
      .where(and(eq(subformats.id, input.subformatId), eq(subformats.formatId, input.formatId)));
    if (!sub) throw invalid('body.subformatId', 'Unknown subformat for this format');
  }

  const playgroupId = input.playgroupId ?? null;
  if (playgroupId && playgroupId !== existing?.playgroupId) {
    const member = await membership(db, playgroupId, caller.id);
    if (!member) throw new NotFound('That playgroup');
    if (member.status !== 'active')
      throw new Forbidden('Accept the invitation before recording games in this playgroup.');
  }

  if (input.setId && input.setId !== existing?.setId) {
    const [set] = isUuid(input.setId)
      ? await db.select().from(gameSets).where(eq(gameSets.id, input.setId)).limit(1)
      : [];
    if (!set) throw invalid('body.setId', 'Unknown set');
    const allowed =
      set.createdBy === caller.id ||
      (set.playgroupId ? isManager(await membership(db, set.playgroupId, caller.id)) : false);
    if (!allowed)
      throw new Forbidden('Only the creator of the set or its playgroup’s admins can add games to it.');
  }

  const userIds: string[] = [];
  input.players.forEach((p, i) => {
    if (!p.userId) return;
    if (!isUuid(p.userId)) throw invalid(`body.players.${i}.userId`, 'Unknown user');
    if (userIds.includes(p.userId))
      throw invalid(`body.players.${i}.userId`, 'This user is already a player');
    userIds.push(p.userId);
  });
  const found = userIds.length
    ? await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds))
    : [];
  const known = new Set(found.map((u) => u.id));
  const others = userIds.filter((id) => id !== caller.id && !existingUserIds.includes(id));
  let allowed = new Set<string>();
  if (others.length) {
    allowed = await friendIds(db, caller.id);
    if (playgroupId) {
      const members = await db
        .select({ userId: playgroupMembers.userId })
        .from(playgroupMembers)
        .where(
          and(
            eq(playgroupMembers.playgroupId, playgroupId),
            eq(playgroupMembers.status, 'active'),
            inArray(playgroupMembers.userId, others),
          ),
        );
      for (const m of members) allowed.add(m.userId);
    }
  }
  input.players.forEach((p, i) => {
    if (!p.userId) return;
    if (!known.has(p.userId)) throw invalid(`body.players.${i}.userId`, 'Unknown user');
    if (p.userId !== caller.id && !existingUserIds.includes(p.userId) && !allowed.has(p.userId))
      throw invalid(
        `body.players.${i}.userId`,
        playgroupId
          ? 'Players must be members of the playgroup or your friends'
          : 'Players must be your friends (or named guests)',
      );
  });

  const deckIds = input.players.flatMap((p) => (p.deckId ? [p.deckId] : []));
  const deckRows =
    deckIds.length && deckIds.every(isUuid)
      ? await db
          .select({ id: decks.id, ownerId: decks.ownerId, name: decks.name })
          .from(decks)
          .where(inArray(decks.id, deckIds))
      : [];
  const deckById = new Map(deckRows.map((d) => [d.id, d]));
  return input.players.map((p, i) => {
    let deckName = p.deckName?.trim() || null;
    if (p.deckId) {
      const deck = deckById.get(p.deckId);
      if (!deck || !p.userId || deck.ownerId !== p.userId)
        throw invalid(`body.players.${i}.deckId`, 'The deck must belong to this player');
      deckName = deck.name;
    }
    return {
      userId: p.userId ?? null,
      guestName: p.userId ? null : (p.guestName?.trim() ?? null),
      deckId: p.deckId ?? null,
      deckName,
      seat: p.seat ?? null,
      result: p.result,
    };
  });
}

/** Recomputes `decks.last_played` from the games each deck played in. */
export async function refreshLastPlayed(db: Db, deckIds: Array<string | null>): Promise<void> {
  const ids = [...new Set(deckIds.filter((d): d is string => !!d))];
  if (ids.length === 0) return;
  await db
    .update(decks)
    .set({
      lastPlayed: sql`(select max(lg.played_at) from game_players lgp join games lg on lg.id = lgp.game_id
        where lgp.deck_id = ${decks.id})`,
    })
    .where(inArray(decks.id, ids));
}

/** Marks playgroups as active now (their lists sort by last activity). */
export async function touchPlaygroups(db: Db, ids: Array<string | null | undefined>): Promise<void> {
  const list = [...new Set(ids.filter((d): d is string => !!d))];
  if (list.length === 0) return;
  await db.update(playgroups).set({ lastActivity: new Date() }).where(inArray(playgroups.id, list));
}

export async function createGame(deps: GameDeps, caller: UserRow, input: GameInput): Promise<GameDto> {
  const owners: string[] = [];
  const id = await deps.db.transaction(async (tx) => {
    const players = await checkInput(tx, caller, input, null, []);
    owners.push(...deckOwners(players));
    const [game] = await tx
      .insert(games)
      .values({
        ...(input.playedAt ? { playedAt: new Date(input.playedAt) } : {}),
        formatId: input.formatId,
        subformatId: input.subformatId ?? null,
        playgroupId: input.playgroupId ?? null,
        setId: input.setId ?? null,
        turns: input.turns ?? null,
        durationMinutes: input.durationMinutes ?? null,
        createdBy: caller.id,
      })
      .returning();
    if (!game) throw new Error('insert returned nothing');
    await tx.insert(gamePlayers).values(players.map((p) => ({ ...p, gameId: game.id })));
    if (input.tags?.length) await setTags(tx, caller.id, 'game', game.id, input.tags);
    await refreshLastPlayed(
      tx,
      players.map((p) => p.deckId),
    );
    await touchPlaygroups(tx, [game.playgroupId]);
    if (game.setId)
      await tx.update(gameSets).set({ updatedAt: new Date() }).where(eq(gameSets.id, game.setId));
    return game.id;
  });
  await deps.deckLists?.changed(owners);
  return getGame(deps, caller.id, id);
}

export async function getGame(deps: GameDeps, viewerId: string, id: string): Promise<GameDto> {
  const row = await visibleGame(deps.db, viewerId, id);
  const [dto] = await gameDtos(deps, viewerId, [row]);
  if (!dto) throw new NotFound('That game');
  return dto;
}

export async function updateGame(
  deps: GameDeps,
  caller: UserRow,
  id: string,
  input: GameInput,
): Promise<GameDto> {
  const owners: string[] = [];
  await deps.db.transaction(async (tx) => {
    const game = await editableGame(tx, caller.id, id);
    const before = await tx
      .select({ userId: gamePlayers.userId, deckId: gamePlayers.deckId })
      .from(gamePlayers)
      .where(eq(gamePlayers.gameId, game.id));
    const players = await checkInput(
      tx,
      caller,
      input,
      game,
      before.flatMap((p) => (p.userId ? [p.userId] : [])),
    );
    await tx
      .update(games)
      .set({
        ...(input.playedAt ? { playedAt: new Date(input.playedAt) } : {}),
        formatId: input.formatId,
        subformatId: input.subformatId ?? null,
        playgroupId: input.playgroupId ?? null,
        setId: input.setId ?? null,
        turns: input.turns ?? null,
        durationMinutes: input.durationMinutes ?? null,
        updatedAt: new Date(),
      })
      .where(eq(games.id, game.id));
    await tx.delete(gamePlayers).where(eq(gamePlayers.gameId, game.id));
    await tx.insert(gamePlayers).values(players.map((p) => ({ ...p, gameId: game.id })));
    if (input.tags) await setTags(tx, caller.id, 'game', game.id, input.tags);
    await refreshLastPlayed(tx, [...before.map((p) => p.deckId), ...players.map((p) => p.deckId)]);
    await touchPlaygroups(tx, [game.playgroupId, input.playgroupId]);
    owners.push(...deckOwners(before), ...deckOwners(players));
  });
  await deps.deckLists?.changed(owners);
  return getGame(deps, caller.id, id);
}

export async function deleteGame(deps: GameDeps, caller: UserRow, id: string): Promise<void> {
  const owners: string[] = [];
  await deps.db.transaction(async (tx) => {
    const game = await editableGame(tx, caller.id, id);
    const before = await tx
      .select({ userId: gamePlayers.userId, deckId: gamePlayers.deckId })
      .from(gamePlayers)
      .where(eq(gamePlayers.gameId, game.id));
    owners.push(...deckOwners(before));
    await tx.delete(games).where(eq(games.id, game.id));
    await forgetTargets(tx, 'game', [game.id]);
    await refreshLastPlayed(
      tx,
      before.map((p) => p.deckId),
    );
    await touchPlaygroups(tx, [game.playgroupId]);
  });
  await deps.deckLists?.changed(owners);
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
