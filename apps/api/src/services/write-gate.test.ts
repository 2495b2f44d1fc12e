import { describe, expect, it } from 'vitest';
import { createWriteGate } from './write-gate.js';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the write gate', () => {
  it('lets `concurrency` writes work at once; the others wait, and go in the order they came', async () => {
    const gate = createWriteGate(2);
    const started: number[] = [];
    const finish: Array<() => void> = [];
    const runs = [0, 1, 2, 3].map((i) =>
      gate.run(async () => {
        started.push(i);
        await new Promise<void>((resolve) => finish.push(resolve));
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect([gate.active, gate.waiting]).toEqual([2, 2]);
    finish[1]?.();
    await tick();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    finish[0]?.();
    await tick();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    finish[2]?.();
    finish[3]?.();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  it('passes the turn on a later turn of the event loop, so a request waiting for I/O is served between two writes', async () => {
    const gate = createWriteGate(1);
    const order: string[] = [];
    const first = gate.run(async () => {
      order.push('write 1');
    });
    const second = gate.run(async () => {
      order.push('write 2');
    });
    setImmediate(() => order.push('a reply'));
    await Promise.all([first, second]);
    expect(order).toEqual(['write 1', 'a reply', 'write 2']);
  });

  it('frees the turn when a write fails', async () => {
    const gate = createWriteGate(1);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });
});
