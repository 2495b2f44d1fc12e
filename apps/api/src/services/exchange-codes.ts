/**
 * The mobile sign-in exchange: a signed-in web session asks for a one-time code for an app (its
 * provider and origin), and the app trades the code for a session of its own. Codes are stored
 * hashed, expire after EXCHANGE_TTL_MS and work once.
 */
import type { ProviderTypeValue } from '@companion/sdk/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashToken, newToken } from '../auth/tokens.js';
import type { Db } from '../db/client.js';
import { exchangeCodes } from '../db/schema.js';
import { Gone } from './errors.js';

export const EXCHANGE_TTL_MS = 5 * 60 * 1000;

export interface ExchangeTarget {
  type: ProviderTypeValue;
  origin: string;
}

export async function createExchangeCode(
  db: Db,
  userId: string,
  target: ExchangeTarget,
): Promise<{ code: string; expiresAt: Date }> {
  const code = newToken('cx');
  const expiresAt = new Date(Date.now() + EXCHANGE_TTL_MS);
  await db.insert(exchangeCodes).values({
    codeHash: hashToken(code),
    userId,
    type: target.type,
    origin: target.origin,
    expiresAt,
  });
  return { code, expiresAt };
}

/** Uses the code up and answers whose it was; 410 when it is unknown, expired, used or for another app. */
export async function redeemExchangeCode(db: Db, code: string, target: ExchangeTarget): Promise<string> {
  const now = new Date();
  // Single use: the update only succeeds for an unused, unexpired code.
  const used = await db
    .update(exchangeCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(exchangeCodes.codeHash, hashToken(code)),
        isNull(exchangeCodes.usedAt),
        gt(exchangeCodes.expiresAt, now),
        eq(exchangeCodes.type, target.type),
        eq(exchangeCodes.origin, target.origin),
      ),
    )
    .returning({ userId: exchangeCodes.userId });
  const userId = used[0]?.userId;
  if (!userId) throw unusable();
  return userId;
}

export const unusable = () => new Gone('This sign-in code is invalid, expired or already used.');
