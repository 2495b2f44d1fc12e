import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveServerFrame } from '../contract/live.js';
import { createLiveClient, isLiveError, type LiveSocket, type LiveStatus } from './client.js';

/** A scripted WebSocket: the test plays the server. */
class FakeSocket implements LiveSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: LiveSocket['onopen'] = null;
  onmessage: LiveSocket['onmessage'] = null;
  onclose: LiveSocket['onclose'] = null;
  onerror: LiveSocket['onerror'] = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  /** The first frame: who connects (never in the URL). */
  auth: Record<string, unknown> | undefined;
  send(data: string) {
    const frame = JSON.parse(data);
    if (frame.kind === 'auth') this.auth = frame;
    else this.sent.push(frame);
  }
  close() {
    this.readyState = 3;
  }
  // server side
  open() {
    this.readyState = 1;
    this.onopen?.({ type: 'open' });
  }
  push(frame: LiveServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  hello(seq: number) {
    this.open();
    this.push({ kind: 'hello', role: 'sender', seq, heartbeatMs: 15_000 });
  }
  drop(code = 1006, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}

const last = () => FakeSocket.all.at(-1)!;
const text = (t: string) => ({ type: 'text' as const, text: t });
const msg = (seq: number, id: string, t = id): LiveServerFrame => ({
  kind: 'message',
  seq,
  id,
  sentAt: '2026-11-23T10:00:00.000Z',
  message: text(t),
});

describe('createLiveClient', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('builds the URL, queues sends until hello and resolves them on ack', async () => {
    const client = createLiveClient({
      url: 'https://api.example.test/',
      token: 'cs_abc',
      role: 'sender',
      WebSocket: FakeSocket,
    });
    expect(last().url).toBe('wss://api.example.test/live');
    last().open();
    expect(last().auth).toEqual({ kind: 'auth', token: 'cs_abc', role: 'sender' });
    expect(client.status).toBe('connecting');
    const sent = client.send(text('hello'));
    expect(last().sent).toEqual([]);
    last().hello(7);
    expect(client.status).toBe('open');
    const frame = last().sent[0] as { kind: string; id: string };
    expect(frame).toMatchObject({ kind: 'send', message: text('hello') });
    expect(frame.id.length).toBeGreaterThanOrEqual(8);
    last().push({ kind: 'ack', id: frame.id, seq: 8 });
    await expect(sent).resolves.toEqual({ id: frame.id, seq: 8 });
    expect(client.lastSeq).toBe(8);
    client.close();
    expect(client.status).toBe('closed');
  });

  it('reconnects with growing jittered delays, resumes after the last seq and resends with the same id', async () => {
    const statuses: LiveStatus[] = [];
    const client = createLiveClient({
      url: 'http://127.0.0.1:8787',
      token: 'cs_abc',
      role: 'sender',
      WebSocket: FakeSocket,
      random: () => 1,
      backoff: { initialMs: 100, maxMs: 1000 },
    });
    client.on('status', (s) => statuses.push(s));
    last().hello(3);
    last().push(msg(4, 'm4'));
    const queued = client.send(text('survives'));
    const id = (last().sent[0] as { id: string }).id;
    last().drop();
    expect(client.status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(99);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
    last().drop(); // the server is still down: the next delay doubles
    await vi.advanceTimersByTimeAsync(199);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(last().auth).toBeUndefined(); // sent once the socket opens
    last().open();
    expect(last().auth).toMatchObject({ kind: 'auth', afterSeq: 4 });
    last().hello(4);
    expect(last().sent).toEqual([{ kind: 'send', id, message: text('survives') }]);
    last().push({ kind: 'ack', id, seq: 5 });
    await expect(queued).resolves.toEqual({ id, seq: 5 });
    expect(statuses).toEqual(['open', 'reconnecting', 'open']);
    // after a good hello the delay starts small again
    last().drop();
    await vi.advanceTimersByTimeAsync(100);
    expect(FakeSocket.all).toHaveLength(4);
    client.close();
  });

  it('drops duplicates by seq and id, and its own messages replayed', async () => {
    const client = createLiveClient({ url: 'http://h', token: 't', role: 'sender', WebSocket: FakeSocket });
    const seen: number[] = [];
    client.on('message', (f) => seen.push(f.seq));
    last().hello(0);
    client.send(text('mine')).catch(() => {}); // rejected by close()
    const mine = (last().sent[0] as { id: string }).id;
    last().push(msg(1, 'a'));
    last().push(msg(1, 'a'));
    last().push(msg(2, 'b'));
    last().push(msg(3, mine));
    last().push(msg(2, 'other-id-same-seq'));
    last().push(msg(4, 'd'));
    expect(seen).toEqual([1, 2, 4]);
    client.close();
  });

  it('starts over when the channel restarted (hello below the last seq)', async () => {
    const client = createLiveClient({ url: 'http://h', token: 't', role: 'overlay', WebSocket: FakeSocket });
    const seen: string[] = [];
    client.on('message', (f) => seen.push(f.id));
    last().hello(0);
    last().push(msg(1, 'a'));
    last().push(msg(2, 'b'));
    last().drop(1012);
    await vi.advanceTimersByTimeAsync(1000);
    last().hello(1); // a fresh in-memory channel that got one message meanwhile
    expect(last().sent).toContainEqual({ kind: 'resume', afterSeq: 0 });
    last().push(msg(1, 'c'));
    last().push(msg(2, 'd'));
    expect(seen).toEqual(['a', 'b', 'c', 'd']);
    client.close();
  });

  it('rejects a refused send and stops for good on 4001', async () => {
    const client = createLiveClient({ url: 'http://h', token: 't', role: 'overlay', WebSocket: FakeSocket });
    const errors: number[] = [];
    client.on('error', (e) => errors.push(e.code));
    last().hello(0);
    const refused = client.send(text('nope'));
    const id = (last().sent[0] as { id: string }).id;
    last().push({ kind: 'error', code: 60, message: 'An overlay only receives messages.', id });
    await expect(refused).rejects.toMatchObject({ code: 60, id });
    const queued = client.send(text('queued'));
    last().push({ kind: 'error', code: 50, message: 'The streaming token was replaced.' });
    last().drop(4001, 'The streaming token was replaced.');
    const error = await queued.catch((e: unknown) => e);
    expect(isLiveError(error) && error.closeCode).toBe(4001);
    expect(client.status).toBe('closed');
    expect(errors).toEqual([60, 50, 50]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('reconnects when the server goes silent', async () => {
    const client = createLiveClient({ url: 'http://h', token: 't', role: 'overlay', WebSocket: FakeSocket });
    last().hello(0);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(last().sent).toEqual([{ kind: 'ping' }]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(client.status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(2);
    client.close();
  });
});
