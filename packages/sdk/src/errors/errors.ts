import { ErrorCode } from '../contract/codes.js';

/** Catalogue messages (spec §8). Apps translate by `kind`; these are the English defaults. */
export const MESSAGES = {
  unverified: 'Please verify your email to continue.',
  sessionExpired: 'Session expired. Please login again.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'The requested resource was not found.',
  server: 'A server error occurred. Please try again later.',
  unexpected: 'An unexpected error occurred.',
  validation: 'The data did not match the API contract.',
  signature: 'The request signature was refused. Check that this device’s clock is right.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  tooComplex: 'This text took too long to read. Split it into smaller parts and try again.',
} as const;

/** What went out, with credentials redacted, kept on an error for debugging. */
export interface RequestInfo {
  method: string;
  url: string;
  headers: Record<string, string>;
}

const REDACTED_HEADERS = new Set([
  'authorization',
  'x-api-key',
  'x-signature',
  'x-google-token',
  'x-apple-token',
  'cookie',
]);

/** Copies headers, replacing credentials and signatures with `[redacted]`. */
export function redactHeaders(headers: Headers | Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [key, value] of entries) {
    out[key.toLowerCase()] = REDACTED_HEADERS.has(key.toLowerCase()) ? '[redacted]' : value;
  }
  return out;
}

export type ErrorKind =
  | 'unverified'
  | 'sessionExpired'
  | 'forbidden'
  | 'notFound'
  | 'server'
  | 'request'
  | 'signature'
  | 'rateLimited'
  | 'tooComplex'
  | 'network'
  | 'validation';

export interface CompanionErrorOptions {
  status?: number | undefined;
  code?: number | undefined;
  message?: string | undefined;
  serverMessage?: string | undefined;
  details?: Record<string, unknown> | undefined;
  requestId?: string | undefined;
  request?: RequestInfo | undefined;
  cause?: unknown;
}

/** Base of every error the SDK throws. */
export abstract class CompanionError extends Error {
  abstract readonly kind: ErrorKind;
  /** HTTP status, 0 when no response arrived. */
  readonly status: number;
  /** Numeric code from the server's error body (see `ErrorCode`), when it sent one. */
  readonly code: number | undefined;
  /** The message the server sent, when it sent one (the `message` may be the catalogue's). */
  readonly serverMessage: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  readonly requestId: string | undefined;
  /** Method, URL and redacted headers of the request. */
  readonly request: RequestInfo | undefined;

  constructor(message: string, options: CompanionErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.status = options.status ?? 0;
    this.code = options.code;
    this.serverMessage = options.serverMessage;
    this.details = options.details;
    this.requestId = options.requestId;
    this.request = options.request;
  }

  /** Offending fields reported by the server (`details.issues`). */
  get issues(): Array<{ path: string; message: string }> {
    const issues = this.details?.issues;
    return Array.isArray(issues) ? (issues as Array<{ path: string; message: string }>) : [];
  }

  toJSON() {
    return {
      name: this.name,
      kind: this.kind,
      status: this.status,
      code: this.code,
      message: this.message,
      details: this.details,
      requestId: this.requestId,
      request: this.request,
    };
  }
}

/** 401 with code 53: the email address is not verified. */
export class UnverifiedError extends CompanionError {
  readonly kind = 'unverified';
  constructor(options: CompanionErrorOptions = {}) {
    super(options.serverMessage || MESSAGES.unverified, {
      status: 401,
      code: ErrorCode.EMAIL_UNVERIFIED,
      ...options,
    });
  }
}

/** Any other 401: the session is missing, expired or revoked. */
export class SessionExpiredError extends CompanionError {
  readonly kind = 'sessionExpired';
  constructor(options: CompanionErrorOptions = {}) {
    super(MESSAGES.sessionExpired, { status: 401, ...options });
  }
}

/** 403 */
export class ForbiddenError extends CompanionError {
  readonly kind = 'forbidden';
  constructor(options: CompanionErrorOptions = {}) {
    super(MESSAGES.forbidden, { status: 403, ...options });
  }
}

/** 404 */
export class NotFoundError extends CompanionError {
  readonly kind = 'notFound';
  constructor(options: CompanionErrorOptions = {}) {
    super(MESSAGES.notFound, { status: 404, ...options });
  }
}

/** 5xx */
export class ServerError extends CompanionError {
  readonly kind = 'server';
  constructor(options: CompanionErrorOptions = {}) {
    super(MESSAGES.server, { status: 500, ...options });
  }
}

/** Other refusals (400, 409, 410, 413, 415, unexpected 2xx …): the server's message, else the catalogue's. */
export class RequestError extends CompanionError {
  readonly kind: ErrorKind = 'request';
  constructor(options: CompanionErrorOptions = {}) {
    super(options.serverMessage || options.message || MESSAGES.unexpected, options);
  }
}

/** 400 with a signing code (bad API key, bad signature, stale timestamp). Does not end the session. */
export class SignatureError extends RequestError {
  override readonly kind = 'signature';
  constructor(options: CompanionErrorOptions = {}) {
    super({ ...options, serverMessage: options.serverMessage || MESSAGES.signature });
  }
}

/** 429: wait `retryAfter` seconds. */
export class RateLimitError extends RequestError {
  override readonly kind = 'rateLimited';
  readonly retryAfter: number | undefined;
  constructor(options: CompanionErrorOptions & { retryAfter?: number | undefined } = {}) {
    super({ ...options, serverMessage: options.serverMessage || MESSAGES.rateLimited });
    this.retryAfter = options.retryAfter;
  }
}

/** 422 with code 84: the text (an import, a decklist) took longer to read than the server allows. */
export class TooComplexError extends RequestError {
  override readonly kind = 'tooComplex';
  constructor(options: CompanionErrorOptions = {}) {
    super({ ...options, serverMessage: options.serverMessage || MESSAGES.tooComplex });
  }
}

/** No usable response: offline, DNS, timeout, aborted. Transport message, else the catalogue's. */
export class NetworkError extends CompanionError {
  readonly kind = 'network';
  constructor(options: CompanionErrorOptions = {}) {
    super(options.message || MESSAGES.unexpected, { status: 0, ...options });
  }
}

export interface ValidationIssue {
  path: string;
  message: string;
}

/** A request the contract refuses before sending, or a response that does not match the contract. */
export class ValidationError extends CompanionError {
  readonly kind = 'validation';
  readonly side: 'request' | 'response';
  readonly validationIssues: ValidationIssue[];
  constructor(side: 'request' | 'response', issues: ValidationIssue[], options: CompanionErrorOptions = {}) {
    const first = issues[0];
    const where = first ? `${first.path || '(root)'}: ${first.message}` : '';
    const message =
      side === 'request'
        ? `Invalid request${where ? ` — ${where}` : ''}`
        : `${MESSAGES.validation}${where ? ` — ${where}` : ''}`;
    super(message, { code: ErrorCode.VALIDATION, ...options, details: { issues } });
    this.side = side;
    this.validationIssues = issues;
  }
}

const guard =
  <T extends CompanionError>(kind: ErrorKind) =>
  (error: unknown): error is T =>
    error instanceof CompanionError && error.kind === kind;

export const isCompanionError = (error: unknown): error is CompanionError => error instanceof CompanionError;
export const isUnverifiedError = guard<UnverifiedError>('unverified');
export const isSessionExpiredError = guard<SessionExpiredError>('sessionExpired');
export const isForbiddenError = guard<ForbiddenError>('forbidden');
export const isNotFoundError = guard<NotFoundError>('notFound');
export const isServerError = guard<ServerError>('server');
export const isRequestError = (error: unknown): error is RequestError => error instanceof RequestError;
export const isSignatureError = guard<SignatureError>('signature');
export const isRateLimitError = guard<RateLimitError>('rateLimited');
export const isTooComplexError = guard<TooComplexError>('tooComplex');
export const isNetworkError = guard<NetworkError>('network');
export const isValidationError = guard<ValidationError>('validation');

/** Whether retrying the same call may succeed (network trouble, 5xx, 429). */
export function isRetryable(error: unknown): boolean {
  return isNetworkError(error) || isServerError(error) || isRateLimitError(error);
}

/** Maps an HTTP failure to the catalogue's class. */
export function errorFromResponse(
  status: number,
  body: unknown,
  info: {
    requestId?: string | undefined;
    request?: RequestInfo | undefined;
    retryAfter?: number | undefined;
  },
): CompanionError {
  const parsed = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = typeof parsed.code === 'number' ? parsed.code : undefined;
  const serverMessage = typeof parsed.message === 'string' && parsed.message ? parsed.message : undefined;
  const details =
    typeof parsed.details === 'object' && parsed.details !== null
      ? (parsed.details as Record<string, unknown>)
      : undefined;
  const options: CompanionErrorOptions = {
    status,
    code,
    serverMessage,
    details,
    requestId: info.requestId,
    request: info.request,
  };
  if (status === 401 && code === ErrorCode.EMAIL_UNVERIFIED) return new UnverifiedError(options);
  if (status === 401) return new SessionExpiredError(options);
  if (status === 403) return new ForbiddenError(options);
  if (status === 404) return new NotFoundError(options);
  if (status === 429) return new RateLimitError({ ...options, retryAfter: info.retryAfter });
  if (status >= 500) return new ServerError(options);
  if (status === 422 && code === ErrorCode.TOO_COMPLEX) return new TooComplexError(options);
  if (
    status === 400 &&
    (code === ErrorCode.BAD_API_KEY || code === ErrorCode.BAD_SIGNATURE || code === ErrorCode.STALE_TIMESTAMP)
  ) {
    return new SignatureError(options);
  }
  return new RequestError(options);
}
