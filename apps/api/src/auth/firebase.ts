import type { StoredProviderValue } from '@companion/sdk/contract';
import type { Auth } from 'firebase-admin/auth';
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
  // firebase-admin loads on the first sign-in, not at every start (it is one of the server's
  // heaviest modules).
  let loaded: Promise<Auth> | undefined;
  const getAuthOnce = () => {
    loaded ??= Promise.all([import('firebase-admin/app'), import('firebase-admin/auth')]).then(
      ([{ getApps, initializeApp }, { getAuth }]) =>
        getAuth(
          getApps().find((a) => a.name === name) ?? initializeApp({ projectId: env.firebaseProjectId }, name),
        ),
    );
    return loaded;
  };

  return {
    async verify(idToken) {
      const auth = await getAuthOnce();
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
      const auth = await getAuthOnce();
      try {
        return (await auth.getUser(uid)).emailVerified;
      } catch {
        return false;
      }
    },
    async revokeTokens(uid) {
      await (await getAuthOnce()).revokeRefreshTokens(uid);
    },
    async deleteAccount(uid) {
      const auth = await getAuthOnce();
      try {
        await auth.deleteUser(uid);
      } catch (cause) {
        if ((cause as { code?: string }).code !== 'auth/user-not-found') throw cause;
      }
    },
  };
}
