import { afterEach, describe, expect, it, vi } from 'vitest';
import { createVersionWatcher } from './version-watcher.js';

afterEach(() => vi.useRealTimers());

describe('new version', () => {
  it('polls builds/latest.json and reports a different build id', async () => {
    vi.useFakeTimers();
    const ids = ['build-1', 'build-1', 'build-2'];
    const fetchImpl = vi.fn(async () => Response.json({ id: ids.shift(), timestamp: 1 }));
    const watcher = createVersionWatcher({
      buildId: 'build-1',
      url: '/_nuxt/builds/latest.json',
      interval: 60_000,
      fetch: fetchImpl as unknown as typeof fetch,
    });
    const stop = watcher.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchImpl).toHaveBeenCalledWith(
      '/_nuxt/builds/latest.json',
      expect.objectContaining({ cache: 'no-store' }),
    );
    expect(watcher.getState()).toEqual({ available: false, latestId: 'build-1' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(watcher.getState().available).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(watcher.getState()).toEqual({ available: true, latestId: 'build-2' });
    stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it('ignores failures and files without an id', async () => {
    const fetchImpl = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(new Response('nope', { status: 404 }))
      .mockResolvedValueOnce(Response.json({}));
    const watcher = createVersionWatcher({ buildId: 'b', fetch: fetchImpl as unknown as typeof fetch });
    await watcher.check();
    await watcher.check();
    await watcher.check();
    expect(watcher.getState()).toEqual({ available: false, latestId: null });
    expect(fetchImpl).toHaveBeenCalledWith('/builds/latest.json', expect.anything());
  });
});
