import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES, AuthFlowError, authErrorMessageId } from '../identity/errors.js';
import en from './en-US.json' with { type: 'json' };
import fr from './fr-FR.json' with { type: 'json' };

const SPEC_CODES = [
  'email-already-in-use',
  'invalid-credential',
  'user-token-expired',
  'too-many-requests',
  'wrong-password',
  'network-request-failed',
  'multi-factor-auth-required',
  'user-not-found',
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
];

describe('message catalogues', () => {
  it('have the same ids in English and French, all prefixed hooks., none empty', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    for (const [id, text] of [...Object.entries(en), ...Object.entries(fr)]) {
      expect(id.startsWith('hooks.')).toBe(true);
      expect(text.trim()).not.toBe('');
    }
  });

  it('have a message for every spec §8 code and every code the flows map', () => {
    for (const code of [...SPEC_CODES, ...AUTH_ERROR_CODES, 'unknown']) {
      expect(en, code).toHaveProperty([`hooks.auth.error.${code}`]);
      expect(fr, code).toHaveProperty([`hooks.auth.error.${code}`]);
    }
    expect(AUTH_ERROR_CODES).toEqual(expect.arrayContaining(SPEC_CODES));
  });

  it('maps Firebase errors to friendly, translated messages', () => {
    expect(authErrorMessageId({ code: 'auth/email-already-in-use' })).toBe(
      'hooks.auth.error.email-already-in-use',
    );
    // Signing in, an unknown email is answered like a wrong password (no "does not match the signed-in
    // user" to someone with no session, and no telling which emails have an account).
    expect(authErrorMessageId({ code: 'auth/user-not-found' })).toBe('hooks.auth.error.invalid-credential');
    // Re-authenticating, it is the spec's user-mismatch.
    expect(authErrorMessageId({ code: 'auth/user-not-found' }, 'reauthenticate')).toBe(
      'hooks.auth.error.user-mismatch',
    );
    expect(authErrorMessageId({ code: 'auth/something-new' })).toBe('hooks.auth.error.unknown');
    expect(authErrorMessageId(new Error('boom'))).toBe('hooks.auth.error.unknown');
    const error = new AuthFlowError({ code: 'auth/invalid-credential' }, 'fr');
    expect(error.message).toBe(fr['hooks.auth.error.invalid-credential']);
    expect(error.code).toBe('invalid-credential');
    expect(new AuthFlowError({ code: 'auth/popup-closed-by-user' }).message).toBe(
      en['hooks.auth.error.popup-closed-by-user'],
    );
  });
});
