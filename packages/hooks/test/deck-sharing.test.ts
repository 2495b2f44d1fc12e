/**
 * Deck sharing and the cache: a deck read through its share link is fetched without a session, and
 * a 404 (a private deck, a replaced link) is not retried; a new link puts the answered deck (new
 * token) in the cached view and drops copies read through the old link.
 */
import { createClient, isCompanionError } from '@companion/sdk';
import { contract, type Deck } from '@companion/sdk/contract';
import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newDeckShareLinkMutationOptions, sharedDeckQueryOptions } from '../src/queries/decks.js';
import { queryKeys } from '../src/queries/keys.js';
import { createQueryClient } from '../src/query-client.js';
import { sample } from './fixtures.js';
import { TestServer } from './http-server.js';

const server = new TestServer();
beforeAll(() => server.start());
afterAll(() => server.stop());
beforeEach(() => server.reset());

const ID = '00000000-0000-4000-8000-000000000042';
const OLD = 'AAAAAAAAAAAAAAAAAAAAAA';
const NEW = 'BBBBBBBBBBBBBBBBBBBBBB';

/** A client with a session, as a signed-in owner has: the shared call must not send it. */
const signedIn = () =>
  createClient({
    baseUrl: server.url,
    apiKey: 'test-key',
    secret: 'test-secret',
    retry: 0,
    credentials: () => ({ token: 'session-token-of-the-owner', userId: ID }),
  });

describe('deck sharing in the cache', () => {
  it('reads a shared deck with no session headers, under its own key', async () => {
    const qc = createQueryClient();
    const answer = sample(contract.decks.shared.response);
    server.handler = () => ({ status: 200, body: answer });
    const data = await qc.fetchQuery(sharedDeckQueryOptions(signedIn(), { params: { token: OLD } }));
    expect(data.deck.name).toBe(answer.deck.name);
    const hit = server.hits[0];
    expect(hit?.path).toBe(`/deck/shared/${OLD}`);
    expect(hit?.headers.authorization).toBeUndefined();
    expect(hit?.headers['x-user-id']).toBeUndefined();
    expect(qc.getQueryData(queryKeys.decks.shared(OLD))).toBeDefined();
  });

  it('a 404 (private deck or replaced link) is answered at once, not retried', async () => {
    const qc = createQueryClient();
    server.handler = () => ({ status: 404, body: { code: 70, message: 'This link does not open a deck' } });
    const observer = new QueryObserver(qc, sharedDeckQueryOptions(signedIn(), { params: { token: OLD } }));
    const result = await new Promise<{ error: unknown }>((resolve) => {
      const stop = observer.subscribe((r) => {
        if (r.status === 'error') {
          stop();
          resolve({ error: r.error });
        }
      });
    });
    expect(isCompanionError(result.error) && result.error.status).toBe(404);
    expect(server.hits).toHaveLength(1);
  });

  it('a new link puts the new token in the cached deck and drops what the old link showed', async () => {
    const qc = createQueryClient();
    const view = sample(contract.decks.get.response);
    const deck: Deck = { ...view.deck, id: ID, shareToken: OLD, version: 3 };
    qc.setQueryData(queryKeys.decks.view(ID, {}), { ...view, deck });
    qc.setQueryData(queryKeys.decks.shared(OLD), sample(contract.decks.shared.response));
    server.handler = (method) =>
      method === 'POST'
        ? { status: 200, body: { deck: { ...deck, shareToken: NEW, version: 4 } } }
        : { status: 200, body: sample(contract.user.decks.response) };
    const observer = new MutationObserver(qc, newDeckShareLinkMutationOptions(signedIn()));
    await observer.mutate({ params: { id: ID } });
    expect(server.hits.find((h) => h.method === 'POST')?.path).toBe(`/deck/${ID}/share`);
    const cached = (qc.getQueryData(queryKeys.decks.view(ID, {})) as { deck: Deck }).deck;
    expect(cached).toMatchObject({ shareToken: NEW, version: 4 });
    expect(qc.getQueryData(queryKeys.decks.shared(OLD))).toBeUndefined();
  });
});
