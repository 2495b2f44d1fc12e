/**
 * Recording, editing and deleting games: the input is checked against the database (format,
 * playgroup membership, set rights, players who are friends or members, decks of their players),
 * and the decks' last-played dates, the playgroups' activity and the cached deck lists follow.
 */
import { canEditSet, type GameResultValue, LIMITS, playgroupRights } from '@companion/sdk/contract';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  decks,
  formats,
  gamePlayers,
  gameSets,
  games,
  playgroupMembers,
  playgroups,
  subformats,
  type UserRow,
  users,
} from '../../db/schema.js';
import { forgetTargets } from '../annotations.js';
import { Forbidden, NotFound } from '../errors.js';
import { setTags } from '../tags.js';
import { friendIds, isUuid, membership, standingIn } from '../visibility.js';
import { editableGame } from './access.js';
import type { GameDeps, GameDto, GameRow } from './dto.js';
import { invalid } from './filters.js';
import { getGame } from './read.js';

export interface GamePlayerInput {
  userId?: string | null | undefined;
  guestName?: string | null | undefined;
  deckId?: string | null | undefined;
  deckName?: string | null | undefined;
  seat?: number | null | undefined;
  result: GameResultValue;
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

/** The players whose deck lists a game changes (a deck in a game belongs to its player). */
const deckOwners = (players: Array<{ userId: string | null; deckId: string | null }>) =>
  players.flatMap((p) => (p.deckId && p.userId ? [p.userId] : []));

interface CheckedPlayer {
  userId: string | null;
  guestName: string | null;
  deckId: string | null;
  deckName: string | null;
  seat: number | null;
  result: GameResultValue;
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
    if (!playgroupRights(member).record)
      throw new Forbidden('Accept the invitation before recording games in this playgroup.');
  }

  if (input.setId && input.setId !== existing?.setId) {
    const [set] = isUuid(input.setId)
      ? await db.select().from(gameSets).where(eq(gameSets.id, input.setId)).limit(1)
      : [];
    if (!set) throw invalid('body.setId', 'Unknown set');
    const standing = set.createdBy === caller.id ? null : await standingIn(db, set.playgroupId, caller.id);
    if (!canEditSet({ id: caller.id, standing }, set))
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
      .select({ userId: gamePlayers.userId, guestName: gamePlayers.guestName, deckId: gamePlayers.deckId })
      .from(gamePlayers)
      .where(eq(gamePlayers.gameId, game.id));
    // The lines of players whose account was deleted (neither a user nor a guest) stay as they are:
    // no input can name them, and the others' results were played against them.
    const deleted = before.filter((p) => !p.userId && !p.guestName).length;
    if (deleted + input.players.length > LIMITS.playersPerGame.max)
      throw invalid('body.players', `At most ${LIMITS.playersPerGame.max} players, deleted players included`);
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
    await tx
      .delete(gamePlayers)
      .where(
        and(
          eq(gamePlayers.gameId, game.id),
          or(isNotNull(gamePlayers.userId), isNotNull(gamePlayers.guestName)),
        ),
      );
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
