import { ErrorCode } from '@companion/sdk/contract';
import type { DomainError, DomainErrorKind } from '../services/errors.js';

/** A failure with the catalogue's status and code; becomes `{code, message, details}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, issues?: Array<{ path: string; message: string }>) =>
  new ApiError(400, ErrorCode.VALIDATION, message, issues ? { issues } : undefined);
export const unauthenticated = (message = 'Sign in to continue.') =>
  new ApiError(401, ErrorCode.UNAUTHENTICATED, message);
export const unverified = () =>
  new ApiError(401, ErrorCode.EMAIL_UNVERIFIED, 'Please verify your email to continue.');
export const forbidden = (message = 'You do not have permission to perform this action.') =>
  new ApiError(403, ErrorCode.FORBIDDEN, message);
export const notFound = (what = 'The requested resource') =>
  new ApiError(404, ErrorCode.NOT_FOUND, `${what} was not found.`);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new ApiError(409, ErrorCode.CONFLICT, message, details);
export const gone = (message: string) => new ApiError(410, ErrorCode.GONE, message);

/** The catalogue's status and code of each way a service refuses a request. */
const DOMAIN: Record<DomainErrorKind, { status: number; code: ErrorCode }> = {
  invalid: { status: 400, code: ErrorCode.VALIDATION },
  'identity-rejected': { status: 401, code: ErrorCode.BAD_IDENTITY_TOKEN },
  forbidden: { status: 403, code: ErrorCode.FORBIDDEN },
  'not-found': { status: 404, code: ErrorCode.NOT_FOUND },
  conflict: { status: 409, code: ErrorCode.CONFLICT },
  gone: { status: 410, code: ErrorCode.GONE },
  'too-large': { status: 413, code: ErrorCode.TOO_LARGE },
  'unsupported-media': { status: 415, code: ErrorCode.UNSUPPORTED_MEDIA },
  'too-complex': { status: 422, code: ErrorCode.TOO_COMPLEX },
};

/** A service's refusal as the catalogue's error, with its message and details unchanged. */
export function fromDomainError(error: DomainError): ApiError {
  const { status, code } = DOMAIN[error.kind];
  return new ApiError(status, code, error.message, error.details);
}

/** SQLSTATE of a database error, whether thrown by pg, PGlite or wrapped by Drizzle. */
function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Maps database refusals caused by the input to the catalogue, so that a malformed id or an
 * out-of-range value is a 4xx, never a 500: an id that is not a UUID cannot name anything (404).
 */
export function fromDatabaseError(error: unknown): ApiError | undefined {
  const state = sqlState(error);
  if (state === '22P02') {
    // invalid_text_representation (e.g. not a UUID)
    return new ApiError(404, ErrorCode.NOT_FOUND, 'The requested resource was not found.');
  }
  if (state === '2201B') {
    // invalid_regular_expression: a search's /…/ the database cannot compile (or finds too complex)
    return new ApiError(400, ErrorCode.VALIDATION, 'The regular expression is not valid or is too complex.');
  }
  if (state?.startsWith('22')) {
    // data exceptions: out-of-range numbers or dates, over-long strings, bad encodings
    return new ApiError(400, ErrorCode.VALIDATION, 'A value is out of range or malformed.');
  }
  switch (state) {
    case '23505': // unique_violation
      return new ApiError(409, ErrorCode.CONFLICT, 'That already exists.');
    case '23503': // foreign_key_violation
      return new ApiError(409, ErrorCode.CONFLICT, 'That refers to something that does not exist.');
    case '40001': // serialization_failure
    case '40P01': // deadlock_detected
      return new ApiError(503, ErrorCode.UNAVAILABLE, 'The server is busy. Please try again.');
    case '57014': // query_canceled: the statement timeout stopped it
      return new ApiError(503, ErrorCode.UNAVAILABLE, 'That took too long to answer. Please try again.');
    default:
      return undefined;
  }
}
