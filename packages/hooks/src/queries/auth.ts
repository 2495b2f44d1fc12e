import { type CompanionClient, endpoints } from '@companion/sdk';
import { useMutation } from '@tanstack/react-query';
import { useCompanion } from '../context.js';
import { storeSession } from '../session/session.js';
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
 * POST /auth/logout: revokes the session token on the server. The spec's logout (`useLogout`) does
 * not call it and keeps the token; use this where revoking is wanted (e.g. "sign out everywhere").
 */
export const revokeSessionMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, auth.logout, ['auth', 'logout']);
export const useRevokeSession = () => useMutation(revokeSessionMutationOptions(useCompanion().client));
