import { type CallArgs, type CompanionClient, endpoints } from '@companion/sdk';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCompanionClient } from '../context.js';
import { invalidate, type WithClient } from './cache.js';
import { endpointMutation, endpointQuery } from './define.js';
import { queryKeys } from './keys.js';

const { friends } = endpoints;
type E = typeof friends;

/** GET /users/:code: who owns a friend code, and how they relate to you. */
export const friendLookupQueryOptions = (client: CompanionClient, args: CallArgs<E['lookup']>) =>
  endpointQuery(client, friends.lookup, args, queryKeys.friends.lookup(args.params.code.toUpperCase()));
export const useFriendLookup = (args: CallArgs<E['lookup']>) =>
  useQuery(friendLookupQueryOptions(useCompanionClient(), args));

/** A friendship changed: the friend list, code look-ups and profiles (relationship) move with it. */
const friendshipChanged = {
  onSettled: (_d: unknown, _e: unknown, _v: unknown, _r: unknown, { client: qc }: WithClient) =>
    invalidate(qc, queryKeys.friends.all, queryKeys.users.all),
};

/** POST /users/:code: send a friend request. */
export const requestFriendMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, friends.request, ['friends', 'request'], friendshipChanged);
export const useRequestFriend = () => useMutation(requestFriendMutationOptions(useCompanionClient()));

/** PUT /users/:code: accept a request. */
export const acceptFriendMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, friends.accept, ['friends', 'accept'], friendshipChanged);
export const useAcceptFriend = () => useMutation(acceptFriendMutationOptions(useCompanionClient()));

/** DELETE /users/:code: remove a friend, decline or cancel a request. */
export const removeFriendMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, friends.remove, ['friends', 'remove'], friendshipChanged);
export const useRemoveFriend = () => useMutation(removeFriendMutationOptions(useCompanionClient()));
