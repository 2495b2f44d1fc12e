/**
 * The mobile sign-in exchange: a signed-in web session asks for a one-time code for an app (its
 * provider and origin), and the app trades the code for a session of its own. Codes are stored
 * hashed, expire after EXCHANGE_TTL_MS and work once.
 *
 * PKCE (RFC 7636, S256 only): the app keeps a random code_verifier and has the web page send its
 * challenge, BASE64URL(SHA-256(verifier)); the code is issued against that challenge and only for
 * an allowed app origin (COMPANION_MOBILE_ORIGINS), and is redeemed only with the verifier. Whoever
 * intercepts the code on its way to the app (another app claiming the link) cannot use it.
 */
import { createHash } from 'node:crypto';
import type { ProviderTypeValue } from '@companion/sdk/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashToken, newToken, safeEqual } from '../auth/tokens.js';
import type { Db } from '../db/client.js';
import { exchangeCodes } from '../db/schema.js';
import { Gone, Invalid } from './errors.js';

export const EXCHANGE_TTL_MS = 5 * 60 * 1000;

export interface ExchangeTarget {
  type: ProviderTypeValue;
  origin: string;
}

/** The S256 challenge of a PKCE code_verifier: base64url SHA-256, no padding. */
export const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

function requireAllowedOrigin(origin: string, allowed: readonly string[]): void {
  if (!allowed.includes(origin)) {
    throw Invalid.field('body.origin', 'is not an app allowed to sign in (COMPANION_MOBILE_ORIGINS)');
  }
}

export async function createExchangeCode(
  db: Db,
  userId: string,
  target: ExchangeTarget & { codeChallenge: string; codeChallengeMethod: string },
  allowedOrigins: readonly string[],
): Promise<{ code: string; expiresAt: Date }> {
  requireAllowedOrigin(target.origin, allowedOrigins);
  // The contract accepts only S256; this guards callers that skip it.
  if (target.codeChallengeMethod !== 'S256') {
    throw Invalid.field('body.codeChallengeMethod', 'only S256 is accepted');
  }
  const code = newToken('cx');
  const expiresAt = new Date(Date.now() + EXCHANGE_TTL_MS);
  await db.insert(exchangeCodes).values({
    codeHash: hashToken(code),
    userId,
    type: target.type,
    origin: target.origin,
    codeChallenge: target.codeChallenge,
    expiresAt,
  });
  return { code, expiresAt };
}

/**
 * Uses the code up and answers whose it was; 410 when it is unknown, expired, used, for another
 * app, or the verifier does not match its challenge. A wrong verifier uses the code up: a code
 * presented without its verifier may have been intercepted.
 */
export async function redeemExchangeCode(
  db: Db,
  code: string,
  target: ExchangeTarget & { codeVerifier: string },
  allowedOrigins: readonly string[],
): Promise<string> {
  requireAllowedOrigin(target.origin, allowedOrigins);
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
    .returning({ userId: exchangeCodes.userId, codeChallenge: exchangeCodes.codeChallenge });
  const row = used[0];
  if (!row || !safeEqual(s256(target.codeVerifier), row.codeChallenge)) throw unusable();
  return row.userId;
}

export const unusable = () => new Gone('This sign-in code is invalid, expired or already used.');
