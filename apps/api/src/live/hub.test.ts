import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { DEFAULT_LIMITS, LiveHub } from './hub.js';
import { createMemoryBus } from './memory-bus.js';

class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  pings = 0;
  terminated = false;
  send(data: string) {
    this.sent.push(data);
  }
  ping() {
    this.pings += 1;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close', 1006, Buffer.alloc(0));
  }
  closedWith: number | undefined;
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close', code, Buffer.alloc(0));
  }
}

describe('LiveHub heartbeats', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pings every interval and terminates a socket that missed the previous pong', async () => {
    vi.useFakeTimers();
    const hub = new LiveHub(createMemoryBus(Date.now, 0), { ...DEFAULT_LIMITS, heartbeatMs: 1000 });
    const answering = new FakeSocket();
    const silent = new FakeSocket();
    const identity = {
      userId: 'u1',
      role: 'overlay' as const,
      sessionId: 's',
      tokenHash: 'h',
      expiresAt: null,
    };
    hub.open(answering as unknown as WebSocket, identity);
    hub.open(silent as unknown as WebSocket, identity);
    await vi.advanceTimersByTimeAsync(0);
    expect(JSON.parse(answering.sent[0]!)).toMatchObject({ kind: 'hello', seq: 0, heartbeatMs: 1000 });
    expect(hub.stats()).toEqual({ sockets: 2, users: 1 });

    await vi.advanceTimersByTimeAsync(1000);
    expect([answering.pings, silent.pings]).toEqual([1, 1]);
    answering.emit('pong');
    await vi.advanceTimersByTimeAsync(1000);
    expect(silent.terminated).toBe(true);
    expect(answering.terminated).toBe(false);
    expect(hub.stats()).toEqual({ sockets: 1, users: 1 });
    await hub.close();
  });

  it('closes a socket when its session ends, with an error frame saying so', async () => {
    vi.useFakeTimers();
    const hub = new LiveHub(createMemoryBus(Date.now, 0), { ...DEFAULT_LIMITS, heartbeatMs: 1000 });
    const ending = new FakeSocket();
    const lasting = new FakeSocket();
    const base = { userId: 'u1', role: 'sender' as const, tokenHash: 'h' };
    hub.open(ending as unknown as WebSocket, { ...base, sessionId: 'a', expiresAt: Date.now() + 1500 });
    hub.open(lasting as unknown as WebSocket, { ...base, sessionId: 'b', expiresAt: Date.now() + 3_600_000 });
    await vi.advanceTimersByTimeAsync(1000);
    answer(ending, lasting);
    expect(ending.closedWith).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1000);
    expect(ending.closedWith).toBe(4001);
    expect(ending.sent.map((f) => JSON.parse(f))).toContainEqual(
      expect.objectContaining({ kind: 'error', message: 'The session expired. Sign in again.' }),
    );
    expect(lasting.closedWith).toBeUndefined();
    expect(hub.socketsOf('u1')).toBe(1);
    await hub.close();
  });
});

function answer(...sockets: FakeSocket[]) {
  for (const s of sockets) s.emit('pong');
}
