/**
 * Who may do what, as plain functions without zod or I/O: the server enforces these rules and the
 * screens use the same functions to decide which actions to show, so the two cannot disagree.
 *
 * Playgroups:
 *
 * | action                         | owner | admin                  | member | invited | stranger |
 * |--------------------------------|-------|------------------------|--------|---------|----------|
 * | see the group                  | yes   | yes                    | yes    | yes     | no (404) |
 * | see games and leaderboard      | yes   | yes                    | yes    | no      | no       |
 * | record games and sets          | yes   | yes                    | yes    | no      | no       |
 * | edit and delete games and sets | yes   | yes                    | own    | no      | no       |
 * | edit, picture, invite          | yes   | yes                    | no     | no      | no       |
 * | remove member / cancel invite  | all but self | members, invitations | no | no     | no       |
 * | promote, demote, transfer      | yes   | no                     | no     | no      | no       |
 * | delete                         | yes   | no                     | no     | no      | no       |
 * | accept                         | no    | no                     | no     | yes     | no       |
 * | leave                          | no    | yes                    | yes    | yes (declines) | no |
 */
import type {
  DeckVisibilityValue,
  MembershipStatusValue,
  PlaygroupRoleValue,
  ProfileVisibilityValue,
  RelationshipValue,
} from './values.js';

/** A user's place in a playgroup: their role and whether they accepted; null for a stranger. */
export interface Standing {
  role: PlaygroupRoleValue;
  status: MembershipStatusValue;
}

/** What a standing allows in a playgroup as a whole. */
export interface PlaygroupRights {
  /** The group's name, picture and members. */
  view: boolean;
  /** Games, sets and the leaderboard. */
  viewGames: boolean;
  /** Record games and sets in the group (editing one is `canEditGame` / `canEditSet`). */
  record: boolean;
  /** Edit the name, description and picture; invite friends; manage every game of the group. */
  manage: boolean;
  /** Promote, demote, transfer ownership, delete the group. */
  own: boolean;
  /** Answer an invitation. */
  accept: boolean;
  /** Leave the group (declines an invitation). */
  leave: boolean;
}

const NONE: PlaygroupRights = {
  view: false,
  viewGames: false,
  record: false,
  manage: false,
  own: false,
  accept: false,
  leave: false,
};

export function playgroupRights(me: Standing | null | undefined): PlaygroupRights {
  if (!me) return NONE;
  if (me.status === 'invited') return { ...NONE, view: true, accept: true, leave: true };
  const manage = me.role === 'owner' || me.role === 'admin';
  const own = me.role === 'owner';
  return { view: true, viewGames: true, record: true, manage, own, accept: false, leave: !own };
}

/** Why an action on another member is refused, or null when it is allowed. */
export type MemberRefusal =
  | 'not-a-manager'
  | 'not-the-owner'
  | 'self'
  | 'target-is-owner'
  | 'target-outranks'
  | 'target-invited';

/** Removing `target` (a member or an invitation): the owner removes anyone but themself, admins plain members and invitations. */
export function canRemoveMember(
  me: Standing | null | undefined,
  target: Standing,
  isSelf: boolean,
): MemberRefusal | null {
  if (!playgroupRights(me).manage) return 'not-a-manager';
  if (isSelf) return 'self';
  if (target.role === 'owner') return 'target-is-owner';
  if (me?.role !== 'owner' && target.role !== 'member') return 'target-outranks';
  return null;
}

/** Promoting, demoting or handing ownership to `target`: the owner only, to an active member other than the owner. */
export function canChangeRole(
  me: Standing | null | undefined,
  target: Standing,
  isSelf: boolean,
): MemberRefusal | null {
  if (!playgroupRights(me).own) return 'not-the-owner';
  if (isSelf) return 'self';
  if (target.role === 'owner') return 'target-is-owner';
  if (target.status !== 'active') return 'target-invited';
  return null;
}

/** Editing or deleting a game: its recorder, or a manager of its playgroup. */
export function canEditGame(
  me: { id: string; standing: Standing | null | undefined },
  game: { createdBy: string },
): boolean {
  return game.createdBy === me.id || playgroupRights(me.standing).manage;
}

/** Editing or deleting a set of games, or adding games to it: its creator, or a manager of its playgroup. */
export function canEditSet(
  me: { id: string; standing: Standing | null | undefined },
  set: { createdBy: string },
): boolean {
  return set.createdBy === me.id || playgroupRights(me.standing).manage;
}

/** Profile visibility: public to anyone signed in, friends to accepted friends, private to self. */
export function canSeeProfile(visibility: ProfileVisibilityValue, relationship: RelationshipValue): boolean {
  if (relationship === 'self') return true;
  if (visibility === 'public') return true;
  if (visibility === 'friends') return relationship === 'friend';
  return false;
}

/**
 * Who may read a deck by its id (signed in): its owner; others only a `public` deck, and only when
 * they may see its owner's profile (`canSeeProfile`). `unlisted` and `private` decks are not listed
 * on the profile nor readable by id.
 */
export function canSeeDeck(
  deck: { visibility: DeckVisibilityValue },
  ownerVisibility: ProfileVisibilityValue,
  relationship: RelationshipValue,
): boolean {
  if (relationship === 'self') return true;
  return deck.visibility === 'public' && canSeeProfile(ownerVisibility, relationship);
}

/** Whether a deck's share link opens it for anyone, signed in or not: `unlisted` and `public` decks. */
export function isShared(visibility: DeckVisibilityValue): boolean {
  return visibility !== 'private';
}
