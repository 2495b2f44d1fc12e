import { randomUUID } from 'node:crypto';
import { ErrorCode, type LiveMessage, type LiveServerFrame } from '@companion/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, storages, type TestServer } from '../support/index.js';

type Role = 'sender' | 'receiver' | 'overlay';

interface Peer {
  ws: WebSocket;
  frames: LiveServerFrame[];
  /** Resolves with the first frame (from the start, or after `from`) matching, or fails after a while. */
  next<K extends LiveServerFrame['kind']>(
    kind: K,
    match?: (frame: Extract<LiveServerFrame, { kind: K }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<LiveServerFrame, { kind: K }>>;
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
}

/** A raw `ws` client, as the browser would open it. */
function connect(
  baseUrl: string,
  query: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Peer> {
  // The credentials travel in the first frame, never in the URL.
  const url = `${baseUrl.replace(/^http/, 'ws')}/live`;
  const ws = new WebSocket(url, { headers });
  const { afterSeq, ...rest } = query;
  const auth = { kind: 'auth', ...rest, ...(afterSeq === undefined ? {} : { afterSeq: Number(afterSeq) }) };
  ws.once('open', () => ws.send(JSON.stringify(auth)));
  const frames: LiveServerFrame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as LiveServerFrame);
    for (const w of waiters) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
  });
  const peer: Peer = {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next(kind, match, timeoutMs = 3000) {
      type F = Extract<LiveServerFrame, { kind: typeof kind }>;
      const find = () => frames.find((f): f is F => f.kind === kind && (!match || match(f as F)));
      return new Promise((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const check = () => {
          const hit = find();
          if (!hit) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${kind} frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(peer));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

const text = (t: string): LiveMessage => ({ type: 'text', text: t });
const sendFrame = (message: LiveMessage, id = randomUUID()) => ({ kind: 'send', id, message });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(storages())('live channel on %s', (kind) => {
  let t: TestServer;
  const open: Peer[] = [];
  const join = async (token: string, role: Role, extra: Record<string, string> = {}) => {
    const peer = await connect(t.url, { token, role, ...extra });
    open.push(peer);
    return peer;
  };

  beforeAll(async () => {
    // With REDIS_URL (CI), the channel runs on the Redis bus; in memory otherwise.
    t = await startTestServer(kind, process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}, {
      live: { authTimeoutMs: 1000, maxSocketsPerUser: 3 },
    });
  });
  afterAll(async () => {
    for (const peer of open) peer.ws.terminate();
    await t?.close();
  });

  it('uses the bus chosen by REDIS_URL', () => {
    expect(t.server.app.live.bus.kind).toBe(process.env.REDIS_URL ? 'redis' : 'memory');
  });

  it('an overlay receives its owner’s messages, no one else’s, and cannot send', async () => {
    const alice = await t.user();
    const bob = await t.user();
    const { token: streaming } = await alice.client.auth.streamingToken();
    const overlay = await join(streaming, 'overlay');
    const hello = await overlay.next('hello');
    expect(hello).toMatchObject({ role: 'overlay', heartbeatMs: 15_000 });
    const base = hello.seq; // 0 on a fresh Redis channel; the start time in memory (see memory-bus.ts)
    const receiver = await join(alice.token, 'receiver');
    const aliceSender = await join(alice.token, 'sender');
    const bobSender = await join(bob.token, 'sender');
    await Promise.all([receiver.next('hello'), aliceSender.next('hello'), bobSender.next('hello')]);

    bobSender.send(sendFrame(text('from bob')));
    await bobSender.next('ack');
    const sent = sendFrame(text('from alice'));
    aliceSender.send(sent);
    const ack = await aliceSender.next('ack');
    expect(ack).toEqual({ kind: 'ack', id: sent.id, seq: base + 1 });
    const got = await overlay.next('message');
    expect(got).toMatchObject({ seq: base + 1, id: sent.id, message: { type: 'text', text: 'from alice' } });
    expect(new Date(got.sentAt).getTime()).toBeGreaterThan(Date.now() - 10_000);
    await receiver.next('message', (f) => f.id === sent.id);

    // the overlay tries to send: refused, nothing delivered
    const forged = sendFrame(text('from the overlay'));
    overlay.send(forged);
    const refused = await overlay.next('error');
    expect(refused).toMatchObject({ code: ErrorCode.FORBIDDEN, id: forged.id });
    const receiverRefused = sendFrame(text('from the receiver'));
    receiver.send(receiverRefused);
    expect(await receiver.next('error')).toMatchObject({ code: ErrorCode.FORBIDDEN, id: receiverRefused.id });
    await sleep(200);
    const texts = (p: Peer) =>
      p.frames.flatMap((f) => (f.kind === 'message' && f.message.type === 'text' ? [f.message.text] : []));
    expect(texts(overlay)).toEqual(['from alice']);
    expect(texts(receiver)).toEqual(['from alice']);
    // the sender gets an ack, not its own message back
    expect(texts(aliceSender)).toEqual([]);
    expect(overlay.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('refuses wrong credentials with close 4001 and a wrong role with 4000', async () => {
    const alice = await t.user();
    const { token: streaming } = await alice.client.auth.streamingToken();
    const cases: Array<[Record<string, string>, number, number]> = [
      [{ token: alice.token, role: 'overlay' }, 4001, ErrorCode.UNAUTHENTICATED], // session token as overlay
      [{ token: streaming, role: 'sender' }, 4001, ErrorCode.UNAUTHENTICATED], // streaming token as sender
      [{ token: 'cs_nope', role: 'sender' }, 4001, ErrorCode.UNAUTHENTICATED],
      [{ role: 'overlay' }, 4001, ErrorCode.UNAUTHENTICATED],
      [{ token: alice.token, role: 'admin' }, 4000, ErrorCode.VALIDATION],
    ];
    for (const [query, close, code] of cases) {
      const peer = await join('', 'sender', query);
      expect(await peer.next('error')).toMatchObject({ code });
      expect((await peer.closed).code).toBe(close);
    }
  });

  it('admits no token from the URL: a socket that sends no auth frame is closed with 4001', async () => {
    const alice = await t.user();
    const ws = new WebSocket(`${t.url.replace(/^http/, 'ws')}/live?token=${alice.token}&role=sender`);
    const frames: string[] = [];
    ws.on('message', (data) => frames.push(String(data)));
    const started = Date.now();
    const closed = await new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    expect(closed).toBe(4001);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(frames.map((f) => JSON.parse(f).kind)).toEqual(['error']);
    expect(JSON.parse(frames[0] as string).message).toMatch(/auth frame first/);
  });

  it('refuses a first frame that is not the auth frame', async () => {
    const ws = new WebSocket(`${t.url.replace(/^http/, 'ws')}/live`);
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.once('open', () => ws.send('not json'));
    expect(await closed).toBe(4000);
  });

  it('caps the sockets of one user', async () => {
    const alice = await t.user();
    const open: Peer[] = [];
    for (let i = 0; i < 3; i++) open.push(await join(alice.token, 'receiver'));
    for (const peer of open) await peer.next('hello');
    const extra = await join(alice.token, 'receiver');
    expect(await extra.next('error')).toMatchObject({ code: ErrorCode.RATE_LIMITED });
    expect((await extra.closed).code).toBe(4008);
    open[0]?.ws.close();
    await open[0]?.closed;
    const again = await join(alice.token, 'receiver');
    await again.next('hello');
    for (const peer of [...open, again]) peer.ws.close();
  });

  it('checks the Origin header when present', async () => {
    const alice = await t.user();
    await expect(
      connect(t.url, { token: alice.token, role: 'sender' }, { origin: 'https://evil.example' }),
    ).rejects.toThrow('HTTP 403');
    const ok = await connect(
      t.url,
      { token: alice.token, role: 'sender' },
      { origin: 'http://127.0.0.1:5174' },
    );
    open.push(ok);
    await ok.next('hello');
  });

  it('disconnects an overlay whose streaming token was rotated, and sockets of a revoked session', async () => {
    const alice = await t.user();
    const { token: first } = await alice.client.auth.streamingToken();
    const overlay = await join(first, 'overlay');
    await overlay.next('hello');
    const started = Date.now();
    const { token: second } = await alice.client.auth.streamingToken();
    expect(await overlay.next('error')).toMatchObject({ code: ErrorCode.UNAUTHENTICATED });
    expect(await overlay.closed).toMatchObject({ code: 4001, reason: 'The streaming token was replaced.' });
    expect(Date.now() - started).toBeLessThan(2000);
    // the new token connects, the old one no longer does
    const fresh = await join(second, 'overlay');
    await fresh.next('hello');
    const stale = await join(first, 'overlay');
    expect((await stale.closed).code).toBe(4001);

    // logout closes the sockets opened with that session, not the overlay
    const sender = await join(alice.token, 'sender');
    await sender.next('hello');
    await alice.client.auth.logout();
    expect((await sender.closed).code).toBe(4001);
    await sleep(100);
    expect(fresh.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('signing out of all devices closes the sockets of every session of the user, not the overlay', async () => {
    const alice = await t.user();
    const bob = await t.user();
    const phone = await t.client().auth.login({
      identityToken: (await t.identity.signIn(alice.email, 'correct-horse-battery')).idToken,
      body: { locale: 'en' },
    });
    const { token: streaming } = await alice.client.auth.streamingToken();
    const overlay = await join(streaming, 'overlay');
    await overlay.next('hello');
    const sender = await join(alice.token, 'sender');
    await sender.next('hello');
    const receiver = await join(phone.token, 'receiver');
    await receiver.next('hello');
    const bobs = await join(bob.token, 'receiver');
    await bobs.next('hello');

    await alice.client.auth.logoutAll();
    expect(await sender.closed).toMatchObject({ code: 4001, reason: 'The session was revoked.' });
    expect((await receiver.closed).code).toBe(4001);
    await sleep(100);
    expect(overlay.ws.readyState).toBe(WebSocket.OPEN);
    expect(bobs.ws.readyState).toBe(WebSocket.OPEN);
    // the revoked tokens no longer open a socket
    const again = await join(phone.token, 'receiver');
    expect((await again.closed).code).toBe(4001);
  });

  it('deleting the account closes every socket of the user, overlays included', async () => {
    const alice = await t.user();
    const bob = await t.user();
    const { token: streaming } = await alice.client.auth.streamingToken();
    const overlay = await join(streaming, 'overlay');
    await overlay.next('hello');
    const sender = await join(alice.token, 'sender');
    await sender.next('hello');
    const bobs = await join(bob.token, 'receiver');
    await bobs.next('hello');

    await alice.client.account.delete({ body: { confirmation: alice.email } });
    expect((await sender.closed).code).toBe(4001);
    expect((await overlay.closed).code).toBe(4001);
    await sleep(100);
    expect(bobs.ws.readyState).toBe(WebSocket.OPEN);
    // her tokens no longer open a socket
    expect((await (await join(alice.token, 'sender')).closed).code).toBe(4001);
    expect((await (await join(streaming, 'overlay')).closed).code).toBe(4001);
  });

  it('refuses invalid frames with a clear error and keeps the socket open', async () => {
    const alice = await t.user();
    const sender = await join(alice.token, 'sender');
    const { seq: base } = await sender.next('hello');
    const errors = () => sender.frames.filter((f) => f.kind === 'error');

    sender.send('not json');
    await sender.next('error');
    expect(errors()[0]).toMatchObject({
      code: ErrorCode.VALIDATION,
      message: 'The frame is not valid JSON.',
    });

    const badLife = sendFrame({
      type: 'life',
      players: [{ name: 'Ajani', life: 'forty' as unknown as number, poison: 0, commanderDamage: [] }],
    });
    sender.send(badLife);
    const e2 = await sender.next('error', (f) => f.id === badLife.id);
    expect(e2.code).toBe(ErrorCode.VALIDATION);
    expect(e2.message).toMatch(/^Invalid message\.players\.0\.life: /);

    sender.send({ kind: 'shout' });
    const e3 = await sender.next('error', (f) => f.message.startsWith('Invalid kind'));
    expect(e3.code).toBe(ErrorCode.VALIDATION);

    const big = sendFrame(text('x'.repeat(200)));
    sender.send({ ...big, padding: 'y'.repeat(17 * 1024) });
    const e4 = await sender.next('error', (f) => f.code === ErrorCode.TOO_LARGE);
    expect(e4.message).toMatch(/limit is 16384 bytes/);

    const good = sendFrame(text('still here'));
    sender.send(good);
    expect(await sender.next('ack')).toMatchObject({ id: good.id, seq: base + 1 });
    expect(sender.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('acknowledges a resent id without delivering it twice, and replays after a sequence number', async () => {
    const alice = await t.user();
    const sender = await join(alice.token, 'sender');
    const receiver = await join(alice.token, 'receiver');
    const [{ seq: base }] = await Promise.all([sender.next('hello'), receiver.next('hello')]);
    const frame = sendFrame(text('once'));
    sender.send(frame);
    sender.send(frame);
    const acks = async () => {
      for (let i = 0; i < 50 && sender.frames.filter((f) => f.kind === 'ack').length < 2; i += 1)
        await sleep(20);
      return sender.frames.filter((f) => f.kind === 'ack');
    };
    expect(await acks()).toEqual([
      { kind: 'ack', id: frame.id, seq: base + 1 },
      { kind: 'ack', id: frame.id, seq: base + 1 },
    ]);
    for (const n of [2, 3, 4]) sender.send(sendFrame(text(`n${n}`)));
    await receiver.next('message', (f) => f.seq === base + 4);
    expect(
      receiver.frames.filter((f) => f.kind === 'message').map((f) => (f as { seq: number }).seq),
    ).toEqual([1, 2, 3, 4].map((n) => base + n));

    // a late receiver resumes after seq 2, in the URL or with a resume frame
    const late = await join(alice.token, 'receiver', { afterSeq: String(base + 2) });
    await late.next('message', (f) => f.seq === base + 4);
    expect(late.frames.map((f) => f.kind)).toEqual(['hello', 'message', 'message']);
    late.send({ kind: 'resume', afterSeq: base });
    await late.next('message', (f) => f.seq === base + 1);
    late.send({ kind: 'ping' });
    await late.next('pong');
  });

  it('rate-limits a sender (token bucket, burst 40 at 20/s)', async () => {
    const alice = await t.user();
    const sender = await join(alice.token, 'sender');
    await sender.next('hello');
    const started = performance.now();
    for (let i = 0; i < 60; i += 1) sender.send(sendFrame(text(`burst ${i}`)));
    const limited = await sender.next('error', (f) => f.code === ErrorCode.RATE_LIMITED);
    expect(limited.id).toBeDefined();
    const count = () => {
      const acks = sender.frames.filter((f) => f.kind === 'ack').length;
      const refusals = sender.frames.filter(
        (f) => f.kind === 'error' && f.code === ErrorCode.RATE_LIMITED,
      ).length;
      return { acks, refusals };
    };
    while (count().acks + count().refusals < 60 && performance.now() - started < 10_000) await sleep(20);
    // The burst took `span` seconds to be answered: at most 20 tokens per second came back meanwhile
    // (a loaded machine stretches the burst, so the bound follows the measured time).
    const span = (performance.now() - started) / 1000;
    const { acks, refusals } = count();
    expect(acks).toBeGreaterThanOrEqual(40);
    expect(acks).toBeLessThanOrEqual(40 + Math.ceil(20 * span));
    expect(refusals).toBeGreaterThan(0);
    expect(acks + refusals).toBe(60);
    // tokens flow back
    await sleep(500);
    const after = sendFrame(text('after the pause'));
    sender.send(after);
    await sender.next('ack', (f) => f.id === after.id);
  });
});
