import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalString, EMPTY_BODY_SHA256 } from '../contract/protocol.js';

/** Lowercase hex SHA-256 of a UTF-8 string (synchronous; same result in browsers and Node). */
export function sha256Hex(text: string): string {
  if (text === '') return EMPTY_BODY_SHA256;
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** Computes the `x-signature` header value. */
export function sign(parts: {
  secret: string;
  timestamp: string;
  method: string;
  pathWithQuery: string;
  bodyHash: string;
}): string {
  return sha256Hex(canonicalString(parts));
}
