import { z } from 'zod';
import { Ok, UserSummary } from './common.js';
import { endpoint } from './endpoint.js';
import { LIMITS } from './limits.js';
import { Friend, Relationship } from './user.js';

const tag = 'friends';

/** Personal codes are short and avoid look-alike characters (no 0/O, 1/I/L). */
const FRIEND_CODE_SHAPE = `A friend code has ${LIMITS.friendCode.min} to ${LIMITS.friendCode.max} letters and digits`;
export const FriendCode = z
  .string()
  .trim()
  .toUpperCase()
  .min(LIMITS.friendCode.min, FRIEND_CODE_SHAPE)
  .max(LIMITS.friendCode.max, FRIEND_CODE_SHAPE)
  .regex(/^[2-9A-HJKMNP-Z]+$/, FRIEND_CODE_SHAPE)
  .meta({ id: 'FriendCode' });

const CodeParams = z.object({ code: FriendCode });

export const friends = {
  lookup: endpoint(tag, {
    method: 'GET',
    path: '/users/:code',
    summary: 'Look up a user by personal code',
    params: CodeParams,
    response: z.object({
      user: UserSummary,
      relationship: Relationship,
    }),
  }),
  request: endpoint(tag, {
    method: 'POST',
    path: '/users/:code',
    summary: 'Send a friend request (accepts at once when they already asked you)',
    description:
      'One friendship or request exists per pair of users, whichever way it was asked. Two requests ' +
      'crossing each other end as if sent one after the other: the later one accepts the earlier, and ' +
      'the two users are friends. 409 when they are already friends or the request was already sent.',
    params: CodeParams,
    status: 201,
    response: z.object({ friend: Friend }),
  }),
  accept: endpoint(tag, {
    method: 'PUT',
    path: '/users/:code',
    summary: 'Accept a friend request',
    params: CodeParams,
    response: z.object({ friend: Friend }),
  }),
  remove: endpoint(tag, {
    method: 'DELETE',
    path: '/users/:code',
    summary: 'Remove a friend, decline a request or cancel one you sent',
    params: CodeParams,
    response: Ok,
  }),
} as const;
