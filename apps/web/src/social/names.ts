import type { ColorValue, GameResultValue, PlaygroupRoleValue, RelationshipValue } from '@companion/sdk';
import type { UserSummary } from '@companion/sdk/contract';

import { displayName } from '../lib/display-name';

export { displayName };

/**
 * A game player or leaderboard row: an account or a named guest; neither is a player whose account
 * was deleted, shown as `deleted` (the screen's translated "Deleted player").
 */
export function playerName(p: { user: UserSummary | null; guestName: string | null }, deleted = '?'): string {
  return p.user ? displayName(p.user) : (p.guestName ?? deleted);
}

/** URL-friendly name for `/user/{id}/{name}` and `/playgroup/{id}/{name}`. */
export function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'item'
  );
}

export const userPath = (user: UserSummary) => `/user/${user.id}/${slug(displayName(user))}`;
export const playgroupPath = (group: { id: string; name: string }) =>
  `/playgroup/${group.id}/${slug(group.name)}`;

/**
 * Message ids of values that come from data (literal, so the catalogue test sees them), one per
 * value of the contract's set (`satisfies`: a value added there fails the type check here).
 */
export const ROLE_KEY = {
  owner: 'web.social.role.owner',
  admin: 'web.social.role.admin',
  member: 'web.social.role.member',
} as const satisfies Record<PlaygroupRoleValue, string>;
export const RESULT_KEY = {
  win: 'web.social.result.win',
  loss: 'web.social.result.loss',
  draw: 'web.social.result.draw',
} as const satisfies Record<GameResultValue, string>;
export const RELATIONSHIP_KEY = {
  self: 'web.social.add.relationship.self',
  friend: 'web.social.add.relationship.friend',
  incoming: 'web.social.add.relationship.incoming',
  outgoing: 'web.social.add.relationship.outgoing',
  none: 'web.social.add.relationship.none',
} as const satisfies Record<RelationshipValue, string>;
export const COLOR_KEY = {
  W: 'web.social.color.W',
  U: 'web.social.color.U',
  B: 'web.social.color.B',
  R: 'web.social.color.R',
  G: 'web.social.color.G',
} as const satisfies Record<ColorValue, string>;
