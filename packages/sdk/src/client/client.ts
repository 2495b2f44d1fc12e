import ky, { HTTPError, TimeoutError } from 'ky';
import { type DefaultsTree, fillDefaults, responseDefaults } from '../contract/defaults.js';
import type { AnyEndpoint } from '../contract/endpoint.js';
import type { Contract } from '../contract/index.js';
import { HEADERS } from '../contract/protocol.js';
import type { Callable, EndpointRef } from '../contract/refs.js';
import {
  CompanionError,
  errorFromResponse,
  NetworkError,
  RequestError,
  redactHeaders,
  SessionExpiredError,
  UnverifiedError,
  ValidationError,
} from '../errors/errors.js';
import { endpoints } from './endpoints.js';
import { hasSchemas, prepareRequest, signHeaders, toIssues } from './request.js';
import type { CallArgs, CallOptions, CallResult, ContractClient, Credentials } from './types.js';

export interface ClientOptions {
  /** API root, e.g. `http://127.0.0.1:8787` or `https://companion.example/api`. */
  baseUrl: string;
  apiKey: string;
  /** Signing secret paired with the API key. */
  secret: string;
  /** Device marker sent as `x-device`; `web` by default. */
  device?: string;
  /** Returns the current credentials; read before every call. */
  credentials?: () => Credentials | null | undefined;
  /** Called on a 401 that is not "unverified": log out and go to /login. */
  onUnauthorized?: (error: SessionExpiredError) => void;
  /** Called on a 401 with code 53: mark the user unverified and go to /verify-email. */
  onUnverified?: (error: UnverifiedError) => void;
  /** Milliseconds before a request gives up (default 30,000). */
  timeout?: number;
  /** Retries for GET requests on network errors, 408, 429 and 5xx (default 2). Other methods never retry. */
  retry?: number;
  /**
   * Parse responses with the contract's schemas (default true). The schemas (zod and the contract)
   * load on the first call that needs them: a client with both checks off never loads them.
   */
  validateResponses?: boolean;
  /** Check arguments against the contract before sending (default true; servers' tests turn it off). */
  validateRequests?: boolean;
  /** Custom fetch (tests, proxies). */
  fetch?: typeof fetch;
  /** Clock, in milliseconds since the epoch (tests). */
  now?: () => number;
}

export type CompanionClient = ContractClient & {
  /** Calls any contract entry. */
  call<E extends Callable>(endpoint: E, args?: CallArgs<E>, options?: CallOptions): Promise<CallResult<E>>;
  readonly options: Readonly<ClientOptions>;
};

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

const schemaDefaults = new WeakMap<AnyEndpoint, DefaultsTree | undefined>();
/** Where a response's defaults go: from the reference's table, or read off the entry's schema once. */
function defaultsOf(endpoint: Callable): DefaultsTree | undefined {
  if (!hasSchemas(endpoint)) return endpoint.responseDefaults;
  if (endpoint.responseType !== 'json') return undefined;
  if (!schemaDefaults.has(endpoint)) schemaDefaults.set(endpoint, responseDefaults(endpoint.response));
  return schemaDefaults.get(endpoint);
}

let contractModule: Promise<typeof import('../contract/index.js')> | undefined;
/** The contract entry (with its schemas) of a reference; the contract module loads once, on demand. */
async function withSchemas(endpoint: Callable): Promise<AnyEndpoint> {
  if (hasSchemas(endpoint)) return endpoint;
  contractModule ??= import('../contract/index.js');
  const { contract } = await contractModule;
  const entry = (contract as unknown as Record<string, Record<string, AnyEndpoint>>)[endpoint.domain]?.[
    endpoint.name
  ];
  if (!entry) throw new TypeError(`No contract entry ${endpoint.domain}.${endpoint.name}`);
  return entry;
}

/**
 * Creates a typed client over the contract: `client.user.me()`, `client.lists.addCards({ params, body })`.
 * Every request is signed; responses are parsed with the contract's schemas; failures are the
 * catalogue's error classes.
 */
export function createClient(options: ClientOptions): CompanionClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const signing = { apiKey: options.apiKey, secret: options.secret, device: options.device ?? 'web' };
  const now = options.now ?? Date.now;
  const validateResponses = options.validateResponses ?? true;
  const validateRequests = options.validateRequests ?? true;
  const http = ky.create({
    timeout: options.timeout ?? 30_000,
    throwHttpErrors: true,
    retry: {
      limit: options.retry ?? 2,
      methods: ['get'],
      statusCodes: [408, 429, 500, 502, 503, 504],
      afterStatusCodes: [413, 429, 503],
      maxRetryAfter: 60_000,
      backoffLimit: 5_000,
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function call<E extends Callable>(
    ref: E,
    args?: CallArgs<E>,
    callOptions: CallOptions = {},
  ): Promise<CallResult<E>> {
    const endpoint: Callable =
      (validateRequests || validateResponses) && !hasSchemas(ref) ? await withSchemas(ref) : ref;
    const prepared = prepareRequest(
      endpoint,
      args as Parameters<typeof prepareRequest>[1],
      signing,
      options.credentials?.(),
      callOptions.headers,
      validateRequests,
    );
    const url = baseUrl + prepared.pathWithQuery;
    const requestInfo = () => ({ method: prepared.method, url, headers: redactHeaders(prepared.headers) });
    const signRequest = (request: Request) => {
      signHeaders((name, value) => request.headers.set(name, value), prepared, signing, now());
    };

    let response: Response;
    try {
      response = await http(url, {
        method: prepared.method,
        headers: prepared.headers,
        body: prepared.body,
        ...(callOptions.signal ? { signal: callOptions.signal } : {}),
        ...(callOptions.timeout ? { timeout: callOptions.timeout } : {}),
        hooks: {
          beforeRequest: [(request) => signRequest(request)],
          // ky may reuse the request for a retry: sign again so the timestamp is fresh.
          beforeRetry: [({ request }) => signRequest(request)],
        },
      });
    } catch (cause) {
      throw await toCompanionError(
        cause,
        prepared.headers[HEADERS.requestId],
        requestInfo(),
        callOptions.sessionEvents ?? true,
      );
    }

    const requestId = response.headers.get(HEADERS.requestId) ?? prepared.headers[HEADERS.requestId];
    if (response.status !== 200 && response.status !== 201) {
      // Only 200 and 201 are success (spec §7).
      throw new RequestError({
        status: response.status,
        message: `Unexpected response status ${response.status}`,
        requestId,
        request: requestInfo(),
      });
    }

    let data: unknown;
    try {
      data = endpoint.responseType === 'text' ? await response.text() : await response.json();
    } catch (cause) {
      throw new ValidationError('response', [{ path: '', message: 'The response body is not valid JSON' }], {
        status: response.status,
        requestId,
        request: requestInfo(),
        cause,
      });
    }
    // Not parsed: the defaults the API left out are put back as the schema would.
    if (!validateResponses || !hasSchemas(endpoint))
      return fillDefaults(data, defaultsOf(endpoint)) as CallResult<E>;
    const parsed = endpoint.response.safeParse(data);
    if (!parsed.success) {
      throw new ValidationError('response', toIssues(parsed.error), {
        status: response.status,
        requestId,
        request: requestInfo(),
        cause: parsed.error,
      });
    }
    return parsed.data as CallResult<E>;
  }

  async function toCompanionError(
    cause: unknown,
    sentRequestId: string | undefined,
    request: ReturnType<() => { method: string; url: string; headers: Record<string, string> }>,
    sessionEvents: boolean,
  ): Promise<CompanionError> {
    if (cause instanceof CompanionError) return cause;
    if (cause instanceof HTTPError) {
      const res = cause.response;
      let body: unknown;
      try {
        body = await res.clone().json();
      } catch {
        body = undefined;
      }
      const error = errorFromResponse(res.status, body, {
        requestId: res.headers.get(HEADERS.requestId) ?? sentRequestId,
        request,
        retryAfter: parseRetryAfter(res.headers.get('retry-after')),
      });
      if (!sessionEvents) return error;
      if (error instanceof UnverifiedError) options.onUnverified?.(error);
      else if (error instanceof SessionExpiredError) options.onUnauthorized?.(error);
      return error;
    }
    if (cause instanceof TimeoutError) {
      return new NetworkError({
        message: 'The request timed out.',
        requestId: sentRequestId,
        request,
        cause,
      });
    }
    const message =
      cause instanceof Error && cause.name === 'AbortError'
        ? 'The request was cancelled.'
        : cause instanceof Error
          ? cause.message
          : undefined;
    return new NetworkError({ message, requestId: sentRequestId, request, cause });
  }

  const client = { call, options } as CompanionClient;
  for (const [domain, refs] of Object.entries(endpoints) as Array<
    [keyof Contract, Record<string, EndpointRef>]
  >) {
    const domainClient: Record<string, unknown> = {};
    for (const [name, ep] of Object.entries(refs)) {
      domainClient[name] = (args?: unknown, callOptions?: CallOptions) =>
        call(ep, args as CallArgs<EndpointRef>, callOptions);
    }
    (client as unknown as Record<string, unknown>)[domain] = domainClient;
  }
  return client;
}
