/**
 * Playgroups themselves: create, read, edit, picture, delete, and the caller's list of groups.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { playgroupMembers, playgroups, type UserRow } from '../../db/schema.js';
import { iso } from '../dto.js';
import { dropPicture, encodePicture, picturePath, savePicture } from '../pictures.js';
import {
  access,
  fresh,
  lockedAccess,
  type PlaygroupDeps,
  type PlaygroupDto,
  type PlaygroupRow,
  requireManager,
  requireOwner,
} from './access.js';

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
  const content = await encodePicture(buffer);
  const path = picturePath('playgroups', a.group.id, content);
  // Rights checked again on the locked group (a manager demoted meanwhile is refused); the picture,
  // the reference and the replaced picture's removal in one transaction.
  await deps.db.transaction(async (tx) => {
    const locked = await lockedAccess(tx, id, caller.id);
    requireManager(locked);
    await savePicture(tx, path, content);
    await tx
      .update(playgroups)
      .set({ picture: path, lastActivity: new Date() })
      .where(eq(playgroups.id, locked.group.id));
    if (locked.group.picture && locked.group.picture !== path) await dropPicture(tx, locked.group.picture);
  });
  return fresh(deps, id, caller.id);
}

/** Deletes the group; its games and sets stay with their players (playgroup set to null by the FK). */
export async function deletePlaygroup(deps: PlaygroupDeps, caller: UserRow, id: string): Promise<void> {
  // Checked on the locked group, so that an owner who just handed the group over cannot delete it.
  await deps.db.transaction(async (tx) => {
    const a = await lockedAccess(tx, id, caller.id);
    requireOwner(a);
    await tx.delete(playgroups).where(eq(playgroups.id, a.group.id));
    // The group is gone: so is its picture.
    await dropPicture(tx, a.group.picture);
  });
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
