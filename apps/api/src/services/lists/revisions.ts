/**
 * A list's revisions: the history as the contract shows it (author, action, summary, changes), the
 * entries as they were after any revision (backwards from the live entries or forwards from the
 * nearest snapshot, whichever touches fewer entries), and reverting to one as a new revision.
 */
import type { Revision } from '@companion/sdk/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { listRevisions } from '../../db/catalogue.js';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { iso } from '../dto.js';
import { NotFound } from '../errors.js';
import {
  changeList,
  type DeltaItem,
  type EntryState,
  type ListRow,
  loadState,
  type RevisionRow,
  writeStates,
} from './store.js';

/** The entries as they were right after revision `number`. */
export async function stateAfter(tx: Tx, list: ListRow, number: number): Promise<Map<string, EntryState>> {
  // Cost of each way, in delta items to apply.
  const costs = await tx.execute(sql`select
      coalesce(sum(json_array_length(delta)) filter (where number > ${number}), 0)::int as backward,
      (select max(number) from list_revisions where list_id = ${list.id} and number <= ${number} and snapshot is not null) as snap
    from list_revisions where list_id = ${list.id}`);
  const cost = (costs as unknown as { rows: Array<{ backward: number; snap: number | null }> }).rows[0];
  const snap = cost?.snap === null || cost?.snap === undefined ? 0 : Number(cost.snap);
  const forwardCost = await tx.execute(sql`select coalesce(sum(json_array_length(delta)), 0)::int as n
    from list_revisions where list_id = ${list.id} and number > ${snap} and number <= ${number}`);
  const forward = Number((forwardCost as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);

  if (Number(cost?.backward ?? 0) <= forward) {
    const state = await loadState(tx, list.id);
    const revisions = await tx
      .select({ delta: listRevisions.delta })
      .from(listRevisions)
      .where(and(eq(listRevisions.listId, list.id), sql`${listRevisions.number} > ${number}`))
      .orderBy(sql`${listRevisions.number} desc`);
    for (const r of revisions) {
      const delta = r.delta as DeltaItem[];
      for (let i = delta.length - 1; i >= 0; i--) {
        const d = delta[i] as DeltaItem;
        if (d.before) state.set(d.id, d.before);
        else state.delete(d.id);
      }
    }
    return state;
  }
  const state = new Map<string, EntryState>();
  const revisions = await tx
    .select({ number: listRevisions.number, delta: listRevisions.delta, snapshot: listRevisions.snapshot })
    .from(listRevisions)
    .where(
      and(
        eq(listRevisions.listId, list.id),
        sql`${listRevisions.number} >= ${snap} and ${listRevisions.number} <= ${number}`,
      ),
    )
    .orderBy(asc(listRevisions.number));
  for (const r of revisions) {
    if (r.number === snap) {
      for (const { id, ...s } of (r.snapshot ?? []) as Array<EntryState & { id: string }>) state.set(id, s);
      continue;
    }
    for (const d of r.delta as DeltaItem[]) {
      if (d.after) state.set(d.id, d.after);
      else state.delete(d.id);
    }
  }
  return state;
}

const sameState = (a: EntryState, b: EntryState) => JSON.stringify(a) === JSON.stringify(b);

/** Makes the list's entries exactly `target`; returns the delta. */
export async function restoreState(
  tx: Tx,
  listId: string,
  target: Map<string, EntryState>,
): Promise<DeltaItem[]> {
  const current = await loadState(tx, listId);
  const delta: DeltaItem[] = [];
  for (const [id, before] of current) {
    const after = target.get(id) ?? null;
    if (!after || !sameState(before, after)) delta.push({ id, before, after });
  }
  for (const [id, after] of target) if (!current.has(id)) delta.push({ id, before: null, after });
  await writeStates(tx, listId, delta);
  return delta;
}

export async function revisionAuthors(db: Db, ids: string[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<string, typeof users.$inferSelect>();
  const rows = await db.select().from(users).where(inArray(users.id, unique));
  return new Map(rows.map((u) => [u.id, u]));
}

function revisionChanges(delta: DeltaItem[]): Revision['changes'] {
  return delta.map((d) => {
    const s = (d.after ?? d.before) as EntryState;
    return {
      op: d.before === null ? 'add' : d.after === null ? 'remove' : 'update',
      cardId: s.cardId,
      name: s.name,
      finish: s.finish,
      quantity: (d.after?.quantity ?? 0) - (d.before?.quantity ?? 0),
    };
  });
}

/** Names a revision's author as the API shows users (the picture as a URL): the users service's summary. */
export type AuthorSummary = (user: typeof users.$inferSelect) => Revision['author'];

export async function toRevisions(db: Db, rows: RevisionRow[], summary: AuthorSummary): Promise<Revision[]> {
  const authors = await revisionAuthors(
    db,
    rows.flatMap((r) => (r.authorId ? [r.authorId] : [])),
  );
  return rows.map((r) => {
    const a = r.authorId ? authors.get(r.authorId) : undefined;
    return {
      id: r.id,
      number: r.number,
      author: a
        ? summary(a)
        : { id: r.authorId ?? 'system', username: null, firstname: null, lastname: null, picture: null },
      createdAt: iso(r.createdAt),
      action: r.action as Revision['action'],
      summary: r.summary,
      changes: revisionChanges(r.delta as DeltaItem[]),
      revertedTo: r.revertedTo,
    };
  });
}

export async function revisionsPage(
  db: Db,
  listId: string,
  page: number,
  limit: number,
  summary: AuthorSummary,
) {
  const rows = await db
    .select()
    .from(listRevisions)
    .where(eq(listRevisions.listId, listId))
    .orderBy(desc(listRevisions.number))
    .limit(limit)
    .offset((page - 1) * limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listRevisions)
    .where(eq(listRevisions.listId, listId));
  return { revisions: await toRevisions(db, rows, summary), total: Number(count?.n ?? 0) };
}

export async function revertList(
  db: Db,
  listId: string,
  revisionId: string,
  ownerId: string,
  expectedRevision?: number,
) {
  return changeList(db, { listId, ownerId, authorId: ownerId, expectedRevision }, async (tx, list) => {
    const [target] = await tx
      .select({ number: listRevisions.number })
      .from(listRevisions)
      .where(and(eq(listRevisions.id, revisionId), eq(listRevisions.listId, listId)));
    if (!target) throw new NotFound('That revision');
    const state = await stateAfter(tx, list, target.number);
    const delta = await restoreState(tx, listId, state);
    return {
      action: 'revert',
      summary: `Reverted to revision ${target.number}`,
      delta,
      revertedTo: target.number,
    };
  });
}
