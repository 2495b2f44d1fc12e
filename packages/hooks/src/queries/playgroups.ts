import { type CallArgs, type CompanionClient, endpoints } from '@companion/sdk';
import type { Playgroup } from '@companion/sdk/contract';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useCompanionClient } from '../context.js';
import { invalidate, patchQueries, type Rollback, rollbackOnError, type WithClient } from './cache.js';
import { endpointInfiniteQuery, endpointMutation, endpointQuery } from './define.js';
import { queryKeys } from './keys.js';

const { playgroups } = endpoints;
type E = typeof playgroups;
type PlaygroupList = { playgroups: Array<{ id: string }> };

/** GET /playgroup/:id */
export const playgroupQueryOptions = (client: CompanionClient, args: CallArgs<E['get']>) =>
  endpointQuery(client, playgroups.get, args, queryKeys.playgroups.detail(args.params.id));
export const usePlaygroup = (args: CallArgs<E['get']>) =>
  useQuery(playgroupQueryOptions(useCompanionClient(), args));

/** GET /playgroup/:id/games with filters: one page of games, and the leaderboard of all of them. */
export const playgroupGamesQueryOptions = (client: CompanionClient, args: CallArgs<E['games']>) =>
  endpointQuery(client, playgroups.games, args, queryKeys.playgroups.games(args.params.id, args.query));
export const usePlaygroupGames = (args: CallArgs<E['games']>) =>
  useQuery(playgroupGamesQueryOptions(useCompanionClient(), args));

/** GET /playgroup/:id/games page after page ("Load more"); each page carries the whole leaderboard. */
export const infinitePlaygroupGamesQueryOptions = (client: CompanionClient, args: CallArgs<E['games']>) =>
  endpointInfiniteQuery(
    client,
    playgroups.games,
    args,
    queryKeys.playgroups.infiniteGames(args.params.id, args.query),
  );
export const useInfinitePlaygroupGames = (args: CallArgs<E['games']>) =>
  useInfiniteQuery(infinitePlaygroupGamesQueryOptions(useCompanionClient(), args));

/** The server answered with the playgroup: put it in its detail entry, refresh the user's list (summaries). */
const playgroupAnswered = {
  onSuccess: (data: { playgroup: Playgroup }, _v: unknown, _r: unknown, { client: qc }: WithClient) => {
    qc.setQueryData(queryKeys.playgroups.detail(data.playgroup.id), data);
    return qc.invalidateQueries({ queryKey: queryKeys.playgroups.list() });
  },
};

/** The caller is no longer in it: drop it from the list at once (rolled back on error). */
function playgroupGone(name: 'delete' | 'leave') {
  return {
    onMutate: async (vars: { params: { id: string } }, { client: qc }: WithClient): Promise<Rollback> => ({
      snapshots: [
        await patchQueries<PlaygroupList>(qc, queryKeys.playgroups.list(), (old) => ({
          ...old,
          playgroups: old.playgroups.filter((p) => p.id !== vars.params.id),
        })),
      ],
    }),
    onError: rollbackOnError,
    onSuccess: (_d: unknown, vars: { params: { id: string } }, _r: unknown, { client: qc }: WithClient) =>
      qc.removeQueries({ queryKey: queryKeys.playgroups.detail(vars.params.id) }),
    onSettled: (_d: unknown, _e: unknown, _v: unknown, _r: unknown, { client: qc }: WithClient) =>
      invalidate(qc, queryKeys.playgroups.list(), ...(name === 'delete' ? [queryKeys.games.all] : [])),
  };
}

/** POST /playgroup */
export const createPlaygroupMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, playgroups.create, ['playgroups', 'create'], playgroupAnswered);
export const useCreatePlaygroup = () => useMutation(createPlaygroupMutationOptions(useCompanionClient()));

/** PUT /playgroup/:id */
export const updatePlaygroupMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, playgroups.update, ['playgroups', 'update'], playgroupAnswered);
export const useUpdatePlaygroup = () => useMutation(updatePlaygroupMutationOptions(useCompanionClient()));

/** DELETE /playgroup/:id (optimistic removal from the list). */
export const deletePlaygroupMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, playgroups.delete, ['playgroups', 'delete'], playgroupGone('delete'));
export const useDeletePlaygroup = () => useMutation(deletePlaygroupMutationOptions(useCompanionClient()));

/** POST /playgroup/:id/picture (multipart) */
export const uploadPlaygroupPictureMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, playgroups.uploadPicture, ['playgroups', 'uploadPicture'], playgroupAnswered);
export const useUploadPlaygroupPicture = () =>
  useMutation(uploadPlaygroupPictureMutationOptions(useCompanionClient()));

/** PUT /playgroup/:id/leave: leave, or decline an invitation (optimistic removal from the list). */
export const leavePlaygroupMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, playgroups.leave, ['playgroups', 'leave'], playgroupGone('leave'));
export const useLeavePlaygroup = () => useMutation(leavePlaygroupMutationOptions(useCompanionClient()));

/** PUT /playgroup/:id/accept: accept an invitation. */
export const acceptPlaygroupMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, playgroups.accept, ['playgroups', 'accept'], playgroupAnswered);
export const useAcceptPlaygroup = () => useMutation(acceptPlaygroupMutationOptions(useCompanionClient()));

/** POST /playgroup/:id/invite {id} */
export const invitePlaygroupMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, playgroups.invite, ['playgroups', 'invite'], playgroupAnswered);
export const useInviteToPlaygroup = () => useMutation(invitePlaygroupMutationOptions(useCompanionClient()));

/** DELETE /playgroup/:id/user/:userId */
export const removePlaygroupMemberMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, playgroups.removeMember, ['playgroups', 'removeMember'], playgroupAnswered);
export const useRemovePlaygroupMember = () =>
  useMutation(removePlaygroupMemberMutationOptions(useCompanionClient()));

/** PUT /playgroup/:id/admin/:userId */
export const promotePlaygroupMemberMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, playgroups.promote, ['playgroups', 'promote'], playgroupAnswered);
export const usePromotePlaygroupMember = () =>
  useMutation(promotePlaygroupMemberMutationOptions(useCompanionClient()));

/** DELETE /playgroup/:id/admin/:userId */
export const demotePlaygroupAdminMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, playgroups.demote, ['playgroups', 'demote'], playgroupAnswered);
export const useDemotePlaygroupAdmin = () =>
  useMutation(demotePlaygroupAdminMutationOptions(useCompanionClient()));

/** PUT /playgroup/:id/owner/:userId */
export const transferPlaygroupOwnershipMutationOptions = (client: CompanionClient) =>
  endpointMutation(
    client,
    playgroups.transferOwnership,
    ['playgroups', 'transferOwnership'],
    playgroupAnswered,
  );
export const useTransferPlaygroupOwnership = () =>
  useMutation(transferPlaygroupOwnershipMutationOptions(useCompanionClient()));
