import { isNotFoundError } from '@companion/sdk';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';
import { HAS_SHARED_DATA, loadSharedCatalogue } from './shared-data.js';

describe.skipIf(!HAS_SHARED_DATA).each(storages())('card holdings on %s', (kind) => {
  let t: TestServer;
  let u: TestUser;
  let other: TestUser;
  /** Two printings of Island: the one asked about and another. */
  let island: string;
  let otherIsland: string;
  beforeAll(async () => {
    t = await startTestServer(kind);
    await loadSharedCatalogue(t.server.services.db);
    u = await t.user();
    other = await t.user();
    // `island` has both finishes (a list refuses a finish its printing lacks); the other one is nonfoil.
    const found = (await u.client.cards.search({ query: { q: '!island', unique: 'prints', limit: 100 } }))
      .cards;
    const both = found.find((c) => c.finishes.includes('foil') && c.finishes.includes('nonfoil'));
    island = both!.id;
    otherIsland = found.find((c) => c.id !== island && c.finishes.includes('nonfoil'))!.id;
  });
  afterAll(() => t?.close());

  it('answers in one call with every list and deck holding the printing or another printing', async () => {
    const empty = await u.client.collection.holdings({ params: { id: island } });
    expect(empty).toMatchObject({ card: { id: island, name: 'Island' }, lists: [], decks: [] });

    const binderId = (await u.client.lists.list()).lists.find((l) => l.isDefault)!.id;
    await u.client.lists.addCards({
      params: { id: binderId },
      body: {
        cards: [
          { cardId: island, quantity: 3 },
          { cardId: island, quantity: 1, finish: 'foil' },
          { cardId: island, quantity: 2, condition: 'LP' }, // another row of the same printing and finish
          { cardId: otherIsland, quantity: 4 },
          { name: 'Force of Will' },
        ],
      },
    });
    const { list: wish } = await u.client.lists.create({ body: { name: 'A wishlist', type: 'wishlist' } });
    await u.client.lists.addCards({
      params: { id: wish.id },
      body: { cards: [{ cardId: otherIsland, quantity: 5 }] },
    });
    const { list: hidden } = await u.client.lists.create({ body: { name: 'Old trades', type: 'trade' } });
    await u.client.lists.addCards({ params: { id: hidden.id }, body: { cards: [{ cardId: island }] } });
    await u.client.lists.hide({ params: { id: hidden.id } });
    // A list without Island, and someone else's binder with it: neither shows.
    const { list: none } = await u.client.lists.create({ body: { name: 'Nothing here', type: 'custom' } });
    await u.client.lists.addCards({ params: { id: none.id }, body: { cards: [{ name: 'Force of Will' }] } });
    const otherBinder = (await other.client.lists.list()).lists.find((l) => l.isDefault)!.id;
    await other.client.lists.addCards({ params: { id: otherBinder }, body: { cards: [{ cardId: island }] } });

    const { deck: mono } = await u.client.decks.create({
      body: {
        name: 'Mono blue',
        formatId: 'commander',
        cards: [
          { cardId: island, quantity: 20 },
          { cardId: otherIsland, quantity: 10 },
          { cardId: otherIsland, quantity: 1, board: 'side' },
        ],
      },
    });
    const { deck: pasted } = await u.client.decks.create({
      body: { name: 'Burn', formatId: 'modern', decklist: '4 Lightning Bolt\n2 Island\n' },
    });
    await u.client.decks.create({
      body: { name: 'No islands', formatId: 'modern', decklist: '4 Lightning Bolt\n' },
    });
    const { deck: old } = await u.client.decks.create({
      body: { name: 'Archived', formatId: 'modern', cards: [{ cardId: island, quantity: 7 }] },
    });
    await u.client.decks.archive({ params: { id: old.id } });
    await other.client.decks.create({
      body: { name: 'Not mine', formatId: 'modern', cards: [{ cardId: island, quantity: 9 }] },
    });

    const held = await u.client.collection.holdings({ params: { id: island } });
    expect(held.card.oracle_id).toBeTruthy();
    const zero = { nonfoil: 0, foil: 0, etched: 0 };
    expect(held.lists).toEqual([
      {
        id: wish.id,
        name: 'A wishlist',
        type: 'wishlist',
        hidden: false,
        printing: zero,
        otherPrintings: { ...zero, nonfoil: 5 },
      },
      {
        id: binderId,
        name: expect.any(String),
        type: 'collection',
        hidden: false,
        printing: { ...zero, nonfoil: 5, foil: 1 },
        otherPrintings: { ...zero, nonfoil: 4 },
      },
      {
        id: hidden.id,
        name: 'Old trades',
        type: 'trade',
        hidden: true,
        printing: { ...zero, nonfoil: 1 },
        otherPrintings: zero,
      },
    ]);
    const pastedIsland = (await u.client.decks.get({ params: { id: pasted.id }, query: {} })).deck.cards.find(
      (c) => c.name === 'Island',
    );
    const pastedExact = pastedIsland?.card?.id === island;
    expect(held.decks).toEqual([
      {
        id: old.id,
        name: 'Archived',
        archived: true,
        boards: [{ board: 'main', printing: 7, otherPrintings: 0 }],
      },
      {
        id: pasted.id,
        name: 'Burn',
        archived: false,
        boards: [{ board: 'main', printing: pastedExact ? 2 : 0, otherPrintings: pastedExact ? 0 : 2 }],
      },
      {
        id: mono.id,
        name: 'Mono blue',
        archived: false,
        boards: [
          { board: 'main', printing: 20, otherPrintings: 10 },
          { board: 'side', printing: 0, otherPrintings: 1 },
        ],
      },
    ]);

    // Asked about the other printing, the same holdings swap sides.
    const swapped = await u.client.collection.holdings({ params: { id: otherIsland } });
    expect(swapped.lists.find((l) => l.id === binderId)).toMatchObject({
      printing: { ...zero, nonfoil: 4 },
      otherPrintings: { ...zero, nonfoil: 5, foil: 1 },
    });
    expect(swapped.decks.find((d) => d.id === mono.id)?.boards[0]).toEqual({
      board: 'main',
      printing: 10,
      otherPrintings: 20,
    });
  });

  it('counts deck lines not matched to a printing by name', async () => {
    const force = (await u.client.cards.search({ query: { q: '!"force of will"', limit: 1 } })).cards[0]!;
    const { deck } = await u.client.decks.create({
      body: { name: 'Unresolved', formatId: 'legacy', cards: [{ name: 'Force of Will', quantity: 3 }] },
    });
    // The line resolves when the catalogue has the card; make it unresolved as an old import would be.
    await t.server.services.db.execute(sql`update deck_cards set card_id = null where deck_id = ${deck.id}`);
    const held = await u.client.collection.holdings({ params: { id: force.id } });
    expect(held.decks.find((d) => d.id === deck.id)?.boards).toEqual([
      { board: 'main', printing: 0, otherPrintings: 3 },
    ]);
  });

  it('answers 404 for an unknown card', async () => {
    const err = await u.client.collection
      .holdings({ params: { id: '00000000-0000-0000-0000-000000000000' } })
      .catch((e: unknown) => e);
    expect(isNotFoundError(err)).toBe(true);
  });
});
