/**
 * A deck edit and the cache: the answer (with the deck's new version) replaces the cached deck, so
 * the editor's next save sends that version; a 409 (the deck moved on) leaves the cache as it was.
 */
import { createClient, isCompanionError } from '@companion/sdk';
import { contract, type Deck } from '@companion/sdk/contract';
import { MutationObserver } from '@tanstack/react-query';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restoreDeckMutationOptions, updateDeckMutationOptions } from '../src/queries/decks.js';
import { queryKeys } from '../src/queries/keys.js';
import { createQueryClient } from '../src/query-client.js';
import { sample } from './fixtures.js';
import { TestServer } from './http-server.js';

const server = new TestServer();
beforeAll(() => server.start());
afterAll(() => server.stop());
beforeEach(() => server.reset());

const ID = '00000000-0000-4000-8000-000000000042';

function setup() {
  const client = createClient({ baseUrl: server.url, apiKey: 'test-key', secret: 'test-secret', retry: 0 });
  const qc = createQueryClient();
  const view = sample(contract.decks.get.response);
  const deck: Deck = { ...view.deck, id: ID, name: 'Before', version: 3 };
  qc.setQueryData(queryKeys.decks.view(ID, {}), { ...view, deck });
  const cached = () => (qc.getQueryData(queryKeys.decks.view(ID, {})) as { deck: Deck }).deck;
  return { client, qc, deck, cached };
}

describe('deck versions in the cache', () => {
  it('a saved edit puts the answered deck (new version) in the cached view', async () => {
    const { client, qc, deck, cached } = setup();
    server.handler = (method) =>
      method === 'PUT'
        ? { status: 200, body: { deck: { ...deck, name: 'After', version: 4 }, unresolved: [] } }
        : {
            status: 200,
            body: { ...sample(contract.decks.get.response), deck: { ...deck, name: 'After', version: 4 } },
          };
    const observer = new MutationObserver(qc, updateDeckMutationOptions(client));
    await observer.mutate({ params: { id: ID }, body: { expectedVersion: 3, name: 'After' } });
    expect(cached()).toMatchObject({ name: 'After', version: 4 });
    const put = server.hits.find((h) => h.method === 'PUT');
    expect(put?.path).toBe(`/deck/${ID}`);
  });

  it('a 409 keeps the cached deck and tells the current version', async () => {
    const { client, qc, cached } = setup();
    server.handler = () => ({
      status: 409,
      body: { code: 42, message: 'The deck changed since version 3', details: { version: 5 } },
    });
    const observer = new MutationObserver(qc, updateDeckMutationOptions(client));
    const error = await observer
      .mutate({ params: { id: ID }, body: { expectedVersion: 3, name: 'Mine' } })
      .catch((e: unknown) => e);
    expect(isCompanionError(error) && error.status).toBe(409);
    expect(isCompanionError(error) && error.details).toMatchObject({ version: 5 });
    expect(cached()).toMatchObject({ name: 'Before', version: 3 });
  });

  it('a restore puts the answered deck (new version) in the cached view', async () => {
    const { client, qc, deck, cached } = setup();
    server.handler = (method, path) =>
      method === 'PUT' && path.endsWith('/restore')
        ? { status: 200, body: { deck: { ...deck, archived: false, version: 6 } } }
        : { status: 200, body: sample(contract.user.decks.response) };
    const observer = new MutationObserver(qc, restoreDeckMutationOptions(client));
    await observer.mutate({ params: { id: ID } });
    expect(cached().version).toBe(6);
  });
});
