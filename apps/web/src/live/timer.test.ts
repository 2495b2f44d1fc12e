import { describe, expect, it } from 'vitest';
import { applyTimer, clock, elapsedAt, STOPPED } from './timer';

describe('overlay timer', () => {
  it('runs, pauses and resets', () => {
    const started = applyTimer(STOPPED, 'start', 1_000);
    expect(elapsedAt(started, 61_000)).toBe(60_000);
    const paused = applyTimer(started, 'pause', 61_000);
    expect(paused).toEqual({ running: false, elapsedMs: 60_000, since: 61_000 });
    expect(elapsedAt(paused, 99_000)).toBe(60_000);
    const again = applyTimer(paused, 'start', 100_000);
    expect(elapsedAt(again, 105_500)).toBe(65_500);
    expect(applyTimer(again, 'reset', 106_000)).toEqual({ running: false, elapsedMs: 0, since: 106_000 });
  });

  it('shows minutes and seconds', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(65_999)).toBe('1:05');
    expect(clock(3_600_000)).toBe('60:00');
  });
});
