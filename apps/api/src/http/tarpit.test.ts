import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createTarpit } from './tarpit.js';

/** Whether `promise` has settled by the time the event loop has turned `ms` ms later. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await sleep(ms);
  return settled;
}

describe('tarpit', () => {
  it('answers the first refusals of a key at once, and holds the next ones for the delay', async () => {
    const tarpit = createTarpit({ delayMs: 400, threshold: 2 });
    expect(await settledWithin(tarpit.refused('a'), 20)).toBe(true);
    expect(await settledWithin(tarpit.refused('a'), 20)).toBe(true);
    const started = Date.now();
    const third = tarpit.refused('a');
    expect(tarpit.held).toBe(1);
    // Another key has its own count: not held.
    expect(await settledWithin(tarpit.refused('b'), 20)).toBe(true);
    expect(await settledWithin(third, 0)).toBe(false);
    await third;
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(tarpit.held).toBe(0);
  });

  it('starts a new count once the window has passed', async () => {
    const tarpit = createTarpit({ delayMs: 5_000, threshold: 1, windowMs: 50 });
    await tarpit.refused('a');
    await sleep(80);
    expect(await settledWithin(tarpit.refused('a'), 20)).toBe(true);
    expect(tarpit.held).toBe(0);
  });

  it('holds at most maxHeld answers; past that, refusals are answered at once', async () => {
    const tarpit = createTarpit({ delayMs: 300, threshold: 0, maxHeld: 2 });
    const held = [tarpit.refused('a'), tarpit.refused('b')];
    expect(tarpit.held).toBe(2);
    expect(await settledWithin(tarpit.refused('c'), 20)).toBe(true);
    await Promise.all(held);
    expect(tarpit.held).toBe(0);
  });

  it('forgets the oldest key past maxKeys', async () => {
    const tarpit = createTarpit({ delayMs: 5_000, threshold: 1, maxKeys: 2 });
    await tarpit.refused('a');
    await tarpit.refused('b');
    await tarpit.refused('c'); // forgets a
    expect(await settledWithin(tarpit.refused('a'), 20)).toBe(true); // a counts from one again
    expect(tarpit.held).toBe(0);
  });

  it('does nothing with a delay of 0', async () => {
    const tarpit = createTarpit({ delayMs: 0, threshold: 0 });
    for (let i = 0; i < 10; i++) await tarpit.refused('a');
    expect(tarpit.held).toBe(0);
  });
});
