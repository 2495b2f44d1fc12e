import { contract, ErrorCode, HEADERS } from '@companion/sdk/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashToken, newToken } from '../auth/tokens.js';
import { exchangeCodes } from '../db/schema.js';
import type { IdentityClaims, UserRow } from '../http/context.js';
import { ApiError, unauthenticated } from '../http/errors.js';
import type { Registrar } from '../http/registrar.js';
import type { AppServices } from '../services/app.js';
import { iso } from '../services/dto.js';

const EXCHANGE_TTL_MS = 5 * 60 * 1000;

export function registerAuthRoutes(r: Registrar, s: AppServices): void {
  async function openSession(user: UserRow, created: boolean, device: string | null) {
    const { token, expiresAt } = await s.sessions.create(user.id, device);
    return {
      token,
      expiresAt: iso(expiresAt),
      user: await s.users.full(user),
      state: { settings: s.users.settings(user) },
      created,
    };
  }

  const deviceOf = (headers: Record<string, unknown>) => {
    const d = headers[HEADERS.device];
    return typeof d === 'string' ? d.slice(0, 40) : null;
  };

  const signIn = async (
    identity: IdentityClaims | null,
    firstname: string | null | undefined,
    locale: 'en' | 'fr',
  ) => {
    if (!identity) throw new ApiError(401, ErrorCode.BAD_IDENTITY_TOKEN, 'A Firebase ID token is required.');
    return s.users.findOrCreate(identity, { firstname, locale });
  };

  r.route(
    contract.auth.signin,
    async ({ identity, body, request }) => {
      const { user, created } = await signIn(identity, body.firstname, body.locale);
      return openSession(user, created, deviceOf(request.headers));
    },
    { rateLimit: 30 },
  );

  r.route(
    contract.auth.login,
    async ({ identity, body, request }) => {
      const { user, created } = await signIn(identity, null, body.locale);
      return openSession(user, created, deviceOf(request.headers));
    },
    { rateLimit: 30 },
  );

  r.route(contract.auth.createExchangeCode, async ({ caller, body }) => {
    if (!caller) throw unauthenticated();
    const code = newToken('cx');
    const expiresAt = new Date(Date.now() + EXCHANGE_TTL_MS);
    await s.db.insert(exchangeCodes).values({
      codeHash: hashToken(code),
      userId: caller.user.id,
      type: body.type,
      origin: body.origin,
      expiresAt,
    });
    return { code, expiresAt: iso(expiresAt) };
  });

  r.route(
    contract.auth.exchange,
    async ({ body, request }) => {
      const now = new Date();
      // Single use: the update only succeeds for an unused, unexpired code.
      const used = await s.db
        .update(exchangeCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(exchangeCodes.codeHash, hashToken(body.code)),
            isNull(exchangeCodes.usedAt),
            gt(exchangeCodes.expiresAt, now),
            eq(exchangeCodes.type, body.type),
            eq(exchangeCodes.origin, body.origin),
          ),
        )
        .returning({ userId: exchangeCodes.userId });
      const userId = used[0]?.userId;
      if (!userId)
        throw new ApiError(410, ErrorCode.GONE, 'This sign-in code is invalid, expired or already used.');
      const user = await s.users.byId(userId);
      if (!user)
        throw new ApiError(410, ErrorCode.GONE, 'This sign-in code is invalid, expired or already used.');
      return openSession(user, false, deviceOf(request.headers));
    },
    { rateLimit: 30 },
  );

  r.route(contract.auth.streamingToken, async ({ caller, request }) => {
    if (!caller) throw unauthenticated();
    const { token, createdAt } = await s.sessions.rotateStreaming(caller.user.id);
    // live: disconnect the overlays still using the previous token, on every instance
    await request.server.live.revokeStreaming(caller.user.id, hashToken(token));
    return { token, createdAt: iso(createdAt) };
  });

  r.route(contract.auth.logout, async ({ caller, request }) => {
    if (!caller) throw unauthenticated();
    await s.sessions.revoke(caller.sessionId);
    // live: disconnect the sockets opened with this session, on every instance
    await request.server.live.revokeSession(caller.user.id, caller.sessionId);
    return { ok: true as const };
  });
}
