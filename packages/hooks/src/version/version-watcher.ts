import { VERSION_POLL_MS } from '../constants.js';

export interface VersionState {
  /** True once `builds/latest.json` names another build than the running one. */
  available: boolean;
  latestId: string | null;
}

export interface VersionWatcherOptions {
  /** Id of the running build (e.g. Nuxt's `app.buildId`, or your bundler's). */
  buildId: string;
  /** Default `/builds/latest.json`. */
  url?: string;
  /** Polling interval in ms; default one hour. */
  interval?: number;
  fetch?: typeof fetch;
}

export interface VersionWatcher {
  getState(): VersionState;
  subscribe(listener: () => void): () => void;
  /** Fetches the latest build once. */
  check(): Promise<void>;
  /** Checks now and then every `interval`; returns the stop function. */
  start(): () => void;
}

const INITIAL: VersionState = { available: false, latestId: null };

export function createVersionWatcher(options: VersionWatcherOptions): VersionWatcher {
  const url = options.url ?? '/builds/latest.json';
  const interval = options.interval ?? VERSION_POLL_MS;
  let state = INITIAL;
  const listeners = new Set<() => void>();

  const watcher: VersionWatcher = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async check() {
      try {
        const doFetch = options.fetch ?? fetch;
        const response = await doFetch(url, { cache: 'no-store', headers: { accept: 'application/json' } });
        if (!response.ok) return;
        const body = (await response.json()) as { id?: unknown };
        if (typeof body.id !== 'string' || !body.id) return;
        const next = { available: body.id !== options.buildId, latestId: body.id };
        if (next.available !== state.available || next.latestId !== state.latestId) {
          state = next;
          for (const listener of listeners) listener();
        }
      } catch {
        // offline or not deployed with a manifest: try again next time
      }
    },
    start() {
      void watcher.check();
      const timer = setInterval(() => void watcher.check(), interval);
      return () => clearInterval(timer);
    },
  };
  return watcher;
}
