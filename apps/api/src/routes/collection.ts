import { contract } from '@companion/sdk/contract';
import { notFound } from '../http/errors.js';
import type { Registrar } from '../http/registrar.js';
import type { AppServices } from '../services/app.js';
import { binderIds, collectionSummary } from '../services/collection.js';
import { cardHoldings } from '../services/holdings.js';
import { entriesPage, exportCsv } from '../services/lists.js';
import { signedIn } from './user.js';

/** The collection: every binder (collection list) of the caller together. */
export function registerCollectionRoutes(r: Registrar, s: AppServices): void {
  r.route(contract.collection.summary, async ({ caller, query }) => {
    const { user } = signedIn(caller);
    return { collection: await collectionSummary(s.db, user.id, query.currency ?? user.currency) };
  });

  r.route(contract.collection.search, async ({ caller, query }) => {
    const { user } = signedIn(caller);
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
  });

  r.route(contract.collection.holdings, async ({ caller, params }) => {
    const { user } = signedIn(caller);
    const holdings = await cardHoldings(s.db, user.id, params.id);
    if (!holdings) throw notFound('That card');
    return holdings;
  });

  r.route(contract.collection.export, async ({ caller, query, reply }) => {
    const { user } = signedIn(caller);
    reply.header('content-disposition', 'attachment; filename="collection.csv"');
    return exportCsv(s.db, await binderIds(s.db, user.id), query.format);
  });
}
