/**
 * Deck sharing, on PGlite and on PostgreSQL: a deck's visibility (private, unlisted, public) and its
 * share link (`GET /deck/shared/:token`, no sign-in).
 *
 * - a private deck is readable by nobody but its owner, by id or by token;
 * - an unlisted deck opens through its link for anyone (signed out too) but is neither listed on the
 *   profile nor readable by id by others;
 * - a public deck is listed on the profile (for whoever may see it) and its link works;
 * - a new token revokes the old link; archiving closes it;
 * - bad token shapes answer 400, unknown ones 404, both from the error catalogue;
 * - the shared answer carries nothing private: no owner id or e-mail, no games (of a private
 *   playgroup or any other), no record, no cards the owner lacks, no share token.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { contract, ErrorCode, SharedDeck } from '@companion/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, raw, status } from '../support/calls.js';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';
import { importJson, testBeast } from './shared-data.js';

/** A marker nobody else's text contains by chance. */
const marker = () => `zq${randomBytes(5).toString('hex')}`;

describe.each(storages())('deck sharing on %s', (kind) => {
  let t: TestServer;
  let owner: TestUser;
  let friend: TestUser;
  let stranger: TestUser;
  let cardId: string;
  let cardName: string;

  beforeAll(async () => {
    t = await startTestServer(kind);
    owner = await t.user({ firstname: 'Owner' });
    friend = await t.user({ firstname: 'Friend' });
    stranger = await t.user({ firstname: 'Stranger' });
    await befriend(owner, friend);
    // Public profile: only the deck's own visibility decides what strangers see.
    await owner.client.user.updateSettings({ body: { profileVisibility: 'public' } });
    cardId = randomUUID();
    cardName = `Sharing Beast ${randomBytes(3).toString('hex')}`;
    await importJson(t.server.services.db, [
      testBeast(cardId, { name: cardName, set: 'zsh', set_name: 'Deck Sharing', collector_number: '1' }),
    ]);
  }, 60_000);
  afterAll(() => t?.close());

  const anonymous = () => t.client();
  const newDeck = (visibility?: 'private' | 'unlisted' | 'public', name = `Deck ${marker()}`) =>
    owner.client.decks.create({
      body: {
        name,
        formatId: 'commander',
        ...(visibility ? { visibility } : {}),
        cards: [{ cardId, quantity: 1 }],
      },
    });
  const profileDeckIds = async (viewer: TestUser) =>
    (await viewer.client.user.profile({ params: { id: owner.id } })).decks.map((d) => d.id);
  const listedIds = async (viewer: TestUser) =>
    (await viewer.client.user.decksById({ params: { id: owner.id } })).decks.map((d) => d.id);

  it('a deck made without a visibility is public, as decks always were, and the owner gets its token', async () => {
    const { deck } = await newDeck();
    expect(deck.visibility).toBe('public');
    expect(deck.shareToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const mine = await owner.client.user.decks();
    expect(mine.decks.find((d) => d.id === deck.id)?.visibility).toBe('public');
    // Others never see the token.
    const seen = await stranger.client.decks.get({ params: { id: deck.id } });
    expect(seen.deck.shareToken).toBeNull();
    // Tokens differ from deck to deck.
    const other = await newDeck();
    expect(other.deck.shareToken).not.toBe(deck.shareToken);
  });

  it('a private deck: not readable by token or id by anyone but its owner, and not listed', async () => {
    const { deck } = await newDeck('private');
    const token = deck.shareToken ?? '';
    expect(await status(anonymous().decks.shared({ params: { token } }))).toBe(404);
    expect(await status(stranger.client.decks.shared({ params: { token } }))).toBe(404);
    expect(await status(friend.client.decks.shared({ params: { token } }))).toBe(404);
    expect(await status(stranger.client.decks.get({ params: { id: deck.id } }))).toBe(403);
    expect(await status(friend.client.decks.get({ params: { id: deck.id } }))).toBe(403);
    expect(await profileDeckIds(friend)).not.toContain(deck.id);
    expect(await listedIds(stranger)).not.toContain(deck.id);
    // The owner still reads and lists it.
    expect((await owner.client.decks.get({ params: { id: deck.id } })).deck.visibility).toBe('private');
    expect((await owner.client.user.decks()).decks.map((d) => d.id)).toContain(deck.id);
    expect(await profileDeckIds(owner)).toContain(deck.id);
  });

  it('an unlisted deck: readable by its token without signing in, not listed, not readable by id', async () => {
    const { deck } = await newDeck('unlisted');
    const token = deck.shareToken ?? '';
    const shared = await anonymous().decks.shared({ params: { token } });
    expect(shared.deck).toMatchObject({ id: deck.id, name: deck.name, author: 'Owner', cardCount: 1 });
    expect(shared.deck.cards.map((c) => c.name)).toEqual([cardName]);
    expect(shared.deck.legality.legal).toBe(false); // one card is not a Commander deck
    expect(shared.deck.bracketCheck.estimate).toBeGreaterThanOrEqual(1);
    // Signed in, the link works the same.
    expect((await stranger.client.decks.shared({ params: { token } })).deck.id).toBe(deck.id);
    expect(await profileDeckIds(stranger)).not.toContain(deck.id);
    expect(await profileDeckIds(friend)).not.toContain(deck.id);
    expect(await listedIds(friend)).not.toContain(deck.id);
    expect(await status(stranger.client.decks.get({ params: { id: deck.id } }))).toBe(403);
    expect(await status(friend.client.decks.get({ params: { id: deck.id } }))).toBe(403);
  });

  it('a public deck: listed on the profile for whoever may see it, and its link works', async () => {
    const { deck } = await newDeck('public');
    expect(await profileDeckIds(stranger)).toContain(deck.id);
    expect(await listedIds(stranger)).toContain(deck.id);
    expect((await stranger.client.decks.get({ params: { id: deck.id } })).deck.id).toBe(deck.id);
    expect((await anonymous().decks.shared({ params: { token: deck.shareToken ?? '' } })).deck.id).toBe(
      deck.id,
    );
    // The profile stays the ceiling of what it lists: friends-only hides it from strangers again.
    await owner.client.user.updateSettings({ body: { profileVisibility: 'friends' } });
    try {
      expect(await profileDeckIds(stranger)).not.toContain(deck.id);
      expect(await status(stranger.client.decks.get({ params: { id: deck.id } }))).toBe(403);
      expect(await profileDeckIds(friend)).toContain(deck.id);
    } finally {
      await owner.client.user.updateSettings({ body: { profileVisibility: 'public' } });
    }
  });

  it('visibility changes apply at once; leaving it out of an edit keeps it', async () => {
    const { deck } = await newDeck('unlisted');
    const token = deck.shareToken ?? '';
    const renamed = await owner.client.decks.update({ params: { id: deck.id }, body: { name: 'Renamed' } });
    expect(renamed.deck.visibility).toBe('unlisted');
    expect(await status(anonymous().decks.shared({ params: { token } }))).toBe(200);
    await owner.client.decks.update({ params: { id: deck.id }, body: { visibility: 'private' } });
    const closed = await raw(t, stranger, contract.decks.shared, { params: { token } });
    expect(closed.status).toBe(404);
    expect(closed.body).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(closed.body.message).toMatch(/private|replaced/);
    const reopened = await owner.client.decks.update({
      params: { id: deck.id },
      body: { visibility: 'public' },
    });
    expect(reopened.deck.shareToken).toBe(token);
    expect(await profileDeckIds(stranger)).toContain(deck.id);
  });

  it('a new token revokes the old link; only the owner may ask for one', async () => {
    const { deck } = await newDeck('unlisted');
    const old = deck.shareToken ?? '';
    expect(await status(stranger.client.decks.newShareLink({ params: { id: deck.id } }))).toBe(403);
    expect(await status(anonymous().decks.shared({ params: { token: old } }))).toBe(200);
    const { deck: renewed } = await owner.client.decks.newShareLink({ params: { id: deck.id } });
    expect(renewed.shareToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(renewed.shareToken).not.toBe(old);
    expect(renewed.version).toBe(deck.version + 1);
    expect(await status(anonymous().decks.shared({ params: { token: old } }))).toBe(404);
    const shared = await anonymous().decks.shared({ params: { token: renewed.shareToken ?? '' } });
    expect(shared.deck.id).toBe(deck.id);
  });

  it('archiving closes the link; restoring opens it again', async () => {
    const { deck } = await newDeck('unlisted');
    const token = deck.shareToken ?? '';
    await owner.client.decks.archive({ params: { id: deck.id } });
    expect(await status(anonymous().decks.shared({ params: { token } }))).toBe(404);
    await owner.client.decks.restore({ params: { id: deck.id } });
    expect(await status(anonymous().decks.shared({ params: { token } }))).toBe(200);
  });

  it('hostile tokens: bad shapes answer 400, unknown ones 404, from the error catalogue', async () => {
    const shapes = [
      'short',
      'A'.repeat(23),
      'A'.repeat(21),
      `${'A'.repeat(21)}=`,
      `${'A'.repeat(21)}+`,
      `${'A'.repeat(20)}%27;`,
      "' or 1=1 --xxxxxxxxxxxx",
      `${'A'.repeat(21)}é`,
      'A'.repeat(64),
    ];
    for (const token of shapes) {
      const res = await raw(t, stranger, contract.decks.shared, { params: { token } });
      expect(res.status, token).toBe(400);
      expect(res.body, token).toMatchObject({ code: ErrorCode.VALIDATION });
    }
    for (const token of [randomBytes(16).toString('base64url'), 'A'.repeat(22), '-'.repeat(22)]) {
      const res = await raw(t, stranger, contract.decks.shared, { params: { token } });
      expect(res.status, token).toBe(404);
      expect(res.body, token).toMatchObject({ code: ErrorCode.NOT_FOUND });
    }
    // A path too long to be read is refused before routing.
    const huge = await raw(t, stranger, contract.decks.shared, { params: { token: 'A'.repeat(300) } });
    expect(huge.status).toBe(414);
    // The client refuses a bad shape before sending anything.
    await expect(anonymous().decks.shared({ params: { token: 'short' } })).rejects.toMatchObject({
      status: 0,
    });
    // A visibility outside the set is refused.
    const { deck } = await newDeck('private');
    const bad = await raw(t, owner, contract.decks.update, {
      params: { id: deck.id },
      body: { visibility: 'everyone' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: ErrorCode.VALIDATION });
    expect((await owner.client.decks.get({ params: { id: deck.id } })).deck.visibility).toBe('private');
  });

  it('the shared deck leaks nothing private: no owner id or e-mail, games, record, missing cards or token', async () => {
    const S = { group: marker(), guest: marker(), note: marker(), description: marker() };
    const { deck } = await newDeck('unlisted', `Leak test ${marker()}`);
    await owner.client.decks.update({
      params: { id: deck.id },
      body: { description: `Plan: ${S.description}` },
    });
    const { playgroup } = await owner.client.playgroups.create({ body: { name: `Group ${S.group}` } });
    const { game } = await owner.client.games.create({
      body: {
        formatId: 'commander',
        playgroupId: playgroup.id,
        players: [
          { userId: owner.id, deckId: deck.id, result: 'win' },
          { guestName: `Guest ${S.guest}`, result: 'loss' },
        ],
      },
    });
    await owner.client.games.createNote({ params: { id: game.id }, body: { content: `Note ${S.note}` } });
    // The owner lacks the card (no collection): their own view says so.
    const own = await owner.client.decks.get({ params: { id: deck.id } });
    expect(own.deck.unowned.length).toBeGreaterThan(0);
    expect(own.deck.games).toBe(1);
    // The answer as sent (the client's parsing would drop unknown fields and hide a leak).
    const sent = await raw(t, { credentials: {} } as TestUser, contract.decks.shared, {
      params: { token: deck.shareToken },
    });
    expect(sent.status).toBe(200);
    const answer = sent.body as unknown as { deck: Record<string, unknown> };
    const text = JSON.stringify(answer);
    // The description is the owner's to share with the deck.
    expect(text).toContain(S.description);
    for (const secret of [
      owner.id,
      owner.email,
      owner.token,
      deck.shareToken ?? '',
      S.group,
      S.guest,
      S.note,
      game.id,
      playgroup.id,
    ])
      expect(text).not.toContain(secret);
    expect(Object.keys(answer.deck).sort()).toEqual(Object.keys(SharedDeck.shape).sort());
    for (const field of ['ownerId', 'unowned', 'games', 'wins', 'lastPlayed', 'shareToken', 'version'])
      expect(answer.deck).not.toHaveProperty(field);
  });
});

describe('deck sharing rate limit', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('pglite');
  });
  afterAll(() => t?.close());

  it('limits anonymous reads of shared links per address (tokens are not to be tried in bulk)', async () => {
    const anonymous = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, () =>
          status(anonymous.decks.shared({ params: { token: randomBytes(16).toString('base64url') } })),
        ),
      );
      statuses.push(...batch);
    }
    expect(statuses.every((s) => s === 404)).toBe(true);
    const over = await raw(t, { credentials: {} } as TestUser, contract.decks.shared, {
      params: { token: randomBytes(16).toString('base64url') },
    });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: ErrorCode.RATE_LIMITED });
  }, 60_000);
});
