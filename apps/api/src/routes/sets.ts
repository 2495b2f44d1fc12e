import { implement } from '../http/implement.js';
import type { AppServices } from '../services/app.js';
import * as sets from '../services/sets.js';
import { annotationHandlers } from './annotations.js';

/** Sets: named groups of games with their results; the caller's tags and note on each. */
export function setRoutes(s: AppServices) {
  return implement('sets', {
    list: async ({ caller: { user }, query }) => sets.listSets(s.db, user.id, query),
    get: async ({ caller: { user }, params }) => ({ set: await sets.getSet(s, user.id, params.id) }),
    create: async ({ caller: { user }, body }) => ({ set: await sets.createSet(s, user, body) }),
    update: async ({ caller: { user }, params, body }) => ({
      set: await sets.updateSet(s, user, params.id, body),
    }),
    delete: async ({ caller: { user }, params }) => {
      await sets.deleteSet(s, user, params.id);
      return { ok: true as const };
    },
    ...annotationHandlers(s, 'set', (viewerId, id) => sets.visibleSet(s.db, viewerId, id)),
  });
}
