import type { DomainImplementation } from '../http/implement.js';
import * as annotations from '../services/annotations.js';
import type { AppServices } from '../services/app.js';

type AnnotationCall = 'addTags' | 'removeTag' | 'createNote' | 'updateNote' | 'deleteNote';

/**
 * The tag and note calls the `games` and `sets` domains share (the same shapes under /game/:id and
 * /set/:id), for their route modules to spread into their implementation. `visible` answers 404 when
 * the caller cannot see the target.
 */
export function annotationHandlers(
  s: AppServices,
  type: annotations.TargetType,
  visible: (viewerId: string, id: string) => Promise<{ id: string }>,
): Pick<DomainImplementation<'games'>, AnnotationCall> & Pick<DomainImplementation<'sets'>, AnnotationCall> {
  return {
    addTags: async ({ caller: { user }, params, body }) => {
      const target = await visible(user.id, params.id);
      return { tags: await annotations.addTags(s.db, user.id, type, target.id, body.tags) };
    },
    removeTag: async ({ caller: { user }, params }) => {
      const target = await visible(user.id, params.id);
      return { tags: await annotations.removeTag(s.db, user.id, type, target.id, params.tagId) };
    },
    createNote: async ({ caller: { user }, params, body }) => {
      const target = await visible(user.id, params.id);
      return { note: await annotations.createNote(s.db, user.id, type, target.id, body.content) };
    },
    updateNote: async ({ caller: { user }, params, body }) => {
      const target = await visible(user.id, params.id);
      return { note: await annotations.updateNote(s.db, user.id, type, target.id, body.content) };
    },
    deleteNote: async ({ caller: { user }, params }) => {
      const target = await visible(user.id, params.id);
      await annotations.deleteNote(s.db, user.id, type, target.id);
      return { ok: true as const };
    },
  };
}
