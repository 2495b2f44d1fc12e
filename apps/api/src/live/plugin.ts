import { ErrorCode, LIVE_PATH, LIVE_ROLES } from '@companion/sdk/contract';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { hashToken } from '../auth/tokens.js';
import type { AppServices } from '../services/app.js';
import type { LiveBus } from './bus.js';
import { CloseCode, DEFAULT_LIMITS, LiveHub, type LiveIdentity, type LiveLimits } from './hub.js';
import { createMemoryBus } from './memory-bus.js';
import { createRedisBus } from './redis-bus.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live channel of this instance (`GET /live`). */
    live: LiveHub;
  }
}

export interface LiveOptions extends Partial<LiveLimits> {
  /** Prefix of the Redis keys and channels (tests use a unique one). Default `companion:`. */
  keyPrefix?: string;
  /** A bus to use instead of the one chosen from REDIS_URL. */
  bus?: LiveBus;
}

const Handshake = z.object({
  token: z.string().min(1).max(200),
  role: z.enum(LIVE_ROLES),
  /** Replay what was sent after this sequence number right after `hello` (a reconnecting client). */
  afterSeq: z.coerce.number().int().min(0).optional(),
});

type Admission =
  | { ok: true; identity: LiveIdentity; afterSeq: number | undefined }
  | { ok: false; code: number; close: number; message: string };

/** Hides the tokens that ride in the live URL's query string (logs). */
export function redactTokens(url: string): string {
  return url.replace(/([?&]token=)[^&]*/g, '$1[redacted]');
}

/**
 * Registers `GET /live`. Browsers cannot set headers on a WebSocket, so the token travels in the
 * query: `?token=…&role=sender|receiver|overlay[&afterSeq=N]`. Senders and receivers use a session
 * token, overlays the streaming token. Refusals happen after the upgrade, as an `error` frame and a
 * 4000/4001 close, because a browser cannot read the HTTP status of a refused upgrade.
 */
export async function registerLive(
  app: FastifyInstance,
  services: AppServices,
  options: LiveOptions = {},
): Promise<LiveHub> {
  const { env, sessions } = services;
  const limits: LiveLimits = {
    heartbeatMs: options.heartbeatMs ?? DEFAULT_LIMITS.heartbeatMs,
    maxFrameBytes: options.maxFrameBytes ?? DEFAULT_LIMITS.maxFrameBytes,
    ratePerSecond: options.ratePerSecond ?? DEFAULT_LIMITS.ratePerSecond,
    burst: options.burst ?? DEFAULT_LIMITS.burst,
    maxBufferedBytes: options.maxBufferedBytes ?? DEFAULT_LIMITS.maxBufferedBytes,
  };
  const bus =
    options.bus ??
    (env.redisUrl
      ? await createRedisBus({
          url: env.redisUrl,
          keyPrefix: options.keyPrefix,
          onError: (error) => app.log.warn({ err: error }, 'live: redis'),
        })
      : createMemoryBus());
  // Revocations reach every instance: each drops its cached look-up of the session (or of the
  // user's streaming token) at once instead of accepting it until the cache entry expires.
  bus.onRevoke((revocation) => {
    if (revocation.kind === 'session') sessions.forgetSession(revocation.sessionId);
    else if (revocation.kind === 'streaming') sessions.forgetUser(revocation.userId);
    else services.deckLists.forget([revocation.userId]);
  });
  services.deckLists.announce = async (ownerIds) => {
    await Promise.all(ownerIds.map((userId) => bus.revoke({ kind: 'decks', userId })));
  };
  const hub = new LiveHub(bus, limits, app.log);
  app.decorate('live', hub);

  await app.register(websocket, {
    // Frames over the limit get an error frame and the socket stays open; far larger ones are cut off.
    options: { maxPayload: limits.maxFrameBytes * 4 },
    // Replaces the plugin's own: close the sockets with 1012 so that clients reconnect elsewhere.
    preClose(done) {
      void hub.close().finally(() => app.websocketServer.close(() => done()));
    },
  });

  const admissions = new WeakMap<FastifyRequest, Admission>();

  async function admit(request: FastifyRequest): Promise<Admission> {
    const query = Handshake.safeParse(request.query);
    if (!query.success) {
      const issue = query.error.issues[0];
      const where = issue?.path.map(String).join('.') || 'query';
      return {
        ok: false,
        code: where === 'token' ? ErrorCode.UNAUTHENTICATED : ErrorCode.VALIDATION,
        close: where === 'token' ? CloseCode.UNAUTHORIZED : CloseCode.BAD_REQUEST,
        message:
          where === 'token'
            ? 'A token is required (?token=…).'
            : `Invalid ${where}: ${issue?.message ?? 'see the live contract'}`,
      };
    }
    const { token, role, afterSeq } = query.data;
    const kind = role === 'overlay' ? 'streaming' : 'session';
    const resolved = await sessions.resolve(token, kind);
    if (!resolved) {
      return {
        ok: false,
        code: ErrorCode.UNAUTHENTICATED,
        close: CloseCode.UNAUTHORIZED,
        message:
          kind === 'streaming'
            ? 'This streaming token is unknown or was replaced. Copy the overlay address again.'
            : 'Your session has expired or was revoked. Sign in again.',
      };
    }
    return {
      ok: true,
      identity: {
        userId: resolved.user.id,
        role,
        sessionId: resolved.sessionId,
        tokenHash: hashToken(token),
      },
      afterSeq,
    };
  }

  app.get(
    LIVE_PATH,
    {
      websocket: true,
      logLevel: 'warn',
      preValidation: async (request, reply) => {
        const origin = request.headers.origin;
        if (origin && !env.webOrigins.includes(origin)) {
          return reply
            .code(403)
            .send({ code: ErrorCode.FORBIDDEN, message: `Origin ${origin} is not allowed.` });
        }
        admissions.set(request, await admit(request));
      },
    },
    (socket, request) => {
      const admission = admissions.get(request);
      admissions.delete(request);
      if (!admission?.ok) {
        const refusal = admission ?? {
          code: ErrorCode.INTERNAL,
          close: CloseCode.BAD_REQUEST,
          message: 'Not admitted.',
        };
        socket.send(JSON.stringify({ kind: 'error', code: refusal.code, message: refusal.message }));
        socket.close(refusal.close, refusal.message.slice(0, 120));
        return;
      }
      hub.open(socket, admission.identity, admission.afterSeq);
    },
  );

  return hub;
}
