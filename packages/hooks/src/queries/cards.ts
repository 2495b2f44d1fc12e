import { type CallArgs, type CompanionClient, endpoints } from '@companion/sdk';
import { useQuery } from '@tanstack/react-query';
import { useCompanionClient } from '../context.js';
import { CATALOGUE_STALE_TIME, endpointQuery } from './define.js';
import { queryKeys } from './keys.js';

const { cards } = endpoints;
type E = typeof cards;
const PRICE_STALE_TIME = 5 * 60 * 1000;

/**
 * GET /card by set_code, collector_number, lang, finish (default nonfoil): the whole printing, as a
 * card's detail reads it when a page of entries gave its summary alone.
 */
export const cardQueryOptions = (client: CompanionClient, args: CallArgs<E['get']>) =>
  endpointQuery(client, cards.get, args, queryKeys.cards.card(args.query), CATALOGUE_STALE_TIME);
export const useCard = (args: CallArgs<E['get']>, options?: { enabled?: boolean }) =>
  useQuery({ ...cardQueryOptions(useCompanionClient(), args), ...options });

/** GET /cards/search (Scryfall syntax). */
export const cardSearchQueryOptions = (client: CompanionClient, args: CallArgs<E['search']>) =>
  endpointQuery(client, cards.search, args, queryKeys.cards.search(args.query), CATALOGUE_STALE_TIME);
export const useCardSearch = (args: CallArgs<E['search']>) =>
  useQuery(cardSearchQueryOptions(useCompanionClient(), args));

/** GET /cards/autocomplete: names for a card-name field (the caller debounces the text). */
export const cardAutocompleteQueryOptions = (client: CompanionClient, args: CallArgs<E['autocomplete']>) =>
  endpointQuery(
    client,
    cards.autocomplete,
    args,
    queryKeys.cards.autocomplete(args.query.q),
    CATALOGUE_STALE_TIME,
  );
export const useCardAutocomplete = (args: CallArgs<E['autocomplete']>, options?: { enabled?: boolean }) =>
  useQuery({ ...cardAutocompleteQueryOptions(useCompanionClient(), args), ...options });

/** GET /cards/similar: "did you mean" names for a name the catalogue does not know. */
export const cardSimilarQueryOptions = (client: CompanionClient, args: CallArgs<E['similar']>) =>
  endpointQuery(client, cards.similar, args, queryKeys.cards.similar(args.query.name), CATALOGUE_STALE_TIME);
export const useCardSimilar = (args: CallArgs<E['similar']>, options?: { enabled?: boolean }) =>
  useQuery({ ...cardSimilarQueryOptions(useCompanionClient(), args), ...options });

/** GET /cards/:id/prints */
export const cardPrintsQueryOptions = (client: CompanionClient, args: CallArgs<E['prints']>) =>
  endpointQuery(client, cards.prints, args, queryKeys.cards.prints(args.params.id), CATALOGUE_STALE_TIME);
export const useCardPrints = (args: CallArgs<E['prints']>) =>
  useQuery(cardPrintsQueryOptions(useCompanionClient(), args));

/** GET /cards/sets */
export const cardSetsQueryOptions = (client: CompanionClient) =>
  endpointQuery(client, cards.sets, undefined, queryKeys.cards.sets(), CATALOGUE_STALE_TIME);
export const useCardSets = () => useQuery(cardSetsQueryOptions(useCompanionClient()));

/** GET /card/price by id, or set_code + collector_number (+ lang). */
export const cardPriceQueryOptions = (client: CompanionClient, args: CallArgs<E['price']>) =>
  endpointQuery(client, cards.price, args, queryKeys.cards.price(args.query), PRICE_STALE_TIME);
export const useCardPrice = (args: CallArgs<E['price']>) =>
  useQuery(cardPriceQueryOptions(useCompanionClient(), args));
