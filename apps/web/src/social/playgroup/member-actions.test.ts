import { describe, expect, it } from 'vitest';
import { type Member, memberActions, sortMembers } from './member-actions';

const member = (id: string, role: Member['role'], status: Member['status'] = 'active'): Member =>
  ({ user: { id, username: id, firstname: null, lastname: null, picture: null }, role, status }) as Member;

const NONE = { promote: false, demote: false, transfer: false, remove: false };

describe('member actions', () => {
  const owner = { role: 'owner', status: 'active' } as const;
  const admin = { role: 'admin', status: 'active' } as const;
  const plain = { role: 'member', status: 'active' } as const;
  const invited = { role: 'member', status: 'invited' } as const;

  it('the owner promotes, transfers and removes members; demotes admins; cancels invitations', () => {
    expect(memberActions(owner, member('m', 'member'), 'o')).toEqual({
      promote: true,
      demote: false,
      transfer: true,
      remove: true,
    });
    expect(memberActions(owner, member('a', 'admin'), 'o')).toEqual({
      promote: false,
      demote: true,
      transfer: true,
      remove: true,
    });
    expect(memberActions(owner, member('i', 'member', 'invited'), 'o')).toEqual({ ...NONE, remove: true });
    expect(memberActions(owner, member('o', 'owner'), 'o')).toEqual(NONE);
  });

  it('an admin removes plain members and invitations only, and changes no role', () => {
    expect(memberActions(admin, member('m', 'member'), 'a')).toEqual({ ...NONE, remove: true });
    expect(memberActions(admin, member('i', 'member', 'invited'), 'a')).toEqual({ ...NONE, remove: true });
    expect(memberActions(admin, member('b', 'admin'), 'a')).toEqual(NONE);
    expect(memberActions(admin, member('o', 'owner'), 'a')).toEqual(NONE);
    expect(memberActions(admin, member('a', 'admin'), 'a')).toEqual(NONE);
  });

  it('members, invited users and strangers do nothing to others', () => {
    for (const me of [plain, invited, null]) {
      expect(memberActions(me, member('m', 'member'), 'x')).toEqual(NONE);
      expect(memberActions(me, member('b', 'admin'), 'x')).toEqual(NONE);
    }
  });
});

describe('member order', () => {
  it('owner, admins, members by name, then invitations', () => {
    const sorted = sortMembers(
      [
        member('zed', 'member', 'invited'),
        member('bob', 'member'),
        member('amy', 'member'),
        member('cat', 'admin'),
        member('own', 'owner'),
      ],
      (m) => m.user.username ?? '',
    );
    expect(sorted.map((m) => m.user.id)).toEqual(['own', 'cat', 'amy', 'bob', 'zed']);
  });
});
