/**
 * A player's sign-in details and account, through the hooks, against the real API server and the
 * Auth emulator: re-authentication as another account fails with the user-mismatch message (spec
 * §5); the password changes after re-authenticating (a wrong one and a too-short new one are
 * refused with the identity service's messages); the email changes once the emailed link is
 * followed, and the API takes it at the next sign-in; then the account is downloaded and deleted,
 * which ends the session here and at Firebase.
 */
import { act } from '@testing-library/react';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  applyActionCode,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  initializeAuth,
  inMemoryPersistence,
  signInWithEmailAndPassword,
} from 'firebase/auth';
import { afterAll, describe, expect, it } from 'vitest';
import {
  reauthenticate,
  useChangeEmail,
  useChangePassword,
  useSignIn,
  useSignUp,
} from '../../src/identity/sign-in.js';
import { accountExportQueryOptions, useDeleteAccount } from '../../src/queries/account.js';
import { createApp, emailCodes, emulatorHost, projectId, uniqueEmail } from './support.js';

const tab = createApp({ currentPath: '/settings' });
const other = initializeApp({ apiKey: 'demo-api-key', projectId }, `hooks-it-other-${Date.now()}`);
const otherAuth = initializeAuth(other, { persistence: inMemoryPersistence });
connectAuthEmulator(otherAuth, `http://${emulatorHost}`, { disableWarnings: true });
afterAll(async () => {
  await tab.close();
  await deleteApp(other);
});

let email = uniqueEmail('account');
let password = 'correct-horse-battery';

/** Runs a mutation and answers what it threw (or null). */
async function failure(run: () => Promise<unknown>): Promise<{ code?: string; messageId?: string } | null> {
  return run().then(
    () => null,
    (error: { code?: string; messageId?: string }) => error,
  );
}

describe.sequential('sign-in details and the account, against the real API and Auth emulator', () => {
  it('signs up and verifies the email', async () => {
    const signUp = tab.hook(() => useSignUp());
    await act(() => signUp.result.current.mutateAsync({ email, password, firstname: 'Nissa' }));
    const [code] = await emailCodes(email);
    await applyActionCode(tab.auth, code as string);
    const signIn = tab.hook(() => useSignIn());
    const session = await act(() => signIn.result.current.mutateAsync({ email, password }));
    expect(session.user.emailVerified).toBe(true);
  });

  it('re-authenticating with another account’s credential fails with the user-mismatch message', async () => {
    const otherEmail = uniqueEmail('other');
    await createUserWithEmailAndPassword(otherAuth, otherEmail, 'another-password');
    const user = tab.auth.currentUser;
    if (!user) throw new Error('signed out');
    const mismatch = await failure(() => reauthenticate(user, otherEmail, 'another-password'));
    expect(mismatch).toMatchObject({
      name: 'AuthFlowError',
      code: 'user-mismatch',
      messageId: 'hooks.auth.error.user-mismatch',
      message: 'This account does not match the signed-in user.',
    });
    // An address with no account at all is a mismatch too (user-not-found, spec §8).
    const nobody = await failure(() => reauthenticate(user, uniqueEmail('nobody'), 'whatever-1', 'fr'));
    expect(nobody).toMatchObject({
      messageId: 'hooks.auth.error.user-mismatch',
      message: 'Ce compte ne correspond pas à l’utilisateur connecté.',
    });
    // The signed-in user is still the same.
    expect(tab.auth.currentUser?.email).toBe(email);
  });

  it('changes the password after re-authenticating; refuses a wrong current one and a too-short new one', async () => {
    const { result } = tab.hook(() => useChangePassword());
    const wrong = await failure(() =>
      result.current.mutateAsync({ currentPassword: 'not-my-password', newPassword: 'brand-new-pass' }),
    );
    // The emulator says wrong-password, production invalid-credential: one message for both.
    expect(wrong?.messageId).toMatch(/hooks\.auth\.error\.(wrong-password|invalid-credential)/);
    const short = await failure(() =>
      result.current.mutateAsync({ currentPassword: password, newPassword: 'abc' }),
    );
    expect(short?.messageId).toMatch(
      /hooks\.auth\.error\.(weak-password|password-does-not-meet-requirements)/,
    );

    await act(() => result.current.mutateAsync({ currentPassword: password, newPassword: 'brand-new-pass' }));
    password = 'brand-new-pass';
    await expect(signInWithEmailAndPassword(otherAuth, email, password)).resolves.toBeTruthy();
    await expect(signInWithEmailAndPassword(otherAuth, email, 'correct-horse-battery')).rejects.toThrow();
  });

  it('changes the email once the emailed link is followed; the API takes it at the next sign-in', async () => {
    const next = uniqueEmail('moved');
    const { result } = tab.hook(() => useChangeEmail());
    const wrong = await failure(() =>
      result.current.mutateAsync({ currentPassword: 'not-my-password', newEmail: next }),
    );
    // The emulator says wrong-password, production invalid-credential: one message for both.
    expect(wrong?.messageId).toMatch(/hooks\.auth\.error\.(wrong-password|invalid-credential)/);
    await act(() => result.current.mutateAsync({ currentPassword: password, newEmail: next }));

    const [code] = await emailCodes(email, 'VERIFY_AND_CHANGE_EMAIL');
    expect(code).toBeTruthy();
    await applyActionCode(tab.auth, code as string);
    email = next;
    const signIn = tab.hook(() => useSignIn());
    const session = await act(() => signIn.result.current.mutateAsync({ email, password }));
    expect(session.user.email).toBe(email);
  });

  it('downloads the account, then deletes it: the session ends here and at Firebase', async () => {
    const data = await tab.queryClient.fetchQuery(accountExportQueryOptions(tab.client));
    expect(data.user.email).toBe(email);

    const { result } = tab.hook(() => useDeleteAccount());
    await act(() => result.current.mutateAsync({ body: { confirmation: email } }));
    // Logged out here (the store keeps the dead token, as logout does: spec §4).
    expect(tab.userStore.getState().userId).toBeNull();
    expect(tab.auth.currentUser).toBeNull();
    await expect(signInWithEmailAndPassword(otherAuth, email, password)).rejects.toThrow();
  });
});
