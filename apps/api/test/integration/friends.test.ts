import { contract } from '@companion/sdk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { raw, status } from '../support/calls.js';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';

/** The HTTP status a call ends with (200 for any success). */

describe.each(storages())('friends on %s', (kind) => {
  let t: TestServer;
  let a: TestUser;
  let b: TestUser;
  let c: TestUser;
  beforeAll(async () => {
    t = await startTestServer(kind);
    [a, b, c] = await Promise.all([t.user(), t.user(), t.user()]);
  });
  afterAll(() => t?.close());

  it('looks a user up by code, case-insensitively, and knows yourself', async () => {
    const found = await a.client.friends.lookup({ params: { code: b.code.toLowerCase() } });
    expect(found).toMatchObject({ user: { id: b.id }, relationship: 'none' });
    expect((await a.client.friends.lookup({ params: { code: a.code } })).relationship).toBe('self');
    expect(await status(a.client.friends.lookup({ params: { code: 'ZZZZZZZZ' } }))).toBe(404);
  });

  it('refuses a malformed code and asking yourself with a clear 400', async () => {
    const bad = await raw(t, a, contract.friends.lookup, { params: { code: 'a0' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('params.code');
    const self = await a.client.friends.request({ params: { code: a.code } }).catch((e: unknown) => e);
    expect(self).toMatchObject({ status: 400 });
    expect(JSON.stringify((self as { details?: unknown }).details)).toContain('params.code');
  });

  it('request, then only the addressee accepts', async () => {
    const sent = await a.client.friends.request({ params: { code: b.code } });
    expect(sent.friend).toMatchObject({ user: { id: b.id }, code: b.code, status: 'outgoing' });
    expect((await b.client.friends.lookup({ params: { code: a.code } })).relationship).toBe('incoming');
    expect((await a.client.friends.lookup({ params: { code: b.code } })).relationship).toBe('outgoing');
    expect(await status(a.client.friends.request({ params: { code: b.code } }))).toBe(409);
    expect(await status(a.client.friends.accept({ params: { code: b.code } }))).toBe(403);
    const incoming = await b.client.user.friends();
    expect(incoming.friends).toEqual([
      expect.objectContaining({ status: 'incoming', user: expect.objectContaining({ id: a.id }) }),
    ]);
    const accepted = await b.client.friends.accept({ params: { code: a.code } });
    expect(accepted.friend).toMatchObject({ user: { id: a.id }, status: 'accepted' });
    expect((await a.client.friends.lookup({ params: { code: b.code } })).relationship).toBe('friend');
    expect(await status(b.client.friends.accept({ params: { code: a.code } }))).toBe(409);
    expect(await status(a.client.friends.request({ params: { code: b.code } }))).toBe(409);
  });

  it('asking someone who already asked you accepts at once', async () => {
    await c.client.friends.request({ params: { code: a.code } });
    const back = await a.client.friends.request({ params: { code: c.code } });
    expect(back.friend.status).toBe('accepted');
    expect((await c.client.friends.lookup({ params: { code: a.code } })).relationship).toBe('friend');
  });

  it('lists friends and requests with lastSeen, most recently seen first', async () => {
    const d = await t.user();
    await d.client.friends.request({ params: { code: a.code } });
    const { db } = t.server.services;
    await db
      .update(users)
      .set({ lastSeen: new Date('2020-01-01T00:00:00Z') })
      .where(eq(users.id, b.id));
    await db
      .update(users)
      .set({ lastSeen: new Date('2030-01-01T00:00:00Z') })
      .where(eq(users.id, c.id));
    await db
      .update(users)
      .set({ lastSeen: new Date('2025-01-01T00:00:00Z') })
      .where(eq(users.id, d.id));
    const { friends } = await a.client.user.friends();
    expect(friends.map((f) => [f.user.id, f.status])).toEqual([
      [c.id, 'accepted'],
      [d.id, 'incoming'],
      [b.id, 'accepted'],
    ]);
    expect(friends[0]?.lastSeen).toBe('2030-01-01T00:00:00.000Z');
    // declining removes the request
    await a.client.friends.remove({ params: { code: d.code } });
    expect((await d.client.user.friends()).friends).toEqual([]);
  });

  it('removes a friend, cancels a request, and 404s when there is nothing to remove', async () => {
    const e = await t.user();
    await e.client.friends.request({ params: { code: b.code } });
    await e.client.friends.remove({ params: { code: b.code } }); // cancel
    expect((await b.client.friends.lookup({ params: { code: e.code } })).relationship).toBe('none');
    await a.client.friends.remove({ params: { code: b.code } }); // unfriend
    expect((await b.client.friends.lookup({ params: { code: a.code } })).relationship).toBe('none');
    expect(await status(a.client.friends.remove({ params: { code: b.code } }))).toBe(404);
  });
});
