import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { HISTORY_SIZE, type LiveBus, type LiveEnvelope, type LiveRevocation } from './bus.js';
import { createMemoryBus } from './memory-bus.js';
import { createRedisBus } from './redis-bus.js';

const redisUrl = process.env.REDIS_URL;
const makers: Array<[string, () => Promise<LiveBus>]> = [
  ['memory', async () => createMemoryBus(Date.now, 0)],
];
if (redisUrl) {
  makers.push([
    'redis',
    () => createRedisBus({ url: redisUrl, keyPrefix: `test:${randomUUID().slice(0, 8)}:` }),
  ]);
}

const text = (t: string) => ({ type: 'text' as const, text: t });
const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
};

describe.each(makers)('%s bus', (_kind, make) => {
  const buses: LiveBus[] = [];
  const open = async () => {
    const bus = await make();
    buses.push(bus);
    return bus;
  };
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });

  it('numbers messages per user, drops a known id, keeps a capped history', async () => {
    const bus = await open();
    const seen: Array<[string, LiveEnvelope]> = [];
    bus.onMessage((userId, envelope) => seen.push([userId, envelope]));
    await bus.watch('u1');
    await bus.watch('u2');
    const a = await bus.publish('u1', { id: 'id-00001', message: text('a'), origin: 'x' });
    const b = await bus.publish('u1', { id: 'id-00002', message: text('b'), origin: 'x' });
    const again = await bus.publish('u1', { id: 'id-00001', message: text('a'), origin: 'x' });
    const other = await bus.publish('u2', { id: 'id-00001', message: text('c'), origin: 'y' });
    expect([a.seq, b.seq, again.seq, other.seq]).toEqual([1, 2, 1, 1]);
    expect(again.duplicate).toBe(true);
    await until(() => seen.length === 3);
    expect(seen.map(([u, e]) => [u, e.frame.seq, e.origin])).toEqual([
      ['u1', 1, 'x'],
      ['u1', 2, 'x'],
      ['u2', 1, 'y'],
    ]);
    expect(JSON.parse(seen[0]![1].json)).toEqual(seen[0]![1].frame);
    expect(await bus.lastSeq('u1')).toBe(2);
    expect(await bus.lastSeq('nobody')).toBe(0);
    expect((await bus.history('u1', 1)).map((f) => f.message)).toEqual([text('b')]);

    for (let i = 0; i < HISTORY_SIZE + 5; i += 1) {
      await bus.publish('u3', {
        id: `bulk-${String(i).padStart(4, '0')}`,
        message: text(`${i}`),
        origin: 'z',
      });
    }
    const kept = await bus.history('u3', 0);
    expect(kept).toHaveLength(HISTORY_SIZE);
    expect(kept[0]!.seq).toBe(6);
    expect(kept.at(-1)!.seq).toBe(HISTORY_SIZE + 5);
  });

  it('carries revocations', async () => {
    const bus = await open();
    const got: LiveRevocation[] = [];
    bus.onRevoke((r) => got.push(r));
    await bus.revoke({ kind: 'session', userId: 'u1', sessionId: 's1' });
    await until(() => got.length === 1);
    expect(got).toEqual([{ kind: 'session', userId: 'u1', sessionId: 's1' }]);
  });
});

it('a memory bus numbers from its start time, above the previous process', async () => {
  const before = createMemoryBus();
  for (let i = 0; i < 30; i += 1)
    await before.publish('u', { id: `old-${i}-0000`, message: text('x'), origin: 'o' });
  const oldSeq = await before.lastSeq('u');
  await new Promise((r) => setTimeout(r, 40));
  const after = createMemoryBus();
  expect(await after.lastSeq('u')).toBeGreaterThan(oldSeq);
  const { seq } = await after.publish('u', { id: 'new-00000', message: text('y'), origin: 'o' });
  expect(seq).toBe(await after.lastSeq('u'));
  expect((await after.history('u', oldSeq)).map((f) => f.seq)).toEqual([seq]);
});

describe.runIf(redisUrl)('redis bus across instances', () => {
  it('fans out to the other instance only while it watches the user', async () => {
    const keyPrefix = `test:${randomUUID().slice(0, 8)}:`;
    const a = await createRedisBus({ url: redisUrl!, keyPrefix });
    const b = await createRedisBus({ url: redisUrl!, keyPrefix });
    try {
      const onB: LiveEnvelope[] = [];
      b.onMessage((_u, e) => onB.push(e));
      await b.watch('u1');
      await a.publish('u1', { id: 'cross-0001', message: text('hi'), origin: 'a' });
      await until(() => onB.length === 1);
      expect(onB[0]!.frame).toMatchObject({ seq: 1, id: 'cross-0001', message: text('hi') });
      await b.unwatch('u1');
      await a.publish('u1', { id: 'cross-0002', message: text('unseen'), origin: 'a' });
      await new Promise((r) => setTimeout(r, 100));
      expect(onB).toHaveLength(1);
      expect(await b.lastSeq('u1')).toBe(2);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
