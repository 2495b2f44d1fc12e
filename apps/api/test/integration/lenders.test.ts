/**
 * "Who can lend it" (`GET /deck/:id/lenders`) and the list sharing it reads: for the cards a deck's
 * owner is missing, the friends and fellow playgroup members holding them in a list shared with
 * friends. A private list, a stranger's shared list, an invited (not yet active) member's list and
 * the owner's own lists never show; only the owner may ask.
 */
import { isCompanionError } from '@companion/sdk';
import { contract } from '@companion/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, raw } from '../support/calls.js';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';
import { HAS_SHARED_DATA, loadSharedCatalogue } from './shared-data.js';

const status = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: unknown) => (isCompanionError(e) ? e.status : 0),
  );

describe.skipIf(!HAS_SHARED_DATA).each(storages())('who can lend it on %s', (kind) => {
  let t: TestServer;
  let owner: TestUser;
  let friend: TestUser;
  let member: TestUser;
  let invited: TestUser;
  let stranger: TestUser;
  let deckId: string;
  /** Two printings of Force of Will (the deck has one, a lender has the other). */
  let fow: string[];
  let bolt: string;
  beforeAll(async () => {
    t = await startTestServer(kind);
    await loadSharedCatalogue(t.server.services.db);
    [owner, friend, member, invited, stranger] = await Promise.all([
      t.user(),
      t.user(),
      t.user(),
      t.user(),
      t.user(),
    ]);
    // The friend hosts a playgroup with the owner and a member who is not the owner's friend; another
    // of the friend's friends is invited and has not answered.
    await befriend(owner, friend);
    await befriend(friend, member);
    await befriend(friend, invited);
    const { playgroup } = await friend.client.playgroups.create({ body: { name: 'Pod' } });
    for (const u of [owner, member]) {
      await friend.client.playgroups.invite({ params: { id: playgroup.id }, body: { id: u.id } });
      await u.client.playgroups.accept({ params: { id: playgroup.id } });
    }
    await friend.client.playgroups.invite({ params: { id: playgroup.id }, body: { id: invited.id } });
    fow = (await owner.client.cards.search({ query: { q: '!"Force of Will"', unique: 'prints' } })).cards.map(
      (c) => c.id,
    );
    bolt = (await owner.client.cards.search({ query: { q: '!Fork' } })).cards[0]!.id;
    const { deck } = await owner.client.decks.create({
      body: {
        name: 'Borrowed',
        formatId: 'legacy',
        cards: [
          { cardId: fow[0]!, quantity: 4 },
          { cardId: bolt, quantity: 4 },
          { cardId: bolt, quantity: 2, board: 'maybe' },
        ],
      },
    });
    deckId = deck.id;
    // The owner has one Force of Will: three are missing.
    const binder = (await owner.client.lists.list()).lists.find((l) => l.isDefault)!;
    await owner.client.lists.addCards({ params: { id: binder.id }, body: { cards: [{ cardId: fow[0]! }] } });
  });
  afterAll(() => t?.close());

  /** A list of `user` holding `cards`, shared with friends or not. */
  const list = async (
    user: TestUser,
    name: string,
    cards: Array<{ cardId: string; quantity: number }>,
    share: boolean,
  ) => {
    const { list: created } = await user.client.lists.create({ body: { name, type: 'trade' } });
    await user.client.lists.addCards({ params: { id: created.id }, body: { cards } });
    if (share) {
      const { list: shared } = await user.client.lists.rename({
        params: { id: created.id },
        body: { sharing: 'friends' },
      });
      expect(shared.sharing).toBe('friends');
    }
    return created.id;
  };

  it('finds friends and active playgroup members holding a missing card in a shared list, and no one else', async () => {
    const empty = await owner.client.decks.lenders({ params: { id: deckId } });
    expect(empty.cards.map((c) => [c.name, c.missing, c.lenders])).toEqual([
      ['Force of Will', 3, []],
      ['Fork', 4, []],
    ]);

    const friendTrades = await list(
      friend,
      'Friend trades',
      [{ cardId: fow[1] ?? fow[0]!, quantity: 2 }],
      true,
    );
    await list(friend, 'Friend private', [{ cardId: bolt, quantity: 9 }], false);
    const memberBinder = await list(
      member,
      'Member binder',
      [
        { cardId: bolt, quantity: 1 },
        { cardId: fow[0]!, quantity: 1 },
      ],
      true,
    );
    await list(invited, 'Invited shared', [{ cardId: bolt, quantity: 3 }], true);
    await list(stranger, 'Stranger shared', [{ cardId: bolt, quantity: 5 }], true);
    await list(owner, 'Owner shared', [{ cardId: bolt, quantity: 1 }], true);

    const { cards } = await owner.client.decks.lenders({ params: { id: deckId } });
    const byName = new Map(cards.map((c) => [c.name, c]));
    // Force of Will: the friend's two (another printing counts) and the member's one.
    expect(
      byName.get('Force of Will')!.lenders.map((l) => [l.user.id, l.listId, l.listName, l.quantity]),
    ).toEqual([
      [friend.id, friendTrades, 'Friend trades', 2],
      [member.id, memberBinder, 'Member binder', 1],
    ]);
    // Fork: only the member's shared list (the friend's is private, the invited member is not
    // active yet, the stranger is no one's friend, the owner's own copies are not "lent").
    // The owner's own trade list is not their collection: the four are still missing.
    expect(byName.get('Fork')!.missing).toBe(4);
    expect(byName.get('Fork')!.lenders.map((l) => [l.user.id, l.quantity])).toEqual([[member.id, 1]]);
    const text = JSON.stringify(cards);
    for (const hidden of ['Friend private', 'Invited shared', 'Stranger shared', 'Owner shared'])
      expect(text).not.toContain(hidden);
    // The lender is shown by their public summary only.
    expect(Object.keys(byName.get('Force of Will')!.lenders[0]!.user).sort()).toEqual(
      ['firstname', 'id', 'lastname', 'picture', 'username'].sort(),
    );
  });

  it('stops showing a list once it is private again, and records the change in its history', async () => {
    const id = await list(friend, 'Soon private', [{ cardId: bolt, quantity: 7 }], true);
    const before = await owner.client.decks.lenders({ params: { id: deckId } });
    expect(JSON.stringify(before)).toContain('Soon private');
    const { list: privateAgain } = await friend.client.lists.rename({
      params: { id },
      body: { sharing: 'private' },
    });
    expect(privateAgain.sharing).toBe('private');
    const after = await owner.client.decks.lenders({ params: { id: deckId } });
    expect(JSON.stringify(after)).not.toContain('Soon private');
    const { revisions } = await friend.client.lists.revisions({ params: { id }, query: { limit: 1 } });
    expect(revisions[0]!.summary).toBe('no longer shared');
  });

  it('answers only the deck owner, and refuses a sharing value it does not know', async () => {
    for (const caller of [friend, member, stranger])
      expect(await status(caller.client.decks.lenders({ params: { id: deckId } }))).toBeGreaterThanOrEqual(
        403,
      );
    const binder = (await friend.client.lists.list()).lists.find((l) => l.isDefault)!;
    const bad = await raw(t, friend, contract.lists.rename, {
      params: { id: binder.id },
      body: { sharing: 'everyone' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('sharing');
    const lists = (await friend.client.lists.list()).lists;
    expect(lists.find((l) => l.id === binder.id)!.sharing).toBe('private');
  });
});
