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
 * Checks the API key, the timestamp window and the signature of a request. Failures answer 400 with
 * codes 11/12/13 (never 401, so a clock problem does not end the user's session).
 */
export function verifySignature(
  request: FastifyRequest,
  apiKeys: Map<string, string>,
  windowMs: number,
  now = Date.now(),
): void {
  const apiKey = header(request, HEADERS.apiKey);
  const secret = apiKey ? apiKeys.get(apiKey) : undefined;
  if (!apiKey || secret === undefined) {
    throw new ApiError(400, ErrorCode.BAD_API_KEY, 'The API key is missing or unknown.');
  }
  const timestamp = header(request, HEADERS.timestamp);
  const ts = timestamp && /^\d{10,16}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!Number.isFinite(ts) || Math.abs(now - ts) > windowMs) {
    const minutes = Math.round(windowMs / 60_000);
    throw new ApiError(
      400,
      ErrorCode.STALE_TIMESTAMP,
      `The request timestamp is missing or more than ${minutes} minutes away from the server clock. Check this device's date and time.`,
    );
  }
  const signature = header(request, HEADERS.signature);
  const isMultipart = (header(request, 'content-type') ?? '').startsWith('multipart/form-data');
  const raw = request.rawBody;
  const bodyHash = isMultipart ? UNSIGNED_PAYLOAD : raw ? sha256Hex(raw) : EMPTY_BODY_SHA256;
  const expected = sha256Hex(
    canonicalString({
      secret,
      timestamp: timestamp as string,
      method: request.method,
      pathWithQuery: request.url,
      bodyHash,
    }),
  );
  if (!signature || !safeEqual(signature.toLowerCase(), expected)) {
    throw new ApiError(400, ErrorCode.BAD_SIGNATURE, 'The request signature does not match.');
  }
}
