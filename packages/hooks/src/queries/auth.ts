import { type CompanionClient, endpoints } from '@companion/sdk';
import { useMutation } from '@tanstack/react-query';
import { useCompanion } from '../context.js';
import { endSession, signOutOfFirebase, storeSession } from '../session/session.js';
import type { UserStore } from '../store/user-store.js';
import { endpointMutation } from './define.js';

const { auth } = endpoints;

/**
 * POST /auth/login (Bearer = Firebase ID token); stores the session when a store is given (token and
 * user id in the store, the user in the mutation's QueryClient).
 */
export const loginMutationOptions = (client: CompanionClient, store?: UserStore) =>
  endpointMutation(client, auth.login, ['auth', 'login'], {
    onSuccess: (session, _v, _r, { client: qc }) => {
      if (store) storeSession(qc, store, session);
    },
  });
export function useLoginMutation() {
  const { client, userStore } = useCompanion();
  return useMutation(loginMutationOptions(client, userStore));
}

/** POST /auth/signin (creates the user on first sign-in); stores the session when a store is given. */
export const signinMutationOptions = (client: CompanionClient, store?: UserStore) =>
  endpointMutation(client, auth.signin, ['auth', 'signin'], {
    onSuccess: (session, _v, _r, { client: qc }) => {
      if (store) storeSession(qc, store, session);
    },
  });
export function useSigninMutation() {
  const { client, userStore } = useCompanion();
  return useMutation(signinMutationOptions(client, userStore));
}

/** POST /auth/exchange: redeem a mobile sign-in code for a session. */
export const exchangeMutationOptions = (client: CompanionClient, store?: UserStore) =>
  endpointMutation(client, auth.exchange, ['auth', 'exchange'], {
    onSuccess: (session, _v, _r, { client: qc }) => {
      if (store) storeSession(qc, store, session);
    },
  });
export function useExchangeMutation() {
  const { client, userStore } = useCompanion();
  return useMutation(exchangeMutationOptions(client, userStore));
}

/** POST /auth/exchange/code: a one-time code for the mobile sign-in pages. */
export const createExchangeCodeMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, auth.createExchangeCode, ['auth', 'createExchangeCode']);
export const useCreateExchangeCode = () =>
  useMutation(createExchangeCodeMutationOptions(useCompanion().client));

/** POST /auth/streamingtoken: a new overlay token (revokes the previous one). */
export const streamingTokenMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, auth.streamingToken, ['auth', 'streamingToken']);
export const useStreamingToken = () => useMutation(streamingTokenMutationOptions(useCompanion().client));

/**
 * POST /auth/logout: revokes the session token on the server, nothing else. `useLogout` (the spec's
 * logout) calls it itself; this is for revoking without the local logout.
 */
export const revokeSessionMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, auth.logout, ['auth', 'logout']);
export const useRevokeSession = () => useMutation(revokeSessionMutationOptions(useCompanion().client));

/**
 * POST /auth/logout/all, "sign out of all devices": the server revokes every session of the user
 * (this device's included), their live sockets and their Firebase refresh tokens. `onSignedOut`
 * runs after it succeeds: the hook ends this device's session there (spec §4 logout), as Google and
 * Moxfield do, since its token no longer works.
 */
export const logoutAllMutationOptions = (client: CompanionClient, onSignedOut?: () => void | Promise<void>) =>
  endpointMutation(client, auth.logoutAll, ['auth', 'logoutAll'], {
    onSuccess: async () => {
      await onSignedOut?.();
    },
  });
/** "Sign out of all devices", then the logout of this device (store, cache, Firebase). */
export function useSignOutEverywhere() {
  const { client, userStore, queryClient, getAuth } = useCompanion();
  return useMutation(
    logoutAllMutationOptions(client, async () => {
      endSession(queryClient, userStore);
      await signOutOfFirebase(getAuth);
    }),
  );
}
