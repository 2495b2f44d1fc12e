import { contract } from '@companion/sdk/contract';
import { notFound } from '../http/errors.js';
import type { Registrar } from '../http/registrar.js';
import type { AppServices } from '../services/app.js';
import { searchCatalogue } from '../services/card-search.js';
import {
  allSets,
  cardBySetNumber,
  cardsByIds,
  priceHistory,
  printsOf,
  toCard,
  unitPrice,
} from '../services/catalogue.js';
import { signedIn } from './user.js';

/** The card catalogue: printings, prints, sets, prices and Scryfall-syntax search. */
export function registerCardRoutes(r: Registrar, s: AppServices): void {
  r.route(contract.cards.get, async ({ caller, query }) => {
    const { user } = signedIn(caller);
    const card = await cardBySetNumber(s.db, query.set_code, query.collector_number, query.lang);
    if (!card)
      throw notFound(`Card ${query.set_code.toUpperCase()} #${query.collector_number} (${query.lang})`);
    return { card: toCard(card), finish: query.finish, price: unitPrice(card, query.finish, user.currency) };
  });

  r.route(contract.cards.search, async ({ query }) => {
    const { cards, total } = await searchCatalogue(s.db, query);
    return {
      cards: cards.map(toCard),
      total,
      page: query.page,
      limit: query.limit,
      hasMore: query.page * query.limit < total,
    };
  });

  r.route(contract.cards.prints, async ({ params }) => {
    const prints = await printsOf(s.db, params.id);
    if (!prints) throw notFound('That card');
    return { cards: prints.map(toCard) };
  });

  r.route(contract.cards.sets, async () => ({ sets: await allSets(s.db) }));

  r.route(contract.cards.price, async ({ query }) => {
    const card = query.id
      ? (await cardsByIds(s.db, [query.id])).get(query.id)
      : await cardBySetNumber(s.db, query.set_code ?? '', query.collector_number ?? '', query.lang);
    if (!card) throw notFound('That card');
    const dto = toCard(card);
    return {
      id: card.id,
      prices: dto.prices,
      updatedAt: card.pricesUpdatedAt ? card.pricesUpdatedAt.toISOString() : null,
      history: await priceHistory(s.db, card.id),
    };
  });
}
