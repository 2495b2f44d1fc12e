/**
 * Membership: invitations (friends only), accepting, leaving, removing members, roles and ownership.
 */
import {
  canChangeRole,
  canRemoveMember,
  type MemberRefusal,
  type PlaygroupRoleValue,
  playgroupRights,
} from '@companion/sdk/contract';
import { and, eq } from 'drizzle-orm';
import { playgroupMembers, playgroups, type UserRow } from '../../db/schema.js';
import { Conflict, Forbidden, Invalid } from '../errors.js';
import { friendIds, isUuid, membership } from '../visibility.js';
import {
  type Access,
  access,
  fresh,
  type PlaygroupDeps,
  type PlaygroupDto,
  requireManager,
  requireOwner,
  target,
  touch,
} from './access.js';

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
  if (!playgroupRights(a.me).accept) throw new Conflict('You are already a member of this playgroup.');
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
  if (!playgroupRights(a.me).leave)
    throw new Conflict('The owner cannot leave the playgroup: transfer ownership to another member first.');
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(playgroupMembers)
      .where(and(eq(playgroupMembers.playgroupId, a.group.id), eq(playgroupMembers.userId, caller.id)));
    await touch(tx, a.group.id);
  });
}

export async function removeMember(deps: PlaygroupDeps, caller: UserRow, id: string, userId: string) {
  const a = await access(deps.db, id, caller.id);
  // Whether the caller may remove anyone (403) comes before whether the member exists (404).
  requireManager(a);
  const self = userId === caller.id;
  const refusal = canRemoveMember(a.me, self ? a.me : await target(deps.db, a, userId), self);
  if (refusal) throw removalRefused(refusal, a);
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(playgroupMembers)
      .where(and(eq(playgroupMembers.playgroupId, a.group.id), eq(playgroupMembers.userId, userId)));
    await touch(tx, a.group.id);
  });
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
  const a = await access(deps.db, id, caller.id);
  requireOwner(a);
  const m = await target(deps.db, a, userId);
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
  const self = userId === caller.id;
  switch (canChangeRole(a.me, self ? a.me : await target(deps.db, a, userId), self)) {
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
