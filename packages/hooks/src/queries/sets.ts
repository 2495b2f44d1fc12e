import { type CallArgs, type CompanionClient, endpoints } from '@companion/sdk';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCompanionClient } from '../context.js';
import { annotationMutationOptions } from './annotations.js';
import { invalidate } from './cache.js';
import { endpointMutation, endpointQuery } from './define.js';
import { queryKeys } from './keys.js';

const { sets } = endpoints;
type E = typeof sets;

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
      return invalidate(qc, queryKeys.games.all);
    },
  });
export const useCreateGameSet = () => useMutation(createGameSetMutationOptions(useCompanionClient()));

/** PUT /set/:id */
export const updateGameSetMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, sets.update, ['sets', 'update'], {
    onSuccess: (data, _v, _r, { client: qc }) => {
      qc.setQueryData(queryKeys.sets.detail(data.set.id), data);
      return invalidate(qc, queryKeys.games.all);
    },
  });
export const useUpdateGameSet = () => useMutation(updateGameSetMutationOptions(useCompanionClient()));

/** DELETE /set/:id (its games stay). */
export const deleteGameSetMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, sets.delete, ['sets', 'delete'], {
    onSuccess: (_d, vars, _r, { client: qc }) => {
      qc.removeQueries({ queryKey: queryKeys.sets.detail(vars.params.id) });
      return invalidate(qc, queryKeys.games.all);
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
