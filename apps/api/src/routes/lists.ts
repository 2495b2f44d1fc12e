import { contract } from '@companion/sdk/contract';
import type { Registrar } from '../http/registrar.js';
import type { AppServices } from '../services/app.js';
import { importIntoList } from '../services/imports.js';
import {
  addCards,
  cardListDto,
  createList,
  deleteList,
  entriesPage,
  exportCsv,
  moveCards,
  ownedList,
  removeCards,
  renameList,
  revertList,
  revisionsPage,
  setHidden,
  toRevisions,
  updateCards,
  userLists,
} from '../services/lists.js';
import { signedIn } from './user.js';

/** Card lists (binders, wishlists, trade and custom lists) with revision history. */
export function registerListRoutes(r: Registrar, s: AppServices): void {
  const changed = async (
    result: { list: Parameters<typeof cardListDto>[1]; revision: Parameters<typeof toRevisions>[1][number] },
    currency: 'usd' | 'eur',
  ) => {
    const [revision] = await toRevisions(s.db, [result.revision]);
    if (!revision) throw new Error('revision missing');
    return { list: await cardListDto(s.db, result.list, currency), revision };
  };

  r.route(contract.lists.list, async ({ caller, query }) => {
    const { user } = signedIn(caller);
    return { lists: await userLists(s.db, user.id, false, query.currency ?? user.currency) };
  });

  r.route(contract.lists.hidden, async ({ caller }) => {
    const { user } = signedIn(caller);
    return { lists: await userLists(s.db, user.id, true, user.currency) };
  });

  r.route(contract.lists.create, async ({ caller, body }) => {
    const { user } = signedIn(caller);
    const list = await s.db.transaction((tx) => createList(tx, user.id, body));
    if (!list) throw new Error('list not created');
    return { list: await cardListDto(s.db, list, user.currency) };
  });

  r.route(contract.lists.get, async ({ caller, params, query }) => {
    const { user } = signedIn(caller);
    const currency = query.currency ?? user.currency;
    const list = await ownedList(s.db, params.id, user.id);
    const page = await entriesPage(s.db, {
      listIds: [list.id],
      q: query.q,
      qParam: 'q',
      unresolved: query.unresolved,
      order: query.order_by,
      dir: query.order_direction,
      page: query.page,
      limit: query.limit,
      currency,
    });
    return {
      list: await cardListDto(s.db, list, currency),
      entries: page.entries,
      total: page.total,
      page: query.page,
      limit: query.limit,
    };
  });

  r.route(contract.lists.rename, async ({ caller, params, body }) => {
    const { user } = signedIn(caller);
    const { list } = await renameList(s.db, params.id, user.id, body);
    return { list: await cardListDto(s.db, list, user.currency) };
  });

  r.route(contract.lists.export, async ({ caller, params, query, reply }) => {
    const { user } = signedIn(caller);
    const list = await ownedList(s.db, params.id, user.id);
    reply.header('content-disposition', `attachment; filename="${list.name.replace(/[^\w.-]+/g, '_')}.csv"`);
    return exportCsv(s.db, [list.id], query.format);
  });

  r.route(contract.lists.addCards, async ({ caller, params, body }) => {
    const { user } = signedIn(caller);
    const result = await addCards(
      s.db,
      params.id,
      { ownerId: user.id, expectedRevision: body.expectedRevision },
      body.cards,
    );
    return changed(result, user.currency);
  });

  r.route(contract.lists.removeCards, async ({ caller, params, body }) => {
    const { user } = signedIn(caller);
    const result = await removeCards(
      s.db,
      params.id,
      { ownerId: user.id, expectedRevision: body.expectedRevision },
      body.cards,
    );
    return changed(result, user.currency);
  });

  r.route(contract.lists.moveCards, async ({ caller, params, body }) => {
    const { user } = signedIn(caller);
    const result = await moveCards(
      s.db,
      params.id,
      body.target,
      { ownerId: user.id, expectedRevision: body.expectedRevision },
      body.cards,
    );
    return {
      ...(await changed(result, user.currency)),
      target: await cardListDto(s.db, result.target, user.currency),
    };
  });

  r.route(contract.lists.updateCards, async ({ caller, params, body }) => {
    const { user } = signedIn(caller);
    const result = await updateCards(
      s.db,
      params.id,
      { ownerId: user.id, expectedRevision: body.expectedRevision },
      body.cards,
    );
    return changed(result, user.currency);
  });

  r.route(contract.lists.revisions, async ({ caller, params, query }) => {
    const { user } = signedIn(caller);
    const list = await ownedList(s.db, params.id, user.id);
    return revisionsPage(s.db, list.id, query.page, query.limit);
  });

  r.route(contract.lists.revert, async ({ caller, params }) => {
    const { user } = signedIn(caller);
    return changed(await revertList(s.db, params.id, params.revisionId, user.id), user.currency);
  });

  r.route(contract.lists.delete, async ({ caller, params, query }) => {
    const { user } = signedIn(caller);
    const { movedTo } = await deleteList(s.db, params.id, user.id, query.keep_cards);
    return { ok: true as const, movedTo };
  });

  r.route(contract.lists.hide, async ({ caller, params }) => {
    const { user } = signedIn(caller);
    return { list: await cardListDto(s.db, await setHidden(s.db, params.id, user.id, true), user.currency) };
  });

  r.route(contract.lists.restore, async ({ caller, params }) => {
    const { user } = signedIn(caller);
    return { list: await cardListDto(s.db, await setHidden(s.db, params.id, user.id, false), user.currency) };
  });

  r.route(
    contract.lists.import,
    async ({ caller, params, body }) => {
      const { user } = signedIn(caller);
      return importIntoList(s.db, params.id, user.id, body);
    },
    { bodyLimit: 25 * 1024 * 1024 },
  );
}
