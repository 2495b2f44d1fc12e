import { z } from 'zod';
import {
  Bracket,
  ColorIdentity,
  Currency,
  DateTime,
  GameFilters,
  Id,
  IdParams,
  Language,
  UserSummary,
} from './common.js';
import { endpoint } from './endpoint.js';
import { LIMITS } from './limits.js';
import {
  DECK_VISIBILITIES,
  FRIEND_STATUSES,
  MEMBERSHIP_STATUSES,
  PLAYGROUP_ROLES,
  PROFILE_VISIBILITIES,
  RELATIONSHIPS,
  STORED_PROVIDERS,
} from './values.js';

const tag = 'user';

export const ProfileVisibility = z
  .enum(PROFILE_VISIBILITIES)
  .meta({ id: 'ProfileVisibility', description: 'Who may see the profile, stats and decks' });

export const DeckVisibility = z.enum(DECK_VISIBILITIES).meta({
  id: 'DeckVisibility',
  description:
    'private: the owner only; unlisted: also anyone with the share link; public: also listed on the profile',
});

/** How another user relates to the caller. */
export const Relationship = z.enum(RELATIONSHIPS).meta({ id: 'Relationship' });

export const Settings = z
  .object({
    language: Language,
    currency: Currency,
    profileVisibility: ProfileVisibility,
    defaultFormatId: Id.nullable(),
  })
  .meta({ id: 'Settings' });
export type Settings = z.infer<typeof Settings>;

export const Badge = z
  .object({
    id: Id,
    eventId: Id,
    name: z.string(),
    description: z.string().nullable(),
    image: z.string().nullable(),
    grantedAt: DateTime,
  })
  .meta({ id: 'Badge' });
export type Badge = z.infer<typeof Badge>;

export const User = UserSummary.extend({
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  provider: z.enum(STORED_PROVIDERS),
  code: z.string().meta({ description: 'Personal code others type to add this user as a friend' }),
  createdAt: DateTime,
  lastSeen: DateTime.nullable(),
  badges: z.array(Badge),
}).meta({ id: 'User' });
export type User = z.infer<typeof User>;

/** GET /user: the user and `state.settings` (spec §3). */
export const CurrentUser = z
  .object({ user: User, state: z.object({ settings: Settings }) })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof CurrentUser>;

export const WinRateRow = z.object({
  games: z.number().int(),
  wins: z.number().int(),
  winRate: z.number().min(0).max(1),
});

export const Stats = z
  .object({
    games: z.number().int(),
    wins: z.number().int(),
    losses: z.number().int(),
    draws: z.number().int(),
    winRate: z.number().min(0).max(1),
    averageTurns: z.number().nullable(),
    averageDurationMinutes: z.number().nullable(),
    byFormat: z.array(WinRateRow.extend({ formatId: Id, name: z.string() })),
    byColorIdentity: z.array(WinRateRow.extend({ colorIdentity: ColorIdentity })),
    byDeck: z.array(WinRateRow.extend({ deckId: Id, name: z.string(), colorIdentity: ColorIdentity })),
    byMonth: z.array(WinRateRow.extend({ month: z.string().regex(/^\d{4}-\d{2}$/) })),
  })
  .meta({ id: 'Stats' });
export type Stats = z.infer<typeof Stats>;

export const PlaygroupRole = z.enum(PLAYGROUP_ROLES).meta({ id: 'PlaygroupRole' });
export const MembershipStatus = z.enum(MEMBERSHIP_STATUSES).meta({ id: 'MembershipStatus' });

export const PlaygroupSummary = z
  .object({
    id: Id,
    name: z.string(),
    description: z.string().nullable(),
    picture: z.string().nullable(),
    memberCount: z.number().int(),
    role: PlaygroupRole,
    status: MembershipStatus,
    lastActivity: DateTime,
    createdAt: DateTime,
  })
  .meta({ id: 'PlaygroupSummary' });
export type PlaygroupSummary = z.infer<typeof PlaygroupSummary>;

export const DeckSummary = z
  .object({
    id: Id,
    ownerId: Id,
    name: z.string(),
    formatId: Id,
    subformatId: Id.nullable(),
    commanders: z.array(z.object({ id: Id, name: z.string(), image: z.string().nullable() })),
    colorIdentity: ColorIdentity,
    bracket: Bracket.nullable(),
    // A default: an answer from a server older than this field still reads (its decks were public).
    visibility: DeckVisibility.default('public'),
    cardCount: z.number().int(),
    archived: z.boolean(),
    lastPlayed: DateTime.nullable(),
    games: z.number().int(),
    wins: z.number().int(),
    createdAt: DateTime,
    updatedAt: DateTime,
  })
  .meta({ id: 'DeckSummary' });
export type DeckSummary = z.infer<typeof DeckSummary>;

export const FriendStatus = z.enum(FRIEND_STATUSES).meta({
  id: 'FriendStatus',
  description: 'accepted, or a pending request received (incoming) or sent (outgoing)',
});

export const Friend = z
  .object({
    user: UserSummary,
    code: z.string(),
    status: FriendStatus,
    since: DateTime,
    lastSeen: DateTime.nullable(),
  })
  .meta({ id: 'Friend' });
export type Friend = z.infer<typeof Friend>;

export const PublicProfile = z
  .object({
    user: UserSummary,
    /** False when visibility hides the details from the viewer; only the summary is then filled. */
    visible: z.boolean(),
    relationship: Relationship,
    badges: z.array(Badge),
    stats: Stats.nullable(),
    decks: z.array(DeckSummary),
    memberSince: DateTime.nullable(),
  })
  .meta({ id: 'PublicProfile' });

const Username = z
  .string()
  .trim()
  .min(LIMITS.username.min)
  .max(LIMITS.username.max)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Use letters, digits, dots, dashes and underscores only');

export const user = {
  qr: endpoint(tag, {
    method: 'GET',
    path: '/user/qr',
    summary: 'QR code (SVG) of the add-friend link',
    response: z.object({ code: z.string(), url: z.string(), svg: z.string() }),
  }),
  code: endpoint(tag, {
    method: 'GET',
    path: '/user/code',
    summary: 'Personal friend code and the add-friend link',
    response: z.object({ code: z.string(), url: z.string() }),
  }),
  me: endpoint(tag, {
    method: 'GET',
    path: '/user',
    summary: 'The signed-in user and state.settings',
    verified: false,
    response: CurrentUser,
  }),
  byId: endpoint(tag, {
    method: 'GET',
    path: '/user/:id',
    summary: 'A user (the signed-in one, or the public face of another)',
    params: IdParams,
    response: z.object({ user: UserSummary, state: z.object({ settings: Settings.nullable() }) }),
  }),
  profile: endpoint(tag, {
    method: 'GET',
    path: '/user/:id/profile',
    summary: 'Public profile with stats, decks and badges, respecting visibility',
    params: IdParams,
    response: PublicProfile,
  }),
  stats: endpoint(tag, {
    method: 'GET',
    path: '/user/stats',
    summary: 'Statistics of the signed-in user',
    query: GameFilters,
    response: z.object({ stats: Stats }),
  }),
  statsById: endpoint(tag, {
    method: 'GET',
    path: '/user/:id/stats',
    summary: 'Statistics of a user, respecting visibility',
    params: IdParams,
    query: GameFilters,
    response: z.object({ stats: Stats }),
  }),
  updateSettings: endpoint(tag, {
    method: 'POST',
    path: '/user/settings',
    summary: 'Change settings (any subset)',
    body: Settings.partial(),
    response: z.object({ settings: Settings }),
  }),
  playgroups: endpoint(tag, {
    method: 'GET',
    path: '/user/playgroups',
    summary: 'Playgroups of the user, including pending invitations',
    response: z.object({ playgroups: z.array(PlaygroupSummary) }),
  }),
  decks: endpoint(tag, {
    method: 'GET',
    path: '/user/decks',
    summary: 'Active decks of the signed-in user',
    response: z.object({ decks: z.array(DeckSummary) }),
  }),
  decksById: endpoint(tag, {
    method: 'GET',
    path: '/user/:id/decks',
    summary: 'Active decks of a user, respecting visibility',
    params: IdParams,
    response: z.object({ decks: z.array(DeckSummary) }),
  }),
  archivedDecks: endpoint(tag, {
    method: 'GET',
    path: '/user/decks/archived',
    summary: 'Archived decks of the signed-in user',
    response: z.object({ decks: z.array(DeckSummary) }),
  }),
  friends: endpoint(tag, {
    method: 'GET',
    path: '/user/friends',
    summary: 'Friends and pending requests (incoming and outgoing)',
    response: z.object({ friends: z.array(Friend) }),
  }),
  setUsername: endpoint(tag, {
    method: 'PUT',
    path: '/user/username',
    summary: 'Change the username (unique)',
    body: z.object({ username: Username }),
    response: z.object({ user: User }),
  }),
  setFirstname: endpoint(tag, {
    method: 'PUT',
    path: '/user/firstname',
    summary: 'Change the first name',
    body: z.object({ firstname: z.string().trim().min(LIMITS.firstname.min).max(LIMITS.firstname.max) }),
    response: z.object({ user: User }),
  }),
  uploadPicture: endpoint(tag, {
    method: 'POST',
    path: '/user/picture',
    summary:
      'Upload a profile picture (PNG, JPEG or WebP, at most 5 MB and 24 megapixels; resized to 512 px)',
    bodyType: 'multipart',
    body: z.object({
      file: z.custom<Blob>((v) => typeof Blob !== 'undefined' && v instanceof Blob, 'Expected a file'),
    }),
    response: z.object({ user: User }),
  }),
} as const;
