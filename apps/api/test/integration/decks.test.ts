import { isForbiddenError, isNotFoundError } from '@companion/sdk';
import { DeckSummary } from '@companion/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';
import { HAS_SHARED_DATA, loadSharedCatalogue } from './shared-data.js';

const DECKLIST = `Commander
1 Grand Arbiter Augustin IV

Deck
1 Force of Will
1 Mystical Tutor
1 Cyclonic Rift
1 Smothering Tithe
1 Delver of Secrets
10 Island
10 Plains
1 Totally Made Up Card

Sideboard
1 Demonic Tutor
`;

describe.skipIf(!HAS_SHARED_DATA).each(storages())('decks on %s', (kind) => {
  let t: TestServer;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await startTestServer(kind);
    await loadSharedCatalogue(t.server.services.db);
    owner = await t.user({ firstname: 'Owner' });
    stranger = await t.user({ firstname: 'Stranger' });
  });
  afterAll(() => t?.close());

  it('creates a deck from a pasted decklist, reporting unresolved lines, with identity, bracket check and price', async () => {
    const { deck, unresolved } = await owner.client.decks.create({
      body: { name: 'Arbiter', formatId: 'commander', bracket: 2, decklist: DECKLIST },
    });
    expect(unresolved).toEqual([
      expect.objectContaining({
        line: 12,
        text: '1 Totally Made Up Card',
        reason: expect.stringContaining('No card named'),
      }),
    ]);
    expect(deck.cards.find((c) => c.name === 'Totally Made Up Card')).toMatchObject({
      card: null,
      quantity: 1,
    });
    expect(deck.colorIdentity).toEqual(['W', 'U']); // the commander's identity
    expect(deck.commanders.map((c) => c.name)).toEqual(['Grand Arbiter Augustin IV']);
    expect(deck.cardCount).toBe(27);
    // Game Changers in play (main, commander, side): Arbiter, Force of Will, Mystical Tutor, Cyclonic Rift, Smothering Tithe, Demonic Tutor
    expect(deck.bracketCheck).toMatchObject({ bracket: 2, limit: 0, ok: false, minimumBracket: 4 });
    expect(deck.bracketCheck.gameChangers.map((g) => g.name)).toEqual([
      'Cyclonic Rift',
      'Demonic Tutor',
      'Force of Will',
      'Grand Arbiter Augustin IV',
      'Mystical Tutor',
      'Smothering Tithe',
    ]);
    expect(deck.price.usd).toBeGreaterThan(100);
    expect(deck.price.eur).toBeGreaterThan(50);
    const { check } = await owner.client.decks.setBracket({ params: { id: deck.id }, body: { bracket: 4 } });
    expect(check).toMatchObject({ bracket: 4, limit: null, ok: true });
    const three = await owner.client.decks.setBracket({ params: { id: deck.id }, body: { bracket: 3 } });
    expect(three.check).toMatchObject({ limit: 3, ok: false });
  });

  it('creates from cards and edits any subset; decklist replaces the cards', async () => {
    const { deck } = await owner.client.decks.create({
      body: {
        name: 'Jund-ish',
        formatId: 'modern',
        cards: [
          { name: 'Dark Ritual', quantity: 4 },
          { setCode: 'isd', collectorNumber: '51', name: 'Delver of Secrets', quantity: 4 },
          { name: 'Aura Shards', quantity: 2, board: 'side' },
        ],
      },
    });
    expect(deck.colorIdentity).toEqual(['W', 'U', 'B', 'G']);
    expect(deck.bracketCheck.minimumBracket).toBe(3);
    const renamed = await owner.client.decks.update({
      params: { id: deck.id },
      body: { name: 'Renamed', description: 'Hi' },
    });
    expect(renamed.deck).toMatchObject({ name: 'Renamed', description: 'Hi', cardCount: 8 });
    const replaced = await owner.client.decks.update({
      params: { id: deck.id },
      body: { decklist: '4 Dark Ritual\n20 Swamp\n' },
    });
    expect(replaced.deck.cardCount).toBe(24);
    expect(replaced.deck.colorIdentity).toEqual(['B']);
    const bad = await owner.client.decks
      .create({ body: { name: 'x', formatId: 'no-such-format' } })
      .catch((e: unknown) => e);
    expect((bad as { status: number }).status).toBe(400);
  });

  it('lists the cards the owner does not own, against the collection', async () => {
    const { deck } = await owner.client.decks.create({
      body: {
        name: 'Owned?',
        formatId: 'legacy',
        cards: [
          { name: 'Force of Will', quantity: 4 },
          { name: 'Island', quantity: 10 },
          { name: 'Mana Vault', quantity: 1 },
        ],
      },
    });
    const binder = (await owner.client.lists.list()).lists.find((l) => l.isDefault);
    await owner.client.lists.addCards({
      params: { id: binder?.id ?? '' },
      body: {
        cards: [
          { name: 'Force of Will', quantity: 1 },
          { name: 'Mana Vault', finish: 'foil' },
        ],
      },
    });
    const res = await owner.client.decks.get({ params: { id: deck.id } });
    expect(res.deck.unowned).toEqual([expect.objectContaining({ name: 'Force of Will', missing: 3 })]); // basics are skipped
  });

  it('visibility: private to strangers, public profiles open, friends-only for friends; writes are owner-only', async () => {
    const { deck } = await owner.client.decks.create({ body: { name: 'Secret', formatId: 'commander' } });
    await owner.client.user.updateSettings({ body: { profileVisibility: 'private' } });
    expect(
      isForbiddenError(await stranger.client.decks.get({ params: { id: deck.id } }).catch((e: unknown) => e)),
    ).toBe(true);
    expect(
      isForbiddenError(
        await stranger.client.user.decksById({ params: { id: owner.id } }).catch((e: unknown) => e),
      ),
    ).toBe(true);
    await owner.client.user.updateSettings({ body: { profileVisibility: 'public' } });
    const seen = await stranger.client.decks.get({ params: { id: deck.id } });
    expect(seen.deck.unowned).toEqual([]);
    expect(
      (await stranger.client.user.decksById({ params: { id: owner.id } })).decks.map((d) => d.id),
    ).toContain(deck.id);
    await owner.client.user.updateSettings({ body: { profileVisibility: 'friends' } });
    expect(
      isForbiddenError(await stranger.client.decks.get({ params: { id: deck.id } }).catch((e: unknown) => e)),
    ).toBe(true);
    await stranger.client.friends.request({ params: { code: owner.code } });
    await owner.client.friends.accept({ params: { code: stranger.code } });
    await expect(stranger.client.decks.get({ params: { id: deck.id } })).resolves.toBeDefined();
    const write = await stranger.client.decks
      .update({ params: { id: deck.id }, body: { name: 'Mine' } })
      .catch((e: unknown) => e);
    expect(isForbiddenError(write)).toBe(true);
    expect(
      isNotFoundError(
        await owner.client.decks
          .get({ params: { id: '00000000-0000-4000-8000-000000000000' } })
          .catch((e: unknown) => e),
      ),
    ).toBe(true);
  });

  it('archives, restores and deletes for good; games keep the deck name', async () => {
    const { deck } = await owner.client.decks.create({
      body: {
        name: 'Short lived',
        formatId: 'commander',
        decklist: 'Commander\n1 Grand Arbiter Augustin IV\n',
      },
    });
    const game = await owner.client.games.create({
      body: {
        formatId: 'commander',
        players: [
          { userId: owner.id, deckId: deck.id, result: 'win' },
          { guestName: 'Bob', result: 'loss' },
        ],
        turns: 9,
      },
    });
    const withGames = await owner.client.decks.get({ params: { id: deck.id } });
    expect(withGames.games.map((g) => g.id)).toEqual([game.game.id]);
    expect(withGames.stats).toMatchObject({ games: 1, wins: 1, winRate: 1, averageTurns: 9 });
    const filtered = await owner.client.decks.get({ params: { id: deck.id }, query: { formatid: 'modern' } });
    expect(filtered.games).toEqual([]);
    const archived = await owner.client.decks.archive({ params: { id: deck.id } });
    expect(archived.deck.archived).toBe(true);
    expect((await owner.client.user.decks()).decks.map((d) => d.id)).not.toContain(deck.id);
    expect((await owner.client.user.archivedDecks()).decks.map((d) => d.id)).toContain(deck.id);
    await owner.client.decks.restore({ params: { id: deck.id } });
    const listed = (await owner.client.user.decks()).decks.find((d) => d.id === deck.id);
    expect(listed).toMatchObject({ games: 1, wins: 1 });
    expect(listed?.commanders[0]?.image).toMatch(/^https:/);
    // The list is built as JSON by the database: the same summary as the deck's own (built in code).
    const { deck: full } = await owner.client.decks.get({ params: { id: deck.id } });
    expect(Object.keys(listed ?? {}).sort()).toEqual(Object.keys(DeckSummary.shape).sort());
    expect(full).toMatchObject(listed ?? {});
    await owner.client.decks.deletePermanently({ params: { id: deck.id } });
    expect(
      isNotFoundError(await owner.client.decks.get({ params: { id: deck.id } }).catch((e: unknown) => e)),
    ).toBe(true);
    const after = await owner.client.games.get({ params: { id: game.game.id } });
    const player = after.game.players.find((p) => p.user?.id === owner.id);
    expect(player?.deck).toBeNull();
    expect(player?.deckName).toBe('Short lived');
  });
});
