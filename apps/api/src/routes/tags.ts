import { contract } from '@companion/sdk/contract';
import type { Registrar } from '../http/registrar.js';
import * as annotations from '../services/annotations.js';
import type { AppServices } from '../services/app.js';
import { searchNotes } from '../services/notes.js';
import { signedIn } from './user.js';

type AnnotationContract = Pick<
  typeof contract.games | typeof contract.sets,
  'addTags' | 'removeTag' | 'createNote' | 'updateNote' | 'deleteNote'
>;

/**
 * The tag and note calls of games and sets (same shape under /game/:id and /set/:id). `visible`
 * answers 404 when the caller cannot see the target.
 */
export function registerAnnotationRoutes(
  r: Registrar,
  s: AppServices,
  type: annotations.TargetType,
  endpoints: AnnotationContract,
  visible: (viewerId: string, id: string) => Promise<{ id: string }>,
): void {
  r.route(endpoints.addTags, async ({ caller, params, body }) => {
    const { user } = signedIn(caller);
    const target = await visible(user.id, params.id);
    return { tags: await annotations.addTags(s.db, user.id, type, target.id, body.tags) };
  });
  r.route(endpoints.removeTag, async ({ caller, params }) => {
    const { user } = signedIn(caller);
    const target = await visible(user.id, params.id);
    return { tags: await annotations.removeTag(s.db, user.id, type, target.id, params.tagId) };
  });
  r.route(endpoints.createNote, async ({ caller, params, body }) => {
    const { user } = signedIn(caller);
    const target = await visible(user.id, params.id);
    return { note: await annotations.createNote(s.db, user.id, type, target.id, body.content) };
  });
  r.route(endpoints.updateNote, async ({ caller, params, body }) => {
    const { user } = signedIn(caller);
    const target = await visible(user.id, params.id);
    return { note: await annotations.updateNote(s.db, user.id, type, target.id, body.content) };
  });
  r.route(endpoints.deleteNote, async ({ caller, params }) => {
    const { user } = signedIn(caller);
    const target = await visible(user.id, params.id);
    await annotations.deleteNote(s.db, user.id, type, target.id);
    return { ok: true as const };
  });
}

export function registerTagRoutes(r: Registrar, s: AppServices): void {
  r.route(contract.tags.list, async ({ caller }) => ({
    tags: await annotations.listTags(s.db, signedIn(caller).user.id),
  }));
  r.route(contract.tags.rename, async ({ caller, params, body }) => ({
    tag: await annotations.updateTag(s.db, signedIn(caller).user.id, params.id, body),
  }));
  r.route(contract.tags.delete, async ({ caller, params }) => {
    await annotations.deleteTag(s.db, signedIn(caller).user.id, params.id);
    return { ok: true as const };
  });
  r.route(contract.tags.searchNotes, async ({ caller, query }) => ({
    results: await searchNotes(s.db, signedIn(caller).user.id, query),
  }));
}
