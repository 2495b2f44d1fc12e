import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as contract from '../src/contract/index.js';
import {
  Board,
  Condition,
  Currency,
  Finish,
  FriendStatus,
  ImportFormat,
  Language,
  ListType,
  MembershipStatus,
  PlaygroupRole,
  ProfileVisibility,
  ProviderType,
  Relationship,
} from '../src/contract/index.js';
import * as root from '../src/index.js';

describe('contract value lists (@companion/sdk, without zod)', () => {
  it('are the values the contract accepts', () => {
    expect(root.FINISHES).toEqual(Finish.options);
    expect(root.CONDITIONS).toEqual(Condition.options);
    expect(root.LIST_TYPES).toEqual(ListType.options);
    expect(root.IMPORT_FORMATS).toEqual(ImportFormat.options);
    expect(root.EXPORT_FORMATS).toEqual(contract.ExportFormat.options);
    expect(root.CURRENCIES).toEqual(Currency.options);
    expect(root.LANGUAGES).toEqual(Language.options);
    expect(root.BOARDS).toEqual(Board.options);
    expect(root.PLAYGROUP_ROLES).toEqual(PlaygroupRole.options);
    expect(root.MEMBERSHIP_STATUSES).toEqual(MembershipStatus.options);
    expect(root.FRIEND_STATUSES).toEqual(FriendStatus.options);
    expect(root.PROFILE_VISIBILITIES).toEqual(ProfileVisibility.options);
    expect(root.PROVIDER_TYPES).toEqual(ProviderType.options);
    expect(root.RELATIONSHIPS).toEqual(Relationship.options);
  });

  it('name every format players can pick, and export only formats the importer reads', () => {
    for (const format of root.IMPORT_FORMATS) expect(root.FORMAT_NAMES[format]).toBeTruthy();
    for (const format of root.EXPORT_FORMATS) expect(root.IMPORT_FORMATS).toContain(format);
  });

  it('and the limits are the ones the schemas enforce', () => {
    const { LIMITS } = root;
    const deck = contract.DeckInput;
    expect(deck.safeParse({ name: 'x'.repeat(LIMITS.deckName.max), formatId: 'f' }).success).toBe(true);
    const tooLong = deck.safeParse({ name: 'x'.repeat(LIMITS.deckName.max + 1), formatId: 'f' });
    expect(tooLong.success).toBe(false);
    expect(contract.Bracket.safeParse(LIMITS.bracket.max).success).toBe(true);
    expect(contract.Bracket.safeParse(LIMITS.bracket.max + 1).success).toBe(false);
    expect(contract.FriendCode.safeParse('A'.repeat(LIMITS.friendCode.max + 1)).success).toBe(false);
    expect(
      contract.FriendCode.safeParse('A'.repeat(LIMITS.friendCode.min - 1)).error?.issues[0]?.message,
    ).toBe(`A friend code has ${LIMITS.friendCode.min} to ${LIMITS.friendCode.max} letters and digits`);
  });

  it('come from modules that import nothing at run time (so not zod)', () => {
    for (const file of ['values.ts', 'limits.ts', 'permissions.ts']) {
      const code = readFileSync(join(import.meta.dirname, '..', 'src', 'contract', file), 'utf8');
      expect(code, file).not.toMatch(/^\s*import\s+(?!type\b)[^\n]*\bfrom\s/m);
      expect(code, file).not.toMatch(/^\s*export\b[^\n]*\bfrom\s/m);
      expect(code, file).not.toMatch(/\bimport\(/);
    }
  });
});
