/**
 * Numeric error codes shared by server and clients. HTTP status tells the class of failure,
 * the code tells which one.
 */
export const ErrorCode = {
  /** 400: the request does not match the contract. */
  VALIDATION: 10,
  /** 400: the API key is missing or unknown. */
  BAD_API_KEY: 11,
  /** 400: the signature does not match. Does not end the session. */
  BAD_SIGNATURE: 12,
  /** 400: the timestamp is outside the allowed window (check the device clock). */
  STALE_TIMESTAMP: 13,
  /** 400: the request body is too large or malformed. */
  BAD_BODY: 14,
  /** 401: no session or the session expired or was revoked. */
  UNAUTHENTICATED: 50,
  /** 401: the identity token could not be verified. */
  BAD_IDENTITY_TOKEN: 51,
  /** 401: the user does not exist yet (sign in first). */
  UNKNOWN_USER: 52,
  /** 401: the email address is not verified yet. */
  EMAIL_UNVERIFIED: 53,
  /** 403 */
  FORBIDDEN: 60,
  /** 404 */
  NOT_FOUND: 70,
  /** 409: the resource changed or the value is taken. */
  CONFLICT: 80,
  /** 410: the code or invitation expired or was used. */
  GONE: 81,
  /** 413 */
  TOO_LARGE: 82,
  /** 415 */
  UNSUPPORTED_MEDIA: 83,
  /** 422: the text took longer to read than the server allows (a file or list to send in smaller parts). */
  TOO_COMPLEX: 84,
  /** 429 */
  RATE_LIMITED: 90,
  /** 500 */
  INTERNAL: 100,
  /** 503 */
  UNAVAILABLE: 101,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
