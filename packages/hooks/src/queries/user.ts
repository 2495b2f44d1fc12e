import { type CallArgs, type CompanionClient, type CompanionError, endpoints } from '@companion/sdk';
import type { CurrentUser } from '@companion/sdk/contract';
import { type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useCompanionClient } from '../context.js';
import { editQueryData } from './cache.js';
import { endpointMutation, endpointQuery, retryPolicy, USER_DATA_STALE_TIME, type Vars } from './define.js';
import { queryKeys } from './keys.js';
import { sortDecks, sortFriends, sortPlaygroups } from './sort.js';

const { user } = endpoints;
type E = typeof user;

/** GET /user: the signed-in user and state.settings. */
export const meQueryOptions = (client: CompanionClient) =>
  endpointQuery(client, user.me, undefined, queryKeys.me.user(), USER_DATA_STALE_TIME);
export const useMe = () => useQuery(meQueryOptions(useCompanionClient()));

/** GET /user/:id */
export const userQueryOptions = (client: CompanionClient, args: CallArgs<E['byId']>) =>
  endpointQuery(client, user.byId, args, queryKeys.users.detail(args.params.id));
export const useUser = (args: CallArgs<E['byId']>) => useQuery(userQueryOptions(useCompanionClient(), args));

/** GET /user/:id/profile */
export const profileQueryOptions = (client: CompanionClient, args: CallArgs<E['profile']>) =>
  endpointQuery(client, user.profile, args, queryKeys.users.profile(args.params.id));
export const useProfile = (args: CallArgs<E['profile']>) =>
  useQuery(profileQueryOptions(useCompanionClient(), args));

/** GET /user/stats with game filters. */
export const statsQueryOptions = (client: CompanionClient, args?: Vars<E['stats']>) =>
  endpointQuery(client, user.stats, args, queryKeys.me.stats(args?.query));
export const useStats = (args?: Vars<E['stats']>) => useQuery(statsQueryOptions(useCompanionClient(), args));

/** GET /user/:id/stats with game filters. */
export const userStatsQueryOptions = (client: CompanionClient, args: CallArgs<E['statsById']>) =>
  endpointQuery(client, user.statsById, args, queryKeys.users.stats(args.params.id, args.query));
export const useUserStats = (args: CallArgs<E['statsById']>) =>
  useQuery(userStatsQueryOptions(useCompanionClient(), args));

/** GET /user/:id/decks */
export const userDecksQueryOptions = (client: CompanionClient, args: CallArgs<E['decksById']>) =>
  endpointQuery(client, user.decksById, args, queryKeys.users.decks(args.params.id));
export const useUserDecks = (args: CallArgs<E['decksById']>) =>
  useQuery(userDecksQueryOptions(useCompanionClient(), args));

/** GET /user/decks/archived */
export const archivedDecksQueryOptions = (client: CompanionClient) =>
  endpointQuery(client, user.archivedDecks, undefined, queryKeys.decks.archived());
export const useArchivedDecks = () => useQuery(archivedDecksQueryOptions(useCompanionClient()));

/** GET /user/qr: QR code (SVG) of the add-friend link. */
export const friendQrQueryOptions = (client: CompanionClient) =>
  endpointQuery(client, user.qr, undefined, queryKeys.me.qr(), Number.POSITIVE_INFINITY);
export const useFriendQr = () => useQuery(friendQrQueryOptions(useCompanionClient()));

/** GET /user/code: personal friend code. */
export const friendCodeQueryOptions = (client: CompanionClient) =>
  endpointQuery(client, user.code, undefined, queryKeys.me.code(), Number.POSITIVE_INFINITY);
export const useFriendCode = () => useQuery(friendCodeQueryOptions(useCompanionClient()));

// ---- the user's own lists: sorted newest first as they arrive (spec §4) ----

/** GET /user/playgroups, newest activity first. */
export const myPlaygroupsQueryOptions = (client: CompanionClient) =>
  queryOptions({
    queryKey: queryKeys.playgroups.list(),
    queryFn: async ({ signal }) => {
      const data = await client.call(user.playgroups, undefined, { signal });
      return { playgroups: sortPlaygroups(data.playgroups) };
    },
    staleTime: USER_DATA_STALE_TIME,
    retry: retryPolicy,
  });
export const useMyPlaygroups = () => useQuery(myPlaygroupsQueryOptions(useCompanionClient()));

/** GET /user/decks, last played first. */
export const myDecksQueryOptions = (client: CompanionClient) =>
  queryOptions({
    queryKey: queryKeys.decks.list(),
    queryFn: async ({ signal }) => {
      const data = await client.call(user.decks, undefined, { signal });
      return { decks: sortDecks(data.decks) };
    },
    staleTime: USER_DATA_STALE_TIME,
    retry: retryPolicy,
  });
export const useMyDecks = () => useQuery(myDecksQueryOptions(useCompanionClient()));

/** GET /user/friends, last seen first. */
export const myFriendsQueryOptions = (client: CompanionClient) =>
  queryOptions({
    queryKey: queryKeys.friends.list(),
    queryFn: async ({ signal }) => {
      const data = await client.call(user.friends, undefined, { signal });
      return { friends: sortFriends(data.friends) };
    },
    staleTime: USER_DATA_STALE_TIME,
    retry: retryPolicy,
  });
export const useMyFriends = () => useQuery(myFriendsQueryOptions(useCompanionClient()));

// ---- mutations ----

/** Puts a changed user into `['me','user']` and refreshes other views of them. */
function storeUser(qc: QueryClient, next: CurrentUser['user']): Promise<void> {
  editQueryData<CurrentUser>(qc, queryKeys.me.user(), (old) => ({ ...old, user: next }));
  return qc.invalidateQueries({ queryKey: queryKeys.users.detail(next.id) });
}

/** POST /user/settings: optimistic (the form reflects the change at once), rolled back on error. */
export const updateSettingsMutationOptions = (client: CompanionClient) =>
  endpointMutation<E['updateSettings'], { previous: CurrentUser | undefined }>(
    client,
    user.updateSettings,
    ['user', 'updateSettings'],
    {
      onMutate: async (vars, { client: qc }) => {
        await qc.cancelQueries({ queryKey: queryKeys.me.user() });
        const previous = qc.getQueryData<CurrentUser>(queryKeys.me.user());
        editQueryData<CurrentUser>(qc, queryKeys.me.user(), (old) => ({
          ...old,
          state: {
            settings: {
              ...old.state.settings,
              ...(vars as CallArgs<E['updateSettings']> | undefined)?.body,
            },
          },
        }));
        return { previous };
      },
      onError: (_error: CompanionError, _vars, result, { client: qc }) => {
        const previous = result?.previous;
        if (previous) editQueryData<CurrentUser>(qc, queryKeys.me.user(), () => previous);
      },
      onSuccess: (data, _vars, _result, { client: qc }) => {
        editQueryData<CurrentUser>(qc, queryKeys.me.user(), (old) => ({
          ...old,
          state: { settings: data.settings },
        }));
      },
    },
  );
export const useUpdateSettings = () => useMutation(updateSettingsMutationOptions(useCompanionClient()));

/** PUT /user/username */
export const setUsernameMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, user.setUsername, ['user', 'setUsername'], {
    onSuccess: (data, _v, _r, { client: qc }) => storeUser(qc, data.user),
  });
export const useSetUsername = () => useMutation(setUsernameMutationOptions(useCompanionClient()));

/** PUT /user/firstname */
export const setFirstnameMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, user.setFirstname, ['user', 'setFirstname'], {
    onSuccess: (data, _v, _r, { client: qc }) => storeUser(qc, data.user),
  });
export const useSetFirstname = () => useMutation(setFirstnameMutationOptions(useCompanionClient()));

/** POST /user/picture (multipart) */
export const uploadPictureMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, user.uploadPicture, ['user', 'uploadPicture'], {
    onSuccess: (data, _v, _r, { client: qc }) => storeUser(qc, data.user),
  });
export const useUploadPicture = () => useMutation(uploadPictureMutationOptions(useCompanionClient()));

/** How often the friend requests and playgroup invitations behind the bell are asked again. */
export const PENDING_REFRESH_MS = 60_000;

/**
 * Keeps what the session's `pending` and `invites` count (incoming friend requests, playgroup
 * invitations) fresh while a signed-in page is open: asked again every minute while the page is
 * visible and when the window regains focus, so the bell shows an invitation sent after sign-in.
 */
export function useKeepPendingFresh(enabled = true, intervalMs = PENDING_REFRESH_MS) {
  const client = useCompanionClient();
  const fresh = {
    enabled,
    refetchInterval: intervalMs,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  } as const;
  useQuery({ ...myPlaygroupsQueryOptions(client), ...fresh });
  useQuery({ ...myFriendsQueryOptions(client), ...fresh });
}
