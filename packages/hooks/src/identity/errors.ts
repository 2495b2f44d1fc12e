import en from '../i18n/en-US.json' with { type: 'json' };
import fr from '../i18n/fr-FR.json' with { type: 'json' };
import type { Language } from '../store/language-store.js';

/**
 * Firebase Auth error codes (spec §8 plus the common sign-in ones) and the message each shows.
 * Codes are given without the `auth/` prefix.
 */
export const AUTH_ERROR_CODES = [
  'email-already-in-use',
  'invalid-credential',
  'invalid-email',
  'missing-password',
  'weak-password',
  'user-disabled',
  'user-token-expired',
  'too-many-requests',
  'wrong-password',
  'network-request-failed',
  'multi-factor-auth-required',
  'user-not-found',
  'user-mismatch',
  'password-does-not-meet-requirements',
  'internal-error',
  'invalid-continue-uri',
  'invalid-dynamic-link-domain',
  'missing-ios-bundle-id',
  'missing-android-pkg-name',
  'unauthorized-domain',
  'popup-blocked',
  'popup-closed-by-user',
  'cancelled-popup-request',
  'web-storage-unsupported',
  'invalid-auth-event',
  'auth-domain-config-required',
  'invalid-api-key',
  'operation-not-supported-in-this-environment',
  'argument-error',
  'expired-action-code',
  'invalid-action-code',
  'account-exists-with-different-credential',
  'provider-not-configured',
  'no-current-user',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/**
 * Where a Firebase failure happened: signing in (or up), or re-authenticating the signed-in user
 * before a sensitive change. `user-not-found` means different things in each.
 */
export type AuthFlowContext = 'sign-in' | 'reauthenticate';

/**
 * Codes that show another code's message. Re-authenticating, `user-not-found` becomes
 * `user-mismatch` (spec §8: the credential is not the signed-in user's). Signing in, it is the same
 * answer as a wrong password: "This account does not match the signed-in user" made no sense to a
 * player with no session, and saying which emails have an account would tell them to anyone.
 */
const ALIASES: Record<AuthFlowContext, Partial<Record<string, AuthErrorCode>>> = {
  'sign-in': { 'user-not-found': 'invalid-credential', 'invalid-login-credentials': 'invalid-credential' },
  reauthenticate: { 'user-not-found': 'user-mismatch', 'invalid-login-credentials': 'invalid-credential' },
};

export type HooksMessageId = keyof typeof en;
export const hooksMessages: Record<'en-US' | 'fr-FR', Record<HooksMessageId, string>> = {
  'en-US': en,
  'fr-FR': fr,
};

export const authMessageId = (code: AuthErrorCode | 'unknown'): HooksMessageId =>
  `hooks.auth.error.${code}` as HooksMessageId;

/** The message id for a Firebase error (or anything thrown by a sign-in flow). */
export function authErrorMessageId(error: unknown, context: AuthFlowContext = 'sign-in'): HooksMessageId {
  const raw = typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : '';
  const code = raw.replace(/^auth\//, '');
  const mapped = ALIASES[context][code] ?? code;
  return (AUTH_ERROR_CODES as readonly string[]).includes(mapped)
    ? authMessageId(mapped as AuthErrorCode)
    : authMessageId('unknown');
}

export const translate = (id: HooksMessageId, language: Language): string =>
  hooksMessages[language === 'fr' ? 'fr-FR' : 'en-US'][id];

/** What a sign-in flow throws for an identity-service failure: a friendly, translated message. */
export class AuthFlowError extends Error {
  /** The Firebase code without `auth/` (`invalid-credential`), or `unknown`. */
  readonly code: string;
  /** Message id in `@companion/hooks/i18n/*.json`, for apps that translate with their own catalogue. */
  readonly messageId: HooksMessageId;
  constructor(cause: unknown, language: Language = 'en', context: AuthFlowContext = 'sign-in') {
    const messageId = authErrorMessageId(cause, context);
    super(translate(messageId, language), { cause });
    this.name = 'AuthFlowError';
    const raw = (cause as { code?: unknown })?.code;
    this.code = typeof raw === 'string' ? raw.replace(/^auth\//, '') : 'unknown';
    this.messageId = messageId;
  }
}

export const isAuthFlowError = (error: unknown): error is AuthFlowError => error instanceof AuthFlowError;
