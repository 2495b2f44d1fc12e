import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import type { UserRow } from '../http/context.js';
import { hashToken, newToken } from './tokens.js';

export interface SessionStore {
  create(userId: string, device: string | null): Promise<{ token: string; expiresAt: Date }>;
  resolve(
    token: string,
    kind?: 'session' | 'streaming',
  ): Promise<{ user: UserRow; sessionId: string } | null>;
  revoke(sessionId: string): Promise<void>;
  /** Issues a new streaming token and revokes the previous ones. */
  rotateStreaming(userId: string): Promise<{ token: string; createdAt: Date }>;
}

export function createSessionStore(db: Db, ttlMs: number): SessionStore {
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
      const rows = await db
        .select({ user: users, sessionId: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, hashToken(token)),
            eq(sessions.kind, kind),
            isNull(sessions.revokedAt),
            or(isNull(sessions.expiresAt), gt(sessions.expiresAt, new Date())),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },
    async revoke(sessionId) {
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
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
      return { token, createdAt };
    },
  };
}
