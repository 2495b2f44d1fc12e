/**
 * Authorization matrix: every endpoint as anonymous, with a bad signature, with a stale timestamp
 * and as an unverified user; and the shared resources (a playgroup, its game and set, a list, a tag)
 * as a stranger, an invited user, a member, an admin and the owner. No answer to another user may
 * carry the owner's private data.
 */
import { randomUUID } from 'node:crypto';
import { type CompanionClient, isCompanionError } from '@companion/sdk';
import { type AnyEndpoint, listEndpoints, UNAUTHENTICATED_PATHS } from '@companion/sdk/contract';
import { faker } from '@faker-js/faker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fake, seed, setFaker } from 'zod-schema-faker/v4';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';

setFaker(faker);
seed(11);

type Role = 'stranger' | 'invited' | 'member' | 'admin' | 'owner';
const ROLES: Role[] = ['stranger', 'invited', 'member', 'admin', 'owner'];

/** Status of a call: the HTTP status, or the error's. */
async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (isCompanionError(error) && error.status) return error.status;
    throw error;
  }
}

function argsFor(ep: AnyEndpoint): Record<string, unknown> {
  const sample = (schema: z.ZodType) => {
    for (let i = 0; i < 100; i++) {
      const v = fake(schema as never);
      if (schema.safeParse(v).success) return v;
    }
    return {};
  };
  const args: Record<string, unknown> = {};
  if (ep.params)
    args.params = Object.fromEntries(
      Object.keys((ep.params as z.ZodObject).shape).map((k) => [k, k === 'code' ? 'ABCD2345' : randomUUID()]),
    );
  if (ep.query) args.query = sample(ep.query);
  if (ep.body)
    args.body =
      ep.bodyType === 'multipart' ? { file: new Blob([new Uint8Array([1, 2, 3])]) } : sample(ep.body);
  if (ep.auth === 'identity') args.identityToken = 'not-a-real-token';
  return args;
}

describe.each(storages())('authorization on %s', (kind) => {
  let t: TestServer;
  const users = {} as Record<Role, TestUser>;
  let unverified: TestUser;

  beforeAll(async () => {
    t = await startTestServer(kind);
    for (const role of ROLES) users[role] = await t.user({ firstname: role });
    unverified = await t.user({ verified: false });
    // The owner befriends everyone but the stranger (invitations go to friends).
    for (const role of ['invited', 'member', 'admin'] as const) {
      await users.owner.client.friends.request({ params: { code: users[role].code } });
      await users[role].client.friends.accept({ params: { code: users.owner.code } });
    }
  }, 120_000);
  afterAll(() => t?.close());

  const call = (role: Role) => users[role].client;

  /** A fresh playgroup with one user per role, a game with the member, a set, a tag and a note. */
  async function world() {
    const o = call('owner');
    const { playgroup } = await o.playgroups.create({ body: { name: `Group ${randomUUID().slice(0, 6)}` } });
    for (const role of ['invited', 'member', 'admin'] as const) {
      await o.playgroups.invite({ params: { id: playgroup.id }, body: { id: users[role].id } });
    }
    await call('member').playgroups.accept({ params: { id: playgroup.id } });
    await call('admin').playgroups.accept({ params: { id: playgroup.id } });
    await o.playgroups.promote({ params: { id: playgroup.id, userId: users.admin.id } });
    const { game } = await o.games.create({
      body: {
        formatId: 'commander',
        playgroupId: playgroup.id,
        players: [
          { userId: users.owner.id, result: 'win', seat: 1 },
          { userId: users.member.id, result: 'loss', seat: 2 },
          { guestName: 'Guest', result: 'loss', seat: 3 },
        ],
        tags: ['friday'],
      },
    });
    await o.games.createNote({ params: { id: game.id }, body: { content: 'The owner’s private note' } });
    const { set } = await o.sets.create({
      body: { name: 'Evening', playgroupId: playgroup.id, gameIds: [game.id] },
    });
    const { list } = await o.lists.create({ body: { name: 'Owner binder', type: 'collection' } });
    const tagId = game.tags[0]?.id ?? '';
    return { playgroup, game, set, list, tagId };
  }

  /** [endpoint label, call, expected status per role]. Roles are tried from least to most privileged. */
  type Case = [
    string,
    (c: CompanionClient, w: Awaited<ReturnType<typeof world>>) => Promise<unknown>,
    Record<Role, number>,
  ];
  const readCases: Case[] = [
    [
      'playgroups.get',
      (c, w) => c.playgroups.get({ params: { id: w.playgroup.id } }),
      { stranger: 404, invited: 200, member: 200, admin: 200, owner: 200 },
    ],
    [
      'playgroups.games',
      (c, w) => c.playgroups.games({ params: { id: w.playgroup.id } }),
      { stranger: 404, invited: 403, member: 200, admin: 200, owner: 200 },
    ],
    [
      'games.get',
      (c, w) => c.games.get({ params: { id: w.game.id } }),
      { stranger: 404, invited: 404, member: 200, admin: 200, owner: 200 },
    ],
    [
      'sets.get',
      (c, w) => c.sets.get({ params: { id: w.set.id } }),
      { stranger: 404, invited: 404, member: 200, admin: 200, owner: 200 },
    ],
    [
      'games.addTags (own tags)',
      (c, w) => c.games.addTags({ params: { id: w.game.id }, body: { tags: ['mine'] } }),
      { stranger: 404, invited: 404, member: 200, admin: 200, owner: 200 },
    ],
    [
      'lists.get',
      (c, w) => c.lists.get({ params: { id: w.list.id } }),
      { stranger: 404, invited: 404, member: 404, admin: 404, owner: 200 },
    ],
    [
      'lists.export',
      (c, w) => c.lists.export({ params: { id: w.list.id } }),
      { stranger: 404, invited: 404, member: 404, admin: 404, owner: 200 },
    ],
    [
      'lists.revisions',
      (c, w) => c.lists.revisions({ params: { id: w.list.id } }),
      { stranger: 404, invited: 404, member: 404, admin: 404, owner: 200 },
    ],
    [
      'user.statsById (friends-only profile)',
      (c) => c.user.statsById({ params: { id: users.owner.id } }),
      { stranger: 403, invited: 200, member: 200, admin: 200, owner: 200 },
    ],
  ];
  /** Writes: each row gets a fresh world; refused roles first, then each allowed role on its own world. */
  const writeCases: Case[] = [
    [
      'playgroups.update',
      (c, w) => c.playgroups.update({ params: { id: w.playgroup.id }, body: { name: 'Renamed' } }),
      { stranger: 404, invited: 403, member: 403, admin: 200, owner: 200 },
    ],
    [
      'playgroups.removeMember (a member)',
      (c, w) => c.playgroups.removeMember({ params: { id: w.playgroup.id, userId: users.member.id } }),
      { stranger: 404, invited: 403, member: 403, admin: 200, owner: 200 },
    ],
    [
      'playgroups.removeMember (the owner)',
      (c, w) => c.playgroups.removeMember({ params: { id: w.playgroup.id, userId: users.owner.id } }),
      { stranger: 404, invited: 403, member: 403, admin: 403, owner: 409 },
    ],
    [
      'playgroups.promote',
      (c, w) => c.playgroups.promote({ params: { id: w.playgroup.id, userId: users.member.id } }),
      { stranger: 404, invited: 403, member: 403, admin: 403, owner: 200 },
    ],
    [
      'playgroups.demote',
      (c, w) => c.playgroups.demote({ params: { id: w.playgroup.id, userId: users.admin.id } }),
      { stranger: 404, invited: 403, member: 403, admin: 403, owner: 200 },
    ],
    [
      'playgroups.transferOwnership',
      (c, w) => c.playgroups.transferOwnership({ params: { id: w.playgroup.id, userId: users.admin.id } }),
      { stranger: 404, invited: 403, member: 403, admin: 403, owner: 200 },
    ],
    [
      'playgroups.delete',
      (c, w) => c.playgroups.delete({ params: { id: w.playgroup.id } }),
      { stranger: 404, invited: 403, member: 403, admin: 403, owner: 200 },
    ],
    [
      'playgroups.leave (owner must transfer first)',
      (c, w) => c.playgroups.leave({ params: { id: w.playgroup.id } }),
      { stranger: 404, invited: 200, member: 200, admin: 200, owner: 409 },
    ],
    [
      'games.update',
      (c, w) =>
        c.games.update({
          params: { id: w.game.id },
          body: {
            formatId: 'commander',
            playgroupId: w.playgroup.id,
            players: [
              { userId: users.owner.id, result: 'win' },
              { guestName: 'Guest', result: 'loss' },
            ],
          },
        }),
      { stranger: 404, invited: 404, member: 403, admin: 200, owner: 200 },
    ],
    [
      'games.delete',
      (c, w) => c.games.delete({ params: { id: w.game.id } }),
      { stranger: 404, invited: 404, member: 403, admin: 200, owner: 200 },
    ],
    [
      'sets.delete',
      (c, w) => c.sets.delete({ params: { id: w.set.id } }),
      { stranger: 404, invited: 404, member: 403, admin: 200, owner: 200 },
    ],
    [
      'tags.delete (the owner’s tag)',
      (c, w) => c.tags.delete({ params: { id: w.tagId } }),
      { stranger: 404, invited: 404, member: 404, admin: 404, owner: 200 },
    ],
    [
      'lists.rename',
      (c, w) => c.lists.rename({ params: { id: w.list.id }, body: { name: 'Stolen' } }),
      { stranger: 404, invited: 404, member: 404, admin: 404, owner: 200 },
    ],
    [
      'lists.delete',
      (c, w) => c.lists.delete({ params: { id: w.list.id } }),
      { stranger: 404, invited: 404, member: 404, admin: 404, owner: 200 },
    ],
  ];

  it('reads follow the roles', async () => {
    const w = await world();
    const failures: string[] = [];
    for (const [label, run, expected] of readCases) {
      for (const role of ROLES) {
        const status = await statusOf(run(call(role), w));
        if (status !== expected[role])
          failures.push(`${label} as ${role}: ${status}, expected ${expected[role]}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('writes follow the roles', async () => {
    const failures: string[] = [];
    for (const [label, run, expected] of writeCases) {
      const refused = ROLES.filter((r) => expected[r] >= 400);
      const allowed = ROLES.filter((r) => expected[r] < 400);
      const w = await world();
      for (const role of refused) {
        const status = await statusOf(run(call(role), w));
        if (status !== expected[role])
          failures.push(`${label} as ${role}: ${status}, expected ${expected[role]}`);
      }
      for (const role of allowed) {
        const fresh = await world();
        const status = await statusOf(run(call(role), fresh));
        if (status >= 400) failures.push(`${label} as ${role}: ${status}, expected success`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('never shows one user’s private data to another', async () => {
    const w = await world();
    const secrets = [users.owner.email, users.owner.token];
    const seen: string[] = [];
    for (const role of ['stranger', 'invited', 'member', 'admin'] as const) {
      const c = call(role);
      const answers = await Promise.allSettled([
        c.user.byId({ params: { id: users.owner.id } }),
        c.user.profile({ params: { id: users.owner.id } }),
        c.playgroups.get({ params: { id: w.playgroup.id } }),
        c.games.get({ params: { id: w.game.id } }),
        c.sets.get({ params: { id: w.set.id } }),
        c.user.friends(),
        c.friends.lookup({ params: { code: users.owner.code } }),
        c.tags.searchNotes({ query: { q: 'private' } }),
      ]);
      for (const a of answers) if (a.status === 'fulfilled') seen.push(JSON.stringify(a.value));
    }
    expect(seen.length).toBeGreaterThan(10);
    for (const text of seen) for (const secret of secrets) expect(text).not.toContain(secret);
    // Notes are private to their author even inside a shared game.
    const memberView = await call('member').games.get({ params: { id: w.game.id } });
    expect(memberView.game.note).toBeNull();
    expect(JSON.stringify(memberView)).not.toContain('private note');
  }, 120_000);

  it('every endpoint refuses anonymous callers, bad signatures, stale timestamps and unverified users', async () => {
    const failures: string[] = [];
    for (const { domain, name, endpoint: ep } of listEndpoints()) {
      const label = `${domain}.${name}`;
      const args = argsFor(ep);
      const exempt = UNAUTHENTICATED_PATHS.includes(ep.path);
      const anonymous = await statusOf(
        t.client(undefined, { validateRequests: false }).call(ep, args as never),
      );
      if (ep.auth === 'session' || ep.auth === 'identity') {
        if (anonymous !== 401) failures.push(`${label} anonymous: ${anonymous}, expected 401`);
      } else if (anonymous === 401 || anonymous >= 500) {
        failures.push(`${label} anonymous: ${anonymous}`);
      }
      const badSignature = await statusOf(
        t
          .client(users.owner.credentials, { secret: 'wrong', validateRequests: false })
          .call(ep, args as never),
      );
      if (!exempt && badSignature !== 400)
        failures.push(`${label} bad signature: ${badSignature}, expected 400`);
      const stale = await statusOf(
        t
          .client(users.owner.credentials, { now: () => Date.now() - 10 * 60_000, validateRequests: false })
          .call(ep, args as never),
      );
      if (!exempt && stale !== 400) failures.push(`${label} stale timestamp: ${stale}, expected 400`);
      if (ep.auth === 'session' && !ep.path.startsWith('/auth/logout')) {
        const result = await t
          .client(unverified.credentials, { validateRequests: false })
          .call(ep, args as never)
          .then(() => null)
          .catch((e: unknown) => e);
        const code = isCompanionError(result) ? result.code : undefined;
        if (ep.verified && code !== 53) failures.push(`${label} unverified: code ${code}, expected 53`);
        if (!ep.verified && code === 53)
          failures.push(`${label} unverified: refused though it needs no verified email`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
