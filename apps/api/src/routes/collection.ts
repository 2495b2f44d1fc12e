import { implement } from '../http/implement.js';
import type { AppServices } from '../services/app.js';
import { binderIds, collectionSummary } from '../services/collection.js';
import { NotFound } from '../services/errors.js';
import { cardHoldings } from '../services/holdings.js';
import { entriesPage } from '../services/lists/entries.js';
import { exportHeaders, exportList } from '../services/lists/export.js';

/** The collection: every binder (collection list) of the caller together. */
export function collectionRoutes(s: AppServices) {
  return implement('collection', {
    summary: async ({ caller: { user }, query }) => ({
      collection: await collectionSummary(s.db, user.id, query.currency ?? user.currency),
    }),

    search: async ({ caller: { user }, query }) => {
      const currency = query.currency ?? user.currency;
      const page = await entriesPage(s.db, {
        listIds: await binderIds(s.db, user.id),
        name: query.name,
        q: query.scryfall,
        qParam: 'scryfall',
        order: query.order_by,
        dir: query.order_direction,
        page: query.page,
        limit: query.limit,
        currency,
      });
      return { entries: page.entries, total: page.total, page: query.page, limit: query.limit, currency };
    },

    holdings: async ({ caller: { user }, params }) => {
      const holdings = await cardHoldings(s.db, user.id, params.id);
      if (!holdings) throw new NotFound('That card');
      return holdings;
    },

    export: async ({ caller: { user }, query, reply }) => {
      reply.headers(exportHeaders('collection', query.format));
      return exportList(s.db, await binderIds(s.db, user.id), query.format);
    },
  });
}
