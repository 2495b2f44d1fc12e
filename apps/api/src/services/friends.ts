/**
 * Friends by personal code: look up, request (accepts when they already asked you), accept (only the
 * addressee of a pending request), remove / decline / cancel.
 */
import type { FriendStatusValue, RelationshipValue } from '@companion/sdk/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { friendships, type UserRow, users } from '../db/schema.js';
import { iso, isoOrNull } from './dto.js';
import { Conflict, Forbidden, Invalid, isUniqueViolation, NotFound } from './errors.js';
import type { UserService } from './users.js';
import { relationship } from './visibility.js';

type FriendshipRow = typeof friendships.$inferSelect;
type Summary = ReturnType<UserService['summary']>;

export interface FriendDto {
  user: Summary;
  code: string;
  status: FriendStatusValue;
  since: string;
  lastSeen: string | null;
}

export interface FriendDeps {
  db: Db;
  users: Pick<UserService, 'summary'>;
}

const between = (a: string, b: string) =>
  or(
    and(eq(friendships.requesterId, a), eq(friendships.addresseeId, b)),
    and(eq(friendships.requesterId, b), eq(friendships.addresseeId, a)),
  );

function friendDto(deps: FriendDeps, me: string, other: UserRow, row: FriendshipRow): FriendDto {
  return {
    user: deps.users.summary(other),
    code: other.code,
    status: row.status === 'accepted' ? 'accepted' : row.requesterId === me ? 'outgoing' : 'incoming',
    since: iso(row.acceptedAt ?? row.createdAt),
    lastSeen: isoOrNull(other.lastSeen),
  };
}

async function byCode(db: Db, code: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.code, code)).limit(1);
  if (!user) throw new NotFound('No user with that code');
  return user;
}

const notYourself = () =>
  new Invalid('You cannot add yourself as a friend.', [
    { path: 'params.code', message: 'This is your own code' },
  ]);

/** Accepts the pending request `from` sent `to`; undefined when there is none (any more). */
async function acceptPending(db: Db | Tx, from: string, to: string): Promise<FriendshipRow | undefined> {
  const [row] = await db
    .update(friendships)
    .set({ status: 'accepted', acceptedAt: new Date() })
    .where(
      and(
        eq(friendships.requesterId, from),
        eq(friendships.addresseeId, to),
        eq(friendships.status, 'pending'),
      ),
    )
    .returning();
  return row;
}

const changedMeanwhile = () => new Conflict('The friend request changed meanwhile; try again.');

export async function lookup(
  deps: FriendDeps,
  me: UserRow,
  code: string,
): Promise<{ user: Summary; relationship: RelationshipValue }> {
  const other = await byCode(deps.db, code);
  return { user: deps.users.summary(other), relationship: await relationship(deps.db, me.id, other.id) };
}

/**
 * Sends a friend request, or accepts theirs when they asked first. The database keeps one row per
 * pair of users whatever the direction (`friendships_pair`), so two requests crossing each other
 * (A asks B while B asks A) end the same way as two in a row: the later one finds the earlier one
 * (waiting for it to commit when they race on PostgreSQL) and accepts it; both see a friendship.
 */
export async function request(deps: FriendDeps, me: UserRow, code: string): Promise<FriendDto> {
  const other = await byCode(deps.db, code);
  if (other.id === me.id) throw notYourself();
  const row = await deps.db
    .transaction(async (tx) => {
      const answer = async (existing: FriendshipRow) => {
        if (existing.status === 'accepted') throw new Conflict('You are already friends.');
        if (existing.requesterId === me.id) throw new Conflict('You already sent this friend request.');
        // They asked first: asking back accepts.
        return acceptPending(tx, other.id, me.id);
      };
      const [existing] = await tx.select().from(friendships).where(between(me.id, other.id)).limit(1);
      if (existing) return answer(existing);
      const [inserted] = await tx
        .insert(friendships)
        .values({ requesterId: me.id, addresseeId: other.id, status: 'pending' })
        .onConflictDoNothing()
        .returning();
      if (inserted) return inserted;
      // A request of the same pair committed meanwhile: this statement sees it.
      const [raced] = await tx.select().from(friendships).where(between(me.id, other.id)).limit(1);
      return raced ? answer(raced) : undefined;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw changedMeanwhile();
      throw error;
    });
  if (!row) throw changedMeanwhile();
  return friendDto(deps, me.id, other, row);
}

export async function accept(deps: FriendDeps, me: UserRow, code: string): Promise<FriendDto> {
  const other = await byCode(deps.db, code);
  if (other.id === me.id) throw notYourself();
  const [existing] = await deps.db.select().from(friendships).where(between(me.id, other.id)).limit(1);
  if (!existing) throw new NotFound('A friend request from this user');
  if (existing.status === 'accepted') throw new Conflict('You are already friends.');
  if (existing.addresseeId !== me.id)
    throw new Forbidden('Only the person you asked can accept your request.');
  const row = await acceptPending(deps.db, other.id, me.id);
  if (!row) throw changedMeanwhile();
  return friendDto(deps, me.id, other, row);
}

export async function remove(deps: FriendDeps, me: UserRow, code: string): Promise<void> {
  const other = await byCode(deps.db, code);
  if (other.id === me.id) throw notYourself();
  const rows = await deps.db
    .delete(friendships)
    .where(between(me.id, other.id))
    .returning({ requesterId: friendships.requesterId });
  if (rows.length === 0) throw new NotFound('A friendship or request with this user');
}

/** Accepted friends and pending requests both ways, most recently seen first. */
export async function list(deps: FriendDeps, me: UserRow): Promise<FriendDto[]> {
  const otherId = sql`case when ${friendships.requesterId} = ${me.id} then ${friendships.addresseeId} else ${friendships.requesterId} end`;
  const rows = await deps.db
    .select({ f: friendships, u: users })
    .from(friendships)
    .innerJoin(users, eq(users.id, otherId))
    .where(or(eq(friendships.requesterId, me.id), eq(friendships.addresseeId, me.id)))
    .orderBy(
      sql`${users.lastSeen} desc nulls last`,
      sql`coalesce(${friendships.acceptedAt}, ${friendships.createdAt}) desc`,
    );
  return rows.map((r) => friendDto(deps, me.id, r.u, r.f));
}
