import type { IdentityClaims } from '../auth/firebase.js';
import type { UserRow } from '../db/schema.js';

export type { UserRow };

/** What the server knows about the caller of one request. */
export interface Caller {
  user: UserRow;
  sessionId: string;
}

export type { IdentityClaims };
