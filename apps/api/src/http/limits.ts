/**
 * Request limits applied before a body is read: body sizes by who calls, and rate limits keyed by
 * user (or address for anonymous calls), in Redis when REDIS_URL is set so that every instance
 * shares one budget.
 */
import { ErrorCode, LIMITS } from '@companion/sdk/contract';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { ApiError } from './errors.js';

/** Largest body of a call nobody is signed in for (sign-in, public calls, anonymous calls). */
export const ANONYMOUS_BODY_BYTES = 16 * 1024;
/**
 * Largest JSON body of a signed-in call, import excepted: a 100,000-character decklist is at most
 * 600 KB of JSON (every character escaped as `\uXXXX`).
 */
export const SIGNED_IN_BODY_BYTES = 1024 * 1024;
/** Largest multipart body: the picture and its part headers. */
export const MULTIPART_BODY_BYTES = LIMITS.pictureBytes.max + 64 * 1024;
/**
 * Largest body of an import, for signed-in callers only: its content (at most LIMITS.importContent
 * characters, which the contract's schema enforces) as JSON. A character of plain ASCII text is one
 * byte; an escape (`\n`, `\"`) or an accented letter takes two: room for half the characters being
 * such, and for the body's other fields (format, filename).
 */
export const IMPORT_BODY_BYTES = Math.ceil(LIMITS.importContent.max * 1.5) + 64 * 1024;

export const tooLarge = (message = 'The request body is too large.') =>
  new ApiError(413, ErrorCode.TOO_LARGE, message);

/** One limiter: counts a request under `key`; throws the catalogue's 429 once over budget. */
export type Limiter = (request: FastifyRequest, key: string) => Promise<void>;

export interface RateLimits {
  /** A limiter of `max` requests per `windowMs` (keys must be unique to the limiter). */
  create(max: number, windowMs?: number): Limiter;
  /** The budget every caller has across every route (`perMinute` requests a minute). */
  everyRoute: Limiter;
  close(): Promise<void>;
}

type Checker = (
  request: FastifyRequest,
) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttl?: number; key: string }>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route of the contract: its own hook counts it against the caller's budget. */
    contract?: boolean;
  }
  interface FastifyInstance {
    createRateLimit(options: {
      max: number;
      timeWindow: number;
      keyGenerator: (request: FastifyRequest) => string;
    }): Checker;
  }
}

const KEY = Symbol('companion.rateLimitKey');
type Keyed = FastifyRequest & { [KEY]?: string };

/**
 * Registers @fastify/rate-limit (no automatic hooks: the registrar calls the limiters once it knows
 * who calls) with a Redis store when `redisUrl` is given.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { redisUrl?: string | undefined; keyPrefix?: string | undefined; perMinute: number },
): Promise<RateLimits> {
  // Loaded only when configured (a one-instance server starts quicker without it).
  const RedisClient = options.redisUrl ? (await import('ioredis')).Redis : undefined;
  const redis: Redis | undefined =
    options.redisUrl && RedisClient
      ? new RedisClient(options.redisUrl, {
          // A Redis outage must not hold requests: fail fast, and let them through (skipOnError).
          maxRetriesPerRequest: 1,
          connectTimeout: 2_000,
          commandTimeout: 1_000,
          enableOfflineQueue: true,
        })
      : undefined;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'rate-limit store: Redis error'));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: options.keyPrefix ?? 'companion:rl:', skipOnError: true } : {}),
  });
  const create = (max: number, windowMs = 60_000): Limiter => {
    const check = app.createRateLimit({
      max,
      timeWindow: windowMs,
      keyGenerator: (request) => (request as Keyed)[KEY] ?? request.ip,
    });
    return async (request, key) => {
      (request as Keyed)[KEY] = key;
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      const seconds = Math.max(1, Math.ceil((result.ttl ?? windowMs) / 1000));
      throw new ApiError(429, ErrorCode.RATE_LIMITED, `Too many requests. Try again in ${seconds} seconds.`, {
        retryAfter: seconds,
      });
    };
  };
  const everyRoute = create(options.perMinute);
  // Routes outside the contract (documentation, pictures, the live socket, unknown paths) count
  // against the caller's address; the contract's routes count once they know who calls.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.contract) return;
    await everyRoute(request, `all:a:${request.ip}`);
  });
  return {
    create,
    everyRoute,
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
