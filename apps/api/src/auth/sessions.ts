import type { SessionKindValue } from '@companion/sdk/contract';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sessions, type UserRow, users } from '../db/schema.js';
import { hashToken, newToken } from './tokens.js';

export interface SessionStore {
  create(userId: string, device: string | null): Promise<{ token: string; expiresAt: Date }>;
  resolve(
    token: string,
    kind?: SessionKindValue,
  ): Promise<{ user: UserRow; sessionId: string; expiresAt: number | null } | null>;
  revoke(sessionId: string): Promise<void>;
  /** Revokes every open session (not streaming) token of the user; answers their ids. */
  revokeAll(userId: string): Promise<string[]>;
  /** Issues a new streaming token and revokes the previous ones. */
  rotateStreaming(userId: string): Promise<{ token: string; createdAt: Date }>;
  /** Drops cached look-ups of this user's sessions (call after changing the user's row). */
  forgetUser(userId: string): void;
  /** Drops the cached look-up of one session (revoked on another instance). */
  forgetSession(sessionId: string): void;
}

/**
 * How long a resolved session (with its user row) is reused without asking the database. Within
 * this instance, revocation and changes to the user drop the entry at once. Revocations (logout,
 * streaming token rotation) reach the other instances over the live bus (Redis), which drop their
 * entry at once too; other changes to the user's row show there after at most this long.
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

export function createSessionStore(db: Db, ttlMs: number, cacheMs = SESSION_CACHE_MS): SessionStore {
  type Resolved = { user: UserRow; sessionId: string; expiresAt: number | null };
  const cache = new Map<string, { value: Resolved; until: number }>();
  const drop = (match: (v: Resolved) => boolean) => {
    for (const [k, e] of cache) if (match(e.value)) cache.delete(k);
  };
  // Prepared once: every signed-in call runs it, and planning costs more than running it.
  const lookup = db
    .select({ user: users, sessionId: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('hash')),
        eq(sessions.kind, sql.placeholder('kind')),
        isNull(sessions.revokedAt),
        or(isNull(sessions.expiresAt), gt(sessions.expiresAt, sql`now()`)),
      ),
    )
    .limit(1)
    .prepare('session_resolve');
  return {
    async create(userId, device) {
      const token = newToken('cs');
      const expiresAt = new Date(Date.now() + ttlMs);
      await db
        .insert(sessions)
        .values({ userId, tokenHash: hashToken(token), kind: 'session', device, expiresAt });
      return { token, expiresAt };
    },
    async resolve(token, kind = 'session') {
      const hash = hashToken(token);
      const key = `${kind}:${hash}`;
      const now = Date.now();
      const hit = cacheMs > 0 ? cache.get(key) : undefined;
      // A copy: handlers may adjust their caller's row (e.g. emailVerified).
      if (hit && hit.until > now) return { ...hit.value, user: { ...hit.value.user } };
      const rows = await lookup.execute({ hash, kind });
      const row = rows[0];
      if (!row) {
        cache.delete(key);
        return null;
      }
      const value = {
        user: row.user,
        sessionId: row.sessionId,
        expiresAt: row.expiresAt ? row.expiresAt.getTime() : null,
      };
      if (cacheMs > 0) {
        if (cache.size >= SESSION_CACHE_MAX) cache.clear();
        const until = Math.min(
          now + cacheMs,
          row.expiresAt ? row.expiresAt.getTime() : Number.POSITIVE_INFINITY,
        );
        cache.set(key, { value, until });
      }
      return { ...value, user: { ...value.user } };
    },
    forgetUser(userId) {
      drop((v) => v.user.id === userId);
    },
    forgetSession(sessionId) {
      drop((v) => v.sessionId === sessionId);
    },
    async revoke(sessionId) {
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
      drop((v) => v.sessionId === sessionId);
    },
    async revokeAll(userId) {
      const revoked = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), eq(sessions.kind, 'session'), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      drop((v) => v.user.id === userId);
      return revoked.map((r) => r.id);
    },
    async rotateStreaming(userId) {
      const token = newToken('ct');
      const createdAt = new Date();
      await db.transaction(async (tx) => {
        await tx
          .update(sessions)
          .set({ revokedAt: createdAt })
          .where(
            and(eq(sessions.userId, userId), eq(sessions.kind, 'streaming'), isNull(sessions.revokedAt)),
          );
        await tx
          .insert(sessions)
          .values({ userId, tokenHash: hashToken(token), kind: 'streaming', createdAt });
      });
      drop((v) => v.user.id === userId);
      return { token, createdAt };
    },
  };
}
