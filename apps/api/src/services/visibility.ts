/**
 * The facts the shared permission rules (`permissions.ts` of the contract) decide on: how two users
 * relate, a user's standing in a playgroup, and the SQL conditions that decide whether a game or a
 * set is visible to a user. Everything that hides a record answers 404.
 */
import type { RelationshipValue } from '@companion/sdk/contract';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { friendships, gameSets, games, playgroupMembers } from '../db/schema.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids in paths are opaque strings; stored ones are UUIDs (anything else cannot exist). */
export const isUuid = (value: string | null | undefined): value is string => !!value && UUID.test(value);

export type MemberRow = typeof playgroupMembers.$inferSelect;

/** How `other` relates to `me`. */
export async function relationship(db: Db, me: string, other: string): Promise<RelationshipValue> {
  if (me === other) return 'self';
  const [row] = await db
    .select()
    .from(friendships)
    .where(
      or(
        and(eq(friendships.requesterId, me), eq(friendships.addresseeId, other)),
        and(eq(friendships.requesterId, other), eq(friendships.addresseeId, me)),
      ),
    )
    .limit(1);
  if (!row) return 'none';
  if (row.status === 'accepted') return 'friend';
  return row.requesterId === me ? 'outgoing' : 'incoming';
}

/** Ids of the user's accepted friends. */
export async function friendIds(db: Db, me: string): Promise<Set<string>> {
  const rows = await db
    .select({ requesterId: friendships.requesterId, addresseeId: friendships.addresseeId })
    .from(friendships)
    .where(
      and(
        eq(friendships.status, 'accepted'),
        or(eq(friendships.requesterId, me), eq(friendships.addresseeId, me)),
      ),
    );
  return new Set(rows.map((r) => (r.requesterId === me ? r.addresseeId : r.requesterId)));
}

/** The user's membership row in a playgroup (invited or active), if any. */
export async function membership(
  db: Db,
  playgroupId: string,
  userId: string,
): Promise<MemberRow | undefined> {
  if (!isUuid(playgroupId)) return undefined;
  const [row] = await db
    .select()
    .from(playgroupMembers)
    .where(and(eq(playgroupMembers.playgroupId, playgroupId), eq(playgroupMembers.userId, userId)))
    .limit(1);
  return row;
}

/** The user's standing in the playgroup of a game or set (none without one), for the shared rules. */
export async function standingIn(
  db: Db,
  playgroupId: string | null,
  userId: string,
): Promise<MemberRow | undefined> {
  return playgroupId ? membership(db, playgroupId, userId) : undefined;
}

const activeMemberOf = (playgroupColumn: SQL | typeof games.playgroupId, userId: string) => sql`exists (
  select 1 from ${playgroupMembers}
  where ${playgroupMembers.playgroupId} = ${playgroupColumn}
    and ${playgroupMembers.userId} = ${userId}
    and ${playgroupMembers.status} = 'active')`;

/** Condition on `games`: the user played in it, recorded it, or is an active member of its playgroup. */
export function gameVisibleTo(userId: string): SQL {
  return sql`(${games.createdBy} = ${userId}
    or exists (select 1 from game_players vgp where vgp.game_id = ${games.id} and vgp.user_id = ${userId})
    or (${games.playgroupId} is not null and ${activeMemberOf(games.playgroupId, userId)}))`;
}

/** Condition on `game_sets`: its creator, a participant of one of its games, or an active member of its group. */
export function setVisibleTo(userId: string): SQL {
  return sql`(${gameSets.createdBy} = ${userId}
    or exists (
      select 1 from games vg join game_players vgp on vgp.game_id = vg.id
      where vg.set_id = ${gameSets.id} and (vgp.user_id = ${userId} or vg.created_by = ${userId}))
    or (${gameSets.playgroupId} is not null and ${activeMemberOf(sql`${gameSets.playgroupId}`, userId)}))`;
}
