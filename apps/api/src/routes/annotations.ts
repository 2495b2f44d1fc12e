import type { AnnotationTargetValue } from '@companion/sdk/contract';
import type { DomainImplementation } from '../http/implement.js';
import type { AppServices } from '../services/app.js';
import { createNote, deleteNote, updateNote } from '../services/notes.js';
import { addTags, removeTag } from '../services/tags.js';

type AnnotationCall = 'addTags' | 'removeTag' | 'createNote' | 'updateNote' | 'deleteNote';

/**
 * The tag and note calls the `games` and `sets` domains share (the same shapes under /game/:id and
 * /set/:id), for their route modules to spread into their implementation. `visible` answers 404 when
 * the caller cannot see the target.
 */
export function annotationHandlers(
  s: AppServices,
  type: AnnotationTargetValue,
  visible: (viewerId: string, id: string) => Promise<{ id: string }>,
): Pick<DomainImplementation<'games'>, AnnotationCall> & Pick<DomainImplementation<'sets'>, AnnotationCall> {
  return {
    addTags: async ({ caller: { user }, params, body }) => {
      const target = await visible(user.id, params.id);
      return { tags: await addTags(s.db, user.id, type, target.id, body.tags) };
    },
    removeTag: async ({ caller: { user }, params }) => {
      const target = await visible(user.id, params.id);
      return { tags: await removeTag(s.db, user.id, type, target.id, params.tagId) };
    },
    createNote: async ({ caller: { user }, params, body }) => {
      const target = await visible(user.id, params.id);
      return { note: await createNote(s.db, user.id, type, target.id, body.content) };
    },
    updateNote: async ({ caller: { user }, params, body }) => {
      const target = await visible(user.id, params.id);
      return { note: await updateNote(s.db, user.id, type, target.id, body.content) };
    },
    deleteNote: async ({ caller: { user }, params }) => {
      const target = await visible(user.id, params.id);
      await deleteNote(s.db, user.id, type, target.id);
      return { ok: true as const };
    },
  };
}
