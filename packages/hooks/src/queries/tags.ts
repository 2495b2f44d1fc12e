import { type CallArgs, type CompanionClient, endpoints } from '@companion/sdk';
import type { Tag } from '@companion/sdk/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCompanionClient } from '../context.js';
import { invalidate, patchQueries, type Rollback, rollbackOnError, type WithClient } from './cache.js';
import { endpointMutation, endpointQuery } from './define.js';
import { queryKeys } from './keys.js';

const { tags } = endpoints;
type E = typeof tags;

/** GET /tags: the caller's tags with their use counts. */
export const tagsQueryOptions = (client: CompanionClient) =>
  endpointQuery(client, tags.list, undefined, queryKeys.tags.list());
export const useTags = () => useQuery(tagsQueryOptions(useCompanionClient()));

/** GET /notes/search with q, playgroupid, deckid. */
export const noteSearchQueryOptions = (client: CompanionClient, args: CallArgs<E['searchNotes']>) =>
  endpointQuery(client, tags.searchNotes, args, queryKeys.notes.search(args.query));
export const useNoteSearch = (args: CallArgs<E['searchNotes']>) =>
  useQuery(noteSearchQueryOptions(useCompanionClient(), args));

/** Games and sets carry the tag: refetch them after it changes. */
const taggedChanged = {
  onSettled: (...args: [unknown, unknown, unknown, unknown, WithClient]) =>
    invalidate(
      args[4].client,
      queryKeys.tags.all,
      queryKeys.games.all,
      queryKeys.sets.all,
      queryKeys.playgroups.all,
    ),
};

/** PUT /tag/:id: rename or recolour (optimistic in the tag list). */
export const renameTagMutationOptions = (client: CompanionClient) =>
  endpointMutation<E['rename'], Rollback>(client, tags.rename, ['tags', 'rename'], {
    onMutate: async (vars, { client: qc }) => {
      const body = vars.body ?? {};
      return {
        snapshots: [
          await patchQueries<{ tags: Tag[] }>(qc, queryKeys.tags.list(), (old) => ({
            ...old,
            tags: old.tags.map((t) =>
              t.id === vars.params.id
                ? {
                    ...t,
                    ...(body.name === undefined ? {} : { name: body.name }),
                    ...(body.color === undefined ? {} : { color: body.color }),
                  }
                : t,
            ),
          })),
        ],
      };
    },
    onError: rollbackOnError,
    ...taggedChanged,
  });
export const useRenameTag = () => useMutation(renameTagMutationOptions(useCompanionClient()));

/** DELETE /tag/:id: removes it everywhere (optimistic in the tag list). */
export const deleteTagMutationOptions = (client: CompanionClient) =>
  endpointMutation<E['delete'], Rollback>(client, tags.delete, ['tags', 'delete'], {
    onMutate: async (vars, { client: qc }) => ({
      snapshots: [
        await patchQueries<{ tags: Tag[] }>(qc, queryKeys.tags.list(), (old) => ({
          ...old,
          tags: old.tags.filter((t) => t.id !== vars.params.id),
        })),
      ],
    }),
    onError: rollbackOnError,
    ...taggedChanged,
  });
export const useDeleteTag = () => useMutation(deleteTagMutationOptions(useCompanionClient()));
