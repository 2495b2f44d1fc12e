import { z } from 'zod';
import { Ok, UserSummary } from './common.js';
import { endpoint } from './endpoint.js';
import { Friend } from './user.js';

const tag = 'friends';

/** Personal codes are short and avoid look-alike characters (no 0/O, 1/I/L). */
export const FriendCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[2-9A-HJKMNP-Z]{4,12}$/, 'A friend code has 4 to 12 letters and digits')
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
      relationship: z.enum(['self', 'friend', 'incoming', 'outgoing', 'none']),
    }),
  }),
  request: endpoint(tag, {
    method: 'POST',
    path: '/users/:code',
    summary: 'Send a friend request (accepts at once when they already asked you)',
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
