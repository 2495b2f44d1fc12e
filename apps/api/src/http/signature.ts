import {
  canonicalString,
  EMPTY_BODY_SHA256,
  ErrorCode,
  HEADERS,
  UNSIGNED_PAYLOAD,
} from '@companion/sdk/contract';
import type { FastifyRequest } from 'fastify';
import { safeEqual, sha256Hex } from '../auth/tokens.js';
import { ApiError } from './errors.js';

const header = (request: FastifyRequest, name: string): string | undefined => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * Checks what a request's headers alone can tell: a known API key, a timestamp within the window,
 * a signature that looks like one. Runs before the body is read. Failures answer 400 with codes
 * 11/12/13 (never 401, so a clock problem does not end the user's session).
 */
export function checkSignatureHeaders(
  request: FastifyRequest,
  apiKeys: Map<string, string>,
  windowMs: number,
  now = Date.now(),
): { secret: string; timestamp: string; signature: string } {
  const apiKey = header(request, HEADERS.apiKey);
  const secret = apiKey ? apiKeys.get(apiKey) : undefined;
  if (!apiKey || secret === undefined) {
    throw new ApiError(400, ErrorCode.BAD_API_KEY, 'The API key is missing or unknown.');
  }
  const timestamp = header(request, HEADERS.timestamp);
  const ts = timestamp && /^\d{10,16}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!timestamp || !Number.isFinite(ts) || Math.abs(now - ts) > windowMs) {
    const minutes = Math.round(windowMs / 60_000);
    throw new ApiError(
      400,
      ErrorCode.STALE_TIMESTAMP,
      `The request timestamp is missing or more than ${minutes} minutes away from the server clock. Check this device's date and time.`,
    );
  }
  const signature = header(request, HEADERS.signature);
  if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature)) {
    throw new ApiError(400, ErrorCode.BAD_SIGNATURE, 'The request signature does not match.');
  }
  return { secret, timestamp, signature };
}

/** True when the signature covers no body bytes: no body, or multipart (UNSIGNED-PAYLOAD). */
export function signatureCoversHeadersOnly(request: FastifyRequest): boolean {
  if (isMultipart(request)) return true;
  const te = request.headers['transfer-encoding'];
  const length = request.headers['content-length'];
  return te === undefined && (length === undefined || length === '0');
}

const isMultipart = (request: FastifyRequest) =>
  (header(request, 'content-type') ?? '').startsWith('multipart/form-data');

/**
 * Checks the API key, the timestamp window and the signature of a request, over the body as
 * received (`request.rawBody`). Failures answer 400 with codes 11/12/13.
 */
export function verifySignature(
  request: FastifyRequest,
  apiKeys: Map<string, string>,
  windowMs: number,
  now = Date.now(),
): void {
  const { secret, timestamp, signature } = checkSignatureHeaders(request, apiKeys, windowMs, now);
  const raw = request.rawBody;
  const bodyHash = isMultipart(request) ? UNSIGNED_PAYLOAD : raw ? sha256Hex(raw) : EMPTY_BODY_SHA256;
  const expected = sha256Hex(
    canonicalString({
      secret,
      timestamp,
      method: request.method,
      pathWithQuery: request.url,
      bodyHash,
    }),
  );
  if (!safeEqual(signature.toLowerCase(), expected)) {
    throw new ApiError(400, ErrorCode.BAD_SIGNATURE, 'The request signature does not match.');
  }
}
