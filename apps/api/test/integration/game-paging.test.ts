import { contract, ErrorCode, type Game, LIMITS } from '@companion/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamePlayers, games } from '../../src/db/schema.js';
import { raw } from '../support/calls.js';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';

type Page = { games: Game[]; nextCursor: string | null; total: number };

/** Every page of a list, following `nextCursor`; fails if a list never ends. */
async function walk<P extends Page>(fetchPage: (cursor: string | undefined) => Promise<P>) {
  const pages: P[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
    if (pages.length > 50) throw new Error('the list never ends');
  } while (cursor);
  return pages;
}

/** Newest first: played_at, then created_at, then id, all descending. */
function expectNewestFirst(list: Game[]) {
  for (let i = 1; i < list.length; i++) {
    const [a, b] = [list[i - 1]!, list[i]!];
    const order = b.playedAt.localeCompare(a.playedAt) || b.createdAt.localeCompare(a.createdAt);
    expect(order === 0 ? b.id < a.id : order < 0, `${a.id} before ${b.id}`).toBe(true);
  }
}

const b64 = (s: string) => Buffer.from(s).toString('base64url');

describe.each(storages())('paged game lists on %s', (kind) => {
  let t: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let stranger: TestUser;
  let groupId: string;
  const groupGames: string[] = [];
  const aliceGames: string[] = [];

  const record = async (by: TestUser, playedAt: string, extra: Record<string, unknown> = {}) => {
    const { game } = await by.client.games.create({
      body: {
        playedAt,
        formatId: 'commander',
        players: [
          { userId: alice.id, result: 'win' },
          { guestName: 'Gus', result: 'loss' },
        ],
        ...extra,
      },
    });
    return game.id;
  };

  beforeAll(async () => {
    t = await startTestServer(kind);
    [alice, bob, stranger] = await Promise.all([t.user(), t.user(), t.user()]);
    await alice.client.friends.request({ params: { code: bob.code } });
    await bob.client.friends.accept({ params: { code: alice.code } });
    groupId = (await alice.client.playgroups.create({ body: { name: 'Paged' } })).playgroup.id;
    await alice.client.playgroups.invite({ params: { id: groupId }, body: { id: bob.id } });
    await bob.client.playgroups.accept({ params: { id: groupId } });
    // Eleven games of Alice: three share a played_at, four in the group (one recorded by Bob).
    for (const day of ['01', '02', '03', '03', '03', '04', '05'])
      aliceGames.push(await record(alice, `2025-05-${day}T20:00:00Z`));
    for (const day of ['06', '07', '08']) {
      const id = await record(alice, `2025-05-${day}T20:00:00Z`, { playgroupId: groupId });
      aliceGames.push(id);
      groupGames.push(id);
    }
    const bobs = await record(bob, '2025-05-02T21:00:00Z', {
      playgroupId: groupId,
      players: [
        { userId: bob.id, result: 'win' },
        { userId: alice.id, result: 'loss' },
      ],
    });
    aliceGames.push(bobs);
    groupGames.push(bobs);
    // Three more with the same played_at and created_at: only the id orders them.
    const same = new Date('2025-05-03T20:00:00Z');
    const rows = await t.server.services.db
      .insert(games)
      .values(
        [0, 1, 2].map(() => ({
          formatId: 'commander',
          createdBy: alice.id,
          playedAt: same,
          createdAt: same,
        })),
      )
      .returning({ id: games.id });
    await t.server.services.db
      .insert(gamePlayers)
      .values(rows.map((r) => ({ gameId: r.id, userId: alice.id, result: 'win' as const })));
    aliceGames.push(...rows.map((r) => r.id));
    // A game Alice neither played nor recorded stays out of her list.
    await record(bob, '2025-05-09T20:00:00Z', { players: [{ userId: bob.id, result: 'win' }] });
  });
  afterAll(() => t?.close());

  it('GET /games: pages cover every game exactly once, newest first, with the total on each', async () => {
    const pages = await walk((cursor) => alice.client.games.list({ query: { limit: 4, cursor } }));
    expect(pages.map((p) => p.games.length)).toEqual([4, 4, 4, 2]);
    expect(pages.every((p) => p.total === aliceGames.length)).toBe(true);
    const ids = pages.flatMap((p) => p.games.map((g) => g.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...aliceGames].sort());
    expectNewestFirst(pages.flatMap((p) => p.games));
    // one page holding everything gives the same order
    const whole = await alice.client.games.list({ query: { limit: LIMITS.pageSize.max } });
    expect(whole.games.map((g) => g.id)).toEqual(ids);
    expect(whole.nextCursor).toBeNull();
    // the default page size
    const first = await alice.client.games.list();
    expect(first.games).toHaveLength(Math.min(aliceGames.length, LIMITS.pageSize.default));
  });

  it('GET /games: a game recorded between two pages neither repeats nor shifts them; filters page too', async () => {
    const first = await alice.client.games.list({ query: { limit: 3 } });
    const newest = await record(alice, '2025-06-01T20:00:00Z');
    const oldest = await record(alice, '2025-01-01T20:00:00Z');
    const rest = await walk((cursor) =>
      alice.client.games.list({ query: { limit: 3, cursor: cursor ?? first.nextCursor! } }),
    );
    const ids = [...first.games, ...rest.flatMap((p) => p.games)].map((g) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(newest); // newer than the first page: seen on a fresh first page
    expect(ids.at(-1)).toBe(oldest); // older than the cursor: reached
    expect((await alice.client.games.list({ query: { limit: 1 } })).games[0]?.id).toBe(newest);
    await alice.client.games.delete({ params: { id: newest } });
    await alice.client.games.delete({ params: { id: oldest } });

    const since = await walk((cursor) =>
      alice.client.games.list({ query: { limit: 2, cursor, timestamp: '2025-05-05T00:00:00Z' } }),
    );
    const sinceIds = since.flatMap((p) => p.games.map((g) => g.id));
    expect(since[0]?.total).toBe(4); // 05-05 to 05-08 (Bob’s 05-09 game is not hers)
    expect(sinceIds).toHaveLength(4);
    expect(since).toHaveLength(2);
    expect(since.flatMap((p) => p.games).every((g) => g.playedAt >= '2025-05-05')).toBe(true);
  });

  it('GET /playgroup/:id/games: pages cover the group’s games once; the leaderboard counts all of them', async () => {
    const params = { id: groupId };
    const pages = await walk((cursor) =>
      bob.client.playgroups.games({ params, query: { limit: 3, cursor } }),
    );
    expect(pages.map((p) => p.games.length)).toEqual([3, 1]);
    const ids = pages.flatMap((p) => p.games.map((g) => g.id));
    expect([...ids].sort()).toEqual([...groupGames].sort());
    expectNewestFirst(pages.flatMap((p) => p.games));
    expect(pages.every((p) => p.total === groupGames.length)).toBe(true);
    for (const page of pages) {
      expect(page.leaderboard.find((r) => r.user?.id === alice.id)).toMatchObject({ games: 4, wins: 3 });
      expect(page.leaderboard.find((r) => r.user?.id === bob.id)).toMatchObject({ games: 1, wins: 1 });
      expect(page.leaderboard.find((r) => r.guestName === 'Gus')).toMatchObject({ games: 3, wins: 0 });
    }
    // visibility is unchanged: a stranger sees nothing, whatever the cursor
    const stray = await raw(t, stranger, contract.playgroups.games, {
      params,
      query: { cursor: pages[0]!.nextCursor },
    });
    expect(stray.status).toBe(404);
  });

  it('limit caps a page; a bad limit or cursor is the validation error naming the field', async () => {
    expect((await alice.client.games.list({ query: { limit: 1 } })).games).toHaveLength(1);
    const bad = async (endpoint: 'games' | 'playgroup', query: Record<string, unknown>) =>
      endpoint === 'games'
        ? raw(t, alice, contract.games.list, { query })
        : raw(t, alice, contract.playgroups.games, { params: { id: groupId }, query });
    const id = aliceGames[0]!;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ limit: LIMITS.pageSize.max + 1 }, 'query.limit'],
      [{ limit: 0 }, 'query.limit'],
      [{ limit: 'ten' }, 'query.limit'],
      [{ cursor: 'not a cursor' }, 'query.cursor'],
      [{ cursor: 'a'.repeat(LIMITS.cursor.max + 1) }, 'query.cursor'],
      [{ cursor: 'abcd' }, 'query.cursor'],
      [{ cursor: b64(`v1|2025-02-30T00:00:00.000000Z|2025-02-01T00:00:00.000000Z|${id}`) }, 'query.cursor'],
      [
        { cursor: b64('v1|2025-02-01T00:00:00.000000Z|2025-02-01T00:00:00.000000Z|1; drop table games') },
        'query.cursor',
      ],
      [{ cursor: b64(`v2|2025-02-01T00:00:00.000000Z|2025-02-01T00:00:00.000000Z|${id}`) }, 'query.cursor'],
    ];
    for (const endpoint of ['games', 'playgroup'] as const) {
      for (const [query, field] of cases) {
        const res = await bad(endpoint, query);
        expect(res.status, `${endpoint} ${JSON.stringify(query)}`).toBe(400);
        expect(res.body).toMatchObject({ code: ErrorCode.VALIDATION });
        expect(res.body.message).toContain(field);
        expect(JSON.stringify(res.body.details)).toContain(field);
      }
    }
  });
});
