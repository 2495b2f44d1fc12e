import { z } from 'zod';
import { DateTime, Language } from './common.js';
import { endpoint } from './endpoint.js';
import { CurrentUser } from './user.js';

const tag = 'auth';

/** The session a sign-in returns: the token to send as Bearer, and who it belongs to. */
export const Session = z
  .object({
    token: z.string().min(20),
    expiresAt: DateTime,
    user: CurrentUser.shape.user,
    state: CurrentUser.shape.state,
    /** True when this call created the account. */
    created: z.boolean(),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof Session>;

const SignInBody = z.object({
  /** Push-notification token of the device, when it has one. */
  fcmToken: z.string().max(4096).nullable().optional(),
  locale: Language,
});

export const ProviderType = z.enum(['google', 'apple', 'password']).meta({ id: 'ProviderType' });

export const auth = {
  login: endpoint(tag, {
    method: 'POST',
    path: '/auth/login',
    summary: 'Open a session for an existing user (Bearer = Firebase ID token)',
    description:
      'Signs in a user who already has an account. The Authorization header carries the Firebase ID token. ' +
      'Creates the account like /auth/signin when it does not exist yet.',
    auth: 'identity',
    verified: false,
    body: SignInBody,
    response: Session,
  }),
  signin: endpoint(tag, {
    method: 'POST',
    path: '/auth/signin',
    summary: 'Sign in or sign up (Bearer = Firebase ID token); creates the user on first sign-in',
    auth: 'identity',
    verified: false,
    body: SignInBody.extend({ firstname: z.string().trim().min(1).max(50).nullable().optional() }),
    response: Session,
  }),
  exchange: endpoint(tag, {
    method: 'POST',
    path: '/auth/exchange',
    summary: 'Redeem a one-time code issued to the mobile sign-in pages for a session',
    auth: 'optional',
    verified: false,
    body: z.object({
      code: z.string().min(8).max(256),
      type: ProviderType,
      origin: z.string().min(1).max(512),
    }),
    response: Session,
  }),
  createExchangeCode: endpoint(tag, {
    method: 'POST',
    path: '/auth/exchange/code',
    summary: 'Issue a one-time code for the current session (used by the mobile sign-in pages)',
    extension: true,
    verified: false,
    body: z.object({ type: ProviderType, origin: z.string().min(1).max(512) }),
    status: 201,
    response: z.object({ code: z.string(), expiresAt: DateTime }),
  }),
  streamingToken: endpoint(tag, {
    method: 'POST',
    path: '/auth/streamingtoken',
    summary: 'Issue a streaming token for the overlay; revokes the previous one',
    status: 201,
    response: z.object({ token: z.string().min(20), createdAt: DateTime }).meta({
      id: 'StreamingToken',
      description: 'Lets an overlay receive its owner’s live messages, nothing else',
    }),
  }),
  logout: endpoint(tag, {
    method: 'POST',
    path: '/auth/logout',
    summary: 'Revoke the current session token',
    extension: true,
    verified: false,
    response: z.object({ ok: z.literal(true) }),
  }),
} as const;
