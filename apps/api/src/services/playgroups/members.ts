/**
 * Membership: invitations (friends only), accepting, leaving, removing members, roles and ownership.
 *
 * Each change runs in one transaction that first locks the group's row and the memberships it reads
 * (`lockedAccess`), then checks the caller's rights against those rows and writes: concurrent changes
 * to one group run one after another, each seeing what the previous one left. The database also keeps
 * at most one owner per group (`playgroup_members_one_owner`); should a change still collide with it,
 * the request ends in a 409, never a 500.
 */
import {
  canChangeRole,
  canRemoveMember,
  type MemberRefusal,
  type PlaygroupRoleValue,
  playgroupRights,
} from '@companion/sdk/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { playgroupMembers, playgroups, type UserRow } from '../../db/schema.js';
import { Conflict, Forbidden, Invalid, isUniqueViolation } from '../errors.js';
import { friendIds, isUuid } from '../visibility.js';
import {
  type Access,
  fresh,
  lockedAccess,
  lockedTarget,
  type PlaygroupDeps,
  type PlaygroupDto,
  requireManager,
  requireOwner,
  touch,
} from './access.js';

/** Runs `work` in a transaction; a unique violation (a concurrent change won) becomes `conflict`. */
async function inTransaction(db: Db, work: (tx: Db) => Promise<void>, conflict: () => Conflict) {
  try {
    await db.transaction((tx) => work(tx));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
}

const changedMeanwhile = () => new Conflict('The playgroup’s members changed meanwhile; try again.');

const where = (groupId: string, userId: string) =>
  and(eq(playgroupMembers.playgroupId, groupId), eq(playgroupMembers.userId, userId));

export async function invite(
  deps: PlaygroupDeps,
  caller: UserRow,
  id: string,
  userId: string,
): Promise<PlaygroupDto> {
  await inTransaction(
    deps.db,
    async (tx) => {
      const a = await lockedAccess(tx, id, caller.id, [userId]);
      requireManager(a);
      if (userId === caller.id) throw new Conflict('You are already a member of this playgroup.');
      if (!isUuid(userId) || !(await friendIds(tx, caller.id)).has(userId)) {
        throw new Invalid('You can only invite your friends.', [
          { path: 'body.id', message: 'Not one of your friends' },
        ]);
      }
      const existing = a.members.get(userId);
      if (existing) throw alreadyIn(existing.status);
      const inserted = await tx
        .insert(playgroupMembers)
        .values({ playgroupId: a.group.id, userId, role: 'member', status: 'invited', invitedBy: caller.id })
        .onConflictDoNothing()
        .returning({ userId: playgroupMembers.userId });
      if (inserted.length === 0) throw alreadyIn('invited');
      await touch(tx, a.group.id);
    },
    changedMeanwhile,
  );
  return fresh(deps, id, caller.id);
}

const alreadyIn = (status: string) =>
  new Conflict(
    status === 'invited'
      ? 'This user is already invited.'
      : 'This user is already a member of the playgroup.',
  );

export async function acceptInvitation(deps: PlaygroupDeps, caller: UserRow, id: string) {
  await inTransaction(
    deps.db,
    async (tx) => {
      const a = await lockedAccess(tx, id, caller.id);
      if (!playgroupRights(a.me).accept) throw new Conflict('You are already a member of this playgroup.');
      await tx
        .update(playgroupMembers)
        .set({ status: 'active', joinedAt: new Date() })
        .where(where(a.group.id, caller.id));
      await touch(tx, a.group.id);
    },
    changedMeanwhile,
  );
  return fresh(deps, id, caller.id);
}

export async function leave(deps: PlaygroupDeps, caller: UserRow, id: string): Promise<void> {
  await inTransaction(
    deps.db,
    async (tx) => {
      const a = await lockedAccess(tx, id, caller.id);
      if (!playgroupRights(a.me).leave)
        throw new Conflict(
          'The owner cannot leave the playgroup: transfer ownership to another member first.',
        );
      await tx.delete(playgroupMembers).where(where(a.group.id, caller.id));
      await touch(tx, a.group.id);
    },
    changedMeanwhile,
  );
}

export async function removeMember(deps: PlaygroupDeps, caller: UserRow, id: string, userId: string) {
  await inTransaction(
    deps.db,
    async (tx) => {
      const a = await lockedAccess(tx, id, caller.id, [userId]);
      // Whether the caller may remove anyone (403) comes before whether the member exists (404).
      requireManager(a);
      const self = userId === caller.id;
      const refusal = canRemoveMember(a.me, self ? a.me : lockedTarget(a, userId), self);
      if (refusal) throw removalRefused(refusal, a);
      await tx.delete(playgroupMembers).where(where(a.group.id, userId));
      await touch(tx, a.group.id);
    },
    changedMeanwhile,
  );
  return fresh(deps, id, caller.id);
}

/** Why removing a member is refused, as the catalogue's error. */
function removalRefused(refusal: MemberRefusal, a: Access) {
  switch (refusal) {
    case 'self':
      return new Conflict(
        a.me.role === 'owner'
          ? 'The owner cannot be removed: transfer ownership to another member first.'
          : 'To leave the playgroup, use leave.',
      );
    case 'target-is-owner':
    case 'target-outranks':
      return new Forbidden('Admins can only remove plain members and invitations.');
    default:
      return new Forbidden('Only the owner and admins of the playgroup can do this.');
  }
}

async function setRole(
  deps: PlaygroupDeps,
  caller: UserRow,
  id: string,
  userId: string,
  role: Exclude<PlaygroupRoleValue, 'owner'>,
): Promise<PlaygroupDto> {
  await inTransaction(
    deps.db,
    async (tx) => {
      const a = await lockedAccess(tx, id, caller.id, [userId]);
      requireOwner(a);
      const m = lockedTarget(a, userId);
      switch (canChangeRole(a.me, m, userId === caller.id)) {
        case null:
          break;
        case 'self':
        case 'target-is-owner':
          throw new Conflict('The owner’s role cannot change; transfer ownership instead.');
        case 'target-invited':
          throw new Conflict('This user has not accepted the invitation yet.');
        default:
          throw new Forbidden('Only the owner of the playgroup can do this.');
      }
      await tx.update(playgroupMembers).set({ role }).where(where(a.group.id, userId));
      await touch(tx, a.group.id);
    },
    changedMeanwhile,
  );
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
  await inTransaction(
    deps.db,
    async (tx) => {
      const a = await lockedAccess(tx, id, caller.id, [userId]);
      requireOwner(a);
      const self = userId === caller.id;
      switch (canChangeRole(a.me, self ? a.me : lockedTarget(a, userId), self)) {
        case null:
          break;
        case 'self':
        case 'target-is-owner':
          throw new Conflict('You already own this playgroup.');
        case 'target-invited':
          throw new Conflict('Ownership can only go to a member who accepted the invitation.');
        default:
          throw new Forbidden('Only the owner of the playgroup can do this.');
      }
      // The old owner steps down first: the database holds at most one owner at any moment.
      await tx.update(playgroupMembers).set({ role: 'admin' }).where(where(a.group.id, caller.id));
      await tx.update(playgroupMembers).set({ role: 'owner' }).where(where(a.group.id, userId));
      await tx
        .update(playgroups)
        .set({ ownerId: userId, lastActivity: new Date() })
        .where(eq(playgroups.id, a.group.id));
    },
    changedMeanwhile,
  );
  return fresh(deps, id, caller.id);
}
