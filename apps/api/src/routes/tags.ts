import { implement } from '../http/implement.js';
import type { AppServices } from '../services/app.js';
import { searchNotes } from '../services/notes.js';
import { deleteTag, listTags, updateTag } from '../services/tags.js';

/** The caller's tags (renamed and deleted here, put on games and sets there) and note search. */
export function tagRoutes(s: AppServices) {
  return implement('tags', {
    list: async ({ caller: { user } }) => ({ tags: await listTags(s.db, user.id) }),
    rename: async ({ caller: { user }, params, body }) => ({
      tag: await updateTag(s.db, user.id, params.id, body),
    }),
    delete: async ({ caller: { user }, params }) => {
      await deleteTag(s.db, user.id, params.id);
      return { ok: true as const };
    },
    searchNotes: async ({ caller: { user }, query }) => ({
      results: await searchNotes(s.db, user.id, query),
    }),
  });
}
