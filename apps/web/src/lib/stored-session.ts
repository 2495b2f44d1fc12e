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

export const USER_KEY = 'companion-user';
export const SIGNED_OUT: SessionSnapshot = {
  authenticated: false,
  name: null,
  picture: null,
  pending: 0,
  invites: 0,
};
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
