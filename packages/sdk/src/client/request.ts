import type { z } from 'zod';
import type { AnyEndpoint } from '../contract/endpoint.js';
import { fillPath, UNAUTHENTICATED_PATHS } from '../contract/endpoint.js';
import { buildQueryString, HEADERS, UNSIGNED_PAYLOAD } from '../contract/protocol.js';
import type { Callable } from '../contract/refs.js';
import { ValidationError, type ValidationIssue } from '../errors/errors.js';
import { sha256Hex, sign } from './signing.js';
import type { Credentials } from './types.js';

export interface SigningConfig {
  apiKey: string;
  secret: string;
  device: string;
}

/** A request ready to send: everything but the timestamp and signature, which are set per attempt. */
export interface PreparedRequest {
  method: string;
  pathWithQuery: string;
  headers: Record<string, string>;
  body: string | FormData | undefined;
  bodyHash: string;
}

export function toIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

function check(schema: z.ZodType | undefined, value: unknown, prefix: string): void {
  if (!schema) return;
  const result = schema.safeParse(value ?? (prefix === 'body' ? undefined : {}));
  if (!result.success) {
    throw new ValidationError(
      'request',
      toIssues(result.error).map((i) => ({ ...i, path: i.path ? `${prefix}.${i.path}` : prefix })),
    );
  }
}

let counter = 0;
/** A request id without needing a secure context (crypto.randomUUID is missing on plain http). */
export function requestId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') {
    try {
      return c.randomUUID();
    } catch {
      // insecure context: fall through
    }
  }
  counter = (counter + 1) % 1_000_000;
  return `${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** True when `endpoint` is a contract entry with its schemas (not a reference). */
export function hasSchemas(endpoint: Callable): endpoint is AnyEndpoint {
  return 'response' in endpoint;
}

/**
 * Validates the arguments against the contract and builds path, query, body and headers.
 * Throws a request-side `ValidationError` naming the offending field. Validating needs the contract
 * entry: a reference (schemas not loaded) with `validate` set is an error.
 */
export function prepareRequest(
  endpoint: Callable,
  args: { params?: unknown; query?: unknown; body?: unknown; identityToken?: string } | undefined,
  config: SigningConfig,
  credentials: Credentials | null | undefined,
  extraHeaders?: Record<string, string>,
  validate = true,
): PreparedRequest {
  const a = args ?? {};
  if (validate) {
    if (!hasSchemas(endpoint)) {
      throw new TypeError(
        `Validating ${endpoint.method} ${endpoint.path} needs its contract entry, not a reference`,
      );
    }
    check(endpoint.params, a.params, 'params');
    check(endpoint.query, a.query, 'query');
    if (endpoint.body) check(endpoint.body, a.body, 'body');
  }
  const path = fillPath(endpoint.path, a.params as Record<string, unknown> | undefined);
  const qs = buildQueryString(a.query as Record<string, unknown> | undefined);
  const pathWithQuery = qs ? `${path}?${qs}` : path;

  const headers: Record<string, string> = { ...extraHeaders };
  let body: string | FormData | undefined;
  let bodyHash: string;
  if (endpoint.bodyType === 'multipart') {
    const form = new FormData();
    for (const [key, value] of Object.entries((a.body as Record<string, unknown>) ?? {})) {
      if (value instanceof Blob) form.append(key, value, (value as File).name || key);
      else if (value !== undefined && value !== null) form.append(key, String(value));
    }
    body = form;
    bodyHash = UNSIGNED_PAYLOAD;
  } else {
    headers['content-type'] = 'application/json';
    body = a.body === undefined ? undefined : JSON.stringify(a.body);
    bodyHash = sha256Hex(body ?? '');
  }
  headers[HEADERS.apiKey] = config.apiKey;
  headers[HEADERS.device] = config.device;
  headers[HEADERS.requestId] = requestId();

  if (endpoint.auth !== 'public' && !UNAUTHENTICATED_PATHS.includes(endpoint.path)) {
    if (credentials?.googleToken) headers[HEADERS.googleToken] = credentials.googleToken;
    if (credentials?.appleToken) headers[HEADERS.appleToken] = credentials.appleToken;
    if (endpoint.auth === 'identity') {
      if (!a.identityToken) {
        throw new ValidationError('request', [
          { path: 'identityToken', message: 'A Firebase ID token is required' },
        ]);
      }
      headers[HEADERS.authorization] = `Bearer ${a.identityToken}`;
    } else if (credentials?.token) {
      headers[HEADERS.authorization] = `Bearer ${credentials.token}`;
    }
    if (credentials?.userId) headers[HEADERS.userId] = credentials.userId;
  }
  return { method: endpoint.method, pathWithQuery, headers, body, bodyHash };
}

/** Sets `x-timestamp` and `x-signature` for one attempt. */
export function signHeaders(
  set: (name: string, value: string) => void,
  prepared: Pick<PreparedRequest, 'method' | 'pathWithQuery' | 'bodyHash'>,
  config: SigningConfig,
  now: number,
): void {
  const timestamp = String(now);
  set(HEADERS.timestamp, timestamp);
  set(
    HEADERS.signature,
    sign({
      secret: config.secret,
      timestamp,
      method: prepared.method,
      pathWithQuery: prepared.pathWithQuery,
      bodyHash: prepared.bodyHash,
    }),
  );
}
