import { type CallArgs, type CompanionClient, endpoints } from '@companion/sdk';
import type { CardList, ListEntry } from '@companion/sdk/contract';
import { type QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { useCompanionClient } from '../context.js';
import {
  invalidate,
  patchQueries,
  type Rollback,
  rollbackOnError,
  type Snapshot,
  type WithClient,
} from './cache.js';
import { endpointMutation, endpointQuery, type Vars } from './define.js';
import { queryKeys } from './keys.js';

const { lists } = endpoints;
type E = typeof lists;
type Lists = { lists: CardList[] };
type ListPage = { list: CardList; entries: ListEntry[]; total: number; page: number; limit: number };

// ---- reads ----

/** GET /user/lists: visible lists. */
export const listsQueryOptions = (client: CompanionClient, args?: Vars<E['list']>) =>
  endpointQuery(client, lists.list, args, queryKeys.lists.list(args?.query));
export const useLists = (args?: Vars<E['list']>) => useQuery(listsQueryOptions(useCompanionClient(), args));

/** GET /user/lists/hidden */
export const hiddenListsQueryOptions = (client: CompanionClient) =>
  endpointQuery(client, lists.hidden, undefined, queryKeys.lists.hidden());
export const useHiddenLists = () => useQuery(hiddenListsQueryOptions(useCompanionClient()));

/** GET /user/lists/:id: the list and one page of entries (page 1, 50 per page by default). */
export const listQueryOptions = (client: CompanionClient, args: CallArgs<E['get']>) =>
  endpointQuery(client, lists.get, args, queryKeys.lists.entries(args.params.id, args.query));
export const useList = (args: CallArgs<E['get']>) => useQuery(listQueryOptions(useCompanionClient(), args));

/** GET /user/lists/:id/revisions: history, newest first. */
export const listRevisionsQueryOptions = (client: CompanionClient, args: CallArgs<E['revisions']>) =>
  endpointQuery(client, lists.revisions, args, queryKeys.lists.revisions(args.params.id, args.query));
export const useListRevisions = (args: CallArgs<E['revisions']>) =>
  useQuery(listRevisionsQueryOptions(useCompanionClient(), args));

/** GET /user/lists/:id/export (CSV text), fetched on demand like the collection export. */
export const listExportQueryOptions = (client: CompanionClient, args: CallArgs<E['export']>) =>
  endpointQuery(client, lists.export, args, queryKeys.lists.export(args.params.id, args.query), 0, 0);
export const useListExport = (args: CallArgs<E['export']>, options: { enabled?: boolean } = {}) =>
  useQuery({ ...listExportQueryOptions(useCompanionClient(), args), enabled: options.enabled ?? false });

// ---- cache helpers ----

const total = (entries: readonly ListEntry[]) => entries.reduce((sum, e) => sum + e.quantity, 0);

/** Adds `delta` cards to a list wherever its summary is cached. */
function bumpListCount(qc: QueryClient, id: string, delta: number): Promise<Snapshot[]> {
  const bump = (list: CardList): CardList =>
    list.id === id ? { ...list, cards: Math.max(0, list.cards + delta) } : list;
  return Promise.all([
    patchQueries<Lists>(qc, queryKeys.lists.list().slice(0, 2), (old) => ({
      ...old,
      lists: old.lists.map(bump),
    })),
    patchQueries<Lists>(qc, queryKeys.lists.hidden(), (old) => ({ ...old, lists: old.lists.map(bump) })),
  ]);
}

/** Rewrites the cached entry pages of a list; returns the snapshot and how many cards that removed. */
async function patchEntries(
  qc: QueryClient,
  id: string,
  update: (entries: ListEntry[]) => ListEntry[],
): Promise<{ snapshot: Snapshot; delta: number }> {
  let delta = 0;
  const prefix = queryKeys.lists.entries(id).slice(0, 4);
  const snapshot = await patchQueries<ListPage>(qc, prefix, (old) => {
    const entries = update(old.entries);
    const change = total(entries) - total(old.entries);
    delta += change;
    return {
      ...old,
      entries,
      total: Math.max(0, old.total - (old.entries.length - entries.length)),
      list: { ...old.list, cards: Math.max(0, old.list.cards + change) },
    };
  });
  return { snapshot, delta };
}

/** Removes `quantity` copies (all when missing) of each entry. */
function withoutCopies(cards: ReadonlyArray<{ entryId: string; quantity?: number | undefined }>) {
  return (entries: ListEntry[]) =>
    entries.flatMap((entry) => {
      const change = cards.find((c) => c.entryId === entry.id);
      if (!change) return [entry];
      const left = change.quantity === undefined ? 0 : entry.quantity - change.quantity;
      return left > 0 ? [{ ...entry, quantity: left }] : [];
    });
}

/** After any card change: the list (entries, revisions), list summaries and the collection refetch. */
const cardsSettled = (...ids: string[]) => ({
  onSettled: (_d: unknown, _e: unknown, vars: unknown, _r: unknown, { client: qc }: WithClient) => {
    const own = (vars as { params?: { id?: string } } | undefined)?.params?.id;
    const target = (vars as { body?: { target?: string } } | undefined)?.body?.target;
    const affected = [...ids, own, target].filter((x): x is string => Boolean(x));
    return invalidate(
      qc,
      ...affected.map((id) => queryKeys.lists.detail(id)),
      queryKeys.lists.list().slice(0, 2),
      queryKeys.lists.hidden(),
      queryKeys.collection.all,
    );
  },
});

/** A change answered with the list summary: put it wherever the list is cached. */
function listAnswered(qc: QueryClient, list: CardList): void {
  const swap = (old: Lists) => ({ ...old, lists: old.lists.map((l) => (l.id === list.id ? list : l)) });
  qc.setQueriesData<Lists>({ queryKey: queryKeys.lists.list().slice(0, 2) }, (old) =>
    old ? swap(old) : old,
  );
  qc.setQueriesData<Lists>({ queryKey: queryKeys.lists.hidden() }, (old) => (old ? swap(old) : old));
  qc.setQueriesData<ListPage>({ queryKey: queryKeys.lists.entries(list.id).slice(0, 4) }, (old) =>
    old ? { ...old, list } : old,
  );
}

// ---- list mutations ----

/** POST /user/lists {name, type} */
export const createListMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, lists.create, ['lists', 'create'], {
    onSuccess: (data, _v, _r, { client: qc }) => {
      qc.setQueriesData<Lists>({ queryKey: queryKeys.lists.list().slice(0, 2) }, (old) =>
        old ? { ...old, lists: [...old.lists, data.list] } : old,
      );
      return invalidate(qc, queryKeys.lists.list().slice(0, 2), queryKeys.collection.all);
    },
  });
export const useCreateList = () => useMutation(createListMutationOptions(useCompanionClient()));

/** PUT /user/lists/:id {name, type}: optimistic rename. */
export const renameListMutationOptions = (client: CompanionClient) =>
  endpointMutation<E['rename'], Rollback>(client, lists.rename, ['lists', 'rename'], {
    onMutate: async (vars, { client: qc }) => {
      const body = vars.body ?? {};
      const rename = (l: CardList): CardList =>
        l.id === vars.params.id
          ? { ...l, ...(body.name ? { name: body.name } : {}), ...(body.type ? { type: body.type } : {}) }
          : l;
      return {
        snapshots: [
          await patchQueries<Lists>(qc, queryKeys.lists.list().slice(0, 2), (old) => ({
            ...old,
            lists: old.lists.map(rename),
          })),
          await patchQueries<ListPage>(qc, queryKeys.lists.entries(vars.params.id).slice(0, 4), (old) => ({
            ...old,
            list: rename(old.list),
          })),
        ],
      };
    },
    onError: rollbackOnError,
    onSuccess: (data, _v, _r, { client: qc }) => {
      listAnswered(qc, data.list);
      return invalidate(qc, queryKeys.collection.all);
    },
  });
export const useRenameList = () => useMutation(renameListMutationOptions(useCompanionClient()));

/** DELETE /user/lists/:id ?keep_cards: optimistic removal. */
export const deleteListMutationOptions = (client: CompanionClient) =>
  endpointMutation<E['delete'], Rollback>(client, lists.delete, ['lists', 'delete'], {
    onMutate: async (vars, { client: qc }) => {
      const without = (old: Lists) => ({ ...old, lists: old.lists.filter((l) => l.id !== vars.params.id) });
      return {
        snapshots: [
          await patchQueries<Lists>(qc, queryKeys.lists.list().slice(0, 2), without),
          await patchQueries<Lists>(qc, queryKeys.lists.hidden(), without),
        ],
      };
    },
    onError: rollbackOnError,
    onSuccess: (data, vars, _r, { client: qc }) => {
      qc.removeQueries({ queryKey: queryKeys.lists.detail(vars.params.id) });
      return data.movedTo ? invalidate(qc, queryKeys.lists.detail(data.movedTo)) : undefined;
    },
    onSettled: (_d, _e, _v, _r, { client: qc }) =>
      invalidate(qc, queryKeys.lists.list().slice(0, 2), queryKeys.lists.hidden(), queryKeys.collection.all),
  });
export const useDeleteList = () => useMutation(deleteListMutationOptions(useCompanionClient()));

/** Moves a list between the visible and hidden lists at once. */
function visibility(name: 'hide' | 'restore') {
  const from = name === 'hide' ? queryKeys.lists.list().slice(0, 2) : queryKeys.lists.hidden();
  return {
    onMutate: async (vars: { params: { id: string } }, { client: qc }: WithClient): Promise<Rollback> => ({
      snapshots: [
        await patchQueries<Lists>(qc, from, (old) => ({
          ...old,
          lists: old.lists.filter((l) => l.id !== vars.params.id),
        })),
      ],
    }),
    onError: rollbackOnError,
    onSuccess: (data: { list: CardList }, _v: unknown, _r: unknown, { client: qc }: WithClient) =>
      listAnswered(qc, data.list),
    onSettled: (_d: unknown, _e: unknown, _v: unknown, _r: unknown, { client: qc }: WithClient) =>
      invalidate(qc, queryKeys.lists.list().slice(0, 2), queryKeys.lists.hidden()),
  };
}

/** PUT /user/lists/:id/hide (optimistic). */
export const hideListMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, lists.hide, ['lists', 'hide'], visibility('hide'));
export const useHideList = () => useMutation(hideListMutationOptions(useCompanionClient()));

/** PUT /user/lists/:id/restore (optimistic). */
export const restoreListMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, lists.restore, ['lists', 'restore'], visibility('restore'));
export const useRestoreList = () => useMutation(restoreListMutationOptions(useCompanionClient()));

// ---- card changes: optimistic, rolled back on error ----

/** POST /user/lists/:id/cards {cards}: the count moves at once; entries arrive with the refetch. */
export const addListCardsMutationOptions = (client: CompanionClient) =>
  endpointMutation<E['addCards'], Rollback>(client, lists.addCards, ['lists', 'addCards'], {
    onMutate: async (vars, { client: qc }) => {
      const added = vars.body.cards.reduce((sum, c) => sum + (c.quantity ?? 1), 0);
      const counts = await bumpListCount(qc, vars.params.id, added);
      const entries = await patchQueries<ListPage>(
        qc,
        queryKeys.lists.entries(vars.params.id).slice(0, 4),
        (old) => ({
          ...old,
          list: { ...old.list, cards: old.list.cards + added },
        }),
      );
      return { snapshots: [...counts, entries] };
    },
    onError: rollbackOnError,
    onSuccess: (data, _v, _r, { client: qc }) => listAnswered(qc, data.list),
    ...cardsSettled(),
  });
export const useAddListCards = () => useMutation(addListCardsMutationOptions(useCompanionClient()));

/** POST /user/lists/:id/cards/remove {cards}: entries leave at once. */
export const removeListCardsMutationOptions = (client: CompanionClient) =>
  endpointMutation<E['removeCards'], Rollback>(client, lists.removeCards, ['lists', 'removeCards'], {
    onMutate: async (vars, { client: qc }) => {
      const { snapshot, delta } = await patchEntries(qc, vars.params.id, withoutCopies(vars.body.cards));
      return { snapshots: [snapshot, ...(await bumpListCount(qc, vars.params.id, delta))] };
    },
    onError: rollbackOnError,
    onSuccess: (data, _v, _r, { client: qc }) => listAnswered(qc, data.list),
    ...cardsSettled(),
  });
export const useRemoveListCards = () => useMutation(removeListCardsMutationOptions(useCompanionClient()));

/** POST /user/lists/:id/cards/move {target, cards}: entries leave the source at once; both lists refetch. */
export const moveListCardsMutationOptions = (client: CompanionClient) =>
  endpointMutation<E['moveCards'], Rollback>(client, lists.moveCards, ['lists', 'moveCards'], {
    onMutate: async (vars, { client: qc }) => {
      const { snapshot, delta } = await patchEntries(qc, vars.params.id, withoutCopies(vars.body.cards));
      return {
        snapshots: [
          snapshot,
          ...(await bumpListCount(qc, vars.params.id, delta)),
          ...(await bumpListCount(qc, vars.body.target, -delta)),
        ],
      };
    },
    onError: rollbackOnError,
    onSuccess: (data, _v, _r, { client: qc }) => {
      listAnswered(qc, data.list);
      listAnswered(qc, data.target);
    },
    ...cardsSettled(),
  });
export const useMoveListCards = () => useMutation(moveListCardsMutationOptions(useCompanionClient()));

/** PUT /user/lists/:id/cards {cards}: quantity (0 removes), finish, condition, language change at once. */
export const updateListCardsMutationOptions = (client: CompanionClient) =>
  endpointMutation<E['updateCards'], Rollback>(client, lists.updateCards, ['lists', 'updateCards'], {
    onMutate: async (vars, { client: qc }) => {
      const { snapshot, delta } = await patchEntries(qc, vars.params.id, (entries) =>
        entries.flatMap((entry) => {
          const change = vars.body.cards.find((c) => c.entryId === entry.id);
          if (!change) return [entry];
          if (change.quantity === 0) return [];
          return [
            {
              ...entry,
              ...(change.quantity === undefined ? {} : { quantity: change.quantity }),
              ...(change.finish === undefined ? {} : { finish: change.finish }),
              ...(change.condition === undefined ? {} : { condition: change.condition }),
              ...(change.language === undefined ? {} : { language: change.language }),
            },
          ];
        }),
      );
      return { snapshots: [snapshot, ...(await bumpListCount(qc, vars.params.id, delta))] };
    },
    onError: rollbackOnError,
    onSuccess: (data, _v, _r, { client: qc }) => listAnswered(qc, data.list),
    ...cardsSettled(),
  });
export const useUpdateListCards = () => useMutation(updateListCardsMutationOptions(useCompanionClient()));

/** POST /user/lists/:id/revert/:revisionId */
export const revertListMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, lists.revert, ['lists', 'revert'], {
    onSuccess: (data, _v, _r, { client: qc }) => listAnswered(qc, data.list),
    ...cardsSettled(),
  });
export const useRevertList = () => useMutation(revertListMutationOptions(useCompanionClient()));

/** POST /user/lists/:id/import {content, format} */
export const importListMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, lists.import, ['lists', 'import'], cardsSettled());
export const useImportList = () => useMutation(importListMutationOptions(useCompanionClient()));
