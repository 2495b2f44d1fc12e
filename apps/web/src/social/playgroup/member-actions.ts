import { canChangeRole, canRemoveMember, type Standing } from '@companion/sdk';
import type { Playgroup } from '@companion/sdk/contract';

export type Member = Playgroup['members'][number];

/** What the caller may do to one member, by the shared permission rules (the server applies the same). */
export interface MemberActions {
  /** Make a member an admin. */
  promote: boolean;
  /** Make an admin a plain member again. */
  demote: boolean;
  /** Hand the group over. */
  transfer: boolean;
  /** Remove the member, or cancel the invitation. */
  remove: boolean;
}

export function memberActions(me: Standing | null, member: Member, myId: string | null): MemberActions {
  const isSelf = member.user.id === myId;
  const roles = canChangeRole(me, member, isSelf) === null;
  return {
    promote: roles && member.role === 'member',
    demote: roles && member.role === 'admin',
    transfer: roles,
    remove: canRemoveMember(me, member, isSelf) === null,
  };
}

const ORDER = { owner: 0, admin: 1, member: 2 } as const satisfies Record<Member['role'], number>;

/** Members first (owner, admins, members), invitations last; by name within each. */
export function sortMembers(members: readonly Member[], name: (member: Member) => string): Member[] {
  return [...members].sort(
    (a, b) =>
      Number(a.status === 'invited') - Number(b.status === 'invited') ||
      ORDER[a.role] - ORDER[b.role] ||
      name(a).localeCompare(name(b)),
  );
}
