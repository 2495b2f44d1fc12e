/**
 * The one persisted record of the signed-in user (spec §3), under `STORAGE_KEYS.user`. Two writers
 * share it, each with its own fields:
 * - the user store: the session token and the user id (what is not server data);
 * - the query-cache persister (`persist/user-queries.ts`): the server data of the five refresh
 *   queries — the current user with its settings, playgroups, decks, friends, formats — and when
 *   each was fetched.
 * Its shape is private to this package: apps read it through `@companion/hooks/session`.
 *
 * No React, no SDK client, no zod (types only): the session snapshot reads it on public pages.
 */
import type { CurrentUser, DeckSummary, Friend, GameFormat, PlaygroupSummary } from '@companion/sdk/contract';
import { STORAGE_KEYS } from '../constants.js';
import { isBrowser, readItem, writeItem } from './storage.js';

/** What a full refresh fetches: the current user and the four lists (spec §3, §4). */
export type RefreshKey = 'user' | 'playgroups' | 'decks' | 'friends' | 'formats';
export const REFRESH_KEYS: readonly RefreshKey[] = ['user', 'playgroups', 'decks', 'friends', 'formats'];

/** Milliseconds since the epoch of each part's last fetch; null: never, or reset (logout, a change). */
export type FetchTimes = Record<RefreshKey, number | null>;

export interface PersistedData {
  /** GET /user (or a sign-in's answer): the user and `state.settings`. */
  user: CurrentUser | null;
  playgroups: PlaygroupSummary[] | null;
  decks: DeckSummary[] | null;
  friends: Friend[] | null;
  formats: GameFormat[] | null;
  lastFetched: FetchTimes;
}

export interface PersistedUser extends PersistedData {
  v: 2;
  /** Session token (Bearer); logout keeps it (spec §4). */
  token: string | null;
  userId: string | null;
}

export const noFetch = (): FetchTimes => ({
  user: null,
  playgroups: null,
  decks: null,
  friends: null,
  formats: null,
});

export const emptyPersistedUser = (): PersistedUser => ({
  v: 2,
  token: null,
  userId: null,
  user: null,
  playgroups: null,
  decks: null,
  friends: null,
  formats: null,
  lastFetched: noFetch(),
});

const list = <T>(value: unknown): T[] | null => (Array.isArray(value) ? (value as T[]) : null);
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const time = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** Reads any version: version 1 (one store held everything) keeps its session token and user id. */
export function parsePersistedUser(raw: string | null): PersistedUser {
  if (raw === null) return emptyPersistedUser();
  let value: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return emptyPersistedUser();
    value = parsed as Record<string, unknown>;
  } catch {
    return emptyPersistedUser();
  }
  const session = { token: text(value.token), userId: text(value.userId) };
  if (value.v !== 2) return { ...emptyPersistedUser(), ...session };
  const user = value.user as CurrentUser | null | undefined;
  const at = (value.lastFetched ?? {}) as Record<string, unknown>;
  return {
    v: 2,
    ...session,
    user: user && typeof user === 'object' && user.user ? user : null,
    playgroups: list(value.playgroups),
    decks: list(value.decks),
    friends: list(value.friends),
    formats: list(value.formats),
    lastFetched: {
      user: time(at.user),
      playgroups: time(at.playgroups),
      decks: time(at.decks),
      friends: time(at.friends),
      formats: time(at.formats),
    },
  };
}

// This tab's copy: what it last read or wrote. It stands in for storage when writing failed (storage
// blocked or full), so the tab still sees its own session.
let memory: PersistedUser | null = null;
let memoryRaw: string | null = null;
let writeFailed = false;

/**
 * Written in this tab. A DOM event rather than a module-level listener list: the page's first-load
 * entry (`@companion/hooks/session`) carries its own copy of this module, and hears the writes of
 * the main entry's copy through it.
 */
const CHANGED = 'companion:stored-user';
interface Changed {
  record: PersistedUser;
  raw: string;
  failed: boolean;
}

export function readPersistedUser(): PersistedUser {
  const raw = readItem(STORAGE_KEYS.user);
  if (memory && (raw === memoryRaw || (writeFailed && raw === null))) return memory;
  memory = parsePersistedUser(raw);
  memoryRaw = raw;
  writeFailed = false;
  return memory;
}

/** Merges `patch` into the record and saves it; tells this tab's listeners when it changed. */
export function writePersistedUser(patch: Partial<Omit<PersistedUser, 'v'>>): void {
  if (!isBrowser()) return;
  const current = readPersistedUser();
  const next: PersistedUser = { ...current, ...patch, v: 2 };
  const raw = JSON.stringify(next);
  if (raw === memoryRaw) return;
  memory = next;
  memoryRaw = raw;
  writeFailed = !writeItem(STORAGE_KEYS.user, raw);
  const detail: Changed = { record: next, raw, failed: writeFailed };
  window.dispatchEvent(new CustomEvent<Changed>(CHANGED, { detail }));
}

/**
 * Calls `listener` when the record changes: written in this tab, or by another tab (a `storage`
 * event, `localStorage.clear()` included). Returns the unsubscribe function.
 */
export function subscribePersistedUser(listener: () => void): () => void {
  if (!isBrowser()) return () => {};
  const onChanged = (event: Event) => {
    const { record, raw, failed } = (event as CustomEvent<Changed>).detail;
    // Another copy of this module wrote it: take its record (storage may have refused it).
    memory = record;
    memoryRaw = raw;
    writeFailed = failed;
    listener();
  };
  const onStorage = (event: StorageEvent) => {
    if (isOtherTabChange(event)) listener();
  };
  window.addEventListener(CHANGED, onChanged);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, onChanged);
    window.removeEventListener('storage', onStorage);
  };
}

/** A `storage` event about the record (or a clear of local storage) from another tab. */
export function isOtherTabChange(
  event: StorageEvent,
  keys: readonly string[] = [STORAGE_KEYS.user],
): boolean {
  if (event.storageArea && event.storageArea !== window.localStorage) return false;
  return event.key === null || keys.includes(event.key);
}
