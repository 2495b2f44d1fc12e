import { type CompanionClient, endpoints } from '@companion/sdk';
import { Session } from '@companion/sdk/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { Auth } from 'firebase/auth';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, sample } from '../../test/fixtures.js';
import { CompanionProvider } from '../provider.js';
import { createQueryClient } from '../query-client.js';
import { createUserStore } from '../store/user-store.js';
import { useGoogleSignIn, useSignIn, useSignUp } from './sign-in.js';

const firebase = vi.hoisted(() => ({
  createUserWithEmailAndPassword: vi.fn(),
  signInWithEmailAndPassword: vi.fn(),
  sendEmailVerification: vi.fn(),
  getIdToken: vi.fn(),
  validatePassword: vi.fn(),
  initializeRecaptchaConfig: vi.fn(),
}));
vi.mock('firebase/auth', async (importOriginal) => ({ ...(await importOriginal<object>()), ...firebase }));

afterEach(() => vi.clearAllMocks());

function setup() {
  const session = sample(Session);
  const call = vi.fn(async () => session);
  const client = {
    call,
    options: { onUnauthorized: () => {}, onUnverified: () => {} },
  } as unknown as CompanionClient;
  const userStore = createUserStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <CompanionProvider
      client={client}
      auth={fakeAuth() as unknown as Auth}
      userStore={userStore}
      queryClient={createQueryClient()}
      navigate={() => {}}
    >
      {children}
    </CompanionProvider>
  );
  return { session, call, userStore, wrapper };
}

describe('sign-in flows', () => {
  it('sign-up creates the account, sends the verification email and opens the session with the locale', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('fr-FR');
    const user = { uid: 'u1' };
    firebase.initializeRecaptchaConfig.mockRejectedValue(
      Object.assign(new Error('501'), { code: 'auth/internal-error' }),
    );
    firebase.validatePassword.mockRejectedValue(new Error('HTTP 501'));
    firebase.createUserWithEmailAndPassword.mockResolvedValue({ user });
    firebase.sendEmailVerification.mockResolvedValue(undefined);
    firebase.getIdToken.mockResolvedValue('firebase-id-token');
    const { session, call, userStore, wrapper } = setup();
    const { result } = renderHook(() => useSignUp(), { wrapper });

    await act(() => result.current.mutateAsync({ email: 'a@b.c', password: 'secret1', firstname: 'Ann' }));
    expect(firebase.sendEmailVerification).toHaveBeenCalledWith(user);
    expect(call).toHaveBeenCalledWith(endpoints.auth.signin, {
      identityToken: 'firebase-id-token',
      body: { locale: 'fr', fcmToken: null, firstname: 'Ann' },
    });
    expect(userStore.getState()).toMatchObject({ token: session.token, userId: session.user.id });
  });

  it('sign-in failures become friendly messages; a policy violation is reported', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    firebase.signInWithEmailAndPassword.mockRejectedValue(
      Object.assign(new Error('Firebase: Error'), { code: 'auth/invalid-credential' }),
    );
    const { wrapper, call } = setup();
    const { result } = renderHook(() => useSignIn(), { wrapper });
    act(() => result.current.mutate({ email: 'a@b.c', password: 'nope' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toMatchObject({
      name: 'AuthFlowError',
      code: 'invalid-credential',
      messageId: 'hooks.auth.error.invalid-credential',
      message: 'The email address or password is incorrect.',
    });
    expect(call).not.toHaveBeenCalled();

    firebase.validatePassword.mockResolvedValue({ isValid: false });
    const signUp = renderHook(() => useSignUp(), { wrapper });
    act(() => signUp.result.current.mutate({ email: 'a@b.c', password: 'x', firstname: 'A' }));
    await waitFor(() =>
      expect(signUp.result.current.error?.message).toBe('This password does not meet the requirements.'),
    );
    expect(firebase.createUserWithEmailAndPassword).not.toHaveBeenCalled();
  });

  it('Google sign-in is refused when no client id is configured', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => useGoogleSignIn(), { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.error).toMatchObject({ code: 'provider-not-configured' }));
  });

  it('messages follow the interface language', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('fr-FR');
    firebase.signInWithEmailAndPassword.mockRejectedValue(
      Object.assign(new Error('x'), { code: 'auth/too-many-requests' }),
    );
    const { wrapper } = setup();
    const { result } = renderHook(() => useSignIn(), { wrapper });
    act(() => result.current.mutate({ email: 'a@b.c', password: 'x' }));
    await waitFor(() =>
      expect(result.current.error?.message).toBe('Trop de tentatives. Patientez un instant puis réessayez.'),
    );
  });
});
