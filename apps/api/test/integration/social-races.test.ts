/**
 * Concurrent changes to playgroup members and friendships, on PGlite and PostgreSQL: requests that
 * race each other end as if they had run one after the other. Every playgroup change checks its
 * rights on the locked group (a second transfer sees that the caller no longer owns the group), the
 * database keeps at most one owner and one friendship per pair, and every answer is a 2xx or the
 * catalogue's 4xx, never a 5xx.
 */
import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendships, playgroupMembers } from '../../src/db/schema.js';
import { befriend, status } from '../support/calls.js';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';

const ROUNDS = 5;
/** What a refused change may answer: forbidden, not found (a member who left), conflict. */
const REFUSALS = [403, 404, 409];

describe.each(storages())('social races on %s', (kind) => {
  let t: TestServer;
  let owner: TestUser;
  let a: TestUser;
  let b: TestUser;
  let c: TestUser;

  beforeAll(async () => {
    t = await startTestServer(kind);
    [owner, a, b, c] = await Promise.all([
      t.user({ firstname: 'Olivia' }),
      t.user({ firstname: 'Alice' }),
      t.user({ firstname: 'Bob' }),
      t.user({ firstname: 'Carol' }),
    ]);
    await Promise.all([befriend(owner, a), befriend(owner, b), befriend(owner, c)]);
  });
  afterAll(() => t?.close());

  /** A new group of `owner` with the given friends as active members. */
  async function group(members: TestUser[]): Promise<string> {
    const { playgroup } = await owner.client.playgroups.create({ body: { name: 'Race' } });
    for (const u of members) {
      await owner.client.playgroups.invite({ params: { id: playgroup.id }, body: { id: u.id } });
      await u.client.playgroups.accept({ params: { id: playgroup.id } });
    }
    return playgroup.id;
  }

  /** The group's owners in the database, and the owner the group names, as `owner` sees it. */
  async function owners(id: string) {
    const rows = await t.server.services.db
      .select({ userId: playgroupMembers.userId, status: playgroupMembers.status })
      .from(playgroupMembers)
      .where(and(eq(playgroupMembers.playgroupId, id), eq(playgroupMembers.role, 'owner')));
    const { playgroup } = await owner.client.playgroups.get({ params: { id } });
    return { rows, named: playgroup.ownerId, members: playgroup.members };
  }

  /** The friendship rows of two users, either way. */
  const pair = (x: TestUser, y: TestUser) =>
    t.server.services.db
      .select()
      .from(friendships)
      .where(
        or(
          and(eq(friendships.requesterId, x.id), eq(friendships.addresseeId, y.id)),
          and(eq(friendships.requesterId, y.id), eq(friendships.addresseeId, x.id)),
        ),
      );

  it('two concurrent ownership transfers leave exactly one owner, every time', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await group([a, b]);
      const codes = await Promise.all(
        [a, b].map((u) =>
          status(owner.client.playgroups.transferOwnership({ params: { id, userId: u.id } })),
        ),
      );
      // The first transfer wins; the second finds its caller an admin now.
      expect(codes.sort()).toEqual([200, 403]);
      const after = await owners(id);
      expect(after.rows).toHaveLength(1);
      expect(after.rows[0]?.status).toBe('active');
      expect([a.id, b.id]).toContain(after.named);
      expect(after.rows[0]?.userId).toBe(after.named);
      expect(after.members.find((m) => m.user.id === owner.id)?.role).toBe('admin');
    }
  });

  it('concurrent role changes, removals and leaving keep one active owner and answer 2xx or 4xx', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await group([a, b, c]);
      const on = (userId: string) => ({ params: { id, userId } });
      const codes = await Promise.all([
        status(owner.client.playgroups.transferOwnership(on(a.id))),
        status(owner.client.playgroups.transferOwnership(on(c.id))),
        status(owner.client.playgroups.promote(on(b.id))),
        status(owner.client.playgroups.demote(on(b.id))),
        status(owner.client.playgroups.promote(on(c.id))),
        status(owner.client.playgroups.removeMember(on(c.id))),
        // The new owner may act at once, or not be the owner yet.
        status(a.client.playgroups.transferOwnership(on(b.id))),
        status(a.client.playgroups.removeMember(on(owner.id))),
        status(a.client.playgroups.leave({ params: { id } })),
        status(c.client.playgroups.leave({ params: { id } })),
      ]);
      for (const code of codes) expect([200, ...REFUSALS]).toContain(code);
      // The group may now be owned by someone `owner` cannot see it through: read the database.
      const rows = await t.server.services.db
        .select()
        .from(playgroupMembers)
        .where(eq(playgroupMembers.playgroupId, id));
      const owning = rows.filter((m) => m.role === 'owner');
      expect(owning).toHaveLength(1);
      expect(owning[0]?.status).toBe('active');
      const ownerUser = [owner, a, b, c].find((u) => u.id === owning[0]?.userId);
      const seen = await ownerUser?.client.playgroups.get({ params: { id } });
      expect(seen?.playgroup.ownerId).toBe(owning[0]?.userId);
      expect(seen?.playgroup.role).toBe('owner');
    }
  });

  it('crossing friend requests make one friendship, every time', async () => {
    const [x, y] = await Promise.all([t.user({ firstname: 'Xena' }), t.user({ firstname: 'Yann' })]);
    for (let round = 0; round < ROUNDS; round++) {
      const codes = await Promise.all([
        status(x.client.friends.request({ params: { code: y.code } })),
        status(y.client.friends.request({ params: { code: x.code } })),
      ]);
      // The later request finds the earlier one and accepts it.
      expect(codes).toEqual([200, 200]);
      const rows = await pair(x, y);
      expect(rows.map((r) => r.status)).toEqual(['accepted']);
      expect((await x.client.friends.lookup({ params: { code: y.code } })).relationship).toBe('friend');
      expect((await y.client.friends.lookup({ params: { code: x.code } })).relationship).toBe('friend');
      // Asking again now says so, both ways.
      expect(await status(x.client.friends.request({ params: { code: y.code } }))).toBe(409);
      await (round % 2 ? x : y).client.friends.remove({ params: { code: (round % 2 ? y : x).code } });
    }
  });

  it('requests, accepts and removals racing each other keep at most one row per pair, answering 2xx or 4xx', async () => {
    const [x, y] = await Promise.all([t.user({ firstname: 'Xavier' }), t.user({ firstname: 'Yoko' })]);
    for (let round = 0; round < ROUNDS; round++) {
      const codes = await Promise.all([
        status(x.client.friends.request({ params: { code: y.code } })),
        status(y.client.friends.request({ params: { code: x.code } })),
        status(x.client.friends.request({ params: { code: y.code } })),
        status(y.client.friends.accept({ params: { code: x.code } })),
        status(x.client.friends.remove({ params: { code: y.code } })),
      ]);
      for (const code of codes) expect([200, 403, 404, 409]).toContain(code);
      const rows = await pair(x, y);
      expect(rows.length).toBeLessThanOrEqual(1);
      await x.client.friends.remove({ params: { code: y.code } }).catch(() => undefined);
    }
  });
});
