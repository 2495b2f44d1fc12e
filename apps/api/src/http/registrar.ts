import { Transform } from 'node:stream';
import {
  type AnyEndpoint,
  contract,
  ErrorCode,
  HEADERS,
  LIMITS,
  UNAUTHENTICATED_PATHS,
} from '@companion/sdk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppServices } from '../services/app.js';
import { DomainError } from '../services/errors.js';
import { JsonText } from '../services/json-text.js';
import type { Caller, IdentityClaims } from './context.js';
import { ApiError, badRequest, unauthenticated, unverified } from './errors.js';
import type { DomainRoutes, RouteOptions, UploadedFile } from './implement.js';
import {
  ANONYMOUS_BODY_BYTES,
  type Limiter,
  MULTIPART_BODY_BYTES,
  type RateLimits,
  SIGNED_IN_BODY_BYTES,
  tooLarge,
} from './limits.js';
import { checkSignatureHeaders, signatureCoversHeadersOnly, verifySignature } from './signature.js';

export interface Registrar {
  /**
   * Registers a route for every endpoint of the domain (`implement(domain, handlers)`); throws when
   * one has no handler (the compiler refuses that already) or was registered before.
   */
  register(routes: DomainRoutes): void;
  /** Contract entries with a route, for the completeness test. */
  readonly registered: ReadonlySet<AnyEndpoint>;
}

/** What the registrar calls a handler with (`HandlerInput` of its endpoint, built at run time). */
type AnyHandler = (input: Record<string, unknown>) => Promise<unknown>;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

function bearer(request: FastifyRequest): string | undefined {
  const auth = header(request, HEADERS.authorization);
  const match = auth ? /^Bearer\s+(\S+)$/i.exec(auth) : null;
  return match?.[1];
}

const MAX_DEPTH = 32;

/**
 * Path of the first string holding a NUL character (PostgreSQL text cannot store it). Refuses
 * input nested deeper than any contract shape needs.
 */
function findNul(value: unknown, where: string): string[] | null {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (stack.length) {
    const { value: v, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (v && typeof v === 'object') {
      if (path.length >= MAX_DEPTH) {
        throw badRequest(`Invalid ${where}: nested more than ${MAX_DEPTH} levels deep`, [
          { path: [where, ...path].join('.'), message: 'Nested too deeply' },
        ]);
      }
      for (const [k, child] of Object.entries(v)) stack.push({ value: child, path: [...path, k] });
    }
  }
  return null;
}

function parsePart(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const nul = findNul(value, where);
  if (nul) {
    const path = [where, ...nul].join('.');
    throw badRequest(`Invalid ${path}: text may not contain the NUL character`, [
      { path, message: 'Text may not contain the NUL character' },
    ]);
  }
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({
    path: [where, ...i.path.map(String)].join('.'),
    message: i.message,
  }));
  const first = issues[0];
  throw badRequest(first ? `Invalid ${first.path}: ${first.message}` : `Invalid ${where}`, issues);
}

/** Who calls, settled by the route's onRequest hook before the body is read. */
interface Who {
  caller: Caller | null;
  identity: IdentityClaims | null;
  /** Largest body accepted from this caller on this route. */
  bodyLimit: number;
  /** Why the call is refused, once its (small) body's signature is checked. */
  refusal?: unknown;
}
const WHO = Symbol('companion.who');
type WithWho = FastifyRequest & { [WHO]?: Who };

/** Counts the bytes of a body sent without a length; fails with 413 past `limit`. */
function capped(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(tooLarge());
      else callback(null, chunk);
    },
  });
}

function declaredLength(request: FastifyRequest): number | undefined {
  const value = request.headers['content-length'];
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Runs a step of reading a multipart body: a body the parser cannot read (no boundary, unclosed,
 * malformed part headers) is the caller's mistake (400), not the server's; limits stay 413.
 */
async function readMultipart<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof ApiError || (status !== undefined && status >= 400 && status < 500)) throw error;
    throw badRequest('The multipart body could not be read.');
  }
}

export function createRegistrar(
  app: FastifyInstance,
  services: AppServices,
  rateLimits?: RateLimits,
): Registrar {
  const registered = new Set<AnyEndpoint>();
  const { env } = services;
  const validateResponses = env.nodeEnv !== 'production';
  // One generous budget per user (per address for anonymous calls) across every route.
  const everyRoute = rateLimits?.everyRoute;

  async function authenticate(request: FastifyRequest, endpoint: AnyEndpoint): Promise<Caller | null> {
    const token = bearer(request);
    if (!token) {
      if (endpoint.auth === 'session') throw unauthenticated();
      return null;
    }
    const resolved = await services.sessions.resolve(token);
    if (!resolved) {
      if (endpoint.auth === 'session')
        throw unauthenticated('Your session has expired or was revoked. Sign in again.');
      return null;
    }
    const userId = header(request, HEADERS.userId);
    if (userId && userId !== resolved.user.id) {
      throw unauthenticated('The user id does not match the session.');
    }
    services.users.touch(resolved.user.id);
    return resolved;
  }

  async function requireVerified(caller: Caller): Promise<void> {
    const { user } = caller;
    if (user.provider !== 'password' || user.emailVerified) return;
    // The user may have verified since signing in: ask the identity service (throttled).
    if (await services.users.refreshVerification(user)) {
      user.emailVerified = true;
      return;
    }
    throw unverified();
  }

  /** Who calls: the session or the ID token. Reads no body. */
  async function identify(request: FastifyRequest, endpoint: AnyEndpoint) {
    let caller: Caller | null = null;
    let identity: IdentityClaims | null = null;
    if (endpoint.auth === 'identity') {
      const token = bearer(request);
      if (!token) throw new ApiError(401, ErrorCode.BAD_IDENTITY_TOKEN, 'A Firebase ID token is required.');
      identity = await services.identity.verify(token);
    } else if (endpoint.auth === 'session' || endpoint.auth === 'optional') {
      caller = await authenticate(request, endpoint);
      if (caller && endpoint.verified) await requireVerified(caller);
    }
    return { caller, identity };
  }

  function route(endpoint: AnyEndpoint, handler: AnyHandler, options: RouteOptions): void {
    if (registered.has(endpoint))
      throw new Error(`Route registered twice: ${endpoint.method} ${endpoint.path}`);
    registered.add(endpoint);
    const signed = !UNAUTHENTICATED_PATHS.includes(endpoint.path);
    const signedInLimit =
      options.bodyLimit ?? (endpoint.bodyType === 'multipart' ? MULTIPART_BODY_BYTES : SIGNED_IN_BODY_BYTES);
    const strict: Limiter | undefined = options.rateLimit ? rateLimits?.create(options.rateLimit) : undefined;
    const routeKey = `${endpoint.method} ${endpoint.path}`;

    /**
     * Before the body is read: signature headers, session or ID token, rate limits, and the body
     * size this caller may send. A refusal is answered at once; the connection is then closed
     * (onSend) instead of reading what is left of the body.
     */
    async function gate(request: FastifyRequest, _reply: FastifyReply) {
      let refusal: unknown;
      // True once the headers are checked and only the body's bytes remain to be (after reading).
      let bodySignaturePending = false;
      let who: Pick<Who, 'caller' | 'identity'> = { caller: null, identity: null };
      try {
        if (signed) {
          if (signatureCoversHeadersOnly(request))
            verifySignature(request, env.apiKeys, env.signatureWindowMs);
          else {
            checkSignatureHeaders(request, env.apiKeys, env.signatureWindowMs);
            bodySignaturePending = true;
          }
        }
        who = await identify(request, endpoint);
      } catch (error) {
        // Counted against the caller's address below before it is answered.
        if (!(error instanceof ApiError || error instanceof DomainError)) throw error;
        refusal = error;
      }
      if (everyRoute) {
        const key = who.caller
          ? `u:${who.caller.user.id}`
          : who.identity
            ? `i:${who.identity.uid}`
            : `a:${request.ip}`;
        await everyRoute(request, `all:${key}`);
        if (strict) await strict(request, `${routeKey}:${key}`);
      }
      const length = declaredLength(request);
      if (refusal) {
        // A wrong signature answers 400 before a session's refusal (a clock or key problem must not
        // end the session): a small body is read for its signature, a large one refused unread.
        if (!bodySignaturePending || length === undefined || length > ANONYMOUS_BODY_BYTES) throw refusal;
        (request as WithWho)[WHO] = {
          caller: null,
          identity: null,
          bodyLimit: ANONYMOUS_BODY_BYTES,
          refusal,
        };
        return;
      }
      const bodyLimit = who.caller ? signedInLimit : Math.min(signedInLimit, ANONYMOUS_BODY_BYTES);
      if (length !== undefined && length > bodyLimit) throw tooLarge();
      (request as WithWho)[WHO] = { ...who, bodyLimit };
    }

    app.route({
      method: endpoint.method,
      url: endpoint.path,
      bodyLimit: signedInLimit,
      // Counted by the route's own hook (by user), not by the address-keyed one of other routes.
      config: { contract: true },
      onRequest: gate,
      // A body sent without a length is counted as it arrives.
      preParsing: async (request, _reply, payload) => {
        const who = (request as WithWho)[WHO];
        if (!who || declaredLength(request) !== undefined) return payload;
        return payload.pipe(capped(who.bodyLimit));
      },
      handler: async (request, reply) => {
        const { caller, identity, refusal } = (request as WithWho)[WHO] ?? { caller: null, identity: null };
        // The signature over the body's bytes, now that they are read.
        if (signed && !signatureCoversHeadersOnly(request))
          verifySignature(request, env.apiKeys, env.signatureWindowMs);
        if (refusal) throw refusal;

        const params = parsePart(endpoint.params, request.params, 'params');
        const query = parsePart(endpoint.query, request.query, 'query');
        let body: unknown;
        if (endpoint.bodyType === 'multipart') {
          if (!request.isMultipart())
            throw badRequest('Send the file as multipart/form-data in a field named "file".');
          const file = await readMultipart(() =>
            request.file({ limits: { fileSize: LIMITS.pictureBytes.max, files: 1 } }),
          );
          if (!file)
            throw badRequest('The "file" field is missing.', [{ path: 'body.file', message: 'Required' }]);
          const buffer = await readMultipart(() => file.toBuffer());
          if (file.file.truncated) {
            throw new ApiError(
              413,
              ErrorCode.TOO_LARGE,
              `The picture is larger than ${LIMITS.pictureBytes.max / 1024 / 1024} MB.`,
            );
          }
          body = { buffer, mimetype: file.mimetype, filename: file.filename } satisfies UploadedFile;
        } else {
          body = parsePart(endpoint.body, request.body, 'body');
        }

        // Who calls, as `CallerOf` types it: a session handler's caller is never null (an
        // anonymous call was refused above), an identity handler's claims were verified.
        const who =
          endpoint.auth === 'identity'
            ? { identity }
            : endpoint.auth === 'session' || endpoint.auth === 'optional'
              ? { caller }
              : {};
        const result = await handler({ params, query, body, request, reply, ...who });

        reply.code(endpoint.status);
        if (endpoint.responseType === 'text') {
          // A text answer keeps the media type its handler gave it (an export: CSV, text or XML).
          if (!reply.hasHeader('content-type')) reply.type('text/plain; charset=utf-8');
          return result;
        }
        const text = result instanceof JsonText ? result.text : undefined;
        if (validateResponses) {
          const checked = endpoint.response.safeParse(
            text === undefined ? result : JSON.parse(text.toString()),
          );
          if (!checked.success) {
            request.log.error(
              { issues: checked.error.issues.slice(0, 5), route: endpoint.path },
              'response does not match the contract',
            );
            throw new ApiError(500, ErrorCode.INTERNAL, 'The server produced an invalid response.');
          }
        }
        if (text !== undefined) {
          reply.type('application/json; charset=utf-8');
          return text;
        }
        return result;
      },
    });
  }

  return {
    registered,
    register({ domain, handlers }) {
      const endpoints = contract[domain] as Record<string, AnyEndpoint>;
      const given = handlers as Record<string, AnyHandler | { handler: AnyHandler; options: RouteOptions }>;
      const extra = Object.keys(given).filter((name) => !(name in endpoints));
      if (extra.length) throw new Error(`Not in the contract's ${domain} domain: ${extra.join(', ')}`);
      for (const [name, endpoint] of Object.entries(endpoints)) {
        const implementation = given[name];
        if (!implementation)
          throw new Error(`No handler for ${domain}.${name} (${endpoint.method} ${endpoint.path})`);
        if (typeof implementation === 'function') route(endpoint, implementation, {});
        else route(endpoint, implementation.handler, implementation.options);
      }
    },
  };
}
