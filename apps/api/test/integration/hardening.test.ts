/**
 * Issue 16, HTTP hardening: who calls is settled before the body is read, body sizes follow who
 * calls, and rate limits are keyed by user (by the socket's address for anonymous calls), in Redis
 * when REDIS_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { prepareRequest, signHeaders } from '@companion/sdk';
import { type AnyEndpoint, contract, ErrorCode } from '@companion/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestServer,
  TEST_API_KEY,
  TEST_SECRET,
  type TestServer,
  type TestUser,
} from '../support/index.js';

const MB = 1024 * 1024;

interface Streamed {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  /** Milliseconds from the first byte sent to the response's headers. */
  answeredAfterMs: number;
  /** Body bytes the client had written when the answer arrived. */
  sentWhenAnswered: number;
  /** Body bytes the client managed to write in all. */
  sent: number;
}

/**
 * Sends `total` body bytes in 64 KB chunks, paced (`chunksPerTick` per 10 ms), and notes when the
 * answer arrives. The server may close the connection before the body is through.
 */
function streamPost(
  url: string,
  path: string,
  headers: Record<string, string>,
  total: number,
  options: { chunked?: boolean; chunksPerTick?: number } = {},
): Promise<Streamed> {
  const { port } = new URL(url);
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const perTick = options.chunksPerTick ?? 2;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let sent = 0;
    let done = false;
    let answer: Omit<Streamed, 'body' | 'sent'> | undefined;
    let body = '';
    const req = httpRequest({
      host: '127.0.0.1',
      port: Number(port),
      path,
      method: 'POST',
      headers: options.chunked ? headers : { ...headers, 'content-length': String(total) },
    });
    const finish = () => {
      if (done || !answer) return;
      done = true;
      resolve({ ...answer, body, sent });
    };
    req.on('response', (res) => {
      answer = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        answeredAfterMs: Date.now() - started,
        sentWhenAnswered: sent,
      };
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        body += d;
      });
      res.on('end', finish);
      res.on('error', finish);
    });
    // The server may cut the upload off once it has answered.
    req.on('error', (error) => (answer ? finish() : reject(error)));
    req.on('close', finish);
    const pump = () => {
      if (done || answer || req.destroyed) return;
      for (let i = 0; i < perTick && sent < total; i++) {
        const piece = total - sent >= chunk.length ? chunk : chunk.subarray(0, total - sent);
        req.write(piece);
        sent += piece.length;
      }
      if (sent >= total) req.end();
      else setTimeout(pump, 10);
    };
    pump();
  });
}

const config = { apiKey: TEST_API_KEY, secret: TEST_SECRET, device: 'hardening' };

/** The headers of a signed call (and its body, as sent). */
function signed(
  endpoint: AnyEndpoint,
  args: Record<string, unknown>,
  user?: Pick<TestUser, 'credentials'>,
  extra?: Record<string, string>,
) {
  const prepared = prepareRequest(endpoint, args, config, user?.credentials, extra, false);
  const headers: Record<string, string> = { ...prepared.headers };
  signHeaders(
    (k, v) => {
      headers[k] = v;
    },
    prepared,
    config,
    Date.now(),
  );
  return { path: prepared.pathWithQuery, headers, body: (prepared.body as string | undefined) ?? '' };
}

async function send(
  t: TestServer,
  call: { path: string; headers: Record<string, string>; body?: string },
  method = 'POST',
) {
  const res = await fetch(t.url + call.path, {
    method,
    headers: call.headers,
    ...(method === 'GET' ? {} : { body: call.body ?? '' }),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    json: JSON.parse(text) as { code: number; message: string },
  };
}

describe('body limits and checks before the body is read', () => {
  let t: TestServer;
  let u: TestUser;
  let listId: string;

  beforeAll(async () => {
    t = await startTestServer('pglite');
    u = await t.user();
    const { list } = await u.client.lists.create({ body: { name: 'Import here', type: 'collection' } });
    listId = list.id;
  });
  afterAll(() => t?.close());

  it('refuses an unsigned 25 MB import at once, without reading the body', async () => {
    const before = process.memoryUsage();
    const result = await streamPost(
      t.url,
      `/user/lists/${listId}/import`,
      { 'content-type': 'application/json' },
      25 * MB,
      { chunksPerTick: 1 }, // ~6 MB/s: the whole body would take about 4 s
    );
    expect(result.status).toBe(400);
    expect(JSON.parse(result.body)).toMatchObject({ code: ErrorCode.BAD_API_KEY });
    expect(result.answeredAfterMs).toBeLessThan(1000);
    expect(result.sentWhenAnswered).toBeLessThan(25 * MB);
    // The connection is closed: the rest of the body is never sent.
    expect(result.sent).toBeLessThan(25 * MB);
    expect(result.headers.connection).toBe('close');
    const grown = process.memoryUsage().rss - before.rss;
    expect(grown).toBeLessThan(20 * MB);
  });

  it('refuses a signed 25 MB import without a session (401) before reading it', async () => {
    const call = signed(contract.lists.import, {
      params: { id: listId },
      body: { content: 'x' },
    });
    const result = await streamPost(t.url, call.path, call.headers, 25 * MB, { chunksPerTick: 1 });
    expect(result.status).toBe(401);
    expect(JSON.parse(result.body)).toMatchObject({ code: ErrorCode.UNAUTHENTICATED });
    expect(result.answeredAfterMs).toBeLessThan(1000);
    expect(result.sent).toBeLessThan(25 * MB);
  });

  it('refuses a session that was revoked or made up before reading the body', async () => {
    const call = signed(
      contract.lists.import,
      { params: { id: listId }, body: { content: 'x' } },
      { credentials: { token: `cs_${randomBytes(24).toString('hex')}`, userId: u.id } },
    );
    const result = await streamPost(t.url, call.path, call.headers, 25 * MB, { chunksPerTick: 1 });
    expect(result.status).toBe(401);
    expect(result.answeredAfterMs).toBeLessThan(1000);
    expect(result.sent).toBeLessThan(25 * MB);
  });

  it('answers 413 to a 20 KB body nobody is signed in for', async () => {
    const code = 'x'.repeat(20 * 1024);
    const call = signed(contract.auth.exchange, {
      body: { code, type: 'google', origin: 'https://example.com' },
    });
    const res = await send(t, call);
    expect(res.status).toBe(413);
    expect(res.json.code).toBe(ErrorCode.TOO_LARGE);
  });

  it('answers 413 to a 20 KB sign-in body (an ID token is not a session)', async () => {
    const account = await t.identity.signUp();
    const call = signed(contract.auth.signin, {
      identityToken: account.idToken,
      body: { locale: 'en', firstname: 'y'.repeat(20 * 1024) },
    });
    const res = await send(t, call);
    expect(res.status).toBe(413);
    expect(res.json.code).toBe(ErrorCode.TOO_LARGE);
  });

  it('counts an anonymous body sent without a length, and answers 413 past 16 KB', async () => {
    const call = signed(contract.auth.exchange, {
      body: { code: 'abcdefgh', type: 'google', origin: 'https://example.com' },
    });
    const result = await streamPost(t.url, call.path, call.headers, 64 * 1024, { chunked: true });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ code: ErrorCode.TOO_LARGE });
  });

  it('answers 413 to a signed-in 2 MB body on a route other than import', async () => {
    const call = signed(
      contract.decks.create,
      { body: { name: 'big', formatId: 'commander', description: 'd'.repeat(2 * MB) } },
      u,
    );
    const res = await send(t, call);
    expect(res.status).toBe(413);
    expect(res.json.code).toBe(ErrorCode.TOO_LARGE);
  });

  it('accepts a signed-in 100,000-character decklist (within the 1 MB limit)', async () => {
    const line = '1 Not A Real Card Name\n';
    const decklist = line.repeat(Math.floor(100_000 / line.length));
    const call = signed(
      contract.decks.create,
      { body: { name: 'long', formatId: 'commander', decklist } },
      u,
    );
    const res = await send(t, call);
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });

  it('refuses a decklist none of whose lines can be read, naming them, and saves no deck', async () => {
    const before = (await u.client.user.decks()).decks.length;
    const decklist = `a${' '.repeat(5_000)}!\n${'x'.repeat(1_200)}`;
    const res = await send(
      t,
      signed(contract.decks.create, { body: { name: 'unreadable', formatId: 'commander', decklist } }, u),
    );
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(ErrorCode.VALIDATION);
    expect(res.json.message).toMatch(
      /^No line of the decklist could be read\. Line 1 is 5,002 characters long/,
    );
    const issues = (res.json as { details?: { issues?: Array<{ path: string; message: string }> } }).details
      ?.issues;
    expect(issues?.map((i) => i.path)).toEqual(['body.decklist', 'body.decklist']);
    expect(issues?.[1]?.message).toMatch(/^Line 2 is 1,200 characters long/);
    expect((await u.client.user.decks()).decks.length).toBe(before);
    // One readable line among them: the deck is made, the other line reported.
    const mixed = await u.client.decks.create({
      body: { name: 'mixed', formatId: 'commander', decklist: `${decklist}\n1 Island` },
    });
    expect(mixed.unresolved.map((l) => l.line)).toEqual([1, 2, 3]);
  });

  it('accepts a big signed import from a signed-in user', async () => {
    const content = `name,set_code,collector_number,language,finish,quantity\nNot A Card,zzz,1,en,nonfoil,1\n${'\n'.repeat(3 * MB)}`;
    const call = signed(contract.lists.import, { params: { id: listId }, body: { content } }, u);
    expect(call.body.length).toBeGreaterThan(3 * MB);
    const res = await send(t, call);
    expect(res.status).toBe(200);
  });

  it('still checks the signature over the body once it is read', async () => {
    const call = signed(contract.decks.create, { body: { name: 'signed', formatId: 'commander' } }, u);
    const res = await send(t, { ...call, body: call.body.replace('signed', 'forged') });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(ErrorCode.BAD_SIGNATURE);
  });
});

describe('a caller refused again and again waits for its refusals (COMPANION_TARPIT_MS)', () => {
  let t: TestServer;
  let u: TestUser;
  beforeAll(async () => {
    t = await startTestServer('pglite', { COMPANION_TARPIT_MS: '1500' });
    u = await t.user();
  });
  afterAll(() => t?.close());

  const oversized = () =>
    streamPost(t.url, '/user/lists/00000000-0000-4000-8000-000000000000/import', {}, 4 * MB, {
      chunksPerTick: 8,
    });

  it('answers five refusals at once, holds the sixth, and serves the same address meanwhile', async () => {
    for (let i = 0; i < 5; i++) {
      const refused = await oversized();
      expect(refused.status).toBe(400);
      expect(refused.answeredAfterMs).toBeLessThan(1500);
    }
    let heldAnswered = false;
    const held = oversized().then((r) => {
      heldAnswered = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 100));
    // A signed call from the same address, accepted: answered while the refusal is still held.
    const served = await send(t, signed(contract.user.decks, {}, u), 'GET');
    expect(served.status).toBe(200);
    expect(heldAnswered).toBe(false);
    const result = await held;
    expect(result.status).toBe(400);
    expect(result.answeredAfterMs).toBeGreaterThanOrEqual(1400);
    expect(result.headers.connection).toBe('close');
  }, 30_000);
});

describe('rate limits', () => {
  const BUDGET = 6;
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer('pglite', { COMPANION_RATE_LIMIT_PER_MINUTE: String(BUDGET) });
  });
  afterAll(() => t?.close());

  const ping = (server: TestServer, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/ping`, { headers });

  it('keys anonymous calls by the socket address: X-Forwarded-For does not escape the limit', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < BUDGET + 3; i++) {
      last = await ping(t, { 'x-forwarded-for': `10.0.${i}.${i + 1}`, 'x-real-ip': `10.1.0.${i + 1}` });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, BUDGET).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(BUDGET)).toEqual([429, 429, 429]);
    const retryAfter = Number(last?.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = (await last?.json()) as { code: number; details?: { retryAfter?: number } };
    expect(body.code).toBe(ErrorCode.RATE_LIMITED);
    expect(body.details?.retryAfter).toBe(retryAfter);
    // Routes outside the contract count against the same address budget.
    for (const path of ['/openapi.json', '/docs', '/no-such-route', '/uploads/none.webp']) {
      const res = await fetch(`${t.url}${path}`, { headers: { 'x-forwarded-for': '10.9.9.9' } });
      expect(res.status, path).toBe(429);
      expect(((await res.json()) as { code: number }).code).toBe(ErrorCode.RATE_LIMITED);
    }
  });

  it('gives every user a budget of their own, on every route', async () => {
    const a = await t.user();
    const b = await t.user();
    const call = (user: TestUser) => send(t, signed(contract.user.decks, {}, user), 'GET');
    const first: number[] = [];
    for (let i = 0; i < BUDGET; i++) first.push((await call(a)).status);
    expect(first.every((s) => s === 200)).toBe(true);
    const over = await call(a);
    expect(over.status).toBe(429);
    expect(over.json.code).toBe(ErrorCode.RATE_LIMITED);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another route: the budget covers every route.
    const other = await send(t, signed(contract.lists.list, {}, a), 'GET');
    expect(other.status).toBe(429);
    // b has a budget of its own.
    expect((await call(b)).status).toBe(200);
  });
});

describe('rate limits behind a trusted proxy (COMPANION_TRUST_PROXY=1)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('pglite', { COMPANION_RATE_LIMIT_PER_MINUTE: '3', COMPANION_TRUST_PROXY: '1' });
  });
  afterAll(() => t?.close());

  it('keys anonymous calls by the address the proxy reports', async () => {
    const ping = (address: string) => fetch(`${t.url}/ping`, { headers: { 'x-forwarded-for': address } });
    const first: number[] = [];
    for (let i = 0; i < 4; i++) first.push((await ping('203.0.113.7')).status);
    expect(first).toEqual([200, 200, 200, 429]);
    // Another client behind the proxy has a budget of its own.
    expect((await ping('203.0.113.8')).status).toBe(200);
  });
});

describe('stricter limits of some routes', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('pglite');
  });
  afterAll(() => t?.close());

  it('limits deck creation per user, refusing before the decklist is read', async () => {
    const [a, b] = [await t.user(), await t.user()];
    const create = (user: TestUser, decklist = '1 Island') =>
      send(t, signed(contract.decks.create, { body: { name: 'd', formatId: 'commander', decklist } }, user));
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 6) {
      const batch = await Promise.all(Array.from({ length: 6 }, () => create(a)));
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.every((s) => s === 201 || s === 200)).toBe(true);
    const over = await create(a, `1 x${' *F*'.repeat(20_000)}`);
    expect(over.status).toBe(429);
    expect(over.json.code).toBe(ErrorCode.RATE_LIMITED);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect([200, 201]).toContain((await create(b)).status);
  }, 60_000);
});

describe.skipIf(!process.env.REDIS_URL)('rate limits in Redis (REDIS_URL)', () => {
  const BUDGET = 5;
  const prefix = `companion-test:rl:${randomBytes(6).toString('hex')}:`;
  let one: TestServer;
  let two: TestServer;

  beforeAll(async () => {
    const env = {
      REDIS_URL: process.env.REDIS_URL as string,
      COMPANION_RATE_LIMIT_PER_MINUTE: String(BUDGET),
    };
    one = await startTestServer('pglite', env, { rateLimitPrefix: prefix });
    two = await startTestServer('pglite', env, { rateLimitPrefix: prefix });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('shares one budget across two instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < BUDGET + 2; i++) {
      const server = i % 2 === 0 ? one : two;
      statuses.push((await fetch(`${server.url}/ping`)).status);
    }
    expect(statuses.slice(0, BUDGET).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(BUDGET)).toEqual([429, 429]);
  });
});

if (!process.env.REDIS_URL) {
  console.warn('hardening.test.ts: REDIS_URL is not set; the Redis-backed rate-limit test is skipped');
}
