import { type CallArgs, type CompanionClient, endpoints } from '@companion/sdk';
import { useQuery } from '@tanstack/react-query';
import { useCompanionClient } from '../context.js';
import { endpointQuery, type Vars } from './define.js';
import { queryKeys } from './keys.js';

const { collection } = endpoints;
type E = typeof collection;

/** GET /user/collection: totals and breakdowns. */
export const collectionSummaryQueryOptions = (client: CompanionClient, args?: Vars<E['summary']>) =>
  endpointQuery(client, collection.summary, args, queryKeys.collection.summary(args?.query));
export const useCollectionSummary = (args?: Vars<E['summary']>) =>
  useQuery(collectionSummaryQueryOptions(useCompanionClient(), args));

/** GET /user/collection/search (page 1 and 50 per page by default). */
export const collectionSearchQueryOptions = (client: CompanionClient, args?: Vars<E['search']>) =>
  endpointQuery(client, collection.search, args, queryKeys.collection.search(args?.query));
export const useCollectionSearch = (args?: Vars<E['search']>) =>
  useQuery(collectionSearchQueryOptions(useCompanionClient(), args));

/**
 * GET /user/cards/:id/holdings: my lists and decks holding the card (that printing and the others),
 * in one call. Stale at once: decks change on other screens, and a card's detail asks again when it
 * opens. List changes invalidate it with the rest of the collection.
 */
export const cardHoldingsQueryOptions = (client: CompanionClient, args: CallArgs<E['holdings']>) =>
  endpointQuery(client, collection.holdings, args, queryKeys.collection.holdings(args.params.id), 0);
export const useCardHoldings = (args: CallArgs<E['holdings']>) =>
  useQuery(cardHoldingsQueryOptions(useCompanionClient(), args));

/**
 * GET /user/collection/export (CSV text). Fetched on demand:
 * `const csv = await queryClient.fetchQuery(collectionExportQueryOptions(client))`.
 */
export const collectionExportQueryOptions = (client: CompanionClient, args?: Vars<E['export']>) =>
  endpointQuery(client, collection.export, args, queryKeys.collection.export(args?.query), 0, 0);
export const useCollectionExport = (args?: Vars<E['export']>, options: { enabled?: boolean } = {}) =>
  useQuery({
    ...collectionExportQueryOptions(useCompanionClient(), args),
    enabled: options.enabled ?? false,
  });
