import { HEADERS } from '@companion/sdk/contract';
import type { FastifyRequest } from 'fastify';
import { hashToken } from '../auth/tokens.js';
import type { UserRow } from '../db/schema.js';
import { implement } from '../http/implement.js';
import type { AppServices } from '../services/app.js';
import { iso } from '../services/dto.js';
import { createExchangeCode, redeemExchangeCode, unusable } from '../services/exchange-codes.js';

/** Characters of the device label kept with a session (the client's `x-device` header). */
const DEVICE_LABEL_MAX = 40;

/** Sign-in: sessions from identity tokens and exchange codes, streaming tokens, logout. */
export function authRoutes(s: AppServices) {
  async function openSession(user: UserRow, created: boolean, request: FastifyRequest) {
    const d = request.headers[HEADERS.device];
    const device = typeof d === 'string' ? d.slice(0, DEVICE_LABEL_MAX) : null;
    const { token, expiresAt } = await s.sessions.create(user.id, device);
    return {
      token,
      expiresAt: iso(expiresAt),
      user: await s.users.full(user),
      state: { settings: s.users.settings(user) },
      created,
    };
  }

  return implement('auth', {
    signin: {
      handler: async ({ identity, body, request }) => {
        const { user, created } = await s.users.findOrCreate(identity, {
          firstname: body.firstname,
          locale: body.locale,
        });
        return openSession(user, created, request);
      },
      options: { rateLimit: 30 },
    },

    login: {
      handler: async ({ identity, body, request }) => {
        const { user, created } = await s.users.findOrCreate(identity, {
          firstname: null,
          locale: body.locale,
        });
        return openSession(user, created, request);
      },
      options: { rateLimit: 30 },
    },

    createExchangeCode: async ({ caller: { user }, body }) => {
      const { code, expiresAt } = await createExchangeCode(s.db, user.id, body, s.env.mobileOrigins);
      return { code, expiresAt: iso(expiresAt) };
    },

    exchange: {
      handler: async ({ body, request }) => {
        const userId = await redeemExchangeCode(s.db, body.code, body, s.env.mobileOrigins);
        const user = await s.users.byId(userId);
        if (!user) throw unusable();
        return openSession(user, false, request);
      },
      options: { rateLimit: 30 },
    },

    streamingToken: async ({ caller: { user }, request }) => {
      const { token, createdAt } = await s.sessions.rotateStreaming(user.id);
      // live: disconnect the overlays still using the previous token, on every instance
      await request.server.live.revokeStreaming(user.id, hashToken(token));
      return { token, createdAt: iso(createdAt) };
    },

    logout: async ({ caller, request }) => {
      await s.sessions.revoke(caller.sessionId);
      // live: disconnect the sockets opened with this session, on every instance
      await request.server.live.revokeSession(caller.user.id, caller.sessionId);
      return { ok: true as const };
    },

    logoutAll: async ({ caller: { user }, request }) => {
      // Firebase first: if it fails nothing changed and the user may retry. Once it is done no
      // device can mint an ID token to sign in again (sign-in checks revocation).
      await s.identity.revokeTokens(user.firebaseUid);
      const revoked = await s.sessions.revokeAll(user.id);
      // live: disconnect every socket opened with one of those sessions, on every instance
      await request.server.live.revokeSessions(user.id);
      return { ok: true as const, revoked: revoked.length };
    },
  });
}
