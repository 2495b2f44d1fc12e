import { implement } from '../http/implement.js';
import type { AppServices } from '../services/app.js';
import { searchCatalogue } from '../services/card-search.js';
import {
  allSets,
  autocompleteNames,
  cardBySetNumber,
  cardsByIds,
  priceHistory,
  printsOf,
  similarNames,
  toCard,
  unitPrice,
} from '../services/catalogue.js';
import { NotFound } from '../services/errors.js';

/** The card catalogue: printings, prints, sets, prices and Scryfall-syntax search. */
export function cardRoutes(s: AppServices) {
  return implement('cards', {
    get: async ({ caller: { user }, query }) => {
      const card = await cardBySetNumber(s.db, query.set_code, query.collector_number, query.lang);
      if (!card)
        throw new NotFound(`Card ${query.set_code.toUpperCase()} #${query.collector_number} (${query.lang})`);
      return {
        card: toCard(card),
        finish: query.finish,
        price: unitPrice(card, query.finish, user.currency),
      };
    },

    search: async ({ query }) => {
      const { cards, total } = await searchCatalogue(s.db, query);
      return {
        cards: cards.map(toCard),
        total,
        page: query.page,
        limit: query.limit,
        hasMore: query.page * query.limit < total,
      };
    },

    autocomplete: async ({ query }) => ({ names: await autocompleteNames(s.db, query.q) }),

    similar: async ({ query }) => ({ names: await similarNames(s.db, query.name) }),

    prints: async ({ params }) => {
      const prints = await printsOf(s.db, params.id);
      if (!prints) throw new NotFound('That card');
      return { cards: prints.map(toCard) };
    },

    sets: async () => ({ sets: await allSets(s.db) }),

    price: async ({ query }) => {
      const card = query.id
        ? (await cardsByIds(s.db, [query.id])).get(query.id)
        : await cardBySetNumber(s.db, query.set_code ?? '', query.collector_number ?? '', query.lang);
      if (!card) throw new NotFound('That card');
      const dto = toCard(card);
      return {
        id: card.id,
        prices: dto.prices,
        updatedAt: card.pricesUpdatedAt ? card.pricesUpdatedAt.toISOString() : null,
        history: await priceHistory(s.db, card.id),
      };
    },
  });
}
