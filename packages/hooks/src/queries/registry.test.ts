import type { CompanionClient } from '@companion/sdk';
import { endpoints, NetworkError, NotFoundError, ServerError, SessionExpiredError } from '@companion/sdk';
import { type AnyEndpoint, Deck, DeckSummary, Game, listEndpoints } from '@companion/sdk/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { sample } from '../../test/fixtures.js';
import { setDeckBracketMutationOptions } from './decks.js';
import { MAX_QUERY_RETRIES, retryPolicy } from './define.js';
import { addGameTagsMutationOptions } from './games.js';
import { queryKeys } from './keys.js';
import { endpointHooks } from './registry.js';

function argsFor(ep: AnyEndpoint): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  if (ep.params) args.params = sample(ep.params);
  if (ep.query) args.query = sample(ep.query);
  if (ep.body) {
    args.body =
      ep.bodyType === 'multipart' ? { file: new Blob(['x'], { type: 'image/png' }) } : sample(ep.body);
  }
  if (ep.auth === 'identity') args.identityToken = 'firebase-id-token';
  return args;
}

function fakeClient(ep: AnyEndpoint) {
  const call = vi.fn(async () => (ep.responseType === 'text' ? 'csv' : sample(ep.response)));
  return { client: { call } as unknown as CompanionClient, call };
}

describe('every contract entry has a query or a mutation', () => {
  const all = listEndpoints();
  const registry = endpointHooks as Record<
    string,
    { kind: string; factory: (...a: unknown[]) => unknown; hook: unknown }
  >;

  it('covers listEndpoints() exactly', () => {
    const names = all.map((e) => `${e.domain}.${e.name}`);
    const missing = names.filter((n) => !(n in registry));
    expect(missing, `no hook for: ${missing.join(', ')}`).toEqual([]);
    expect(Object.keys(registry).sort()).toEqual([...names].sort());
  });

  it.each(all.map((e) => [`${e.domain}.${e.name}`, e] as const))(
    '%s calls its own endpoint',
    async (name, entry) => {
      const ep = entry.endpoint;
      const hook = registry[name];
      expect(hook).toBeDefined();
      if (!hook) return;
      expect(hook.kind).toBe(ep.method === 'GET' ? 'query' : 'mutation');
      expect(hook.hook).toBeTypeOf('function');
      const { client, call } = fakeClient(ep);
      const args = argsFor(ep);

      if (hook.kind === 'query') {
        const options = hook.factory(client, args) as {
          queryKey: unknown[];
          queryFn: (ctx: { signal: AbortSignal }) => Promise<unknown>;
          staleTime: number;
          retry: unknown;
        };
        expect(Array.isArray(options.queryKey)).toBe(true);
        expect(options.retry).toBe(retryPolicy);
        expect(options.staleTime).toBeTypeOf('number');
        // the key is stable for the same arguments
        expect((hook.factory(client, args) as { queryKey: unknown }).queryKey).toEqual(options.queryKey);
        await options.queryFn({ signal: new AbortController().signal });
      } else {
        const options = hook.factory(client) as {
          mutationKey: unknown[];
          mutationFn: (vars: unknown, ctx: unknown) => Promise<unknown>;
        };
        expect(options.mutationKey).toHaveLength(2);
        await options.mutationFn(args, {
          client: new QueryClient(),
          meta: undefined,
          mutationKey: options.mutationKey,
        });
      }
      expect(call).toHaveBeenCalledTimes(1);
      // the entry's reference (no schemas: the client loads them when it validates)
      const refs = endpoints as unknown as Record<string, Record<string, unknown>>;
      expect((call.mock.calls[0] as unknown[])[0]).toBe(refs[entry.domain]?.[entry.name]);
      expect((call.mock.calls[0] as unknown[])[0]).toMatchObject({ method: ep.method, path: ep.path });
    },
  );
});

describe('cursor-paged lists have an infinite-query variant', () => {
  const registry = endpointHooks as Record<
    string,
    { infinite?: { factory: (client: CompanionClient, args: unknown) => unknown; hook: unknown } }
  >;
  const paged = listEndpoints().filter(
    (e) => e.endpoint.query && 'cursor' in ((e.endpoint.query as { shape?: object }).shape ?? {}),
  );

  it('names one for every entry whose query takes a cursor, and only those', () => {
    expect(paged.map((e) => `${e.domain}.${e.name}`).sort()).toEqual(['games.list', 'playgroups.games']);
    const withVariant = Object.entries(registry).filter(([, h]) => h.infinite);
    expect(withVariant.map(([name]) => name).sort()).toEqual(
      paged.map((e) => `${e.domain}.${e.name}`).sort(),
    );
  });

  it.each(paged.map((e) => [`${e.domain}.${e.name}`, e] as const))(
    '%s: pages follow nextCursor, under the paged key, with the filters kept',
    async (name, entry) => {
      const ep = entry.endpoint;
      const variant = registry[name]?.infinite;
      expect(variant?.hook).toBeTypeOf('function');
      const cursors = ['c1', 'c2', null];
      const call = vi.fn(async (_ep: unknown, _args: unknown) => ({
        ...(sample(ep.response) as Record<string, unknown>),
        nextCursor: cursors[call.mock.calls.length - 1] ?? null,
      }));
      const client = { call } as unknown as CompanionClient;
      const args = {
        ...(ep.params ? { params: sample(ep.params) } : {}),
        query: { formatid: 'commander', limit: 5 },
      };
      const options = variant!.factory(client, args) as { queryKey: unknown[]; retry: unknown };
      expect(options.retry).toBe(retryPolicy);
      const pagedKey = (
        registry[name] as unknown as { factory: (c: unknown, a: unknown) => { queryKey: unknown[] } }
      ).factory(client, args).queryKey;
      // under the one-page key (so its invalidations reach it) but not the same entry
      expect(options.queryKey.slice(0, pagedKey.length)).toEqual(pagedKey);
      expect(options.queryKey).not.toEqual(pagedKey);

      const qc = new QueryClient();
      const data = await qc.fetchInfiniteQuery({ ...(options as object), pages: 5 } as never);
      // three pages: the third one's cursor is null, so no fourth call
      expect((data as { pages: unknown[] }).pages).toHaveLength(3);
      expect(call).toHaveBeenCalledTimes(3);
      const refs = endpoints as unknown as Record<string, Record<string, unknown>>;
      for (const [ref] of call.mock.calls) expect(ref).toBe(refs[entry.domain]?.[entry.name]);
      expect(call.mock.calls.map(([, a]) => (a as { query: Record<string, unknown> }).query)).toEqual([
        { formatid: 'commander', limit: 5 },
        { formatid: 'commander', limit: 5, cursor: 'c1' },
        { formatid: 'commander', limit: 5, cursor: 'c2' },
      ]);
    },
  );

  it('optimistic tags reach games held in a loaded "Load more" list', async () => {
    const qc = new QueryClient();
    const game = { ...sample(Game), id: 'g1', tags: [] };
    const other = { ...sample(Game), id: 'g2', tags: [] };
    const key = queryKeys.games.infinite({});
    qc.setQueryData(key, {
      pages: [
        { games: [other], nextCursor: 'c1', total: 2 },
        { games: [game], nextCursor: null, total: 2 },
      ],
      pageParams: [null, 'c1'],
    });
    let resolve!: (v: unknown) => void;
    const call = vi.fn(() => new Promise((r) => (resolve = r)));
    const mutation = qc
      .getMutationCache()
      .build(qc, addGameTagsMutationOptions({ call } as unknown as CompanionClient));
    const done = mutation.execute({ params: { id: 'g1' }, body: { tags: ['league'] } });
    const tagsOf = (page: number) =>
      (qc.getQueryData(key) as { pages: Array<{ games: Array<{ tags: Array<{ name: string }> }> }> }).pages[
        page
      ]?.games[0]?.tags.map((t) => t.name);
    await vi.waitFor(() => expect(tagsOf(1)).toEqual(['league']));
    expect(tagsOf(0)).toEqual([]);
    resolve({ tags: [{ id: 't1', name: 'league', color: null }] });
    await done;
    expect(tagsOf(1)).toEqual(['league']);
  });
});

describe('query keys', () => {
  it('are hierarchical so a prefix invalidates everything under it', async () => {
    const qc = new QueryClient();
    qc.setQueryData(queryKeys.decks.list(), { decks: [] });
    qc.setQueryData(queryKeys.decks.view('d1', { formatid: 'f' }), { deck: {} });
    qc.setQueryData(queryKeys.decks.view('d2'), { deck: {} });
    qc.setQueryData(queryKeys.games.list(), { games: [] });
    await qc.invalidateQueries({ queryKey: queryKeys.decks.detail('d1') });
    expect(qc.getQueryState(queryKeys.decks.view('d1', { formatid: 'f' }))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(queryKeys.decks.view('d2'))?.isInvalidated).toBe(false);
    await qc.invalidateQueries({ queryKey: queryKeys.decks.all });
    expect(qc.getQueryState(queryKeys.decks.list())?.isInvalidated).toBe(true);
    expect(qc.getQueryState(queryKeys.games.list())?.isInvalidated).toBe(false);
  });
});

describe('retry policy', () => {
  it('refuses non-retryable errors and retries retryable ones once (ky already retried)', () => {
    expect(retryPolicy(0, new NotFoundError())).toBe(false);
    expect(retryPolicy(0, new SessionExpiredError())).toBe(false);
    expect(retryPolicy(0, new ServerError())).toBe(true);
    expect(retryPolicy(0, new NetworkError())).toBe(true);
    expect(retryPolicy(MAX_QUERY_RETRIES, new ServerError())).toBe(false);
  });
});

describe('optimistic deck bracket', () => {
  function setup(result: () => Promise<unknown>) {
    const qc = new QueryClient();
    const summary = { ...sample(DeckSummary), id: 'd1', bracket: 2 as const };
    const deck = { ...sample(Deck), ...summary };
    qc.setQueryData(queryKeys.decks.list(), { decks: [summary] });
    qc.setQueryData(queryKeys.decks.view('d1'), { deck });
    const call = vi.fn(result);
    const options = setDeckBracketMutationOptions({ call } as unknown as CompanionClient);
    const mutation = qc.getMutationCache().build(qc, options);
    const bracketInList = () =>
      (qc.getQueryData(queryKeys.decks.list()) as { decks: DeckSummary[] }).decks[0]?.bracket;
    const bracketInView = () => (qc.getQueryData(queryKeys.decks.view('d1')) as { deck: Deck }).deck.bracket;
    return { qc, mutation, deck, bracketInList, bracketInView };
  }

  it('moves at once and keeps the server answer', async () => {
    let resolve!: (v: unknown) => void;
    const { mutation, deck, bracketInList, bracketInView } = setup(() => new Promise((r) => (resolve = r)));
    const done = mutation.execute({ params: { id: 'd1' }, body: { bracket: 4 } });
    await vi.waitFor(() => expect(bracketInList()).toBe(4));
    expect(bracketInView()).toBe(4);
    resolve({ deck: { ...deck, bracket: 4 }, check: { ...deck.bracketCheck, bracket: 4 } });
    await done;
    expect(bracketInList()).toBe(4);
  });

  it('rolls back on error', async () => {
    const { mutation, bracketInList, bracketInView } = setup(async () => {
      throw new ServerError();
    });
    await expect(mutation.execute({ params: { id: 'd1' }, body: { bracket: 5 } })).rejects.toBeInstanceOf(
      ServerError,
    );
    expect(bracketInList()).toBe(2);
    expect(bracketInView()).toBe(2);
  });
});
