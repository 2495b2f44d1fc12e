import { isForbiddenError, isNotFoundError } from '@companion/sdk';
import { contract, DeckSummary } from '@companion/sdk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, raw, status } from '../support/calls.js';
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

  it('estimates the bracket from tutors, extra turns and Game Changers, with the reasons, against the chosen one', async () => {
    const decklist = [
      'Commander',
      '1 Zur the Enchanter',
      '',
      'Deck',
      '1 Vampiric Tutor',
      '1 Academy Rector',
      '1 Fabricate',
      '1 Stoneforge Mystic',
      '1 Verdant Catacombs', // a land search: not a tutor
      "1 Kodama's Reach",
      '1 Temporal Manipulation', // one extra-turn card is allowed
      '20 Island',
    ].join('\n');
    const { deck } = await owner.client.decks.create({
      body: { name: 'Tutors', formatId: 'commander', bracket: 2, decklist },
    });
    const check = deck.bracketCheck;
    const tutors = check.reasons.find((r) => r.signal === 'tutors');
    expect(tutors?.minimumBracket).toBe(3);
    expect(tutors?.cards.map((c) => c.name)).toEqual([
      'Academy Rector',
      'Fabricate',
      'Stoneforge Mystic',
      'Vampiric Tutor',
      'Zur the Enchanter',
    ]);
    // Vampiric Tutor is a Game Changer: it is that reason's card too.
    expect(check.reasons.find((r) => r.signal === 'game-changers')?.cards.map((c) => c.name)).toEqual(
      check.gameChangers.map((g) => g.name),
    );
    expect(check.reasons.map((r) => r.signal)).not.toContain('extra-turns');
    expect(check.estimate).toBe(Math.max(3, check.minimumBracket));
    expect(check.fits).toBe(false);
    const { check: after } = await owner.client.decks.setBracket({
      params: { id: deck.id },
      body: { bracket: 4 },
    });
    expect(after).toMatchObject({ estimate: check.estimate, fits: true });
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
          // The catalogue's Mana Vault has no foil printing: a played copy counts just the same.
          { name: 'Mana Vault', finish: 'nonfoil', condition: 'HP' },
        ],
      },
    });
    const res = await owner.client.decks.get({ params: { id: deck.id } });
    expect(res.deck.unowned).toEqual([expect.objectContaining({ name: 'Force of Will', missing: 3 })]); // basics are skipped
  });

  it('counts lines that did not resolve as cards the owner does not own', async () => {
    const { deck } = await owner.client.decks.create({
      body: {
        name: 'Unresolved',
        formatId: 'legacy',
        decklist: '1 Mana Vault\n2 Not A Real Card\n1 not a real card\n10 Island\n',
      },
    });
    const binder = (await owner.client.lists.list()).lists.find((l) => l.isDefault);
    await owner.client.lists.addCards({
      params: { id: binder?.id ?? '' },
      body: { cards: [{ name: 'Mana Vault', quantity: 1 }] },
    });
    const res = await owner.client.decks.get({ params: { id: deck.id } });
    // Every resolved card is owned (the basics are skipped), yet the deck is not all owned.
    expect(res.deck.unowned).toEqual([{ cardId: null, name: 'Not A Real Card', missing: 3 }]);
  });

  it('a pasted MTGO .dek finds items by CatID alone: the printing of the id, or the reason', async () => {
    const decklist = [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<Deck>',
      '  <Cards CatID="25527" Quantity="2" Sideboard="false" />', // Fury Sliver (TSP #157)
      '  <Cards CatID="42437" Quantity="1" Sideboard="true" />', // Delver of Secrets (ISD #51), foil
      '  <Cards CatID="10500" Quantity="1" Sideboard="false" />', // Cataclysm (EXO #3): an MTGO-only foil
      '  <Cards CatID="12345" Quantity="3" Sideboard="false" />', // no printing has it
      '  <Cards CatID="12345" Quantity="1" Sideboard="false" Name="Dark Ritual" />', // the name, then
      '</Deck>',
    ].join('\n');
    const { deck, unresolved } = await owner.client.decks.create({
      body: { name: 'By CatID', formatId: 'legacy', decklist },
    });
    expect(unresolved).toEqual([
      {
        line: 6,
        text: '<Cards CatID="12345" Quantity="3" Sideboard="false" />',
        reason: 'No card has MTGO catalogue id 12345',
      },
    ]);
    expect(
      deck.cards.map((c) => [
        c.name,
        c.card?.set ?? null,
        c.card?.collector_number ?? null,
        c.quantity,
        c.board,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['Fury Sliver', 'tsp', '157', 2, 'main'],
        ['Delver of Secrets // Insectile Aberration', 'isd', '51', 1, 'side'],
        ['Cataclysm', 'exo', '3', 1, 'main'],
        ['CatID 12345', null, null, 3, 'main'],
        ['Dark Ritual', expect.any(String), expect.any(String), 1, 'main'],
      ]),
    );
    expect(deck.cards).toHaveLength(5);
  });

  it('a pasted decklist says which lines it skipped and why; titles, rules and prose are never cards', async () => {
    const decklist = [
      'Deck: Mono-black',
      '4 Dark Ritual',
      '---',
      'Here is my list.',
      '',
      '',
      '20 Swamp',
    ].join('\n');
    const created = await owner.client.decks.create({
      body: { name: 'Skips', formatId: 'legacy', decklist },
    });
    expect(created.skipped).toEqual([
      { line: 1, reason: 'title', raw: 'Deck: Mono-black', count: 1 },
      { line: 3, reason: 'separator', raw: '---', count: 1 },
      { line: 4, reason: 'prose', raw: 'Here is my list.', count: 1 },
      { line: 5, reason: 'blank', raw: '', count: 2 },
    ]);
    expect(created.unresolved).toEqual([]);
    expect(created.deck.cardCount).toBe(24);
    const updated = await owner.client.decks.update({
      params: { id: created.deck.id },
      body: { decklist: '# sideboard ideas\n4 Dark Ritual\n' },
    });
    expect(updated.skipped).toEqual([{ line: 1, reason: 'comment', raw: '# sideboard ideas', count: 1 }]);
    const renamed = await owner.client.decks.update({
      params: { id: created.deck.id },
      body: { name: 'Renamed' },
    });
    expect(renamed.skipped).toEqual([]);
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
  /** The deck's cards as `quantity name board` lines, sorted (duplicates would show twice). */
  const cardLines = async (user: TestUser, id: string) =>
    (await user.client.decks.get({ params: { id } })).deck.cards
      .map((c) => `${c.quantity} ${c.name} ${c.board}`)
      .sort();

  it('expectedVersion: every write bumps the version; of two saves from one version, one wins and one gets 409', async () => {
    const { deck } = await owner.client.decks.create({
      body: { name: 'Versioned', formatId: 'legacy', cards: [{ name: 'Island', quantity: 4 }] },
    });
    expect(deck.version).toBe(1);
    // No expectedVersion: the save still works (older SDK users).
    const plain = await owner.client.decks.update({ params: { id: deck.id }, body: { name: 'Versioned 2' } });
    expect(plain.deck).toMatchObject({ name: 'Versioned 2', version: 2 });
    const checked = await owner.client.decks.update({
      params: { id: deck.id },
      body: { expectedVersion: 2, description: 'checked' },
    });
    expect(checked.deck.version).toBe(3);

    const a = [
      { name: 'Force of Will', quantity: 4 },
      { name: 'Island', quantity: 10 },
    ];
    const b = [
      { name: 'Dark Ritual', quantity: 4 },
      { name: 'Swamp', quantity: 12 },
    ];
    const saves = await Promise.allSettled([
      owner.client.decks.update({ params: { id: deck.id }, body: { expectedVersion: 3, cards: a } }),
      owner.client.decks.update({ params: { id: deck.id }, body: { expectedVersion: 3, cards: b } }),
    ]);
    const statuses = saves.map((r) =>
      r.status === 'fulfilled' ? 200 : (r.reason as { status?: number }).status,
    );
    expect(statuses.sort()).toEqual([200, 409]);
    const refused = saves.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as { details?: unknown }).details).toMatchObject({ version: 4 });
    const won = saves.findIndex((r) => r.status === 'fulfilled');
    const winner = won === 0 ? a : b;
    const lines = await cardLines(owner, deck.id);
    expect(lines).toEqual(winner.map((c) => `${c.quantity} ${c.name} main`).sort());
    expect((await owner.client.decks.get({ params: { id: deck.id } })).deck.version).toBe(4);

    // A stale save changes nothing.
    const stale = await owner.client.decks
      .update({ params: { id: deck.id }, body: { expectedVersion: 3, name: 'Stale' } })
      .catch((e: unknown) => e);
    expect((stale as { status: number }).status).toBe(409);
    expect((await owner.client.decks.get({ params: { id: deck.id } })).deck).toMatchObject({
      name: 'Versioned 2',
      version: 4,
    });

    // Bracket, archive and restore are writes too.
    const bracket = await owner.client.decks.setBracket({ params: { id: deck.id }, body: { bracket: 3 } });
    expect(bracket.deck.version).toBe(5);
    expect((await owner.client.decks.archive({ params: { id: deck.id } })).deck.version).toBe(6);
    expect((await owner.client.decks.restore({ params: { id: deck.id } })).deck.version).toBe(7);
  });

  it('small changes: add, remove and move copies in one call, with the version check; a bad change writes nothing', async () => {
    const { deck } = await owner.client.decks.create({
      body: {
        name: 'Small steps',
        formatId: 'modern',
        cards: [
          { name: 'Dark Ritual', quantity: 4 },
          { name: 'Aura Shards', quantity: 2, board: 'side' },
        ],
      },
    });
    const id = (name: string) => deck.cards.find((c) => c.name === name)?.card?.id as string;
    const ritual = id('Dark Ritual');
    const shards = id('Aura Shards');
    const changed = await owner.client.decks.changeCards({
      params: { id: deck.id },
      body: {
        expectedVersion: deck.version,
        changes: [
          { op: 'remove', cardId: ritual, quantity: 1 },
          { op: 'move', cardId: shards, from: 'side', to: 'main', quantity: 1 },
          { op: 'add', cardId: ritual, board: 'side', quantity: 3 },
          { op: 'add', cardId: shards, board: 'maybe' },
        ],
      },
    });
    expect(changed.deck.version).toBe(deck.version + 1);
    expect(await cardLines(owner, deck.id)).toEqual(
      [
        '3 Dark Ritual main',
        '3 Dark Ritual side',
        '1 Aura Shards side',
        '1 Aura Shards main',
        '1 Aura Shards maybe',
      ].sort(),
    );
    // The colour identity follows (Aura Shards is white and green).
    expect(changed.deck.colorIdentity).toEqual(['W', 'B', 'G']);

    // Taking more than a board holds takes them all; the line goes.
    const all = await owner.client.decks.changeCards({
      params: { id: deck.id },
      body: { changes: [{ op: 'remove', cardId: shards, board: 'side', quantity: 99 }] },
    });
    expect(
      all.deck.cards
        .filter((c) => c.name === 'Aura Shards')
        .map((c) => c.board)
        .sort(),
    ).toEqual(['main', 'maybe']);

    const refused = async (body: Parameters<typeof owner.client.decks.changeCards>[0]['body']) =>
      (await owner.client.decks.changeCards({ params: { id: deck.id }, body }).catch((e: unknown) => e)) as {
        status: number;
        details?: { issues?: Array<{ path: string }> };
      };
    const before = await cardLines(owner, deck.id);
    const version = (await owner.client.decks.get({ params: { id: deck.id } })).deck.version;
    // A stale version, a card the board lacks, a line over 999 copies, an unknown card: 409 / 400, and nothing changed.
    expect(
      (await refused({ expectedVersion: version - 1, changes: [{ op: 'add', cardId: ritual }] })).status,
    ).toBe(409);
    const notThere = await refused({
      changes: [
        { op: 'add', cardId: ritual },
        { op: 'remove', cardId: shards, board: 'commander' },
      ],
    });
    expect(notThere.status).toBe(400);
    expect(notThere.details?.issues?.[0]?.path).toBe('body.changes.1.cardId');
    const tooMany = await refused({ changes: [{ op: 'add', cardId: ritual, quantity: 999 }] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.details?.issues?.[0]?.path).toBe('body.changes.0.quantity');
    const unknown = await refused({
      changes: [{ op: 'add', cardId: '00000000-0000-4000-8000-00000000abcd' }],
    });
    expect(unknown.status).toBe(400);
    // No change at all, and more than a call may hold: the server names the field (the client refuses too).
    for (const changes of [[], Array.from({ length: 101 }, () => ({ op: 'add', cardId: ritual }))]) {
      const res = await raw(t, owner, contract.decks.changeCards, {
        params: { id: deck.id },
        body: { changes },
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.details)).toContain('body.changes');
    }
    expect(await cardLines(owner, deck.id)).toEqual(before);
    expect((await owner.client.decks.get({ params: { id: deck.id } })).deck.version).toBe(version);
    // Only the owner changes a deck.
    const stranger_ = await stranger.client.decks
      .changeCards({ params: { id: deck.id }, body: { changes: [{ op: 'add', cardId: ritual }] } })
      .catch((e: unknown) => e);
    expect([403, 404]).toContain((stranger_ as { status: number }).status);
  });

  it('two tabs adding at once: both additions land, one version each', async () => {
    const { deck } = await owner.client.decks.create({
      body: { name: 'Two tabs', formatId: 'modern', cards: [{ name: 'Dark Ritual', quantity: 1 }] },
    });
    const ritual = deck.cards[0]?.card?.id as string;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        owner.client.decks.changeCards({
          params: { id: deck.id },
          body: { changes: [{ op: 'add', cardId: ritual, quantity: 1 }] },
        }),
      ),
    );
    expect(await cardLines(owner, deck.id)).toEqual(['7 Dark Ritual main']);
    expect((await owner.client.decks.get({ params: { id: deck.id } })).deck.version).toBe(deck.version + 6);
  });

  it('concurrent saves without expectedVersion queue up: the deck ends with one save’s cards, never both', async () => {
    const { deck } = await owner.client.decks.create({ body: { name: 'Busy deck', formatId: 'legacy' } });
    const sets = Array.from({ length: 6 }, (_, i) => [
      { name: i % 2 ? 'Island' : 'Swamp', quantity: 1 + i },
      { name: 'Force of Will', quantity: 1 },
    ]);
    await Promise.all(
      sets.map((cards) => owner.client.decks.update({ params: { id: deck.id }, body: { cards } })),
    );
    const lines = await cardLines(owner, deck.id);
    const candidates = sets.map((cards) => cards.map((c) => `${c.quantity} ${c.name} main`).sort());
    expect(candidates).toContainEqual(lines);
    expect((await owner.client.decks.get({ params: { id: deck.id } })).deck.version).toBe(1 + sets.length);
  });

  it('a save failing half-way (an insert refused) leaves the previous cards and version intact', async () => {
    const db = t.server.services.db;
    const { deck } = await owner.client.decks.create({
      body: { name: 'Crash-safe', formatId: 'legacy', cards: [{ name: 'Island', quantity: 7 }] },
    });
    await db.execute(sql`create or replace function deck_cards_explode() returns trigger language plpgsql as $$
      begin
        if new.name = 'Kaboom Crash Card' then raise exception 'forced failure'; end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger deck_cards_explode before insert on deck_cards
      for each row execute function deck_cards_explode()`);
    try {
      const failed = await status(
        owner.client.decks.update({
          params: { id: deck.id },
          body: {
            expectedVersion: 1,
            name: 'Should not stick',
            cards: [
              { name: 'Swamp', quantity: 3 },
              { name: 'Kaboom Crash Card', quantity: 1 },
            ],
          },
        }),
      );
      expect(failed).toBe(500);
    } finally {
      await db.execute(sql`drop trigger if exists deck_cards_explode on deck_cards`);
      await db.execute(sql`drop function if exists deck_cards_explode()`);
    }
    expect(await cardLines(owner, deck.id)).toEqual(['7 Island main']);
    const after = (await owner.client.decks.get({ params: { id: deck.id } })).deck;
    expect(after).toMatchObject({ name: 'Crash-safe', version: 1 });
    // And the deck takes the next save.
    await owner.client.decks.update({
      params: { id: deck.id },
      body: { expectedVersion: 1, cards: [{ name: 'Swamp', quantity: 3 }] },
    });
    expect(await cardLines(owner, deck.id)).toEqual(['3 Swamp main']);
  });

  it('through a public profile, a stranger sees the deck but not the games of a playgroup they are not in', async () => {
    const [pilot, member, passerby] = await Promise.all([
      t.user({ firstname: 'Pilot' }),
      t.user({ firstname: 'Member' }),
      t.user({ firstname: 'Passerby' }),
    ]);
    await pilot.client.user.updateSettings({ body: { profileVisibility: 'public' } });
    await befriend(pilot, member);
    const group = (await pilot.client.playgroups.create({ body: { name: 'Hidden Cabal Zephyrine' } }))
      .playgroup;
    await pilot.client.playgroups.invite({ params: { id: group.id }, body: { id: member.id } });
    await member.client.playgroups.accept({ params: { id: group.id } });
    const { deck } = await pilot.client.decks.create({
      body: {
        name: 'Shown Deck',
        formatId: 'commander',
        decklist: 'Commander\n1 Grand Arbiter Augustin IV\n',
      },
    });
    const secret = await pilot.client.games.create({
      body: {
        formatId: 'commander',
        playgroupId: group.id,
        turns: 11,
        players: [
          { userId: pilot.id, deckId: deck.id, result: 'win' },
          { guestName: 'Quokka Secretguest', result: 'loss' },
        ],
      },
    });

    // The owner and the group's member see the game.
    const own = await pilot.client.decks.get({ params: { id: deck.id } });
    expect(own.games.map((g) => g.id)).toEqual([secret.game.id]);
    const seenByMember = await member.client.decks.get({ params: { id: deck.id } });
    expect(seenByMember.games.map((g) => g.id)).toEqual([secret.game.id]);
    expect(seenByMember.stats.games).toBe(1);

    // The stranger sees the deck, with none of the group's game.
    const seen = await passerby.client.decks.get({ params: { id: deck.id } });
    expect(seen.deck.name).toBe('Shown Deck');
    expect(seen.games).toEqual([]);
    expect(seen.stats).toMatchObject({ games: 0, wins: 0 });
    // Nor its record: the deck's summary counts only what the stranger may see.
    expect(seen.deck).toMatchObject({ games: 0, wins: 0, lastPlayed: null });
    expect(own.deck).toMatchObject({ games: 1, wins: 1 });
    expect(seenByMember.deck).toMatchObject({ games: 1, wins: 1, lastPlayed: own.deck.lastPlayed });
    const listed = (await passerby.client.user.decksById({ params: { id: pilot.id } })).decks;
    expect(listed.find((d) => d.id === deck.id)).toMatchObject({ games: 0, wins: 0, lastPlayed: null });
    const memberList = (await member.client.user.decksById({ params: { id: pilot.id } })).decks;
    expect(memberList.find((d) => d.id === deck.id)).toMatchObject({ games: 1, wins: 1 });
    const ownList = (await pilot.client.user.decksById({ params: { id: pilot.id } })).decks;
    expect(ownList.find((d) => d.id === deck.id)).toMatchObject({ games: 1, wins: 1 });
    const body = JSON.stringify(seen);
    for (const planted of ['Quokka Secretguest', 'Hidden Cabal Zephyrine', group.id, secret.game.id])
      expect(body).not.toContain(planted);

    // Their statistics do not count it either; the owner's and the member's do.
    const strangerStats = await passerby.client.user.statsById({ params: { id: pilot.id } });
    expect(strangerStats.stats.games).toBe(0);
    expect(JSON.stringify(strangerStats)).not.toContain('Shown Deck');
    const profile = await passerby.client.user.profile({ params: { id: pilot.id } });
    expect(profile.stats?.games).toBe(0);
    expect(profile.decks.find((d) => d.id === deck.id)).toMatchObject({ games: 0, wins: 0 });
    expect((await member.client.user.statsById({ params: { id: pilot.id } })).stats.games).toBe(1);
    expect((await pilot.client.user.stats()).stats.games).toBe(1);
  });
});
