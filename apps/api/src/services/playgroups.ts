/**
 * Playgroups and their roles.
 *
 * | action                         | owner | admin                  | member | invited | stranger |
 * |--------------------------------|-------|------------------------|--------|---------|----------|
 * | see the group                  | yes   | yes                    | yes    | yes     | 404      |
 * | see games and leaderboard      | yes   | yes                    | yes    | 403     | 404      |
 * | edit, picture, invite          | yes   | yes                    | 403    | 403     | 404      |
 * | remove member / cancel invite  | all but self | members, invitations | 403 | 403  | 404      |
 * | promote, demote, transfer      | yes   | 403                    | 403    | 403     | 404      |
 * | delete                         | yes   | 403                    | 403    | 403     | 404      |
 * | accept                         | 409   | 409                    | 409    | yes     | 404      |
 * | leave                          | 409   | yes                    | yes    | yes (declines) | 404 |
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { gamePlayers, games, playgroupMembers, playgroups, type UserRow, users } from '../db/schema.js';
import { iso, isoOrNull } from './dto.js';
import { Conflict, Forbidden, Invalid, NotFound } from './errors.js';
import { type GameDeps, type GameFiltersInput, gameDtos, gameFilterConditions } from './games.js';
import { storePicture } from './pictures.js';
import type { UserService } from './users.js';
import { friendIds, isManager, isUuid, type MemberRow, membership } from './visibility.js';

type PlaygroupRow = typeof playgroups.$inferSelect;
type Summary = ReturnType<UserService['summary']>;

export interface PlaygroupDeps extends GameDeps {
  users: Pick<UserService, 'summary' | 'pictureUrl'>;
  dataDir: string;
}

export interface PlaygroupMemberDto {
  user: Summary;
  role: 'owner' | 'admin' | 'member';
  status: 'invited' | 'active';
  invitedBy: string | null;
  joinedAt: string | null;
}

export interface PlaygroupDto {
  id: string;
  name: string;
  description: string | null;
  picture: string | null;
  ownerId: string;
  members: PlaygroupMemberDto[];
  role: 'owner' | 'admin' | 'member';
  status: 'invited' | 'active';
  lastActivity: string;
  createdAt: string;
}

const ROLE_ORDER = { owner: 0, admin: 1, member: 2 } as const;

interface Access {
  group: PlaygroupRow;
  me: MemberRow;
}

/** The group and the caller's membership; 404 when the caller is neither a member nor invited. */
async function access(db: Db, id: string, userId: string): Promise<Access> {
  const [row] = isUuid(id)
    ? await db
        .select({ group: playgroups, me: playgroupMembers })
        .from(playgroups)
        .innerJoin(
          playgroupMembers,
          and(eq(playgroupMembers.playgroupId, playgroups.id), eq(playgroupMembers.userId, userId)),
        )
        .where(eq(playgroups.id, id))
        .limit(1)
    : [];
  if (!row) throw new NotFound('That playgroup');
  return row;
}

function requireManager(a: Access): void {
  if (!isManager(a.me)) throw new Forbidden('Only the owner and admins of the playgroup can do this.');
}
function requireOwner(a: Access): void {
  if (a.me.role !== 'owner') throw new Forbidden('Only the owner of the playgroup can do this.');
}

async function dto(deps: PlaygroupDeps, group: PlaygroupRow, me: MemberRow): Promise<PlaygroupDto> {
  const rows = await deps.db
    .select({ m: playgroupMembers, u: users })
    .from(playgroupMembers)
    .innerJoin(users, eq(users.id, playgroupMembers.userId))
    .where(eq(playgroupMembers.playgroupId, group.id));
  rows.sort(
    (a, b) =>
      Number(a.m.status === 'invited') - Number(b.m.status === 'invited') ||
      ROLE_ORDER[a.m.role] - ROLE_ORDER[b.m.role] ||
      (a.m.joinedAt ?? a.m.createdAt).getTime() - (b.m.joinedAt ?? b.m.createdAt).getTime(),
  );
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    picture: deps.users.pictureUrl(group.picture),
    ownerId: group.ownerId,
    members: rows.map((r) => ({
      user: deps.users.summary(r.u),
      role: r.m.role,
      status: r.m.status,
      invitedBy: r.m.invitedBy,
      joinedAt: isoOrNull(r.m.joinedAt),
    })),
    role: me.role,
    status: me.status,
    lastActivity: iso(group.lastActivity),
    createdAt: iso(group.createdAt),
  };
}

/** Reloads the group as the caller sees it. */
async function fresh(deps: PlaygroupDeps, id: string, userId: string): Promise<PlaygroupDto> {
  const a = await access(deps.db, id, userId);
  return dto(deps, a.group, a.me);
}

const touch = (db: Db, id: string) =>
  db.update(playgroups).set({ lastActivity: new Date() }).where(eq(playgroups.id, id));

export async function getPlaygroup(deps: PlaygroupDeps, caller: UserRow, id: string) {
  return fresh(deps, id, caller.id);
}

export async function createPlaygroup(
  deps: PlaygroupDeps,
  caller: UserRow,
  input: { name: string; description?: string | null | undefined },
): Promise<PlaygroupDto> {
  const id = await deps.db.transaction(async (tx) => {
    const [group] = await tx
      .insert(playgroups)
      .values({ name: input.name, description: input.description ?? null, ownerId: caller.id })
      .returning();
    if (!group) throw new Error('insert returned nothing');
    await tx.insert(playgroupMembers).values({
      playgroupId: group.id,
      userId: caller.id,
      role: 'owner',
      status: 'active',
      joinedAt: new Date(),
    });
    return group.id;
  });
  return fresh(deps, id, caller.id);
}

export async function updatePlaygroup(
  deps: PlaygroupDeps,
  caller: UserRow,
  id: string,
  input: { name?: string | undefined; description?: string | null | undefined },
): Promise<PlaygroupDto> {
  const a = await access(deps.db, id, caller.id);
  requireManager(a);
  const changes: Partial<PlaygroupRow> = { lastActivity: new Date() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  await deps.db.update(playgroups).set(changes).where(eq(playgroups.id, a.group.id));
  return fresh(deps, id, caller.id);
}

export async function setPicture(
  deps: PlaygroupDeps,
  caller: UserRow,
  id: string,
  buffer: Buffer,
): Promise<PlaygroupDto> {
  const a = await access(deps.db, id, caller.id);
  requireManager(a);
  const path = await storePicture(deps.dataDir, 'playgroups', a.group.id, buffer);
  await deps.db
    .update(playgroups)
    .set({ picture: path, lastActivity: new Date() })
    .where(eq(playgroups.id, a.group.id));
  return fresh(deps, id, caller.id);
}

/** Deletes the group; its games and sets stay with their players (playgroup set to null by the FK). */
export async function deletePlaygroup(deps: PlaygroupDeps, caller: UserRow, id: string): Promise<void> {
  const a = await access(deps.db, id, caller.id);
  requireOwner(a);
  await deps.db.delete(playgroups).where(eq(playgroups.id, a.group.id));
}

export async function invite(
  deps: PlaygroupDeps,
  caller: UserRow,
  id: string,
  userId: string,
): Promise<PlaygroupDto> {
  const a = await access(deps.db, id, caller.id);
  requireManager(a);
  if (userId === caller.id) throw new Conflict('You are already a member of this playgroup.');
  if (!isUuid(userId) || !(await friendIds(deps.db, caller.id)).has(userId)) {
    throw new Invalid('You can only invite your friends.', [
      { path: 'body.id', message: 'Not one of your friends' },
    ]);
  }
  await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(playgroupMembers)
      .values({ playgroupId: a.group.id, userId, role: 'member', status: 'invited', invitedBy: caller.id })
      .onConflictDoNothing()
      .returning({ userId: playgroupMembers.userId });
    if (inserted.length === 0) {
      const existing = await membership(tx, a.group.id, userId);
      throw new Conflict(
        existing?.status === 'invited'
          ? 'This user is already invited.'
          : 'This user is already a member of the playgroup.',
      );
    }
    await touch(tx, a.group.id);
  });
  return fresh(deps, id, caller.id);
}

export async function acceptInvitation(deps: PlaygroupDeps, caller: UserRow, id: string) {
  const a = await access(deps.db, id, caller.id);
  if (a.me.status === 'active') throw new Conflict('You are already a member of this playgroup.');
  await deps.db.transaction(async (tx) => {
    await tx
      .update(playgroupMembers)
      .set({ status: 'active', joinedAt: new Date() })
      .where(and(eq(playgroupMembers.playgroupId, a.group.id), eq(playgroupMembers.userId, caller.id)));
    await touch(tx, a.group.id);
  });
  return fresh(deps, id, caller.id);
}

export async function leave(deps: PlaygroupDeps, caller: UserRow, id: string): Promise<void> {
  const a = await access(deps.db, id, caller.id);
  if (a.me.role === 'owner')
    throw new Conflict('The owner cannot leave the playgroup: transfer ownership to another member first.');
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(playgroupMembers)
      .where(and(eq(playgroupMembers.playgroupId, a.group.id), eq(playgroupMembers.userId, caller.id)));
    await touch(tx, a.group.id);
  });
}

async function target(db: Db, a: Access, userId: string): Promise<MemberRow> {
  const m = await membership(db, a.group.id, userId);
  if (!m) throw new NotFound('That member');
  return m;
}

export async function removeMember(deps: PlaygroupDeps, caller: UserRow, id: string, userId: string) {
  const a = await access(deps.db, id, caller.id);
  requireManager(a);
  if (userId === caller.id) {
    throw new Conflict(
      a.me.role === 'owner'
        ? 'The owner cannot be removed: transfer ownership to another member first.'
        : 'To leave the playgroup, use leave.',
    );
  }
  const m = await target(deps.db, a, userId);
  if (a.me.role !== 'owner' && m.role !== 'member')
    throw new Forbidden('Admins can only remove plain members and invitations.');
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(playgroupMembers)
      .where(and(eq(playgroupMembers.playgroupId, a.group.id), eq(playgroupMembers.userId, userId)));
    await touch(tx, a.group.id);
  });
  return fresh(deps, id, caller.id);
}

async function setRole(
  deps: PlaygroupDeps,
  caller: UserRow,
  id: string,
  userId: string,
  role: 'admin' | 'member',
): Promise<PlaygroupDto> {
  const a = await access(deps.db, id, caller.id);
  requireOwner(a);
  const m = await target(deps.db, a, userId);
  if (m.role === 'owner') throw new Conflict('The owner’s role cannot change; transfer ownership instead.');
  if (m.status !== 'active') throw new Conflict('This user has not accepted the invitation yet.');
  await deps.db.transaction(async (tx) => {
    await tx
      .update(playgroupMembers)
      .set({ role })
      .where(and(eq(playgroupMembers.playgroupId, a.group.id), eq(playgroupMembers.userId, userId)));
    await touch(tx, a.group.id);
  });
  return fresh(deps, id, caller.id);
}

export const promote = (deps: PlaygroupDeps, caller: UserRow, id: string, userId: string) =>
  setRole(deps, caller, id, userId, 'admin');
export const demote = (deps: PlaygroupDeps, caller: UserRow, id: string, userId: string) =>
  setRole(deps, caller, id, userId, 'member');

export async function transferOwnership(
  deps: PlaygroupDeps,
  caller: UserRow,
  id: string,
  userId: string,
): Promise<PlaygroupDto> {
  const a = await access(deps.db, id, caller.id);
  requireOwner(a);
  if (userId === caller.id) throw new Conflict('You already own this playgroup.');
  const m = await target(deps.db, a, userId);
  if (m.status !== 'active')
    throw new Conflict('Ownership can only go to a member who accepted the invitation.');
  await deps.db.transaction(async (tx) => {
    await tx
      .update(playgroupMembers)
      .set({ role: 'admin' })
      .where(and(eq(playgroupMembers.playgroupId, a.group.id), eq(playgroupMembers.userId, caller.id)));
    await tx
      .update(playgroupMembers)
      .set({ role: 'owner' })
      .where(and(eq(playgroupMembers.playgroupId, a.group.id), eq(playgroupMembers.userId, userId)));
    await tx
      .update(playgroups)
      .set({ ownerId: userId, lastActivity: new Date() })
      .where(eq(playgroups.id, a.group.id));
  });
  return fresh(deps, id, caller.id);
}

/** The caller's groups and invitations, most recently active first. */
export async function listForUser(deps: PlaygroupDeps, caller: UserRow) {
  const rows = await deps.db
    .select({
      g: playgroups,
      m: playgroupMembers,
      memberCount: sql<number>`(select count(*)::int from ${playgroupMembers} c
        where c.playgroup_id = ${playgroups.id} and c.status = 'active')`,
    })
    .from(playgroupMembers)
    .innerJoin(playgroups, eq(playgroups.id, playgroupMembers.playgroupId))
    .where(eq(playgroupMembers.userId, caller.id))
    .orderBy(desc(playgroups.lastActivity));
  return rows.map((r) => ({
    id: r.g.id,
    name: r.g.name,
    description: r.g.description,
    picture: deps.users.pictureUrl(r.g.picture),
    memberCount: Number(r.memberCount),
    role: r.m.role,
    status: r.m.status,
    lastActivity: iso(r.g.lastActivity),
    createdAt: iso(r.g.createdAt),
  }));
}

/**
 * The group's games (newest first) and its leaderboard under the same filters: per user or guest
 * name, games, wins, win rate and the most played deck; by wins, then win rate.
 */
export async function playgroupGames(
  deps: PlaygroupDeps,
  caller: UserRow,
  id: string,
  filters: GameFiltersInput,
) {
  const a = await access(deps.db, id, caller.id);
  if (a.me.status !== 'active') throw new Forbidden('Accept the invitation to see the playgroup’s games.');
  const where = and(eq(games.playgroupId, a.group.id), ...gameFilterConditions(filters, caller.id));
  const playerKey = sql<string>`coalesce(${gamePlayers.userId}::text, 'guest:' || lower(${gamePlayers.guestName}))`;
  const [rows, board, deckCounts] = await Promise.all([
    deps.db.select().from(games).where(where).orderBy(desc(games.playedAt), desc(games.createdAt)),
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
  return { games: await gameDtos(deps, caller.id, rows), leaderboard };
}
