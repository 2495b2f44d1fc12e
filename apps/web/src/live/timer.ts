import type { LiveTimerActionValue } from '@companion/sdk';

export interface TimerState {
  running: boolean;
  /** Elapsed milliseconds up to `since`. */
  elapsedMs: number;
  /** When it last started, paused or was reset. */
  since: number;
}

export const STOPPED: TimerState = { running: false, elapsedMs: 0, since: 0 };

/** Milliseconds elapsed at `at`. */
export const elapsedAt = (timer: TimerState, at: number) =>
  timer.running ? timer.elapsedMs + (at - timer.since) : timer.elapsedMs;

/** The timer after `action` at `at`, and the elapsed time to send with it. */
export function applyTimer(timer: TimerState, action: LiveTimerActionValue, at: number): TimerState {
  const elapsedMs = action === 'reset' ? 0 : Math.round(elapsedAt(timer, at));
  return { running: action === 'start', elapsedMs, since: at };
}

/** `m:ss` of elapsed milliseconds. */
export function clock(ms: number): string {
  const total = Math.floor(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
