import { type CallArgs, type CompanionClient, endpoints } from '@companion/sdk';
import { type QueryClient, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useCompanionClient } from '../context.js';
import { annotationMutationOptions } from './annotations.js';
import { invalidate, type WithClient } from './cache.js';
import { endpointInfiniteQuery, endpointMutation, endpointQuery, type Vars } from './define.js';
import { queryKeys } from './keys.js';

const { games } = endpoints;
type E = typeof games;

/** GET /games with filters (timestamp, formatid, subformatid, tagid): one page (`limit`, `cursor`). */
export const gamesQueryOptions = (client: CompanionClient, args?: Vars<E['list']>) =>
  endpointQuery(client, games.list, args, queryKeys.games.list(args?.query));
export const useGames = (args?: Vars<E['list']>) => useQuery(gamesQueryOptions(useCompanionClient(), args));

/** GET /games with filters, page after page (`fetchNextPage` for "Load more"); `cursor` is the hook's. */
export const infiniteGamesQueryOptions = (client: CompanionClient, args?: Vars<E['list']>) =>
  endpointInfiniteQuery(client, games.list, args, queryKeys.games.infinite(args?.query));
export const useInfiniteGames = (args?: Vars<E['list']>) =>
  useInfiniteQuery(infiniteGamesQueryOptions(useCompanionClient(), args));

/** GET /game/:id */
export const gameQueryOptions = (client: CompanionClient, args: CallArgs<E['get']>) =>
  endpointQuery(client, games.get, args, queryKeys.games.detail(args.params.id));
export const useGame = (args: CallArgs<E['get']>) => useQuery(gameQueryOptions(useCompanionClient(), args));

/** A game changes results everywhere: game lists, playgroups (games, leaderboard, activity), decks, stats. */
export const gamesChanged = (qc: QueryClient) =>
  invalidate(
    qc,
    queryKeys.games.list().slice(0, 2),
    queryKeys.sets.all,
    queryKeys.playgroups.all,
    queryKeys.decks.all,
    queryKeys.me.stats().slice(0, 2),
    queryKeys.users.all,
  );

/** POST /game: record a game. */
export const createGameMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, games.create, ['games', 'create'], {
    onSuccess: (data, _v, _r, { client: qc }) => {
      qc.setQueryData(queryKeys.games.detail(data.game.id), data);
      return gamesChanged(qc);
    },
  });
export const useCreateGame = () => useMutation(createGameMutationOptions(useCompanionClient()));

/** PUT /game/:id */
export const updateGameMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, games.update, ['games', 'update'], {
    onSuccess: (data, _v, _r, { client: qc }) => {
      qc.setQueryData(queryKeys.games.detail(data.game.id), data);
      return gamesChanged(qc);
    },
  });
export const useUpdateGame = () => useMutation(updateGameMutationOptions(useCompanionClient()));

/** DELETE /game/:id */
export const deleteGameMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, games.delete, ['games', 'delete'], {
    onSuccess: (_d, vars, _r, { client: qc }: WithClient) => {
      qc.removeQueries({ queryKey: queryKeys.games.detail(vars.params.id) });
      return gamesChanged(qc);
    },
  });
export const useDeleteGame = () => useMutation(deleteGameMutationOptions(useCompanionClient()));

/** POST /game/:id/tag {tags} (optimistic). */
export const addGameTagsMutationOptions = (client: CompanionClient) =>
  annotationMutationOptions(client, 'game').addTags;
export const useAddGameTags = () => useMutation(addGameTagsMutationOptions(useCompanionClient()));

/** DELETE /game/:id/tag/:tagId (optimistic). */
export const removeGameTagMutationOptions = (client: CompanionClient) =>
  annotationMutationOptions(client, 'game').removeTag;
export const useRemoveGameTag = () => useMutation(removeGameTagMutationOptions(useCompanionClient()));

/** POST /game/:id/note {content} */
export const createGameNoteMutationOptions = (client: CompanionClient) =>
  annotationMutationOptions(client, 'game').createNote;
export const useCreateGameNote = () => useMutation(createGameNoteMutationOptions(useCompanionClient()));

/** PUT /game/:id/note {content} */
export const updateGameNoteMutationOptions = (client: CompanionClient) =>
  annotationMutationOptions(client, 'game').updateNote;
export const useUpdateGameNote = () => useMutation(updateGameNoteMutationOptions(useCompanionClient()));

/** DELETE /game/:id/note */
export const deleteGameNoteMutationOptions = (client: CompanionClient) =>
  annotationMutationOptions(client, 'game').deleteNote;
export const useDeleteGameNote = () => useMutation(deleteGameNoteMutationOptions(useCompanionClient()));
