import { useSyncExternalStore } from 'react';

/**
 * What the header needs to know about the signed-in user, readable on public pages without loading
 * Firebase or the API client: it reads what `@companion/hooks`' user store persisted
 * (`companion-user`), and the companion module pushes live changes with `setSessionSnapshot`.
 */
export interface SessionSnapshot {
  authenticated: boolean;
  name: string | null;
  picture: string | null;
  /** Friend requests received plus playgroup invitations waiting for an answer (header badge). */
  pending: number;
  /** Of which playgroup invitations. */
  invites: number;
}

const USER_KEY = 'companion-user';
const SIGNED_OUT: SessionSnapshot = {
  authenticated: false,
  name: null,
  picture: null,
  pending: 0,
  invites: 0,
};
let snapshot: SessionSnapshot | null = null;
const listeners = new Set<() => void>();

interface PersistedUser {
  token?: string | null;
  userData?: { firstname?: string | null; username?: string | null; picture?: string | null } | null;
  friends?: ReadonlyArray<{ status?: string }> | null;
  playgroups?: ReadonlyArray<{ status?: string }> | null;
}

export function snapshotFrom(user: PersistedUser | null | undefined): SessionSnapshot {
  if (!user?.token || !user.userData) return SIGNED_OUT;
  const invites = (user.playgroups ?? []).filter((p) => p.status === 'invited').length;
  return {
    authenticated: true,
    name: user.userData.username || user.userData.firstname || null,
    picture: user.userData.picture ?? null,
    pending: (user.friends ?? []).filter((f) => f.status === 'incoming').length + invites,
    invites,
  };
}

function readStored(): SessionSnapshot {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? snapshotFrom(JSON.parse(raw) as PersistedUser) : SIGNED_OUT;
  } catch {
    return SIGNED_OUT;
  }
}

const same = (a: SessionSnapshot, b: SessionSnapshot) =>
  a.authenticated === b.authenticated &&
  a.name === b.name &&
  a.picture === b.picture &&
  a.pending === b.pending &&
  a.invites === b.invites;

export function setSessionSnapshot(next: SessionSnapshot): void {
  if (snapshot && same(snapshot, next)) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === USER_KEY || event.key === null) setSessionSnapshot(readStored());
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const getSnapshot = () => {
  if (!snapshot) snapshot = readStored();
  return snapshot;
};

/** Signed-in state for the shell; server rendering and hydration see a signed-out visitor. */
export const useSession = (): SessionSnapshot =>
  useSyncExternalStore(subscribe, getSnapshot, () => SIGNED_OUT);
