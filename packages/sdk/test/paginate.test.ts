import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../src/contract/codes.js';
import { createClient, LIMITS, MAX_AUTO_PAGED_ITEMS, pages, paginate, RequestError } from '../src/index.js';
import { HttpRecorder, type RecordedRequest, type Reply } from './http-recorder.js';

const server = new HttpRecorder();
beforeAll(() => server.start());
afterAll(() => server.stop());
beforeEach(() => server.reset());

const client = () =>
  createClient({
    baseUrl: server.url,
    apiKey: 'key',
    secret: 'secret',
    credentials: () => ({ token: 'session-token-abcdefghijklmnop', userId: 'u1' }),
    retry: 0,
  });

const game = (n: number) => ({
  id: `g${n}`,
  playedAt: new Date(Date.UTC(2026, 0, 1) - n * 60_000).toISOString(),
  formatId: 'commander',
  subformatId: null,
  playgroupId: null,
  setId: null,
  players: [],
  turns: null,
  durationMinutes: null,
  createdBy: 'u1',
  tags: [],
  note: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const ALL = Array.from({ length: 7 }, (_, i) => game(i));

/** A server paging `ALL` by an index cursor (`c<index>`), as GET /games does with keysets. */
function pagedGames(req: RecordedRequest): Reply {
  const url = new URL(req.url, 'http://x');
  const limit = Number(url.searchParams.get('limit') ?? LIMITS.pageSize.default);
  const cursor = url.searchParams.get('cursor');
  const from = cursor ? Number(cursor.slice(1)) : 0;
  const games = ALL.slice(from, from + limit);
  const next = from + limit < ALL.length ? `c${from + limit}` : null;
  return { status: 200, body: { games, nextCursor: next, total: ALL.length } };
}

const queries = () => server.requests.map((r) => new URL(r.url, 'http://x').searchParams);

describe('paginate', () => {
  it('walks every item of every page once, in order, passing the cursor along', async () => {
    server.reply(pagedGames);
    const c = client();
    const seen: string[] = [];
    for await (const g of paginate(c.games.list, { query: { limit: 3, formatid: 'commander' } }, 'games')) {
      seen.push(g.id);
    }
    expect(seen).toEqual(ALL.map((g) => g.id));
    expect(queries().map((q) => [q.get('cursor'), q.get('limit'), q.get('formatid')])).toEqual([
      [null, '3', 'commander'],
      ['c3', '3', 'commander'],
      ['c6', '3', 'commander'],
    ]);
  });

  it('fetches no further page once the loop breaks', async () => {
    server.reply(pagedGames);
    for await (const g of paginate(client().games.list, { query: { limit: 2 } }, 'games')) {
      if (g.id === 'g1') break;
    }
    expect(server.requests).toHaveLength(1);
  });

  it('toArray stops at its limit, asking for pages as large as it needs', async () => {
    server.reply(pagedGames);
    const some = await paginate(client().games.list, undefined, 'games').toArray({ limit: 4 });
    expect(some.map((g) => g.id)).toEqual(['g0', 'g1', 'g2', 'g3']);
    expect(queries().map((q) => q.get('limit'))).toEqual(['4']);
    await expect(
      paginate(client().games.list, {}, 'games').toArray({ limit: MAX_AUTO_PAGED_ITEMS + 1 }),
    ).rejects.toThrow(RangeError);
  });

  it('pages() yields whole pages (a playgroup page keeps its leaderboard) and starts from a given cursor', async () => {
    server.reply((req) => {
      const reply = pagedGames(req);
      return { ...reply, body: { ...(reply.body as object), leaderboard: [] } };
    });
    const seen = [];
    for await (const page of pages(client().playgroups.games, {
      params: { id: 'p1' },
      query: { cursor: 'c4', limit: 2 },
    })) {
      seen.push(page.games.map((g) => g.id));
      expect(page.leaderboard).toEqual([]);
    }
    expect(seen).toEqual([['g4', 'g5'], ['g6']]);
    expect(server.requests.every((r) => r.url.startsWith('/playgroup/p1/games?'))).toBe(true);
  });

  it('stops with an error when the server repeats a cursor instead of looping', async () => {
    server.reply(() => ({ status: 200, body: { games: [game(0)], nextCursor: 'same', total: 9 } }));
    await expect(paginate(client().games.list, {}, 'games').toArray({ limit: 100 })).rejects.toThrow(
      /repeated a paging cursor/,
    );
    expect(server.requests).toHaveLength(2);
  });

  it('passes errors through as the catalogue’s classes', async () => {
    server.reply(() => ({
      status: 400,
      body: {
        code: ErrorCode.VALIDATION,
        message: 'Invalid query.cursor: Not a paging cursor',
        details: { issues: [{ path: 'query.cursor', message: 'Not a paging cursor' }] },
      },
    }));
    const pager = paginate(client().games.list, { query: { cursor: 'bogus' } }, 'games');
    const error = await pager.toArray({ limit: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ status: 400, code: ErrorCode.VALIDATION });
  });
});
