import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityClaims } from '../auth/firebase.js';
import type { UserRow } from '../db/schema.js';

export type { UserRow };

/** What the server knows about the caller of one request. */
export interface Caller {
  user: UserRow;
  sessionId: string;
}

export type { IdentityClaims };

export interface HandlerInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The signed-in user (session and verified calls), else null. */
  caller: Caller | null;
  /** Verified Firebase claims (identity calls only). */
  identity: IdentityClaims | null;
  request: FastifyRequest;
  reply: FastifyReply;
}
