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

/**
 * PKCE (RFC 7636): the app keeps a random `code_verifier` (43–128 characters of A–Z a–z 0–9 - . _ ~)
 * and sends only its challenge, BASE64URL(SHA-256(verifier)) without padding (43 characters).
 */
const CodeVerifier = z
  .string()
  .regex(/^[A-Za-z0-9\-._~]{43,128}$/, '43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636)');
const CodeChallenge = z
  .string()
  .regex(
    /^[A-Za-z0-9_-]{43}$/,
    'the base64url SHA-256 of the code verifier, without padding (43 characters)',
  );
/** Only S256: `plain` would hand the verifier to whoever sees the challenge. */
const CodeChallengeMethod = z.literal('S256');

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
    description:
      'The app proves it asked for the code with the PKCE code_verifier whose S256 challenge the code ' +
      'was issued against. A code works once, for five minutes, for the app (type and origin) it was ' +
      'issued to; any other use answers 410 and uses it up.',
    auth: 'optional',
    verified: false,
    body: z.object({
      code: z.string().min(LIMITS.mobileCode.min).max(LIMITS.mobileCode.max),
      type: ProviderType,
      origin: Origin,
      codeVerifier: CodeVerifier,
    }),
    response: Session,
  }),
  createExchangeCode: endpoint(tag, {
    method: 'POST',
    path: '/auth/exchange/code',
    summary: 'Issue a one-time code for the current session (used by the mobile sign-in pages)',
    description:
      "Issued only for an allowed app origin (the API's COMPANION_MOBILE_ORIGINS) and against a PKCE " +
      'challenge with method S256; the app redeems it with the matching code_verifier.',
    extension: true,
    verified: false,
    body: z.object({
      type: ProviderType,
      origin: Origin,
      codeChallenge: CodeChallenge,
      codeChallengeMethod: CodeChallengeMethod,
    }),
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
  logoutAll: endpoint(tag, {
    method: 'POST',
    path: '/auth/logout/all',
    summary: 'Sign out of all devices: revoke every session of the user, this one included',
    description:
      "Revokes every session token of the user (this device's too), closes their live sockets and " +
      'revokes their Firebase refresh tokens, so that ID tokens issued before are refused by sign-in. ' +
      'Streaming (overlay) tokens are kept: rotate them with /auth/streamingtoken.',
    extension: true,
    verified: false,
    response: z.object({
      ok: z.literal(true),
      /** How many sessions were open (this one included). */
      revoked: z.number().int().min(0),
    }),
  }),
} as const;
