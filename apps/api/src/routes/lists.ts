import type { CurrencyValue } from '@companion/sdk/contract';
import { implement } from '../http/implement.js';
import { IMPORT_BODY_BYTES } from '../http/limits.js';
import type { AppServices } from '../services/app.js';
import {
  addCards,
  deleteList,
  moveCards,
  removeCards,
  renameList,
  setHidden,
  updateCards,
} from '../services/lists/changes.js';
import { entriesPage } from '../services/lists/entries.js';
import { exportHeaders, exportList } from '../services/lists/export.js';
import { importIntoList } from '../services/lists/import.js';
import { cardListDto, ownedList, userLists } from '../services/lists/read.js';
import { type AuthorSummary, revertList, revisionsPage, toRevisions } from '../services/lists/revisions.js';
import { createList } from '../services/lists/store.js';

/** Card lists (binders, wishlists, trade and custom lists) with revision history. */
export function listRoutes(s: AppServices) {
  /** A change's answer: the list as it is now and the revision the change recorded. */
  const summary: AuthorSummary = (user) => s.users.summary(user);
  const changed = async (
    result: { list: Parameters<typeof cardListDto>[1]; revision: Parameters<typeof toRevisions>[1][number] },
    currency: CurrencyValue,
  ) => {
    const [revision] = await toRevisions(s.db, [result.revision], summary);
    if (!revision) throw new Error('revision missing');
    return { list: await cardListDto(s.db, result.list, currency), revision };
  };

  return implement('lists', {
    list: async ({ caller: { user }, query }) => ({
      lists: await userLists(s.db, user.id, false, query.currency ?? user.currency),
    }),

    hidden: async ({ caller: { user } }) => ({ lists: await userLists(s.db, user.id, true, user.currency) }),

    create: async ({ caller: { user }, body }) => {
      const list = await s.db.transaction((tx) => createList(tx, user.id, body));
      if (!list) throw new Error('list not created');
      return { list: await cardListDto(s.db, list, user.currency) };
    },

    get: async ({ caller: { user }, params, query }) => {
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
    },

    rename: async ({ caller: { user }, params, body }) => {
      const { list } = await renameList(s.db, params.id, user.id, body);
      return { list: await cardListDto(s.db, list, user.currency) };
    },

    export: async ({ caller: { user }, params, query, reply }) => {
      const list = await ownedList(s.db, params.id, user.id);
      reply.headers(exportHeaders(list.name, query.format));
      return exportList(s.db, [list.id], query.format);
    },

    addCards: async ({ caller: { user }, params, body }) =>
      changed(
        await addCards(
          s.db,
          params.id,
          { ownerId: user.id, expectedRevision: body.expectedRevision },
          body.cards,
        ),
        user.currency,
      ),

    removeCards: async ({ caller: { user }, params, body }) =>
      changed(
        await removeCards(
          s.db,
          params.id,
          { ownerId: user.id, expectedRevision: body.expectedRevision },
          body.cards,
        ),
        user.currency,
      ),

    moveCards: async ({ caller: { user }, params, body }) => {
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
    },

    updateCards: async ({ caller: { user }, params, body }) =>
      changed(
        await updateCards(
          s.db,
          params.id,
          { ownerId: user.id, expectedRevision: body.expectedRevision },
          body.cards,
        ),
        user.currency,
      ),

    revisions: async ({ caller: { user }, params, query }) => {
      const list = await ownedList(s.db, params.id, user.id);
      return revisionsPage(s.db, list.id, query.page, query.limit, summary);
    },

    revert: async ({ caller: { user }, params, query }) =>
      changed(
        await revertList(s.db, params.id, params.revisionId, user.id, query.expected_revision),
        user.currency,
      ),

    delete: async ({ caller: { user }, params, query }) => {
      const { movedTo } = await deleteList(s.db, params.id, user.id, query.keep_cards);
      return { ok: true as const, movedTo };
    },

    hide: async ({ caller: { user }, params }) => ({
      list: await cardListDto(s.db, await setHidden(s.db, params.id, user.id, true), user.currency),
    }),

    restore: async ({ caller: { user }, params }) => ({
      list: await cardListDto(s.db, await setHidden(s.db, params.id, user.id, false), user.currency),
    }),

    import: {
      handler: async ({ caller: { user }, params, body }) =>
        importIntoList(s.db, s.parsing, params.id, user.id, body, summary, s.writes.run),
      options: { bodyLimit: IMPORT_BODY_BYTES },
    },
  });
}
