import {
  ANNOTATION_TARGETS,
  type AnnotationTargetValue,
  type CompanionClient,
  endpoints,
} from '@companion/sdk';
import type { Note, Tag } from '@companion/sdk/contract';
import type { QueryClient } from '@tanstack/react-query';
import {
  invalidate,
  patchQueries,
  type Rollback,
  rollbackOnError,
  type Snapshot,
  type WithClient,
} from './cache.js';
import { endpointMutation } from './define.js';
import { queryKeys } from './keys.js';

/** What a note or tag is attached to; a response names the annotated item after it (`{ game }`, `{ set }`). */
type Kind = AnnotationTargetValue;
interface Annotated {
  id: string;
  tags: Tag[];
  note: Note | null;
}

function mapAnnotated(value: unknown, id: string, update: (item: Annotated) => Annotated): unknown {
  if (!value || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = { ...record };
  let changed = false;
  for (const field of ANNOTATION_TARGETS) {
    const item = record[field] as Annotated | undefined;
    if (item && item.id === id) {
      out[field] = update(item);
      changed = true;
    }
  }
  if (Array.isArray(record.games)) {
    out.games = (record.games as Annotated[]).map((g) => (g.id === id ? update(g) : g));
    changed = true;
  }
  // Infinite queries ("Load more" lists) hold `{ pages: [{ games }], pageParams }`.
  if (Array.isArray(record.pages)) {
    out.pages = record.pages.map((page: unknown) => mapAnnotated(page, id, update));
    changed = true;
  }
  return changed ? out : value;
}

/** Applies `update` to the game or set wherever it is cached: its detail, game lists, playgroup games. */
function patchAnnotated(qc: QueryClient, kind: Kind, id: string, update: (item: Annotated) => Annotated) {
  const prefixes =
    kind === 'game'
      ? [
          queryKeys.games.detail(id),
          queryKeys.games.list().slice(0, 2),
          queryKeys.playgroups.all,
          queryKeys.sets.all,
        ]
      : [queryKeys.sets.detail(id)];
  return Promise.all(
    prefixes.map((prefix) => patchQueries<unknown>(qc, prefix, (old) => mapAnnotated(old, id, update))),
  );
}

const optimisticTag = (name: string): Tag => ({ id: `optimistic:${name}`, name, color: null });

/** Tag and note mutations shared by games and sets (same shape under /game/:id and /set/:id). */
export function annotationMutationOptions(client: CompanionClient, kind: Kind) {
  const entries = kind === 'game' ? endpoints.games : endpoints.sets;
  const domain = kind === 'game' ? 'games' : 'sets';
  const tagsChanged = (qc: QueryClient) => invalidate(qc, queryKeys.tags.all);
  const noteChanged = (qc: QueryClient) => invalidate(qc, queryKeys.notes.all);
  const setTags = (qc: QueryClient, id: string, tags: Tag[]) =>
    patchAnnotated(qc, kind, id, (item) => ({ ...item, tags }));
  const setNote = (qc: QueryClient, id: string, note: Note | null) =>
    patchAnnotated(qc, kind, id, (item) => ({ ...item, note }));

  return {
    /** POST …/tag {tags}: optimistic (tags show at once, rolled back on error). */
    addTags: endpointMutation<typeof entries.addTags, Rollback>(
      client,
      entries.addTags,
      [domain, 'addTags'],
      {
        onMutate: async (vars, { client: qc }) => ({
          snapshots: (await patchAnnotated(qc, kind, vars.params.id, (item) => ({
            ...item,
            tags: [
              ...item.tags,
              ...vars.body.tags
                .filter((name) => !item.tags.some((t) => t.name.toLowerCase() === name.trim().toLowerCase()))
                .map((name) => optimisticTag(name.trim())),
            ],
          }))) as Snapshot[],
        }),
        onError: rollbackOnError,
        onSuccess: (data, vars, _r, { client: qc }) => setTags(qc, vars.params.id, data.tags),
        onSettled: (_d, _e, _v, _r, { client: qc }: WithClient) => tagsChanged(qc),
      },
    ),
    /** DELETE …/tag/:tagId: optimistic. */
    removeTag: endpointMutation<typeof entries.removeTag, Rollback>(
      client,
      entries.removeTag,
      [domain, 'removeTag'],
      {
        onMutate: async (vars, { client: qc }) => ({
          snapshots: (await patchAnnotated(qc, kind, vars.params.id, (item) => ({
            ...item,
            tags: item.tags.filter((t) => t.id !== vars.params.tagId),
          }))) as Snapshot[],
        }),
        onError: rollbackOnError,
        onSuccess: (data, vars, _r, { client: qc }) => setTags(qc, vars.params.id, data.tags),
        onSettled: (_d, _e, _v, _r, { client: qc }) => tagsChanged(qc),
      },
    ),
    /** POST …/note {content} */
    createNote: endpointMutation(client, entries.createNote, [domain, 'createNote'], {
      onSuccess: async (data, vars, _r, { client: qc }) => {
        await setNote(qc, vars.params.id, data.note);
        await noteChanged(qc);
      },
    }),
    /** PUT …/note {content} */
    updateNote: endpointMutation(client, entries.updateNote, [domain, 'updateNote'], {
      onSuccess: async (data, vars, _r, { client: qc }) => {
        await setNote(qc, vars.params.id, data.note);
        await noteChanged(qc);
      },
    }),
    /** DELETE …/note */
    deleteNote: endpointMutation(client, entries.deleteNote, [domain, 'deleteNote'], {
      onSuccess: async (_d, vars, _r, { client: qc }) => {
        await setNote(qc, vars.params.id, null);
        await noteChanged(qc);
      },
    }),
  };
}
