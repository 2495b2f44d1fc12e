import { useSyncExternalStore } from 'react';

import { readStored, type SessionSnapshot, SIGNED_OUT, USER_KEY } from './stored-session';

export { type SessionSnapshot, snapshotFrom } from './stored-session';

let snapshot: SessionSnapshot | null = null;
const listeners = new Set<() => void>();

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
