import { type CompanionError, endpoints, isCompanionError } from '@companion/sdk';
import type { Session } from '@companion/sdk/contract';
import { useMutation } from '@tanstack/react-query';
import type { Auth, User } from 'firebase/auth';
import { type CompanionContextValue, useCompanion } from '../context.js';
import { storeSession } from '../session/session.js';
import { type Language, signInLocale } from '../store/language-store.js';
import { AuthFlowError } from './errors.js';

export type SignInError = AuthFlowError | CompanionError;

/** Turns anything a flow throws into a friendly error; the API's own errors pass through. */
function friendly(ctx: CompanionContextValue, error: unknown): SignInError {
  if (isCompanionError(error) || error instanceof AuthFlowError) return error;
  return new AuthFlowError(error, ctx.languageStore.getState().language);
}

/** Firebase Auth's functions: loaded with the first flow, not with the app. */
const firebaseAuth = () => import('firebase/auth');

/** Runs a flow step, mapping Firebase failures to `AuthFlowError`. */
async function flow<T>(ctx: CompanionContextValue, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw friendly(ctx, error);
  }
}

/** The emulator answers 501 to these; production may not need them either. Never fatal. */
async function bestEffortRecaptcha(auth: Auth): Promise<void> {
  try {
    const { initializeRecaptchaConfig } = await firebaseAuth();
    await initializeRecaptchaConfig(auth);
  } catch {
    // not implemented by the emulator / not enabled for the project
  }
}

/** Checks the project's password policy; a violation is an error, an unavailable policy is not. */
async function checkPasswordPolicy(auth: Auth, password: string): Promise<void> {
  let valid = true;
  try {
    const { validatePassword } = await firebaseAuth();
    valid = (await validatePassword(auth, password)).isValid;
  } catch {
    return; // policy endpoint unavailable (emulator: HTTP 501): the server still enforces it
  }
  if (!valid) throw { code: 'auth/password-does-not-meet-requirements' };
}

async function openSession(
  ctx: CompanionContextValue,
  user: User,
  kind: 'signin' | 'login',
  extra: { firstname?: string | null; fcmToken?: string | null } = {},
): Promise<Session> {
  const { getIdToken } = await firebaseAuth();
  const identityToken = await getIdToken(user, true);
  ctx.userStore.setIdToken(identityToken);
  const body = { locale: signInLocale(), fcmToken: extra.fcmToken ?? null };
  const session =
    kind === 'signin'
      ? await ctx.client.call(endpoints.auth.signin, {
          identityToken,
          body: { ...body, firstname: extra.firstname ?? null },
        })
      : await ctx.client.call(endpoints.auth.login, { identityToken, body });
  storeSession(ctx.queryClient, ctx.userStore, session);
  return session;
}

export interface SignUpInput {
  email: string;
  password: string;
  firstname: string;
  fcmToken?: string | null;
}

/** Email/password sign-up: creates the Firebase account, sends the verification email, then /auth/signin. */
export function useSignUp() {
  const ctx = useCompanion();
  return useMutation<Session, SignInError, SignUpInput>({
    mutationKey: ['identity', 'signUp'],
    mutationFn: (input) =>
      flow(ctx, async () => {
        const auth = await ctx.getAuth();
        const { createUserWithEmailAndPassword, sendEmailVerification } = await firebaseAuth();
        await bestEffortRecaptcha(auth);
        await checkPasswordPolicy(auth, input.password);
        const { user } = await createUserWithEmailAndPassword(auth, input.email, input.password);
        try {
          await sendEmailVerification(user);
        } catch (error) {
          console.error('Error sending verification email:', error);
        }
        return openSession(ctx, user, 'signin', {
          firstname: input.firstname,
          fcmToken: input.fcmToken ?? null,
        });
      }),
  });
}

export interface SignInInput {
  email: string;
  password: string;
  fcmToken?: string | null;
}

/** Email/password sign-in, then /auth/login. */
export function useSignIn() {
  const ctx = useCompanion();
  return useMutation<Session, SignInError, SignInInput>({
    mutationKey: ['identity', 'signIn'],
    mutationFn: (input) =>
      flow(ctx, async () => {
        const auth = await ctx.getAuth();
        const { signInWithEmailAndPassword } = await firebaseAuth();
        await bestEffortRecaptcha(auth);
        const { user } = await signInWithEmailAndPassword(auth, input.email, input.password);
        return openSession(ctx, user, 'login', { fcmToken: input.fcmToken ?? null });
      }),
  });
}

/** Sends (again) the verification email to the signed-in Firebase user. */
export function useSendVerificationEmail() {
  const ctx = useCompanion();
  return useMutation<void, SignInError, void>({
    mutationKey: ['identity', 'sendVerificationEmail'],
    mutationFn: () =>
      flow(ctx, async () => {
        const auth = await ctx.getAuth();
        const { sendEmailVerification } = await firebaseAuth();
        const user = auth.currentUser;
        if (!user) throw { code: 'auth/no-current-user' };
        await sendEmailVerification(user);
      }),
  });
}

/** Password reset, step 1: email a code. */
export function useSendPasswordReset() {
  const ctx = useCompanion();
  return useMutation<void, SignInError, { email: string }>({
    mutationKey: ['identity', 'sendPasswordReset'],
    mutationFn: ({ email }) =>
      flow(ctx, async () => {
        const auth = await ctx.getAuth();
        const { sendPasswordResetEmail } = await firebaseAuth();
        await sendPasswordResetEmail(auth, email);
      }),
  });
}

/** Password reset, step 2: the code from the email and the new password. */
export function useConfirmPasswordReset() {
  const ctx = useCompanion();
  return useMutation<void, SignInError, { code: string; newPassword: string }>({
    mutationKey: ['identity', 'confirmPasswordReset'],
    mutationFn: ({ code, newPassword }) =>
      flow(ctx, async () => {
        const auth = await ctx.getAuth();
        const { confirmPasswordReset } = await firebaseAuth();
        await confirmPasswordReset(auth, code, newPassword);
      }),
  });
}

const firstName = (user: User) => user.displayName?.trim().split(/\s+/)[0] || null;

/** Google sign-in in a popup, then /auth/signin (creates the account the first time). Needs `googleClientId`. */
export function useGoogleSignIn() {
  const ctx = useCompanion();
  // biome-ignore lint/suspicious/noConfusingVoidType: void lets callers omit the argument (mutate(), useX())
  return useMutation<Session, SignInError, { fcmToken?: string | null } | void>({
    mutationKey: ['identity', 'google'],
    mutationFn: (input) =>
      flow(ctx, async () => {
        if (!ctx.providers.google) throw { code: 'auth/provider-not-configured' };
        const auth = await ctx.getAuth();
        const { GoogleAuthProvider, signInWithPopup } = await firebaseAuth();
        const provider = new GoogleAuthProvider();
        provider.addScope('email');
        provider.addScope('profile');
        const result = await signInWithPopup(auth, provider);
        const credential = GoogleAuthProvider.credentialFromResult(result);
        ctx.userStore.setProviderToken('google', credential?.idToken ?? credential?.accessToken ?? null);
        return openSession(ctx, result.user, 'signin', {
          firstname: firstName(result.user),
          fcmToken: input?.fcmToken ?? null,
        });
      }),
  });
}

/** Apple sign-in in a popup, then /auth/signin. Needs `appleClientId`. */
export function useAppleSignIn() {
  const ctx = useCompanion();
  // biome-ignore lint/suspicious/noConfusingVoidType: void lets callers omit the argument (mutate(), useX())
  return useMutation<Session, SignInError, { fcmToken?: string | null } | void>({
    mutationKey: ['identity', 'apple'],
    mutationFn: (input) =>
      flow(ctx, async () => {
        if (!ctx.providers.apple) throw { code: 'auth/provider-not-configured' };
        const auth = await ctx.getAuth();
        const { OAuthProvider, signInWithPopup } = await firebaseAuth();
        const provider = new OAuthProvider('apple.com');
        provider.addScope('email');
        provider.addScope('name');
        const result = await signInWithPopup(auth, provider);
        const credential = OAuthProvider.credentialFromResult(result);
        ctx.userStore.setProviderToken('apple', credential?.idToken ?? null);
        return openSession(ctx, result.user, 'signin', {
          firstname: firstName(result.user),
          fcmToken: input?.fcmToken ?? null,
        });
      }),
  });
}

// ---- changing the email address or the password (signed in with a password) ----

/**
 * Re-authenticates the signed-in Firebase user with an email and password, as the identity service
 * asks before a sensitive change. Failures are `AuthFlowError`s in the re-authentication context:
 * a credential of another account (or of none) fails with `user-mismatch` (spec §5), a wrong
 * password with `invalid-credential`.
 */
export async function reauthenticate(
  user: User,
  email: string,
  password: string,
  language: Language = 'en',
): Promise<void> {
  try {
    const { EmailAuthProvider, reauthenticateWithCredential } = await firebaseAuth();
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(email, password));
  } catch (error) {
    throw new AuthFlowError(error, language, 'reauthenticate');
  }
}

/** The signed-in Firebase user with an email, else `no-current-user`. */
async function currentEmailUser(ctx: CompanionContextValue): Promise<User & { email: string }> {
  const auth = await ctx.getAuth();
  const user = auth.currentUser;
  if (!user?.email) throw { code: 'auth/no-current-user' };
  return user as User & { email: string };
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/**
 * Changes the password: re-authenticates with the current one, checks the project's password policy
 * (its violation is `password-does-not-meet-requirements`; the service enforces it again), then
 * sets the new one. The API session stays open.
 */
export function useChangePassword() {
  const ctx = useCompanion();
  return useMutation<void, SignInError, ChangePasswordInput>({
    mutationKey: ['identity', 'changePassword'],
    mutationFn: ({ currentPassword, newPassword }) =>
      flow(ctx, async () => {
        const user = await currentEmailUser(ctx);
        await reauthenticate(user, user.email, currentPassword, ctx.languageStore.getState().language);
        await checkPasswordPolicy(await ctx.getAuth(), newPassword);
        const { updatePassword } = await firebaseAuth();
        await updatePassword(user, newPassword);
      }),
  });
}

export interface ChangeEmailInput {
  currentPassword: string;
  newEmail: string;
}

/**
 * Changes the email address: re-authenticates with the password, then emails a link to the new
 * address; the address changes when the player follows it (the identity service's
 * verify-before-update), and the API stores it at the next sign-in.
 */
export function useChangeEmail() {
  const ctx = useCompanion();
  return useMutation<void, SignInError, ChangeEmailInput>({
    mutationKey: ['identity', 'changeEmail'],
    mutationFn: ({ currentPassword, newEmail }) =>
      flow(ctx, async () => {
        const user = await currentEmailUser(ctx);
        await reauthenticate(user, user.email, currentPassword, ctx.languageStore.getState().language);
        const { verifyBeforeUpdateEmail } = await firebaseAuth();
        await verifyBeforeUpdateEmail(user, newEmail.trim());
      }),
  });
}
