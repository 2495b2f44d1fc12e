/** Browser storage helpers that do nothing during server rendering or when storage is blocked. */

export const isBrowser = (): boolean => typeof window !== 'undefined' && typeof document !== 'undefined';

function storage(): Storage | undefined {
  if (!isBrowser()) return undefined;
  try {
    return window.localStorage;
  } catch {
    return undefined; // blocked (privacy mode, sandboxed iframe)
  }
}

export function readItem(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * Writes, or removes when `value` is null. Skips the write when nothing changes (no spurious `storage`
 * events). False when storage is unavailable or refused the write (persistence is best effort).
 */
export function writeItem(key: string, value: string | null): boolean {
  const s = storage();
  if (!s) return false;
  try {
    if (s.getItem(key) === value) return true;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
    return true;
  } catch {
    return false; // quota exceeded or blocked
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function setCookie(name: string, value: string, days: number): void {
  if (!isBrowser()) return;
  const maxAge = Math.round(days * 24 * 60 * 60);
  // biome-ignore lint/suspicious/noDocumentCookie: the language cookie is read by the server's locale detection
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

export function readCookie(name: string): string | null {
  if (!isBrowser()) return null;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
  }
  return null;
}
