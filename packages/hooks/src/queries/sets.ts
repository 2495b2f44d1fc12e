import { type CallArgs, type CompanionClient, endpoints } from '@companion/sdk';
import { type QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { useCompanionClient } from '../context.js';
import { annotationMutationOptions } from './annotations.js';
import { invalidate } from './cache.js';
import { endpointMutation, endpointQuery, type Vars } from './define.js';
import { queryKeys } from './keys.js';

const { sets } = endpoints;
type E = typeof sets;

/** GET /sets: a page of the sets the caller can see, newest first (`playgroupId` keeps one group's). */
export const gameSetsQueryOptions = (client: CompanionClient, args?: Vars<E['list']>) =>
  endpointQuery(client, sets.list, args, queryKeys.sets.list(args?.query));
export const useGameSets = (args?: Vars<E['list']>) =>
  useQuery(gameSetsQueryOptions(useCompanionClient(), args));

/**
 * A set changed (created, renamed, moved, deleted, games attached): set lists, game lists (a game's
 * set), playgroups (their activity).
 */
const setsChanged = (qc: QueryClient) =>
  invalidate(qc, queryKeys.sets.list().slice(0, 2), queryKeys.games.all, queryKeys.playgroups.all);

/** GET /set/:id: a set of games with aggregated results. */
export const gameSetQueryOptions = (client: CompanionClient, args: CallArgs<E['get']>) =>
  endpointQuery(client, sets.get, args, queryKeys.sets.detail(args.params.id));
export const useGameSet = (args: CallArgs<E['get']>) =>
  useQuery(gameSetQueryOptions(useCompanionClient(), args));

/** POST /set */
export const createGameSetMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, sets.create, ['sets', 'create'], {
    onSuccess: (data, _v, _r, { client: qc }) => {
      qc.setQueryData(queryKeys.sets.detail(data.set.id), data);
      return setsChanged(qc);
    },
  });
export const useCreateGameSet = () => useMutation(createGameSetMutationOptions(useCompanionClient()));

/** PUT /set/:id */
export const updateGameSetMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, sets.update, ['sets', 'update'], {
    onSuccess: (data, _v, _r, { client: qc }) => {
      qc.setQueryData(queryKeys.sets.detail(data.set.id), data);
      return setsChanged(qc);
    },
  });
export const useUpdateGameSet = () => useMutation(updateGameSetMutationOptions(useCompanionClient()));

/** DELETE /set/:id (its games stay). */
export const deleteGameSetMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, sets.delete, ['sets', 'delete'], {
    onSuccess: (_d, vars, _r, { client: qc }) => {
      qc.removeQueries({ queryKey: queryKeys.sets.detail(vars.params.id) });
      return setsChanged(qc);
    },
  });
export const useDeleteGameSet = () => useMutation(deleteGameSetMutationOptions(useCompanionClient()));

/** POST /set/:id/tag {tags} (optimistic). */
export const addGameSetTagsMutationOptions = (client: CompanionClient) =>
  annotationMutationOptions(client, 'set').addTags;
export const useAddGameSetTags = () => useMutation(addGameSetTagsMutationOptions(useCompanionClient()));

/** DELETE /set/:id/tag/:tagId (optimistic). */
export const removeGameSetTagMutationOptions = (client: CompanionClient) =>
  annotationMutationOptions(client, 'set').removeTag;
export const useRemoveGameSetTag = () => useMutation(removeGameSetTagMutationOptions(useCompanionClient()));

/** POST /set/:id/note {content} */
export const createGameSetNoteMutationOptions = (client: CompanionClient) =>
  annotationMutationOptions(client, 'set').createNote;
export const useCreateGameSetNote = () => useMutation(createGameSetNoteMutationOptions(useCompanionClient()));

/** PUT /set/:id/note {content} */
export const updateGameSetNoteMutationOptions = (client: CompanionClient) =>
  annotationMutationOptions(client, 'set').updateNote;
export const useUpdateGameSetNote = () => useMutation(updateGameSetNoteMutationOptions(useCompanionClient()));

/** DELETE /set/:id/note */
export const deleteGameSetNoteMutationOptions = (client: CompanionClient) =>
  annotationMutationOptions(client, 'set').deleteNote;
export const useDeleteGameSetNote = () => useMutation(deleteGameSetNoteMutationOptions(useCompanionClient()));
