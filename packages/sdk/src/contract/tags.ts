import { z } from 'zod';
import { DateTime, Id, IdParams, Ok } from './common.js';
import { endpoint } from './endpoint.js';
import { LIMITS } from './limits.js';
import { ANNOTATION_TARGETS, type AnnotationTargetValue } from './values.js';

const tag = 'tags';

export const TagName = z.string().trim().min(LIMITS.tagName.min).max(LIMITS.tagName.max);

export const Tag = z
  .object({ id: Id, name: z.string(), color: z.string().nullable(), uses: z.number().int().optional() })
  .meta({ id: 'Tag', description: 'A tag belongs to one user; each user tags games and sets their own way' });
export type Tag = z.infer<typeof Tag>;

/** Markdown, at most 20,000 characters. */
export const NoteContent = z.string().max(LIMITS.note.max);

export const Note = z
  .object({ id: Id, content: NoteContent, createdAt: DateTime, updatedAt: DateTime })
  .meta({ id: 'Note', description: 'The caller’s own markdown note on a game or set' });
export type Note = z.infer<typeof Note>;

export const NoteSearchResult = z
  .object({
    note: Note,
    target: z.object({
      type: z.enum(ANNOTATION_TARGETS),
      id: Id,
      playedAt: DateTime,
      name: z.string().nullable(),
      playgroupId: Id.nullable(),
    }),
    /** Plain-text excerpt around the match; matches wrapped in « ». */
    snippet: z.string(),
    rank: z.number(),
  })
  .meta({ id: 'NoteSearchResult' });

export const tags = {
  list: endpoint(tag, {
    method: 'GET',
    path: '/tags',
    summary: 'The caller’s tags with how often each is used',
    response: z.object({ tags: z.array(Tag) }),
  }),
  rename: endpoint(tag, {
    method: 'PUT',
    path: '/tag/:id',
    summary: 'Rename a tag or change its colour',
    extension: true,
    params: IdParams,
    body: z.object({
      name: TagName.optional(),
      color: z
        .string()
        .regex(/^#[0-9a-fA-F]{6}$/)
        .nullable()
        .optional(),
    }),
    response: z.object({ tag: Tag }),
  }),
  delete: endpoint(tag, {
    method: 'DELETE',
    path: '/tag/:id',
    summary: 'Delete a tag (removes it from every game and set)',
    params: IdParams,
    response: Ok,
  }),
  searchNotes: endpoint(tag, {
    method: 'GET',
    path: '/notes/search',
    summary: 'Full-text search over the caller’s notes',
    query: z.object({
      q: z.string().trim().min(LIMITS.noteSearch.min).max(LIMITS.noteSearch.max),
      playgroupid: Id.optional(),
      deckid: Id.optional(),
    }),
    response: z.object({ results: z.array(NoteSearchResult) }),
  }),
} as const;

/** Tag and note calls shared by games and sets (spec: same shape under /game/{id} and /set/{id}). */
export function annotationEndpoints<const K extends AnnotationTargetValue>(kind: K) {
  const base = `/${kind}/:id` as const;
  return {
    addTags: endpoint(kind, {
      method: 'POST',
      path: `${base}/tag`,
      summary: `Tag the ${kind} (tags are created by name when new)`,
      params: IdParams,
      body: z.object({ tags: z.array(TagName).min(LIMITS.tagsPerTarget.min).max(LIMITS.tagsPerTarget.max) }),
      response: z.object({ tags: z.array(Tag) }),
    }),
    removeTag: endpoint(kind, {
      method: 'DELETE',
      path: `${base}/tag/:tagId`,
      summary: `Remove a tag from the ${kind}`,
      params: z.object({ id: Id, tagId: Id }),
      response: z.object({ tags: z.array(Tag) }),
    }),
    createNote: endpoint(kind, {
      method: 'POST',
      path: `${base}/note`,
      summary: `Write the caller’s note on the ${kind}`,
      params: IdParams,
      body: z.object({ content: NoteContent }),
      status: 201,
      response: z.object({ note: Note }),
    }),
    updateNote: endpoint(kind, {
      method: 'PUT',
      path: `${base}/note`,
      summary: `Replace the caller’s note on the ${kind}`,
      params: IdParams,
      body: z.object({ content: NoteContent }),
      response: z.object({ note: Note }),
    }),
    deleteNote: endpoint(kind, {
      method: 'DELETE',
      path: `${base}/note`,
      summary: `Delete the caller’s note on the ${kind}`,
      params: IdParams,
      response: Ok,
    }),
  } as const;
}
