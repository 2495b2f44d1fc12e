/**
 * The changes the routes make to lists: adding cards (resolved against the catalogue), removing,
 * moving to another list, updating entries (merging those that become identical), renaming,
 * hiding and deleting. Each change is one revision (`store.ts`).
 */
import type { FinishValue, ListSharingValue } from '@companion/sdk/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { cardLists, listEntries } from '../../db/catalogue.js';
import type { Db } from '../../db/client.js';
import { type CardData, cardsByIds } from '../catalogue.js';
import { Conflict, Invalid, NotFound } from '../errors.js';
import { type CardReference, finishMissing, type ResolvedCard, resolveCards } from '../imports-resolve.js';
import { type ListType, ownedList } from './read.js';
import {
  addEntries,
  changeList,
  checkRevision,
  type DeltaItem,
  defaultBinder,
  type EntryState,
  entryKey,
  type ListRow,
  lockList,
  recordRevision,
  removeEntries,
  toState,
  writeStates,
} from './store.js';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export interface CardChangeInput {
  cardId?: string | undefined;
  setCode?: string | undefined;
  collectorNumber?: string | undefined;
  name?: string | undefined;
  language?: string | undefined;
  finish: FinishValue;
  condition?: string | null | undefined;
  quantity: number;
}

/** Resolves card references of an add; unknown cards are a 400 naming each. */
async function resolveAdds(db: Db, cardsIn: readonly CardChangeInput[]) {
  const refs: CardReference[] = cardsIn.map((x) => ({
    scryfallId: x.cardId ?? null,
    setCode: x.setCode ?? null,
    collectorNumber: x.collectorNumber ?? null,
    language: x.language ?? null,
    name: x.name ?? null,
    finish: x.finish,
  }));
  const resolved = await resolveCards(db, refs);
  const issues = resolved.flatMap((r, i) =>
    r.card ? [] : [{ path: `body.cards.${i}`, message: r.reason ?? 'Unknown card' }],
  );
  if (issues.length)
    throw new Invalid(
      issues.length === 1 ? (issues[0]?.message ?? 'Unknown card') : `${issues.length} cards are unknown`,
      issues.slice(0, 50),
    );
  return resolved.map((r, i) => {
    const x = cardsIn[i] as CardChangeInput;
    const card = r.card as ResolvedCard;
    return {
      cardId: card.id,
      name: card.name,
      quantity: x.quantity,
      finish: x.finish,
      condition: x.condition ?? '',
      language: x.language ?? card.lang,
    };
  });
}

export interface Actor {
  ownerId: string;
  expectedRevision?: number | undefined;
}

export async function addCards(db: Db, listId: string, actor: Actor, cardsIn: readonly CardChangeInput[]) {
  await ownedList(db, listId, actor.ownerId);
  const items = await resolveAdds(db, cardsIn);
  const total = items.reduce((n, i) => n + i.quantity, 0);
  return changeList(
    db,
    { listId, ownerId: actor.ownerId, authorId: actor.ownerId, expectedRevision: actor.expectedRevision },
    async (tx) => {
      const { delta } = await addEntries(tx, listId, items);
      const names = [...new Set(items.map((i) => i.name))];
      return {
        action: 'add',
        summary: `Added ${plural(total, 'card')}${names.length <= 3 ? `: ${names.join(', ')}` : ''}`,
        delta,
      };
    },
  );
}

export async function removeCards(
  db: Db,
  listId: string,
  actor: Actor,
  removals: ReadonlyArray<{ entryId: string; quantity?: number | undefined }>,
) {
  return changeList(
    db,
    { listId, ownerId: actor.ownerId, authorId: actor.ownerId, expectedRevision: actor.expectedRevision },
    async (tx) => {
      const { delta, taken } = await removeEntries(tx, listId, removals);
      const n = taken.reduce((s, t) => s + t.quantity, 0);
      return { action: 'remove', summary: `Removed ${plural(n, 'card')}`, delta };
    },
  );
}

export async function moveCards(
  db: Db,
  listId: string,
  targetId: string,
  actor: Actor,
  removals: ReadonlyArray<{ entryId: string; quantity?: number | undefined }>,
) {
  if (listId === targetId)
    throw new Invalid('The target is this list', [{ path: 'body.target', message: 'Choose another list' }]);
  return db.transaction(async (tx) => {
    // Lock both lists in a fixed order so two opposite moves cannot deadlock.
    const [first, second] = [listId, targetId].sort();
    const locked = new Map<string, ListRow>();
    for (const id of [first, second] as string[]) locked.set(id, await lockList(tx, id, actor.ownerId));
    const source = locked.get(listId) as ListRow;
    const target = locked.get(targetId) as ListRow;
    checkRevision(source, actor.expectedRevision);
    const { delta, taken } = await removeEntries(tx, listId, removals);
    const moved = await addEntries(
      tx,
      targetId,
      taken.map(({ row, quantity }) => ({ ...toState(row), quantity })),
    );
    const n = taken.reduce((s, t) => s + t.quantity, 0);
    const out = await recordRevision(tx, source, actor.ownerId, {
      action: 'move-out',
      summary: `Moved ${plural(n, 'card')} to "${target.name}"`,
      delta,
    });
    const into = await recordRevision(tx, target, actor.ownerId, {
      action: 'move-in',
      summary: `Received ${plural(n, 'card')} from "${source.name}"`,
      delta: moved.delta,
    });
    return { ...out, target: into.list };
  });
}

export interface EntryChangeInput {
  entryId: string;
  quantity?: number | undefined;
  finish?: FinishValue | undefined;
  condition?: string | null | undefined;
  language?: string | undefined;
  cardId?: string | undefined;
}

export async function updateCards(
  db: Db,
  listId: string,
  actor: Actor,
  changes: readonly EntryChangeInput[],
) {
  const cardIds = changes.flatMap((ch) => (ch.cardId ? [ch.cardId] : []));
  const known = await cardsByIds(db, cardIds);
  const unknown = changes.flatMap((ch, i) =>
    ch.cardId && !known.has(ch.cardId)
      ? [{ path: `body.cards.${i}.cardId`, message: `No card with id ${ch.cardId}` }]
      : [],
  );
  if (unknown.length) throw new Invalid(unknown[0]?.message ?? 'Unknown card', unknown);
  return changeList(
    db,
    { listId, ownerId: actor.ownerId, authorId: actor.ownerId, expectedRevision: actor.expectedRevision },
    async (tx) => {
      const ids = [...new Set(changes.map((ch) => ch.entryId))];
      const rows = await tx
        .select()
        .from(listEntries)
        .where(and(eq(listEntries.listId, listId), inArray(listEntries.id, ids)));
      const state = new Map<string, EntryState>(rows.map((r) => [r.id, toState(r)]));
      const missing = ids.filter((id) => !state.has(id));
      if (missing.length)
        throw new Invalid(
          `Entry ${missing[0]} is not in this list`,
          missing.map((id) => ({ path: 'body.cards', message: `Entry ${id} is not in this list` })),
        );
      const original = new Map(state);
      let resolvedCount = 0;
      const finishChecks: Array<{ i: number; next: EntryState }> = [];
      for (const [i, ch] of changes.entries()) {
        const cur = state.get(ch.entryId);
        if (!cur) continue; // merged away by an earlier change
        const next: EntryState = { ...cur };
        if (ch.quantity !== undefined) next.quantity = ch.quantity;
        if (ch.finish) next.finish = ch.finish;
        if (ch.condition !== undefined) next.condition = ch.condition ?? '';
        if (ch.language) next.language = ch.language;
        if (ch.cardId) {
          const card = known.get(ch.cardId) as CardData;
          if (cur.cardId === null) resolvedCount++;
          next.cardId = card.id;
          next.name = card.name;
          next.unresolved = null;
          // The player chose this printing: it is no longer a guess.
          if (cur.imported) next.imported = { ...cur.imported, method: 'chosen' };
        }
        if (next.quantity <= 0) {
          state.delete(ch.entryId);
          continue;
        }
        if (next.cardId && (ch.finish || next.finish !== cur.finish)) finishChecks.push({ i, next });
        state.set(ch.entryId, next);
      }
      // A finish given or changed must be one the entry's printing has.
      if (finishChecks.length) {
        const printings = await cardsByIds(
          tx,
          finishChecks.map((f) => f.next.cardId as string),
        );
        const bad = finishChecks.flatMap(({ i, next }) => {
          const card = printings.get(next.cardId as string);
          return card && !card.finishes.includes(next.finish)
            ? [{ path: `body.cards.${i}.finish`, message: finishMissing(card, next.finish) }]
            : [];
        });
        if (bad.length) throw new Invalid(bad[0]?.message ?? 'Finish', bad);
      }
      // Entries that now match another entry of the list merge into it.
      const delta: DeltaItem[] = [];
      const changed = [...original.keys()].filter(
        (id) => JSON.stringify(original.get(id)) !== JSON.stringify(state.get(id)),
      );
      const keys = new Set(
        changed.flatMap((id) => (state.get(id)?.cardId ? [entryKey(state.get(id) as EntryState)] : [])),
      );
      const twins = keys.size
        ? await tx
            .select()
            .from(listEntries)
            .where(
              and(
                eq(listEntries.listId, listId),
                sql`${listEntries.cardId} is not null`,
                sql`not (${inArray(listEntries.id, changed.length ? changed : ['00000000-0000-0000-0000-000000000000'])})`,
              ),
            )
        : [];
      const twinByKey = new Map(
        twins
          .filter((t) => keys.has(entryKey(t)))
          .map((t) => [entryKey(t), toState(t) as EntryState & { id?: string }]),
      );
      const twinIds = new Map(twins.map((t) => [entryKey(t), t.id]));
      const claimed = new Map<string, string>(); // key -> entry id among the changed ones
      for (const id of changed) {
        const before = original.get(id) as EntryState;
        const after = state.get(id) ?? null;
        if (after?.cardId) {
          const key = entryKey(after);
          const twin = twinByKey.get(key);
          const twinId = twinIds.get(key);
          if (twin && twinId) {
            const grown = { ...twin, quantity: twin.quantity + after.quantity };
            const prior = delta.find((d) => d.id === twinId);
            if (prior) prior.after = grown;
            else delta.push({ id: twinId, before: twin, after: grown });
            twinByKey.set(key, grown);
            delta.push({ id, before, after: null });
            continue;
          }
          const owner = claimed.get(key);
          if (owner) {
            const d = delta.find((x) => x.id === owner);
            if (d?.after) d.after = { ...d.after, quantity: d.after.quantity + after.quantity };
            delta.push({ id, before, after: null });
            continue;
          }
          claimed.set(key, id);
        }
        delta.push({ id, before, after });
      }
      await writeStates(tx, listId, delta);
      return {
        action: 'update',
        summary: `Updated ${plural(changed.length, 'entry', 'entries')}${resolvedCount ? ` (${resolvedCount} resolved)` : ''}`,
        delta,
      };
    },
  );
}

export async function renameList(
  db: Db,
  listId: string,
  ownerId: string,
  body: { name?: string | undefined; type?: ListType | undefined; sharing?: ListSharingValue | undefined },
) {
  return changeList(db, { listId, ownerId, authorId: ownerId }, async (tx, list) => {
    if (body.type && body.type !== 'collection' && list.isDefault)
      throw new Conflict('The default binder stays a collection list.');
    const set: Partial<ListRow> = {};
    if (body.name) set.name = body.name;
    if (body.type) set.type = body.type;
    if (body.sharing) set.sharing = body.sharing;
    if (Object.keys(set).length) await tx.update(cardLists).set(set).where(eq(cardLists.id, listId));
    const parts = [
      body.name && body.name !== list.name ? `renamed "${list.name}" to "${body.name}"` : null,
      body.type && body.type !== list.type ? `type ${list.type} → ${body.type}` : null,
      body.sharing && body.sharing !== list.sharing
        ? body.sharing === 'private'
          ? 'no longer shared'
          : 'shared with friends and playgroups'
        : null,
    ].filter(Boolean);
    return { action: 'rename', summary: parts.length ? parts.join(', ') : 'No change', delta: [] };
  });
}

export async function setHidden(db: Db, listId: string, ownerId: string, hidden: boolean): Promise<ListRow> {
  const [list] = await db
    .update(cardLists)
    .set({ hidden, updatedAt: new Date() })
    .where(and(eq(cardLists.id, listId), eq(cardLists.ownerId, ownerId)))
    .returning();
  if (!list) throw new NotFound('That list');
  return list;
}

export async function deleteList(db: Db, listId: string, ownerId: string, keepCards: boolean) {
  const list = await ownedList(db, listId, ownerId);
  if (list.isDefault) throw new Conflict('The default binder cannot be deleted.');
  if (!keepCards) {
    await db.delete(cardLists).where(eq(cardLists.id, listId));
    return { movedTo: null };
  }
  const binder = await defaultBinder(db, ownerId);
  await db.transaction(async (tx) => {
    const [first, second] = [listId, binder.id].sort();
    const locked = new Map<string, ListRow>();
    for (const id of [first, second] as string[]) locked.set(id, await lockList(tx, id, ownerId));
    const entries = await tx.select().from(listEntries).where(eq(listEntries.listId, listId));
    if (entries.length) {
      const moved = await addEntries(
        tx,
        binder.id,
        entries.map((e) => toState(e)),
      );
      const n = entries.reduce((s, e) => s + e.quantity, 0);
      await recordRevision(tx, locked.get(binder.id) as ListRow, ownerId, {
        action: 'move-in',
        summary: `Received ${plural(n, 'card')} from deleted list "${list.name}"`,
        delta: moved.delta,
      });
    }
    await tx.delete(cardLists).where(eq(cardLists.id, listId));
  });
  return { movedTo: binder.id };
}
