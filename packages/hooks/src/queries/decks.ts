import { type CallArgs, type CompanionClient, endpoints } from '@companion/sdk';
import type { BracketCheck, Deck, DeckSummary } from '@companion/sdk/contract';
import { type QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { useCompanionClient } from '../context.js';
import {
  editQueryData,
  invalidate,
  patchQueries,
  type Rollback,
  rollbackOnError,
  type Snapshot,
} from './cache.js';
import { endpointMutation, endpointQuery } from './define.js';
import { queryKeys } from './keys.js';
import { sortDecks } from './sort.js';

const { decks } = endpoints;
type E = typeof decks;
type DeckList = { decks: DeckSummary[] };
type DeckView = { deck: Deck } & Record<string, unknown>;

/** GET /deck/:id with game filters: the deck, its games, stats and unresolved lines. */
export const deckQueryOptions = (client: CompanionClient, args: CallArgs<E['get']>) =>
  endpointQuery(client, decks.get, args, queryKeys.decks.view(args.params.id, args.query));
export const useDeck = (args: CallArgs<E['get']>) => useQuery(deckQueryOptions(useCompanionClient(), args));

/** GET /deck/:id/lenders: friends and playgroup members who can lend the owner's missing cards. */
export const deckLendersQueryOptions = (client: CompanionClient, args: CallArgs<E['lenders']>) =>
  endpointQuery(client, decks.lenders, args, queryKeys.decks.lenders(args.params.id));
export const useDeckLenders = (args: CallArgs<E['lenders']>, options?: { enabled?: boolean }) =>
  useQuery({ ...deckLendersQueryOptions(useCompanionClient(), args), ...options });
/**
 * GET /deck/shared/:token: a deck through its share link, read-only; works signed out (the call
 * sends no session). A 404 (private, archived or a replaced link) is not retried.
 */
export const sharedDeckQueryOptions = (client: CompanionClient, args: CallArgs<E['shared']>) =>
  endpointQuery(client, decks.shared, args, queryKeys.decks.shared(args.params.token));
export const useSharedDeck = (args: CallArgs<E['shared']>) =>
  useQuery(sharedDeckQueryOptions(useCompanionClient(), args));

/** Summary fields of a full deck (what the lists hold). */
function toSummary(deck: Deck): DeckSummary {
  const {
    description: _d,
    cards: _c,
    bracketCheck: _b,
    unowned: _u,
    price: _p,
    version: _v,
    shareToken: _s,
    ...summary
  } = deck;
  return summary;
}

/** Applies `update` to the deck in the user's list, archived list and every cached view of it. */
function patchDeck(
  qc: QueryClient,
  id: string,
  update: <T extends DeckSummary>(deck: T) => T,
): Promise<Snapshot[]> {
  const inList = (old: DeckList) => ({ ...old, decks: old.decks.map((d) => (d.id === id ? update(d) : d)) });
  return Promise.all([
    patchQueries<DeckList>(qc, queryKeys.decks.list(), inList),
    patchQueries<DeckList>(qc, queryKeys.decks.archived(), inList),
    patchQueries<DeckView>(qc, queryKeys.decks.detail(id), (old) => ({ ...old, deck: update(old.deck) })),
  ]);
}

/** The server answered with the deck: write it everywhere it is cached. */
function deckAnswered(qc: QueryClient, deck: Deck): Promise<void> {
  const summary = toSummary(deck);
  editQueryData<DeckList>(qc, queryKeys.decks.list(), (old) => ({
    ...old,
    decks: sortDecks(old.decks.map((d) => (d.id === deck.id ? { ...d, ...summary } : d))),
  }));
  qc.setQueriesData<DeckView>({ queryKey: queryKeys.decks.detail(deck.id) }, (old) =>
    old ? { ...old, deck } : old,
  );
  return invalidate(qc, queryKeys.users.all);
}

/** POST /deck */
export const createDeckMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, decks.create, ['decks', 'create'], {
    onSuccess: (data, _v, _r, { client: qc }) => {
      editQueryData<DeckList>(qc, queryKeys.decks.list(), (old) => ({
        ...old,
        decks: sortDecks([...old.decks, toSummary(data.deck)]),
      }));
      return invalidate(qc, queryKeys.decks.list(), queryKeys.users.all);
    },
  });
export const useCreateDeck = () => useMutation(createDeckMutationOptions(useCompanionClient()));

/**
 * PUT /deck/:id: the answer (with the deck's new version) goes into every cached view at once, then
 * the detail views refetch (games and stats depend on the filters). A 409 (the deck moved on since
 * `expectedVersion`) changes no cache: the editor asks the player before reloading.
 */
export const updateDeckMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, decks.update, ['decks', 'update'], {
    onSuccess: async (data, _v, _r, { client: qc }) => {
      await deckAnswered(qc, data.deck);
      // A deck read through its link (this browser's copy) may have changed or closed.
      await invalidate(qc, queryKeys.decks.detail(data.deck.id), queryKeys.decks.sharedAll());
    },
  });
export const useUpdateDeck = () => useMutation(updateDeckMutationOptions(useCompanionClient()));

/**
 * POST /deck/:id/cards: a few cards added, removed or moved (with `expectedVersion`, a 409 when the
 * deck moved on). The answer goes into every cached view, then the detail views and the cards'
 * holdings refetch.
 */
export const changeDeckCardsMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, decks.changeCards, ['decks', 'changeCards'], {
    onSuccess: async (data, _v, _r, { client: qc }) => {
      await deckAnswered(qc, data.deck);
      // Which decks hold a card (a card's detail) changed too.
      await invalidate(
        qc,
        queryKeys.decks.detail(data.deck.id),
        queryKeys.collection.holdings('').slice(0, 2),
      );
    },
  });
export const useChangeDeckCards = () => useMutation(changeDeckCardsMutationOptions(useCompanionClient()));

/** PUT /deck/:id/bracket {bracket}: optimistic (the picker moves at once), rolled back on error. */
export const setDeckBracketMutationOptions = (client: CompanionClient) =>
  endpointMutation<E['setBracket'], Rollback>(client, decks.setBracket, ['decks', 'setBracket'], {
    onMutate: async (vars, { client: qc }) => ({
      snapshots: await patchDeck(qc, vars.params.id, (deck) => ({ ...deck, bracket: vars.body.bracket })),
    }),
    onError: rollbackOnError,
    onSuccess: (data, _v, _r, { client: qc }) =>
      deckAnswered(qc, { ...data.deck, bracketCheck: data.check satisfies BracketCheck }),
  });
export const useSetDeckBracket = () => useMutation(setDeckBracketMutationOptions(useCompanionClient()));

/**
 * POST /deck/:id/share: a new share token. The answered deck (new token, new version) goes into
 * every cached view; copies read through the old link are dropped.
 */
export const newDeckShareLinkMutationOptions = (client: CompanionClient) =>
  endpointMutation(client, decks.newShareLink, ['decks', 'newShareLink'], {
    onSuccess: async (data, _v, _r, { client: qc }) => {
      qc.removeQueries({ queryKey: queryKeys.decks.sharedAll() });
      await deckAnswered(qc, data.deck);
    },
  });
export const useNewDeckShareLink = () => useMutation(newDeckShareLinkMutationOptions(useCompanionClient()));

/** DELETE /deck/:id: archive (optimistic: leaves the active list at once). */
export const archiveDeckMutationOptions = (client: CompanionClient) =>
  endpointMutation<E['archive'], Rollback>(client, decks.archive, ['decks', 'archive'], {
    onMutate: async (vars, { client: qc }) => ({
      snapshots: [
        await patchQueries<DeckList>(qc, queryKeys.decks.list(), (old) => ({
          ...old,
          decks: old.decks.filter((d) => d.id !== vars.params.id),
        })),
      ],
    }),
    onError: rollbackOnError,
    onSuccess: (data, _v, _r, { client: qc }) => {
      qc.setQueriesData<DeckView>({ queryKey: queryKeys.decks.detail(data.deck.id) }, (old) =>
        old ? { ...old, deck: data.deck } : old,
      );
    },
    onSettled: (_d, _e, _v, _r, { client: qc }) =>
      invalidate(qc, queryKeys.decks.list(), queryKeys.decks.archived(), queryKeys.users.all),
  });
export const useArchiveDeck = () => useMutation(archiveDeckMutationOptions(useCompanionClient()));

/** PUT /deck/:id/restore (optimistic: leaves the archived list at once). */
export const restoreDeckMutationOptions = (client: CompanionClient) =>
  endpointMutation<E['restore'], Rollback>(client, decks.restore, ['decks', 'restore'], {
    onMutate: async (vars, { client: qc }) => ({
      snapshots: [
        await patchQueries<DeckList>(qc, queryKeys.decks.archived(), (old) => ({
          ...old,
          decks: old.decks.filter((d) => d.id !== vars.params.id),
        })),
      ],
    }),
    onError: rollbackOnError,
    // The answer carries the deck's new version: an open editor saves from it.
    onSuccess: (data, _v, _r, { client: qc }) => {
      qc.setQueriesData<DeckView>({ queryKey: queryKeys.decks.detail(data.deck.id) }, (old) =>
        old ? { ...old, deck: data.deck } : old,
      );
    },
    onSettled: (_d, _e, _v, _r, { client: qc }) =>
      invalidate(qc, queryKeys.decks.list(), queryKeys.decks.archived(), queryKeys.users.all),
  });
export const useRestoreDeck = () => useMutation(restoreDeckMutationOptions(useCompanionClient()));

/** DELETE /deck/:id/permanently (optimistic: leaves both lists at once). */
export const deleteDeckPermanentlyMutationOptions = (client: CompanionClient) =>
  endpointMutation<E['deletePermanently'], Rollback>(
    client,
    decks.deletePermanently,
    ['decks', 'deletePermanently'],
    {
      onMutate: async (vars, { client: qc }) => {
        const without = (old: DeckList) => ({
          ...old,
          decks: old.decks.filter((d) => d.id !== vars.params.id),
        });
        return {
          snapshots: [
            await patchQueries<DeckList>(qc, queryKeys.decks.list(), without),
            await patchQueries<DeckList>(qc, queryKeys.decks.archived(), without),
          ],
        };
      },
      onError: rollbackOnError,
      onSuccess: (_d, vars, _r, { client: qc }) =>
        qc.removeQueries({ queryKey: queryKeys.decks.detail(vars.params.id) }),
      onSettled: (_d, _e, _v, _r, { client: qc }) =>
        invalidate(qc, queryKeys.decks.list(), queryKeys.decks.archived(), queryKeys.users.all),
    },
  );
export const useDeleteDeckPermanently = () =>
  useMutation(deleteDeckPermanentlyMutationOptions(useCompanionClient()));
