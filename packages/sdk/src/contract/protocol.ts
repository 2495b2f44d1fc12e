/**
 * The wire protocol every client and the server share: header names and the canonical string that
 * is signed. Pure string work (no hashing library), so the server and any client in any language
 * can implement it; see the SDK README for the exact rules.
 */

export const HEADERS = {
  apiKey: 'x-api-key',
  timestamp: 'x-timestamp',
  device: 'x-device',
  signature: 'x-signature',
  userId: 'x-user-id',
  googleToken: 'x-google-token',
  appleToken: 'x-apple-token',
  requestId: 'x-request-id',
  authorization: 'authorization',
} as const;

/** Body hash used for multipart uploads, whose bytes the client does not hash. */
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

/** SHA-256 of the empty string: the body hash of a request without a body. */
export const EMPTY_BODY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** Default accepted clock difference between client and server. */
export const DEFAULT_SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

/**
 * The string whose SHA-256 (lowercase hex) is the signature:
 *
 * ```
 * <secret>\n<timestamp>\n<METHOD>\n<path with query>\n<body sha-256 hex>
 * ```
 * - timestamp: the `x-timestamp` header, milliseconds since the epoch, as decimal digits;
 * - METHOD: upper case;
 * - path with query: exactly as sent, relative to the API root (`/user/lists/abc?page=2`);
 * - body hash: lowercase hex SHA-256 of the exact body bytes, the empty-string hash when there is
 *   no body, or `UNSIGNED-PAYLOAD` for multipart uploads.
 */
export function canonicalString(parts: {
  secret: string;
  timestamp: string;
  method: string;
  pathWithQuery: string;
  bodyHash: string;
}): string {
  return `${parts.secret}\n${parts.timestamp}\n${parts.method.toUpperCase()}\n${parts.pathWithQuery}\n${parts.bodyHash}`;
}

/**
 * `encodeURIComponent`, and the five characters it leaves (`! ' ( ) *`) percent-encoded too: the
 * URL parser of browsers and Node (WHATWG) encodes `'` in a query itself, so a query signed with a
 * bare `'` reached the server as `%27` and its signature no longer matched ("Urza's Saga" failed).
 * Nothing this returns is changed again by the URL parser.
 */
export const encodeQueryComponent = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Serialises query parameters canonically: keys sorted, `undefined`/`null` skipped, arrays repeated,
 * values encoded with `encodeQueryComponent`. The server verifies the query exactly as received, so
 * clients only need to send what they signed.
 */
export function buildQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === undefined || v === null) continue;
      const s = v instanceof Date ? v.toISOString() : String(v);
      parts.push(`${encodeQueryComponent(key)}=${encodeQueryComponent(s)}`);
    }
  }
  return parts.join('&');
}
