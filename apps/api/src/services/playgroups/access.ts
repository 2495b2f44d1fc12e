/**
 * A playgroup as the caller sees it, and the caller's standing in it. Who may do what is the shared
 * table of `permissions.ts` in the contract (`playgroupRights`, `canRemoveMember`, `canChangeRole`):
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
import {
  type MembershipStatusValue,
  PLAYGROUP_ROLES,
  type PlaygroupRoleValue,
  playgroupRights,
} from '@companion/sdk/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { playgroupMembers, playgroups, users } from '../../db/schema.js';
import { iso, isoOrNull } from '../dto.js';
import { Forbidden, NotFound } from '../errors.js';
import type { GameDeps } from '../games/dto.js';
import type { UserService } from '../users.js';
import { isUuid, type MemberRow } from '../visibility.js';

export type PlaygroupRow = typeof playgroups.$inferSelect;
type Summary = ReturnType<UserService['summary']>;

export interface PlaygroupDeps extends GameDeps {
  users: Pick<UserService, 'summary' | 'pictureUrl'>;
}

export interface PlaygroupMemberDto {
  user: Summary;
  role: PlaygroupRoleValue;
  status: MembershipStatusValue;
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
  role: PlaygroupRoleValue;
  status: MembershipStatusValue;
  lastActivity: string;
  createdAt: string;
}

export interface Access {
  group: PlaygroupRow;
  me: MemberRow;
}

/** The group and the caller's membership; 404 when the caller is neither a member nor invited. */
export async function access(db: Db, id: string, userId: string): Promise<Access> {
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

/**
 * Inside a transaction, `access` with the group's row locked (`FOR UPDATE`), then the memberships of
 * the caller and of `others` (locked in user id order). Every change to a group's members locks the
 * group first, so concurrent changes run one after another and each checks its rights against what
 * the previous one left (two transfers cannot both see the same owner). `members` holds the locked
 * memberships that exist, by user id.
 */
export async function lockedAccess(
  tx: Db,
  id: string,
  userId: string,
  others: readonly string[] = [],
): Promise<Access & { members: Map<string, MemberRow> }> {
  const [group] = isUuid(id)
    ? await tx.select().from(playgroups).where(eq(playgroups.id, id)).limit(1).for('update')
    : [];
  if (!group) throw new NotFound('That playgroup');
  const wanted = [...new Set([userId, ...others.filter(isUuid)])];
  const rows = await tx
    .select()
    .from(playgroupMembers)
    .where(and(eq(playgroupMembers.playgroupId, group.id), inArray(playgroupMembers.userId, wanted)))
    .orderBy(asc(playgroupMembers.userId))
    .for('update');
  const members = new Map(rows.map((m) => [m.userId, m]));
  const me = members.get(userId);
  if (!me) throw new NotFound('That playgroup');
  return { group, me, members };
}

export function requireManager(a: Access): void {
  if (!playgroupRights(a.me).manage)
    throw new Forbidden('Only the owner and admins of the playgroup can do this.');
}
export function requireOwner(a: Access): void {
  if (!playgroupRights(a.me).own) throw new Forbidden('Only the owner of the playgroup can do this.');
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
      PLAYGROUP_ROLES.indexOf(a.m.role) - PLAYGROUP_ROLES.indexOf(b.m.role) ||
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
export async function fresh(deps: PlaygroupDeps, id: string, userId: string): Promise<PlaygroupDto> {
  const a = await access(deps.db, id, userId);
  return dto(deps, a.group, a.me);
}

export const touch = (db: Db, id: string) =>
  db.update(playgroups).set({ lastActivity: new Date() }).where(eq(playgroups.id, id));

/** The locked membership of `userId` from `lockedAccess`; 404 when there is none. */
export function lockedTarget(a: { members: Map<string, MemberRow> }, userId: string): MemberRow {
  const m = a.members.get(userId);
  if (!m) throw new NotFound('That member');
  return m;
}
