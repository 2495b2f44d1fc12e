import { z } from 'zod';
import { DateTime, Language } from './common.js';
import { endpoint } from './endpoint.js';
import { LIMITS } from './limits.js';
import { CurrentUser } from './user.js';
import { PROVIDER_TYPES } from './values.js';

const tag = 'auth';

/** The session a sign-in returns: the token to send as Bearer, and who it belongs to. */
export const Session = z
  .object({
    token: z.string().min(LIMITS.sessionToken.min),
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
  fcmToken: z.string().max(LIMITS.fcmToken.max).nullable().optional(),
  locale: Language,
});

export const ProviderType = z.enum(PROVIDER_TYPES).meta({ id: 'ProviderType' });

const Origin = z.string().min(LIMITS.origin.min).max(LIMITS.origin.max);

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
    body: SignInBody.extend({
      firstname: z.string().trim().min(LIMITS.firstname.min).max(LIMITS.firstname.max).nullable().optional(),
    }),
    response: Session,
  }),
  exchange: endpoint(tag, {
    method: 'POST',
    path: '/auth/exchange',
    summary: 'Redeem a one-time code issued to the mobile sign-in pages for a session',
    auth: 'optional',
    verified: false,
    body: z.object({
      code: z.string().min(LIMITS.mobileCode.min).max(LIMITS.mobileCode.max),
      type: ProviderType,
      origin: Origin,
    }),
    response: Session,
  }),
  createExchangeCode: endpoint(tag, {
    method: 'POST',
    path: '/auth/exchange/code',
    summary: 'Issue a one-time code for the current session (used by the mobile sign-in pages)',
    extension: true,
    verified: false,
    body: z.object({ type: ProviderType, origin: Origin }),
    status: 201,
    response: z.object({ code: z.string(), expiresAt: DateTime }),
  }),
  streamingToken: endpoint(tag, {
    method: 'POST',
    path: '/auth/streamingtoken',
    summary: 'Issue a streaming token for the overlay; revokes the previous one',
    status: 201,
    response: z.object({ token: z.string().min(LIMITS.sessionToken.min), createdAt: DateTime }).meta({
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
