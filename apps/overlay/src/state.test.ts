import type { LiveMessage } from '@companion/sdk/contract';
import { describe, expect, it } from 'vitest';
import { apply, EMPTY, elapsed, expire, formatClock, type OverlayState } from './state';

const T0 = Date.parse('2026-11-23T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const run = (messages: Array<[LiveMessage, number]>, now: number, from: OverlayState = EMPTY) =>
  messages.reduce((s, [message, t], i) => apply(s, { id: `m${i}`, sentAt: at(t), message }, now), from);
const card = { id: 'c1', name: 'Sol Ring', imageUri: null };
const players = [
  { name: 'Ana', life: 40, poison: 0, commanderDamage: [] },
  { name: 'Ben', life: 33, poison: 2, commanderDamage: [{ from: 0, amount: 7 }] },
];

describe('overlay state', () => {
  it('shows each kind of message and clears one part or all', () => {
    const s = run(
      [
        [{ type: 'spotlight', card }, 0],
        [{ type: 'life', players }, 0],
        [{ type: 'deck', deck: { name: 'Atraxa', commanders: [], colorIdentity: ['W', 'U', 'B', 'G'] } }, 0],
        [{ type: 'text', text: 'Round 2' }, 0],
        [{ type: 'timer', action: 'start', elapsedMs: 0 }, 0],
      ],
      T0,
    );
    expect(s.spotlight).toMatchObject({ card, until: null });
    expect(s.players).toEqual(players);
    expect(s.deck?.name).toBe('Atraxa');
    expect(s.text?.text).toBe('Round 2');
    const noLife = run([[{ type: 'clear', target: 'life' }, 0]], T0, s);
    expect(noLife.players).toBeNull();
    expect(noLife.text).not.toBeNull();
    expect(run([[{ type: 'clear', target: 'text' }, 0]], T0, s).text).toBeNull();
    expect(run([[{ type: 'clear', target: 'all' }, 0]], T0, s)).toEqual(EMPTY);
  });

  it('runs, pauses and resets the timer from the time the message was sent', () => {
    const started = run([[{ type: 'timer', action: 'start', elapsedMs: 5000 }, 0]], T0 + 1000);
    expect(elapsed(started.timer!, T0 + 10_000)).toBe(15_000);
    const paused = run(
      [[{ type: 'timer', action: 'pause', elapsedMs: 65_000 }, 60_000]],
      T0 + 60_000,
      started,
    );
    expect(elapsed(paused.timer!, T0 + 999_000)).toBe(65_000);
    const reset = run([[{ type: 'timer', action: 'reset', elapsedMs: 65_000 }, 70_000]], T0 + 70_000, paused);
    expect(elapsed(reset.timer!, T0 + 999_000)).toBe(0);
  });

  it('expires a timed spotlight, and skips one that ran out before it was replayed', () => {
    const s = run([[{ type: 'spotlight', card, durationSeconds: 10 }, 0]], T0 + 1000);
    expect(s.spotlight?.until).toBe(T0 + 10_000);
    expect(expire(s, T0 + 9_999).spotlight).not.toBeNull();
    expect(expire(s, T0 + 10_000).spotlight).toBeNull();
    expect(run([[{ type: 'spotlight', card, durationSeconds: 10 }, 0]], T0 + 11_000).spotlight).toBeNull();
  });

  it('formats the clock', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65_432)).toBe('1:05');
    expect(formatClock(3_600_000 + 61_000)).toBe('1:01:01');
    expect(formatClock(-5)).toBe('0:00');
  });
});
