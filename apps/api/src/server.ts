import { randomUUID } from 'node:crypto';
import { ErrorCode, HEADERS, LIMITS } from '@companion/sdk/contract';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import type { IdentityVerifier } from './auth/firebase.js';
import { type Database, openConfiguredDatabase } from './db/client.js';
import { seedFormats } from './db/seed.js';
import type { Env } from './env.js';
import { ApiError, fromDatabaseError, fromDomainError } from './http/errors.js';
import { ANONYMOUS_BODY_BYTES, type RateLimits, registerRateLimits } from './http/limits.js';
import { lingerOnClose } from './http/linger.js';
import { registerMetrics } from './http/metrics.js';
import { registerReadiness } from './http/readiness.js';
import { createRegistrar, type Registrar } from './http/registrar.js';
import { securityHeaders } from './http/security-headers.js';
import { registerSite, siteRewrite } from './http/site.js';
import { createTarpit } from './http/tarpit.js';
import { type LiveOptions, redactTokens, registerLive } from './live/plugin.js';
import { registerDocs } from './routes/docs.js';
import { registerRoutes } from './routes/index.js';
import { type AppServices, createServices } from './services/app.js';
import { type CatalogueSchedule, createCatalogueSchedule } from './services/catalogue-schedule.js';
import { DomainError } from './services/errors.js';
import { importPictureFiles, readPicture } from './services/pictures.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as received, for the signature check. */
    rawBody?: string;
  }
}

export interface Server {
  app: FastifyInstance;
  services: AppServices;
  registrar: Registrar;
  /** The daily catalogue sync (started by `main.ts` once the server listens). */
  sync: CatalogueSchedule;
  /** Listens on env.host:env.port (or the given port); resolves to the address. */
  listen(port?: number): Promise<string>;
  /**
   * Stops taking work: `/health/ready` answers 503 from now on (a proxy stops sending requests),
   * then the server closes once the requests in progress are answered.
   */
  close(): Promise<void>;
}

export interface BuildOptions {
  /** An already open database (tests); opened from env otherwise. */
  database?: Database;
  identity?: IdentityVerifier;
  /** Log to stdout (default: env.logLevel). */
  logger?: boolean;
  /** Live channel settings (tests and benchmarks: Redis key prefix, heartbeat, limits). */
  live?: LiveOptions;
  /**
   * How long resolved sessions and deck lists are reused without asking the database (default
   * SESSION_CACHE_MS / DECK_LIST_CACHE_MS). Tests lengthen it to prove another instance's change
   * reaches this one's caches through the live bus, whatever the machine's speed.
   */
  cacheMs?: number;
  /** Prefix of the rate limits' Redis keys (tests use a unique one). Default `companion:rl:`. */
  rateLimitPrefix?: string;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export async function buildServer(env: Env, options: BuildOptions = {}): Promise<Server> {
  const database =
    options.database ?? (await openConfiguredDatabase(env, { statementTimeoutMs: env.statementTimeoutMs }));
  await seedFormats(database.db);
  const services = createServices(env, database, options.identity, options.cacheMs);

  const app = Fastify({
    logger:
      options.logger === false || env.logLevel === 'silent'
        ? false
        : {
            level: env.logLevel,
            redact: ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.headers["x-signature"]'],
            // live: an old client may still put its token in the WebSocket URL; it is never logged
            serializers: {
              req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
                method: req.method,
                url: redactTokens(req.url),
                host: req.hostname,
                remoteAddress: req.ip,
              }),
            },
          },
    genReqId: (req) => {
      const given = req.headers[HEADERS.requestId];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Proxies are believed about the caller's address only as configured (COMPANION_TRUST_PROXY):
    // trusting every one let any client pick its own rate-limit key with X-Forwarded-For.
    trustProxy:
      typeof env.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(env.trustProxy)
        : env.trustProxy,
    // A request must arrive and be answered in time; a slow client cannot hold a socket forever.
    requestTimeout: env.requestTimeoutMs,
    connectionTimeout: env.requestTimeoutMs,
    // Routes of the contract set their own limit by who calls (http/limits.ts); anything else
    // (unknown paths, documentation) accepts only a small body.
    bodyLimit: ANONYMOUS_BODY_BYTES,
    routerOptions: { maxParamLength: 256 },
    // Serving the web app too (`pnpm serve`): the API answers under /api/, the pages everywhere else.
    ...(env.site ? { rewriteUrl: (req: { url?: string }) => siteRewrite(req.url ?? '/') } : {}),
    // Errors raised before routing (bad URL, over-long parameter) get the one error shape too.
    frameworkErrors: (error, _request, rawReply) => {
      const reply = rawReply as unknown as FastifyReply;
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      reply.code(tooLong ? 414 : 400).send({
        code: ErrorCode.VALIDATION,
        message: tooLong ? 'A path parameter is too long.' : 'The URL could not be read.',
      });
    },
    // Errors Node's HTTP parser raises before Fastify sees a request (headers or URL too large).
    clientErrorHandler: (error: NodeJS.ErrnoException, socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
      const [status, message] =
        error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'The request headers or URL are too large.']
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, 'The request took too long to arrive.']
            : [400, 'The request could not be read.'];
      const body = JSON.stringify({ code: ErrorCode.VALIDATION, message });
      socket.end(
        `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  });

  // Keep the JSON body as sent: the signature covers its exact bytes.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    request.rawBody = text;
    if (text === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError(400, ErrorCode.BAD_BODY, 'The request body is not valid JSON.'), undefined);
    }
  });

  await app.register(cors, {
    origin: env.webOrigins,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'content-type',
      HEADERS.apiKey,
      HEADERS.timestamp,
      HEADERS.device,
      HEADERS.signature,
      HEADERS.userId,
      HEADERS.googleToken,
      HEADERS.appleToken,
      HEADERS.requestId,
      HEADERS.authorization,
    ],
    exposedHeaders: [HEADERS.requestId, 'retry-after'],
    maxAge: 600,
  });
  await app.register(multipart, { limits: { fileSize: LIMITS.pictureBytes.max, files: 1, fields: 5 } });
  const rateLimits: RateLimits | undefined = env.rateLimit
    ? await registerRateLimits(app, {
        redisUrl: env.redisUrl,
        keyPrefix: options.rateLimitPrefix,
        perMinute: env.rateLimitPerMinute,
      })
    : undefined;
  // Pictures come from the database (every instance serves every one). Avatars are public; playgroup
  // pictures only through the signed URLs the playgroup's responses give its members
  // (services/pictures.ts). A name ends with its content's hash: an avatar never changes under its URL.
  await importPictureFiles(services.db, env.dataDir);
  const picture = async (path: string) => {
    const body = await readPicture(services.db, path);
    if (!body) throw new ApiError(404, ErrorCode.NOT_FOUND, 'The requested resource was not found.');
    return body;
  };
  app.get<{ Params: { file: string } }>('/uploads/users/:file', async (request, reply) => {
    const body = await picture(`users/${request.params.file}`);
    return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(body);
  });
  app.get<{ Params: { file: string }; Querystring: { expires?: string; signature?: string } }>(
    '/uploads/playgroups/:file',
    async (request, reply) => {
      const { file } = request.params;
      const { expires, signature } = request.query;
      const path = `/uploads/playgroups/${file}`;
      if (
        !/^[0-9a-f-]{36}-[0-9a-f]{12}\.webp$/.test(file) ||
        !services.pictures.verify(path, expires, signature)
      ) {
        throw new ApiError(403, ErrorCode.FORBIDDEN, 'This picture link is not valid or has expired.');
      }
      const body = await picture(`playgroups/${file}`);
      const maxAge = Math.max(0, Number(expires) - Math.ceil(Date.now() / 1000));
      return reply.type('image/webp').header('cache-control', `private, max-age=${maxAge}`).send(body);
    },
  );
  // live: WebSocket channel at /live (before the routes: @fastify/websocket hooks route creation)
  await registerLive(app, services, options.live);
  const sync = createCatalogueSchedule(database, {
    enabled: env.sync.enabled,
    hour: env.sync.hour,
    scryfall: { apiUrl: env.scryfallApiUrl },
    catalogueCount: async () => (await services.catalogueCounts()).cards,
    log: app.log,
  });
  registerMetrics(app, env.metricsToken, {
    live: () => app.live.stats(),
    pool: services.database.pool,
    sync: () => sync.latest(),
  });

  /** Set once `close()` is called: readiness answers 503, every answer closes its connection. */
  let draining = false;
  const tarpit = createTarpit({ delayMs: env.tarpitMs });
  app.addHook('onSend', async (request, reply) => {
    reply.header(HEADERS.requestId, request.id);
    securityHeaders(reply);
    const status = reply.statusCode;
    // Refused before its body was read (too large, unsigned, signed out): close the connection
    // rather than read the rest of the body.
    const unread = status >= 400 && !request.raw.complete;
    if (unread || draining) reply.header('connection', 'close');
    // The answer reaches a client still sending (a reset would make it drop the answer).
    if (unread) lingerOnClose(request.raw.socket);
    // A caller refused again and again waits for its refusals (the body it sends meanwhile is not read).
    if ((unread && status < 500) || status === 429) await tarpit.refused(request.ip);
  });

  app.setErrorHandler((thrown: FastifyError | ApiError | DomainError, request, reply) => {
    const error = thrown instanceof DomainError ? fromDomainError(thrown) : thrown;
    if (error instanceof ApiError) {
      if (error.headers) reply.headers(error.headers);
      if (error.status === 429 && error.details?.retryAfter)
        reply.header('retry-after', String(error.details.retryAfter));
      return reply.code(error.status).send({
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      });
    }
    const mapped = fromDatabaseError(error);
    if (mapped) {
      return reply.code(mapped.status).send({ code: mapped.code, message: mapped.message });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    const fastifyCode = (error as FastifyError).code;
    if (
      status === 413 ||
      fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
      fastifyCode === 'FST_REQ_FILE_TOO_LARGE'
    ) {
      return reply.code(413).send({ code: ErrorCode.TOO_LARGE, message: 'The request body is too large.' });
    }
    if (status === 415 || fastifyCode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({
        code: ErrorCode.UNSUPPORTED_MEDIA,
        message: 'Send JSON (application/json) or multipart/form-data.',
      });
    }
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ code: ErrorCode.VALIDATION, message: 'The request could not be read.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ code: ErrorCode.INTERNAL, message: 'Internal server error.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({
      code: ErrorCode.NOT_FOUND,
      message: `No route for ${request.method} ${request.url.split('?')[0]}.`,
    });
  });

  const registrar = createRegistrar(app, services, rateLimits);
  registerRoutes(registrar, services);
  registerDocs(app, env);
  registerReadiness(app, services, sync, () => draining);
  if (env.site) await registerSite(app, env, env.site);

  return {
    app,
    services,
    registrar,
    sync,
    async listen(port = env.port) {
      return app.listen({ port, host: env.host });
    },
    async close() {
      draining = true;
      sync.stop();
      // Connections that answered their last request after the close began are idle only then:
      // closed as they become so (each answer now says `connection: close` too).
      const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
      try {
        await app.close();
      } finally {
        clearInterval(sweep);
      }
      await app.live.close();
      await services.parsing.close();
      await rateLimits?.close();
      await database.close();
    },
  };
}
