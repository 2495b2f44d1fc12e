/**
 * What the header needs to know about the signed-in user, readable on public pages without loading
 * Firebase or the API client: it reads what `@companion/hooks`' user store persisted
 * (`companion-user`), and the companion module pushes live changes with `setSessionSnapshot`.
 */
export interface SessionSnapshot {
  authenticated: boolean;
  name: string | null;
  picture: string | null;
}

export const USER_KEY = 'companion-user';
export const SIGNED_OUT: SessionSnapshot = { authenticated: false, name: null, picture: null };
interface PersistedUser {
  token?: string | null;
  userData?: { firstname?: string | null; username?: string | null; picture?: string | null } | null;
}

export function snapshotFrom(user: PersistedUser | null | undefined): SessionSnapshot {
  if (!user?.token || !user.userData) return SIGNED_OUT;
  return {
    authenticated: true,
    name: user.userData.username || user.userData.firstname || null,
    picture: user.userData.picture ?? null,
  };
}

export function readStored(): SessionSnapshot {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? snapshotFrom(JSON.parse(raw) as PersistedUser) : SIGNED_OUT;
  } catch {
    return SIGNED_OUT;
  }
}

/** True when a signed-in session is stored (the app starts at once to show it). */
export const hasStoredSession = (): boolean => readStored().authenticated;
