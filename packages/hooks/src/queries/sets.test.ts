import type { CompanionClient } from '@companion/sdk';
import { endpoints } from '@companion/sdk';
import { GameSet, GameSetSummary } from '@companion/sdk/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { sample } from '../../test/fixtures.js';
import { updateGameMutationOptions } from './games.js';
import { queryKeys } from './keys.js';
import {
  createGameSetMutationOptions,
  deleteGameSetMutationOptions,
  gameSetsQueryOptions,
  updateGameSetMutationOptions,
} from './sets.js';

/** A cache holding a set list (two filters), a set, a game list and a playgroup, none stale. */
function setup(answer: unknown) {
  const qc = new QueryClient();
  const set = { ...sample(GameSet), id: 's1', name: 'Pod night' };
  const summary = { ...sample(GameSetSummary), id: 's1', name: 'Pod night' };
  qc.setQueryData(queryKeys.sets.list(), { sets: [summary], total: 1 });
  qc.setQueryData(queryKeys.sets.list({ playgroupId: 'p1' }), { sets: [summary], total: 1 });
  qc.setQueryData(queryKeys.sets.detail('s1'), { set });
  qc.setQueryData(queryKeys.games.list(), { games: [], nextCursor: null, total: 0 });
  qc.setQueryData(queryKeys.playgroups.detail('p1'), { playgroup: {} });
  const call = vi.fn(async () => answer);
  const client = { call } as unknown as CompanionClient;
  const stale = (key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated;
  return { qc, set, client, call, stale };
}

describe('set lists', () => {
  it('GET /sets: one cache entry per filter, under the sets key', async () => {
    const call = vi.fn(async () => ({ sets: [], total: 0 }));
    const options = gameSetsQueryOptions({ call } as unknown as CompanionClient, {
      query: { playgroupId: 'p1' },
    });
    expect(options.queryKey).toEqual(['sets', 'list', { playgroupId: 'p1' }]);
    expect(gameSetsQueryOptions({ call } as unknown as CompanionClient).queryKey).toEqual([
      'sets',
      'list',
      {},
    ]);
    await options.queryFn?.({ signal: new AbortController().signal } as never);
    expect(call).toHaveBeenCalledWith(
      endpoints.sets.list,
      { query: { playgroupId: 'p1' } },
      expect.anything(),
    );
  });
});

describe('set mutations keep the cache right', () => {
  it('create: stores the new set and marks set lists, game lists and playgroups stale', async () => {
    const created = { set: { ...sample(GameSet), id: 's2', name: 'Tournament' } };
    const { qc, client, stale } = setup(created);
    await qc
      .getMutationCache()
      .build(qc, createGameSetMutationOptions(client))
      .execute({ body: { name: 'Tournament' } });
    expect(qc.getQueryData(queryKeys.sets.detail('s2'))).toEqual(created);
    expect(stale(queryKeys.sets.list())).toBe(true);
    expect(stale(queryKeys.sets.list({ playgroupId: 'p1' }))).toBe(true);
    expect(stale(queryKeys.games.list())).toBe(true);
    expect(stale(queryKeys.playgroups.detail('p1'))).toBe(true);
    // another set's page is not touched by creating one
    expect(stale(queryKeys.sets.detail('s1'))).toBe(false);
  });

  it('update (rename): the set page shows the answer at once; lists are stale', async () => {
    const renamed = { ...sample(GameSet), id: 's1', name: 'Pod night, week 2' };
    const { qc, client, stale, call } = setup({ set: renamed });
    await qc
      .getMutationCache()
      .build(qc, updateGameSetMutationOptions(client))
      .execute({ params: { id: 's1' }, body: { name: 'Pod night, week 2' } });
    expect(call).toHaveBeenCalledTimes(1);
    expect((qc.getQueryData(queryKeys.sets.detail('s1')) as { set: GameSet }).set.name).toBe(
      'Pod night, week 2',
    );
    expect(stale(queryKeys.sets.list())).toBe(true);
    expect(stale(queryKeys.games.list())).toBe(true);
  });

  it('delete: drops the set page and marks lists stale (its games stay, their set is cleared)', async () => {
    const { qc, client, stale } = setup({ ok: true });
    await qc
      .getMutationCache()
      .build(qc, deleteGameSetMutationOptions(client))
      .execute({ params: { id: 's1' } });
    expect(qc.getQueryData(queryKeys.sets.detail('s1'))).toBeUndefined();
    expect(stale(queryKeys.sets.list())).toBe(true);
    expect(stale(queryKeys.games.list())).toBe(true);
  });

  it('a game moved to another set marks every set (lists and pages) stale', async () => {
    const { qc, client, stale } = setup({ game: { id: 'g1' } });
    await qc
      .getMutationCache()
      .build(qc, updateGameMutationOptions(client))
      .execute({ params: { id: 'g1' }, body: { formatId: 'f', setId: 's1', players: [] } });
    expect(stale(queryKeys.sets.detail('s1'))).toBe(true);
    expect(stale(queryKeys.sets.list())).toBe(true);
  });
});
