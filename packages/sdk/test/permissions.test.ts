import { describe, expect, it } from 'vitest';
import {
  canChangeRole,
  canEditGame,
  canEditSet,
  canRemoveMember,
  canSeeDeck,
  canSeeProfile,
  DECK_VISIBILITIES,
  isShared,
  PROFILE_VISIBILITIES,
  playgroupRights,
  type Standing,
} from '../src/index.js';

const owner: Standing = { role: 'owner', status: 'active' };
const admin: Standing = { role: 'admin', status: 'active' };
const member: Standing = { role: 'member', status: 'active' };
const invited: Standing = { role: 'member', status: 'invited' };

describe('playgroup rights (the table in permissions.ts)', () => {
  it.each([
    [
      'owner',
      owner,
      { view: true, viewGames: true, record: true, manage: true, own: true, accept: false, leave: false },
    ],
    [
      'admin',
      admin,
      { view: true, viewGames: true, record: true, manage: true, own: false, accept: false, leave: true },
    ],
    [
      'member',
      member,
      { view: true, viewGames: true, record: true, manage: false, own: false, accept: false, leave: true },
    ],
    [
      'invited',
      invited,
      { view: true, viewGames: false, record: false, manage: false, own: false, accept: true, leave: true },
    ],
    [
      'stranger',
      null,
      {
        view: false,
        viewGames: false,
        record: false,
        manage: false,
        own: false,
        accept: false,
        leave: false,
      },
    ],
  ] as const)('%s', (_, standing, rights) => {
    expect(playgroupRights(standing)).toEqual(rights);
  });

  it('an invited admin has no admin rights until they accept', () => {
    expect(playgroupRights({ role: 'admin', status: 'invited' }).manage).toBe(false);
  });

  it('removing members: the owner anyone but themself, admins plain members and invitations', () => {
    expect(canRemoveMember(owner, admin, false)).toBeNull();
    expect(canRemoveMember(owner, member, false)).toBeNull();
    expect(canRemoveMember(owner, owner, true)).toBe('self');
    expect(canRemoveMember(admin, member, false)).toBeNull();
    expect(canRemoveMember(admin, invited, false)).toBeNull();
    expect(canRemoveMember(admin, admin, false)).toBe('target-outranks');
    expect(canRemoveMember(admin, owner, false)).toBe('target-is-owner');
    expect(canRemoveMember(member, member, false)).toBe('not-a-manager');
    expect(canRemoveMember(invited, member, false)).toBe('not-a-manager');
    expect(canRemoveMember(null, member, false)).toBe('not-a-manager');
  });

  it('roles and ownership: the owner only, towards active members', () => {
    expect(canChangeRole(owner, member, false)).toBeNull();
    expect(canChangeRole(owner, admin, false)).toBeNull();
    expect(canChangeRole(owner, invited, false)).toBe('target-invited');
    expect(canChangeRole(owner, owner, true)).toBe('self');
    expect(canChangeRole(admin, member, false)).toBe('not-the-owner');
  });

  it('games: their recorder, or a manager of their playgroup', () => {
    expect(canEditGame({ id: 'a', standing: null }, { createdBy: 'a' })).toBe(true);
    expect(canEditGame({ id: 'b', standing: member }, { createdBy: 'a' })).toBe(false);
    expect(canEditGame({ id: 'b', standing: admin }, { createdBy: 'a' })).toBe(true);
    expect(canEditGame({ id: 'b', standing: { role: 'admin', status: 'invited' } }, { createdBy: 'a' })).toBe(
      false,
    );
  });
});

describe('sets', () => {
  it('their creator, or a manager of their playgroup; an invited admin is not one yet', () => {
    expect(canEditSet({ id: 'a', standing: null }, { createdBy: 'a' })).toBe(true);
    expect(canEditSet({ id: 'b', standing: null }, { createdBy: 'a' })).toBe(false);
    expect(canEditSet({ id: 'b', standing: member }, { createdBy: 'a' })).toBe(false);
    expect(canEditSet({ id: 'b', standing: owner }, { createdBy: 'a' })).toBe(true);
    expect(canEditSet({ id: 'b', standing: admin }, { createdBy: 'a' })).toBe(true);
    expect(canEditSet({ id: 'b', standing: { role: 'admin', status: 'invited' } }, { createdBy: 'a' })).toBe(
      false,
    );
  });
});

describe('profile visibility', () => {
  it.each([
    ['public', 'none', true],
    ['public', 'friend', true],
    ['friends', 'none', false],
    ['friends', 'incoming', false],
    ['friends', 'outgoing', false],
    ['friends', 'friend', true],
    ['private', 'friend', false],
    ['private', 'self', true],
    ['friends', 'self', true],
  ] as const)('%s profile seen by %s: %s', (visibility, relationship, visible) => {
    expect(canSeeProfile(visibility, relationship)).toBe(visible);
  });
});

describe('deck visibility (canSeeDeck, isShared)', () => {
  it('the owner always reads their deck', () => {
    for (const visibility of DECK_VISIBILITIES)
      for (const profile of PROFILE_VISIBILITIES)
        expect(canSeeDeck({ visibility }, profile, 'self')).toBe(true);
  });

  it('others read by id only a public deck, and only where the profile is visible to them', () => {
    for (const relationship of ['friend', 'incoming', 'outgoing', 'none'] as const) {
      for (const profile of PROFILE_VISIBILITIES) {
        expect(canSeeDeck({ visibility: 'private' }, profile, relationship)).toBe(false);
        expect(canSeeDeck({ visibility: 'unlisted' }, profile, relationship)).toBe(false);
        expect(canSeeDeck({ visibility: 'public' }, profile, relationship)).toBe(
          canSeeProfile(profile, relationship),
        );
      }
    }
  });

  it('the share link opens unlisted and public decks, never private ones', () => {
    expect(DECK_VISIBILITIES.filter(isShared)).toEqual(['unlisted', 'public']);
  });
});
