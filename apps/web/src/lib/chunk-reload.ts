/**
 * A page chunk that fails to load (usually a deploy replaced it) reloads the page, at most once per
 * 10 seconds per path, remembered in sessionStorage.
 */
export const RELOAD_GUARD_MS = 10_000;
const PREFIX = 'companion-chunk-reload:';

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS|Failed to fetch/i.test(
    message,
  );
}

/** Reloads unless this path already reloaded less than 10 seconds ago; returns whether it reloads. */
export function reloadOnce(path = window.location.pathname, now = Date.now()): boolean {
  const key = PREFIX + path;
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(key) ?? 0);
  } catch {
    return false;
  }
  if (now - last < RELOAD_GUARD_MS) return false;
  try {
    sessionStorage.setItem(key, String(now));
  } catch {
    return false;
  }
  if (path === window.location.pathname) window.location.reload();
  else window.location.assign(path);
  return true;
}
