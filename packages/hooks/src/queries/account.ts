import { type CompanionClient, endpoints } from '@companion/sdk';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCompanion, useCompanionClient } from '../context.js';
import { endSession, signOutOfFirebase } from '../session/session.js';
import { endpointMutation, endpointQuery } from './define.js';
import { queryKeys } from './keys.js';

const { account } = endpoints;

/**
 * GET /user/export: everything the account holds. Fetched on demand, never kept:
 * `const data = await queryClient.fetchQuery(accountExportQueryOptions(client))`.
 */
export const accountExportQueryOptions = (client: CompanionClient) =>
  endpointQuery(client, account.export, undefined, queryKeys.me.export(), 0, 0);
export const useAccountExport = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...accountExportQueryOptions(useCompanionClient()), enabled: options.enabled ?? false });

/**
 * DELETE /user: deletes the account for good (the body repeats the email, or the friend code).
 * `onDeleted` runs after it succeeds; the hook ends this device's session there, as the account and
 * its sessions are gone.
 */
export const deleteAccountMutationOptions = (
  client: CompanionClient,
  onDeleted?: () => void | Promise<void>,
) =>
  endpointMutation(client, account.delete, ['account', 'delete'], {
    onSuccess: async () => {
      await onDeleted?.();
    },
  });
/** Deletes the account, then logs this device out (store, cache, Firebase). */
export function useDeleteAccount() {
  const { client, userStore, queryClient, getAuth } = useCompanion();
  return useMutation(
    deleteAccountMutationOptions(client, async () => {
      endSession(queryClient, userStore);
      await signOutOfFirebase(getAuth);
    }),
  );
}
