import { faker } from '@faker-js/faker';
import type { z } from 'zod';
import { fake, seed, setFaker } from 'zod-schema-faker/v4';

setFaker(faker);
seed(7);

/** Keeps faked arrays short. */
function shorten(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, 3).map(shorten);
  if (value && typeof value === 'object' && !(value instanceof Blob)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v)]));
  }
  return value;
}

/** A value the schema accepts, generated from it (retrying past refinements). */
export function sample<S extends z.ZodType>(schema: S): z.output<S> {
  for (let i = 0; i < 200; i++) {
    const value = shorten(fake(schema as never));
    const parsed = schema.safeParse(value);
    if (parsed.success) return value as z.output<S>;
  }
  throw new Error('could not fake a valid value');
}

/** A fake Firebase Auth: the modular functions call these methods on the instance. */
export function fakeAuth() {
  const listeners = new Set<(user: unknown) => void>();
  let currentUser: unknown = null;
  const auth = {
    get currentUser() {
      return currentUser;
    },
    onAuthStateChanged(next: (user: unknown) => void) {
      listeners.add(next);
      queueMicrotask(() => next(currentUser));
      return () => listeners.delete(next);
    },
    signOut: async () => {
      auth.signedOut++;
      currentUser = null;
      for (const l of listeners) l(null);
    },
    signedOut: 0,
    /** Test helper: a user signs in (or out with null). */
    emit(user: unknown) {
      currentUser = user;
      for (const l of listeners) l(user);
    },
  };
  return auth;
}

/** A fake Firebase user whose `getIdToken(true)` answers from `tokens` (null = nothing, Error = throws). */
export function fakeUser(uid: string, tokens: Array<string | null | Error>) {
  const user = {
    uid,
    calls: 0,
    async getIdToken(_force?: boolean) {
      user.calls++;
      const next = tokens.shift();
      if (next instanceof Error) throw next;
      return next ?? '';
    },
  };
  return user;
}

/**
 * What the hooks persist for a signed-in user (`STORAGE_KEYS.user`): the session token and user id,
 * the user Ann (GET /user's shape), and fetch times (default: never, so everything is stale).
 */
export function persistedSession(
  lastFetched: Partial<Record<'user' | 'playgroups' | 'decks' | 'friends' | 'formats', number | null>> = {},
  user: { firstname?: string; username?: string | null } = {},
) {
  return {
    v: 2,
    token: 'session-token-abcdefghijklmnop',
    userId: 'user-1',
    user: {
      user: {
        id: 'user-1',
        username: user.username === undefined ? 'ann' : user.username,
        firstname: user.firstname ?? 'Ann',
        lastname: null,
        picture: null,
        email: 'ann@example.test',
        emailVerified: true,
        provider: 'password',
        code: 'ANN1',
        createdAt: '2026-01-01T00:00:00.000Z',
        lastSeen: null,
        badges: [],
      },
      state: {
        settings: { language: 'en', currency: 'usd', profileVisibility: 'friends', defaultFormatId: null },
      },
    },
    playgroups: null,
    decks: null,
    friends: null,
    formats: null,
    lastFetched: { user: null, playgroups: null, decks: null, friends: null, formats: null, ...lastFetched },
  };
}
