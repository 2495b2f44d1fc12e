/**
 * The player's categories of deck lines: set with a card input or the `categorize` small change,
 * kept by moved copies and by a whole-deck replace that does not say otherwise, refused with the
 * offending field when too long or on a line the deck does not have.
 */
import { isCompanionError } from '@companion/sdk';
import { contract, LIMITS } from '@companion/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw } from '../support/calls.js';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';
import { HAS_SHARED_DATA, loadSharedCatalogue } from './shared-data.js';

describe.skipIf(!HAS_SHARED_DATA).each(storages())('deck categories on %s', (kind) => {
  let t: TestServer;
  let u: TestUser;
  let fow: string;
  let fork: string;
  beforeAll(async () => {
    t = await startTestServer(kind);
    await loadSharedCatalogue(t.server.services.db);
    u = await t.user();
    fow = (await u.client.cards.search({ query: { q: '!"Force of Will"' } })).cards[0]!.id;
    fork = (await u.client.cards.search({ query: { q: '!Fork' } })).cards[0]!.id;
  });
  afterAll(() => t?.close());

  const categories = (deck: { cards: Array<{ name: string; board: string; category: string | null }> }) =>
    deck.cards.map((c) => [c.name, c.board, c.category]).sort((a, b) => String(a).localeCompare(String(b)));

  it('sets, keeps, moves and clears categories', async () => {
    const { deck } = await u.client.decks.create({
      body: {
        name: 'Sorted',
        formatId: 'legacy',
        cards: [
          { cardId: fow, quantity: 4, category: '  Counters ' },
          { cardId: fork, quantity: 2 },
        ],
      },
    });
    expect(categories(deck)).toEqual([
      ['Force of Will', 'main', 'Counters'],
      ['Fork', 'main', null],
    ]);
    const id = deck.id;
    const change = (changes: Parameters<typeof u.client.decks.changeCards>[0]['body']['changes']) =>
      u.client.decks.changeCards({ params: { id }, body: { changes } });
    let now = (await change([{ op: 'categorize', cardId: fork, category: 'Copy' }])).deck;
    expect(categories(now)).toContainEqual(['Fork', 'main', 'Copy']);
    // Two copies moved to the sideboard keep their category there.
    now = (await change([{ op: 'move', cardId: fow, from: 'main', to: 'side', quantity: 2 }])).deck;
    expect(categories(now)).toEqual([
      ['Force of Will', 'main', 'Counters'],
      ['Force of Will', 'side', 'Counters'],
      ['Fork', 'main', 'Copy'],
    ]);
    // A whole replace from a pasted decklist (no categories in it) keeps each card's.
    now = (
      await u.client.decks.update({
        params: { id },
        body: { name: 'Sorted', formatId: 'legacy', decklist: '4 Force of Will\n2 Fork\n' },
      })
    ).deck;
    expect(categories(now)).toEqual([
      ['Force of Will', 'main', 'Counters'],
      ['Fork', 'main', 'Copy'],
    ]);
    // Null takes a line out of its category; a card input saying null does too.
    now = (await change([{ op: 'categorize', cardId: fork, category: null }])).deck;
    expect(categories(now)).toContainEqual(['Fork', 'main', null]);
    now = (
      await u.client.decks.update({
        params: { id },
        body: { name: 'Sorted', formatId: 'legacy', cards: [{ cardId: fow, quantity: 4, category: null }] },
      })
    ).deck;
    expect(categories(now)).toEqual([['Force of Will', 'main', null]]);
  });

  it('refuses a category too long, empty, or on a line the deck does not have, and changes nothing', async () => {
    const { deck } = await u.client.decks.create({
      body: { name: 'Strict', formatId: 'legacy', cards: [{ cardId: fow, quantity: 1 }] },
    });
    const tooLong = await raw(t, u, contract.decks.changeCards, {
      params: { id: deck.id },
      body: {
        changes: [{ op: 'categorize', cardId: fow, category: 'x'.repeat(LIMITS.deckCategory.max + 1) }],
      },
    });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain('category');
    const empty = await raw(t, u, contract.decks.changeCards, {
      params: { id: deck.id },
      body: { changes: [{ op: 'categorize', cardId: fow, category: '   ' }] },
    });
    expect(empty.status).toBe(400);
    const missing = await u.client.decks
      .changeCards({
        params: { id: deck.id },
        body: {
          changes: [
            { op: 'categorize', cardId: fow, category: 'Counters' },
            { op: 'categorize', cardId: fork, board: 'side', category: 'Copy' },
          ],
        },
      })
      .catch((e: unknown) => e);
    expect(isCompanionError(missing) && missing.status).toBe(400);
    expect(JSON.stringify((missing as { details?: unknown }).details)).toContain('body.changes.1.cardId');
    const after = await u.client.decks.get({ params: { id: deck.id } });
    expect(categories(after.deck)).toEqual([['Force of Will', 'main', null]]);
  });
});
