import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';
import { HAS_SHARED_DATA, loadSharedCatalogue } from './shared-data.js';

/** Grand Arbiter Augustin IV (W/U) and 99 cards of the shared catalogue: 1 + 6 + 47 + 46 = 100. */
const LEGAL = [
  { name: 'Grand Arbiter Augustin IV', quantity: 1, board: 'commander' as const },
  { name: 'Cancel', quantity: 1 },
  { name: 'Essence Scatter', quantity: 1 },
  { name: 'Disenchant', quantity: 1 },
  { name: 'Hallowed Fountain', quantity: 1 },
  { name: 'Azorius Guildgate', quantity: 1 },
  { name: 'Command Tower', quantity: 1 },
  { name: 'Island', quantity: 47 },
  { name: 'Plains', quantity: 46 },
];

describe.skipIf(!HAS_SHARED_DATA).each(storages())('deck legality on %s', (kind) => {
  let t: TestServer;
  let owner: TestUser;
  beforeAll(async () => {
    t = await startTestServer(kind);
    await loadSharedCatalogue(t.server.services.db);
    owner = await t.user({ firstname: 'Builder' });
  });
  afterAll(() => t?.close());

  it('GET /deck/{id} says a 100-card singleton Commander deck within its identity is legal', async () => {
    const created = await owner.client.decks.create({
      body: { name: 'Arbiter', formatId: 'commander', cards: LEGAL },
    });
    expect(created.deck.legality).toEqual({ legal: true, problems: [] });
    const { deck } = await owner.client.decks.get({ params: { id: created.deck.id } });
    expect(deck.cardCount).toBe(100);
    expect(deck.legality).toEqual({ legal: true, problems: [] });
  });

  it('GET /deck/{id} names what makes a Commander deck illegal; the deck is saved all the same', async () => {
    const cards = [
      ...LEGAL.filter((c) => c.name !== 'Plains' && c.name !== 'Cancel'),
      { name: 'Cancel', quantity: 2 },
      { name: 'Karakas', quantity: 1 },
      { name: 'Mountain', quantity: 1 },
      { name: 'Totally Made Up Card', quantity: 1 },
      { name: 'Plains', quantity: 41 },
    ];
    const created = await owner.client.decks.create({
      body: { name: 'Arbiter, broken', formatId: 'commander', cards },
    });
    expect(created.deck.legality.legal).toBe(false);
    const { deck } = await owner.client.decks.get({ params: { id: created.deck.id } });
    const catalogueId = (name: string) => deck.cards.find((c) => c.name === name)?.card?.id;
    expect(deck.legality.legal).toBe(false);
    expect(deck.legality.problems).toEqual([
      {
        rule: 'unresolved',
        message: '"Totally Made Up Card" is not a card the catalogue knows.',
        reason: 'unresolved',
        values: { name: 'Totally Made Up Card' },
        cards: [{ name: 'Totally Made Up Card', cardId: null }],
      },
      {
        rule: 'deck-size',
        message: 'The deck has 99 cards, commanders included; it needs exactly 100.',
        reason: 'deck-size-exact',
        values: { count: 99, size: 100, commanders: 'yes' },
        cards: [],
      },
      {
        rule: 'copies',
        message: '2 copies of Cancel; at most one is allowed.',
        reason: 'copies',
        values: { name: 'Cancel', count: 2, limit: 1 },
        cards: [{ name: 'Cancel', cardId: catalogueId('Cancel') }],
      },
      {
        rule: 'banned',
        message: 'Karakas is banned.',
        reason: 'banned',
        values: { name: 'Karakas' },
        cards: [{ name: 'Karakas', cardId: catalogueId('Karakas') }],
      },
      {
        rule: 'color-identity',
        message: "Mountain (R) is outside the commanders' colour identity (WU).",
        reason: 'color-identity',
        values: { name: 'Mountain', colors: 'R', identity: 'WU', title: 'commander' },
        cards: [{ name: 'Mountain', cardId: catalogueId('Mountain') }],
      },
    ]);
    expect(catalogueId('Karakas')).toEqual(expect.any(String));

    // Fixed by an update, whose answer carries the legality too.
    const { deck: fixed } = await owner.client.decks.update({
      params: { id: deck.id },
      body: { cards: LEGAL },
    });
    expect(fixed.legality).toEqual({ legal: true, problems: [] });
  });
});
