import type { StoredProviderValue } from '@companion/sdk/contract';
import { type App, getApps, initializeApp } from 'firebase-admin/app';
import { type Auth, getAuth } from 'firebase-admin/auth';
import type { Env } from '../env.js';
import { IdentityRejected } from '../services/errors.js';

/** What a verified identity token says about its user. */
export interface IdentityClaims {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  provider: StoredProviderValue;
  name: string | null;
  picture: string | null;
}

/** Verifies Firebase ID tokens (the Auth emulator locally and in tests, Google in production). */
export interface IdentityVerifier {
  verify(idToken: string): Promise<IdentityClaims>;
  /** Current verification state of an account (to notice a verification done since sign-in). */
  emailVerified(uid: string): Promise<boolean>;
  /**
   * Revokes the account's refresh tokens ("sign out of all devices"): the ID tokens issued before
   * are refused from then on (`verify` checks revocation), and the devices cannot mint new ones.
   */
  revokeTokens(uid: string): Promise<void>;
  /** Deletes the account from the identity service (an account already gone counts as deleted). */
  deleteAccount(uid: string): Promise<void>;
}

/** Why Firebase refused a token, in words for the user (the code is firebase-admin's `auth/…`). */
function rejection(code: string): string {
  if (code.includes('revoked')) return 'The sign-in token was revoked. Sign in again.';
  if (code.includes('disabled')) return 'This account is disabled.';
  if (code.includes('expired')) return 'The sign-in token has expired. Sign in again.';
  return 'The sign-in token could not be verified.';
}

function providerOf(signInProvider: string | undefined): IdentityClaims['provider'] {
  if (signInProvider === 'google.com') return 'google';
  if (signInProvider === 'apple.com') return 'apple';
  if (signInProvider === 'password') return 'password';
  return 'other';
}

export function createFirebaseVerifier(env: Env): IdentityVerifier {
  if (env.firebaseAuthEmulatorHost) {
    // firebase-admin reads the emulator address from the process environment.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = env.firebaseAuthEmulatorHost;
  }
  const name = `companion-${env.firebaseProjectId}`;
  const app: App =
    getApps().find((a) => a.name === name) ?? initializeApp({ projectId: env.firebaseProjectId }, name);
  const auth: Auth = getAuth(app);

  return {
    async verify(idToken) {
      try {
        // checkRevoked: a token issued before "sign out of all devices" (revokeRefreshTokens), or
        // for a disabled or deleted account, is refused even while its signature is still valid.
        const decoded = await auth.verifyIdToken(idToken, true);
        return {
          uid: decoded.uid,
          email: decoded.email ?? null,
          emailVerified: decoded.email_verified === true,
          provider: providerOf(decoded.firebase?.sign_in_provider),
          name: typeof decoded.name === 'string' ? decoded.name : null,
          picture: typeof decoded.picture === 'string' ? decoded.picture : null,
        };
      } catch (cause) {
        throw new IdentityRejected(rejection((cause as { code?: string }).code ?? ''));
      }
    },
    async emailVerified(uid) {
      try {
        return (await auth.getUser(uid)).emailVerified;
      } catch {
        return false;
      }
    },
    async revokeTokens(uid) {
      await auth.revokeRefreshTokens(uid);
    },
    async deleteAccount(uid) {
      try {
        await auth.deleteUser(uid);
      } catch (cause) {
        if ((cause as { code?: string }).code !== 'auth/user-not-found') throw cause;
      }
    },
  };
}
