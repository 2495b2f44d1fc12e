import { ErrorCode, LIVE_PATH, LiveAuthFrame } from '@companion/sdk/contract';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { RawData } from 'ws';
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

type Admission =
  | { ok: true; identity: LiveIdentity; afterSeq: number | undefined }
  | { ok: false; code: number; close: number; message: string };

/** Hides tokens that an old client may still put in the live URL's query string (logs). */
export function redactTokens(url: string): string {
  return url.replace(/([?&]token=)[^&]*/g, '$1[redacted]');
}

/**
 * Registers `GET /live`. The token never travels in the URL (where proxies and access logs keep it):
 * the first frame a client sends is `{ kind: 'auth', token, role, afterSeq? }`, within a few seconds
 * of opening. Senders and receivers use a session token, overlays the streaming token. Refusals are
 * an `error` frame and a 4000/4001 close, as a browser cannot read the status of a refused upgrade.
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
    maxSocketsPerUser: options.maxSocketsPerUser ?? env.liveSocketsPerUser,
    authTimeoutMs: options.authTimeoutMs ?? DEFAULT_LIMITS.authTimeoutMs,
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
    else if (revocation.kind === 'streaming' || revocation.kind === 'sessions')
      sessions.forgetUser(revocation.userId);
    else services.deckLists.forget([revocation.userId]);
  });
  // After a committed write: a bus that cannot take the news (Redis away) must not turn the write's
  // answer into an error; the other instances' cached lists then expire on their own.
  services.deckLists.announce = async (ownerIds) => {
    const sent = await Promise.allSettled(ownerIds.map((userId) => bus.revoke({ kind: 'decks', userId })));
    const failed = sent.find((result) => result.status === 'rejected');
    if (failed) app.log.warn({ err: failed.reason }, 'live: could not announce a deck change');
  };
  const hub = new LiveHub(bus, limits, app.log);
  app.decorate('live', hub);

  await app.register(websocket, {
    // Frames over the limit get an error frame and the socket stays open; far larger ones are cut off.
    options: { maxPayload: limits.maxFrameBytes * 4 },
    // Replaces the plugin's own: close the sockets with 1012 so that clients reconnect elsewhere; a
    // peer that does not answer the close within a second is cut off. The bus closes last, once the
    // requests in progress are answered (server.ts).
    preClose(done) {
      hub.closeSockets();
      const cut = setTimeout(() => {
        for (const client of app.websocketServer.clients) client.terminate();
      }, 1000);
      app.websocketServer.close(() => {
        clearTimeout(cut);
        done();
      });
    },
  });

  async function admit(data: RawData, isBinary: boolean): Promise<Admission> {
    const refuse = (code: number, close: number, message: string): Admission => ({
      ok: false,
      code,
      close,
      message,
    });
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer).byteLength;
    if (isBinary || size > 4096) {
      return refuse(
        ErrorCode.VALIDATION,
        CloseCode.BAD_REQUEST,
        'The first frame must be the auth frame (JSON).',
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : String(data));
    } catch {
      return refuse(
        ErrorCode.VALIDATION,
        CloseCode.BAD_REQUEST,
        'The first frame must be the auth frame (JSON).',
      );
    }
    const frame = LiveAuthFrame.safeParse(json);
    if (!frame.success) {
      const issue = frame.error.issues[0];
      const where = issue?.path.map(String).join('.') || 'frame';
      return where === 'token'
        ? refuse(ErrorCode.UNAUTHENTICATED, CloseCode.UNAUTHORIZED, 'A token is required in the auth frame.')
        : refuse(
            ErrorCode.VALIDATION,
            CloseCode.BAD_REQUEST,
            `Invalid ${where}: ${issue?.message ?? 'see the live contract'}`,
          );
    }
    const { token, role, afterSeq } = frame.data;
    const kind = role === 'overlay' ? 'streaming' : 'session';
    const resolved = await sessions.resolve(token, kind);
    if (!resolved) {
      return refuse(
        ErrorCode.UNAUTHENTICATED,
        CloseCode.UNAUTHORIZED,
        kind === 'streaming'
          ? 'This streaming token is unknown or was replaced. Copy the overlay address again.'
          : 'Your session has expired or was revoked. Sign in again.',
      );
    }
    if (hub.socketsOf(resolved.user.id) >= limits.maxSocketsPerUser) {
      return refuse(
        ErrorCode.RATE_LIMITED,
        CloseCode.TOO_MANY,
        `Too many live connections (${limits.maxSocketsPerUser}). Close a tab or an overlay and try again.`,
      );
    }
    return {
      ok: true,
      identity: {
        userId: resolved.user.id,
        role,
        sessionId: resolved.sessionId,
        tokenHash: hashToken(token),
        expiresAt: resolved.expiresAt,
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
      },
    },
    (socket) => {
      const refuse = (refusal: { code: number; close: number; message: string }) => {
        if (socket.readyState !== socket.OPEN) return;
        socket.send(JSON.stringify({ kind: 'error', code: refusal.code, message: refusal.message }));
        socket.close(refusal.close, refusal.message.slice(0, 120));
      };
      const timer = setTimeout(
        () =>
          refuse({
            code: ErrorCode.UNAUTHENTICATED,
            close: CloseCode.UNAUTHORIZED,
            message: 'Send the auth frame first: {"kind":"auth","token":…,"role":…}.',
          }),
        limits.authTimeoutMs,
      );
      socket.once('close', () => clearTimeout(timer));
      socket.once('message', (data, isBinary) => {
        clearTimeout(timer);
        // Frames that follow wait until the socket is admitted and the hub listens.
        socket.pause();
        admit(data, isBinary)
          .then((admission) => {
            if (!admission.ok) return refuse(admission);
            if (socket.readyState !== socket.OPEN) return;
            hub.open(socket, admission.identity, admission.afterSeq);
          })
          .catch((error: unknown) => {
            app.log.warn({ err: error }, 'live: admission failed');
            refuse({ code: ErrorCode.UNAVAILABLE, close: CloseCode.RESTART, message: 'Try again.' });
          })
          .finally(() => socket.resume());
      });
    },
  );

  return hub;
}
