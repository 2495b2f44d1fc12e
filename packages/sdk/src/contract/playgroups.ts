import { z } from 'zod';
import { CursorPage, CursorPaging, DateTime, GameFilters, Id, IdParams, Ok, UserSummary } from './common.js';
import { endpoint } from './endpoint.js';
import { Game } from './games.js';
import { LIMITS } from './limits.js';
import { MembershipStatus, PlaygroupRole } from './user.js';

const tag = 'playgroups';

export const PlaygroupMember = z
  .object({
    user: UserSummary,
    role: PlaygroupRole,
    status: MembershipStatus,
    invitedBy: Id.nullable(),
    joinedAt: DateTime.nullable(),
  })
  .meta({ id: 'PlaygroupMember' });

export const Playgroup = z
  .object({
    id: Id,
    name: z.string(),
    description: z.string().nullable(),
    picture: z.string().nullable().meta({
      description:
        'URL of the picture, for members and invited users only: signed, valid 1 to 2 hours (the same URL for an hour); load it again with the group',
    }),
    ownerId: Id,
    members: z.array(PlaygroupMember),
    /** The caller's own role and status. */
    role: PlaygroupRole,
    status: MembershipStatus,
    lastActivity: DateTime,
    createdAt: DateTime,
  })
  .meta({ id: 'Playgroup' });
export type Playgroup = z.infer<typeof Playgroup>;

export const LeaderboardRow = z
  .object({
    user: UserSummary.nullable(),
    guestName: z.string().nullable(),
    games: z.number().int(),
    wins: z.number().int(),
    winRate: z.number().min(0).max(1),
    favouriteDeck: z.object({ id: Id, name: z.string() }).nullable(),
  })
  .meta({ id: 'LeaderboardRow' });

const PlaygroupInput = z.object({
  name: z.string().trim().min(LIMITS.playgroupName.min).max(LIMITS.playgroupName.max),
  description: z.string().trim().max(LIMITS.playgroupDescription.max).nullable().optional(),
});

const MemberParams = z.object({ id: Id, userId: Id });

export const playgroups = {
  get: endpoint(tag, {
    method: 'GET',
    path: '/playgroup/:id',
    summary: 'A playgroup with its members (members and invited users only)',
    params: IdParams,
    response: z.object({ playgroup: Playgroup }),
  }),
  create: endpoint(tag, {
    method: 'POST',
    path: '/playgroup',
    summary: 'Create a playgroup; the caller becomes its owner',
    body: PlaygroupInput,
    status: 201,
    response: z.object({ playgroup: Playgroup }),
  }),
  update: endpoint(tag, {
    method: 'PUT',
    path: '/playgroup/:id',
    summary: 'Edit name and description (owner and admins)',
    params: IdParams,
    body: PlaygroupInput.partial(),
    response: z.object({ playgroup: Playgroup }),
  }),
  delete: endpoint(tag, {
    method: 'DELETE',
    path: '/playgroup/:id',
    summary: 'Delete the playgroup (owner); its games stay with their players',
    params: IdParams,
    response: Ok,
  }),
  uploadPicture: endpoint(tag, {
    method: 'POST',
    path: '/playgroup/:id/picture',
    summary:
      'Upload the playgroup picture (owner and admins; PNG, JPEG or WebP, at most 5 MB and 24 megapixels)',
    params: IdParams,
    bodyType: 'multipart',
    body: z.object({
      file: z.custom<Blob>((v) => typeof Blob !== 'undefined' && v instanceof Blob, 'Expected a file'),
    }),
    response: z.object({ playgroup: Playgroup }),
  }),
  leave: endpoint(tag, {
    method: 'PUT',
    path: '/playgroup/:id/leave',
    summary: 'Leave the playgroup, or decline an invitation (the owner must transfer ownership first)',
    params: IdParams,
    response: Ok,
  }),
  accept: endpoint(tag, {
    method: 'PUT',
    path: '/playgroup/:id/accept',
    summary: 'Accept an invitation',
    params: IdParams,
    response: z.object({ playgroup: Playgroup }),
  }),
  invite: endpoint(tag, {
    method: 'POST',
    path: '/playgroup/:id/invite',
    summary: 'Invite a friend (owner and admins)',
    params: IdParams,
    body: z.object({ id: Id.meta({ description: 'User id of the friend to invite' }) }),
    status: 201,
    response: z.object({ playgroup: Playgroup }),
  }),
  removeMember: endpoint(tag, {
    method: 'DELETE',
    path: '/playgroup/:id/user/:userId',
    summary: 'Remove a member or cancel an invitation (owner; admins for plain members)',
    params: MemberParams,
    response: z.object({ playgroup: Playgroup }),
  }),
  promote: endpoint(tag, {
    method: 'PUT',
    path: '/playgroup/:id/admin/:userId',
    summary: 'Make a member an admin (owner)',
    params: MemberParams,
    response: z.object({ playgroup: Playgroup }),
  }),
  demote: endpoint(tag, {
    method: 'DELETE',
    path: '/playgroup/:id/admin/:userId',
    summary: 'Make an admin a plain member again (owner)',
    params: MemberParams,
    response: z.object({ playgroup: Playgroup }),
  }),
  transferOwnership: endpoint(tag, {
    method: 'PUT',
    path: '/playgroup/:id/owner/:userId',
    summary: 'Transfer ownership to another member (owner); the old owner becomes an admin',
    description:
      'A group has one owner at any time. Changes to a group’s members run one after another: of two ' +
      'transfers sent at once, the first wins and the second answers 403, its caller being an admin by then.',
    params: MemberParams,
    response: z.object({ playgroup: Playgroup }),
  }),
  games: endpoint(tag, {
    method: 'GET',
    path: '/playgroup/:id/games',
    summary:
      'Games of the playgroup, newest first, one page at a time, with the leaderboard under the same filters',
    description: 'The leaderboard counts every game under the filters, not only the page’s.',
    params: IdParams,
    query: GameFilters.extend(CursorPaging.shape),
    response: z.object({ games: z.array(Game), ...CursorPage, leaderboard: z.array(LeaderboardRow) }),
  }),
} as const;
