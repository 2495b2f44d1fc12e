import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, isSessionExpiredError } from '@companion/sdk';
import type { LiveMessage } from '@companion/sdk/contract';
import {
  createLiveClient,
  type LiveClient,
  type LiveMessageFrame,
  type LiveStatus,
} from '@companion/sdk/live';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { type Database, openDatabase } from '../../src/db/client.js';
import { parseEnv } from '../../src/env.js';
import { type BuildOptions, buildServer, type Server } from '../../src/server.js';
import { openTestDatabase } from '../support/database.js';
import { PROJECT_ID } from '../support/emulator.js';
import {
  EmulatorIdentity,
  startTestServer,
  storages,
  TEST_API_KEY,
  TEST_SECRET,
  type TestServer,
} from '../support/index.js';

const text = (t: string): LiveMessage => ({ type: 'text', text: t });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A database whose `close` is a no-op, so that several servers (or restarts) can share it. */
const shared = (database: Database): Database => ({ ...database, close: async () => {} });

async function startInstance(
  database: Database,
  port: number,
  extraEnv: Record<string, string> = {},
  live: BuildOptions['live'] = {},
  cacheMs?: number,
): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'companion-live-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: inject('emulatorHost'),
    COMPANION_API_KEYS: `${TEST_API_KEY}:${TEST_SECRET}`,
    COMPANION_LOG_LEVEL: 'silent',
    ...extraEnv,
  });
  const server = await buildServer(env, {
    database: shared(database),
    live,
    ...(cacheMs ? { cacheMs } : {}),
  });
  const url = await server.listen(port);
  return {
    server,
    url,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A live client on `ws`, with quick reconnections, recording what it receives. */
function live(url: string, token: string, role: 'sender' | 'overlay', afterSeq?: number) {
  const client = createLiveClient({
    url,
    token,
    role,
    WebSocket,
    backoff: { initialMs: 100, maxMs: 1000 },
    ...(afterSeq === undefined ? {} : { afterSeq }),
  });
  const received: LiveMessageFrame[] = [];
  const statuses: LiveStatus[] = [];
  client.on('message', (f) => received.push(f));
  client.on('status', (s) => statuses.push(s));
  return { client, received, statuses };
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}
/**
 * Asks `check` again until it holds, and returns how long that took. Another instance hears of a
 * change through Redis a moment after the call that made it returned, so "at once" here means
 * "long before the cache entry would expire".
 */
/** Cache lifetime of the two Redis-linked instances, and how long the bus may take at most. */
const LONG_CACHE_MS = 120_000;
const BUS_DEADLINE_MS = 10_000;
async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
  return Date.now() - start;
}
const opened = (c: LiveClient) => until(() => c.status === 'open', 'the live client to open');
const texts = (frames: LiveMessageFrame[]) =>
  frames.flatMap((f) => (f.message.type === 'text' ? [f.message.text] : []));

describe.each(storages())('live channel across a restart on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind);
  });
  afterAll(() => t?.close());

  it('reconnects by itself and loses nothing sent after reconnecting, nor what was queued meanwhile', async () => {
    const alice = await t.user();
    const { token: streaming } = await alice.client.auth.streamingToken();
    const database = t.server.services.database;
    let instance = await startInstance(database, 0);
    const port = Number(new URL(instance.url).port);
    const overlay = live(instance.url, streaming, 'overlay', 0);
    const sender = live(instance.url, alice.token, 'sender');
    try {
      await Promise.all([opened(overlay.client), opened(sender.client)]);
      await sender.client.send(text('before'));
      await until(() => overlay.received.length === 1, 'the first message');

      await instance.close();
      await until(() => overlay.client.status === 'reconnecting', 'the overlay to notice');
      await until(() => sender.client.status === 'reconnecting', 'the sender to notice');
      const queued = sender.client.send(text('queued while down'));
      await sleep(300);
      instance = await startInstance(database, port);

      await Promise.all([opened(overlay.client), opened(sender.client)]);
      await queued;
      for (let i = 1; i <= 5; i += 1) await sender.client.send(text(`after ${i}`));
      await until(() => overlay.received.length === 7, 'every message after the restart').catch((e) => {
        console.log(JSON.stringify(overlay.received), overlay.statuses, sender.statuses);
        throw e;
      });
      expect(texts(overlay.received)).toEqual([
        'before',
        'queued while down',
        'after 1',
        'after 2',
        'after 3',
        'after 4',
        'after 5',
      ]);
      expect(overlay.statuses).toEqual(['open', 'reconnecting', 'open']);
    } finally {
      overlay.client.close();
      sender.client.close();
      await instance.close();
    }
  });
});

describe.each(storages())('live channel heartbeats on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind);
  });
  afterAll(() => t?.close());

  it('terminates a socket that stops answering pings, and keeps one that answers', async () => {
    const alice = await t.user();
    const { token: streaming } = await alice.client.auth.streamingToken();
    const instance = await startInstance(t.server.services.database, 0, {}, { heartbeatMs: 200 });
    const url = `${instance.url.replace(/^http/, 'ws')}/live`;
    const open = (autoPong: boolean) =>
      new Promise<{ ws: WebSocket; closed: Promise<number> }>((resolve, reject) => {
        const ws = new WebSocket(url, { autoPong });
        ws.once('open', () => ws.send(JSON.stringify({ kind: 'auth', token: streaming, role: 'overlay' })));
        const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
        ws.once('message', () => resolve({ ws, closed }));
        ws.once('error', reject);
      });
    try {
      const [dead, alive] = await Promise.all([open(false), open(true)]);
      const started = Date.now();
      // 1006: terminated without a close frame, after one missed ping (two intervals at most).
      expect(await dead.closed).toBe(1006);
      expect(Date.now() - started).toBeLessThan(2000);
      await sleep(600);
      expect(alive.ws.readyState).toBe(WebSocket.OPEN);
      expect(instance.server.app.live.stats()).toEqual({ sockets: 1, users: 1 });
      alive.ws.close();
    } finally {
      await instance.close();
    }
  });
});

const redisUrl = process.env.REDIS_URL;
const databaseUrl = process.env.DATABASE_URL;

/**
 * Two instances on one Redis. With DATABASE_URL, each has its own connection pool on one PostgreSQL
 * schema (as two processes would); without it, both share one PGlite database (PGlite is
 * single-process), which leaves the live channel's path through Redis the same.
 */
describe.runIf(redisUrl)('live channel across two instances (Redis)', () => {
  const schema = `live_${randomBytes(6).toString('hex')}`;
  const keyPrefix = `test:${randomUUID().slice(0, 8)}:`;
  let databases: Database[] = [];
  let a: Awaited<ReturnType<typeof startInstance>>;
  let b: Awaited<ReturnType<typeof startInstance>>;

  beforeAll(async () => {
    if (databaseUrl) {
      databases = [
        await openDatabase({ databaseUrl, pgSchema: schema, poolSize: 5 }),
        await openDatabase({ databaseUrl, pgSchema: schema, poolSize: 5 }),
      ];
    } else {
      const one = await openTestDatabase('pglite', inject('pgliteTemplate'));
      databases = [one, one];
    }
    const env = { REDIS_URL: redisUrl!, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
    // Caches far longer than the test: a change seen on B can only have come through the bus.
    a = await startInstance(databases[0]!, 0, env, { keyPrefix }, LONG_CACHE_MS);
    b = await startInstance(databases[1]!, 0, env, { keyPrefix }, LONG_CACHE_MS);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const d of new Set(databases)) await d.close();
    if (!databaseUrl) return;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });

  it('delivers from a sender on A to an overlay on B, and a rotation on A disconnects it on B', async () => {
    expect(a.server.app.live.bus.kind).toBe('redis');
    const identity = new EmulatorIdentity(inject('emulatorHost'));
    const account = await identity.signUp();
    await identity.verifyEmail(account.uid);
    const { idToken } = await identity.signIn(account.email, account.password);
    const anonymous = createClient({ baseUrl: a.url, apiKey: TEST_API_KEY, secret: TEST_SECRET, retry: 0 });
    const session = await anonymous.auth.signin({ identityToken: idToken, body: { locale: 'en' } });
    const client = createClient({
      baseUrl: a.url,
      apiKey: TEST_API_KEY,
      secret: TEST_SECRET,
      retry: 0,
      credentials: () => ({ token: session.token, userId: session.user.id }),
    });
    const { token: streaming } = await client.auth.streamingToken();

    const overlay = live(b.url, streaming, 'overlay');
    const sender = live(a.url, session.token, 'sender');
    const errors: number[] = [];
    overlay.client.on('error', (e) => errors.push(e.code));
    try {
      await Promise.all([opened(overlay.client), opened(sender.client)]);
      const first = await sender.client.send(text('from A'));
      const second = await sender.client.send(text('to B'));
      await until(() => overlay.received.length === 2, 'the overlay on B');
      expect(overlay.received.map((f) => [f.seq, f.id])).toEqual([
        [first.seq, first.id],
        [second.seq, second.id],
      ]);
      expect(texts(overlay.received)).toEqual(['from A', 'to B']);
      expect(b.server.app.live.stats()).toEqual({ sockets: 1, users: 1 });

      await client.auth.streamingToken();
      await until(() => overlay.client.status === 'closed', 'the revoked overlay on B to close');
      expect(errors).toContain(50);
    } finally {
      overlay.client.close();
      sender.client.close();
    }
  });

  it('a logout on A ends the session on B at once, though B had it cached (and a new deck shows there)', async () => {
    const identity = new EmulatorIdentity(inject('emulatorHost'));
    const account = await identity.signUp();
    await identity.verifyEmail(account.uid);
    const { idToken } = await identity.signIn(account.email, account.password);
    const signin = (url: string) =>
      createClient({ baseUrl: url, apiKey: TEST_API_KEY, secret: TEST_SECRET, retry: 0 });
    const session = await signin(a.url).auth.signin({ identityToken: idToken, body: { locale: 'en' } });
    const on = (url: string) =>
      createClient({
        baseUrl: url,
        apiKey: TEST_API_KEY,
        secret: TEST_SECRET,
        retry: 0,
        credentials: () => ({ token: session.token, userId: session.user.id }),
      });
    // B resolves the session (and keeps it for LONG_CACHE_MS)...
    expect((await on(b.url).user.me()).user.id).toBe(session.user.id);
    // (B keeps the deck list too; a deck created on A shows on B at once.)
    expect((await on(b.url).user.decks()).decks).toEqual([]);
    const { deck } = await on(a.url).decks.create({ body: { name: 'Made on A', formatId: 'commander' } });
    const deckShown = await eventually(
      async () => (await on(b.url).user.decks()).decks.some((d) => d.name === deck.name),
      'the new deck on B',
      BUS_DEADLINE_MS,
    );
    await on(a.url).auth.logout();
    // ...and refuses it right after the logout on A, well within that time.
    const refusedAfter = await eventually(
      async () =>
        isSessionExpiredError(
          await on(b.url)
            .user.me()
            .catch((e: unknown) => e),
        ),
      'B to refuse the session',
      BUS_DEADLINE_MS,
    );
    // Without the bus message B would answer from its caches for LONG_CACHE_MS (two minutes).
    expect(deckShown).toBeLessThan(BUS_DEADLINE_MS);
    expect(refusedAfter).toBeLessThan(BUS_DEADLINE_MS);
  });
});
