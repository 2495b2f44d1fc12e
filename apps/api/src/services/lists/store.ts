/**
 * Card lists: the write path with revision history.
 *
 * Every change runs in one transaction that first locks the list row (SELECT … FOR UPDATE), so
 * concurrent writes to one list queue up; `expectedRevision` turns a stale write into a 409 instead.
 *
 * Revision storage: each revision keeps a `delta` — every touched entry's full state before and
 * after. The state after any revision N is rebuilt either backwards from the live entries (undoing
 * the deltas after N) or forwards from the nearest full snapshot at or before N (one every
 * SNAPSHOT_EVERY revisions), whichever touches fewer entries (`revisions.ts`). Deltas are small for
 * everyday edits (a few hundred bytes), a snapshot per revision would copy the whole list every time.
 */
import type { FinishValue, RevisionActionValue } from '@companion/sdk/contract';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  cardLists,
  type ImportedInfo,
  listEntries,
  listRevisions,
  type UnresolvedInfo,
} from '../../db/catalogue.js';
import type { Db, Tx } from '../../db/client.js';
import { normalizeName } from '../catalogue.js';
import { Conflict, Invalid, NotFound } from '../errors.js';

export const SNAPSHOT_EVERY = 100;

export type ListRow = typeof cardLists.$inferSelect;
export type EntryRow = typeof listEntries.$inferSelect;
export type RevisionRow = typeof listRevisions.$inferSelect;

export type RevisionAction = RevisionActionValue;

/** Everything about an entry but its id and list: what a revision stores. */
export interface EntryState {
  cardId: string | null;
  name: string;
  quantity: number;
  finish: FinishValue;
  condition: string;
  language: string;
  purchasePrice: string | null;
  purchaseCurrency: string | null;
  tags: string[];
  unresolved: UnresolvedInfo | null;
  /** Absent in states recorded before imports kept their rows' text. */
  imported?: ImportedInfo | null;
  addedAt: string;
}

export interface DeltaItem {
  id: string;
  before: EntryState | null;
  after: EntryState | null;
}

export interface ChangeOutcome {
  action: RevisionAction;
  summary: string;
  delta: DeltaItem[];
  revertedTo?: number;
}

export const toState = (e: EntryRow): EntryState => ({
  cardId: e.cardId,
  name: e.name,
  quantity: e.quantity,
  finish: e.finish,
  condition: e.condition,
  language: e.language,
  purchasePrice: e.purchasePrice,
  purchaseCurrency: e.purchaseCurrency,
  tags: e.tags,
  unresolved: e.unresolved ?? null,
  imported: e.imported ?? null,
  addedAt: new Date(e.addedAt).toISOString(),
});

const entryValues = (id: string, listId: string, s: EntryState) => ({
  id,
  listId,
  cardId: s.cardId,
  name: s.name,
  quantity: s.quantity,
  finish: s.finish,
  condition: s.condition,
  language: s.language,
  purchasePrice: s.purchasePrice,
  purchaseCurrency: s.purchaseCurrency,
  tags: s.tags,
  unresolved: s.unresolved,
  imported: s.imported ?? null,
  addedAt: new Date(s.addedAt),
});

export const entryKey = (e: { cardId: string | null; finish: string; condition: string; language: string }) =>
  `${e.cardId}|${e.finish}|${e.condition}|${e.language}`;

/**
 * What makes two unresolved entries the same row: the name (compared as names are), the set and
 * number the file gave, finish, condition and language.
 */
export const looseEntryKey = (e: {
  name: string;
  unresolved?: Pick<UnresolvedInfo, 'setCode' | 'collectorNumber'> | null;
  finish: string;
  condition: string;
  language: string;
}) =>
  `${normalizeName(e.name)}|${e.unresolved?.setCode ?? ''}|${e.unresolved?.collectorNumber ?? ''}|${e.finish}|${e.condition}|${e.language}`;

/** Locks one of the owner's lists for the rest of the transaction. */
export async function lockList(tx: Tx | Db, listId: string, ownerId: string): Promise<ListRow> {
  const [list] = await tx
    .select()
    .from(cardLists)
    .where(and(eq(cardLists.id, listId), eq(cardLists.ownerId, ownerId)))
    .for('update');
  if (!list) throw new NotFound('That list');
  return list;
}

export function checkRevision(list: ListRow, expected: number | undefined): void {
  if (expected !== undefined && expected !== list.revision) {
    throw new Conflict(
      `The list changed since revision ${expected} (it is at revision ${list.revision}). Reload and try again.`,
      { revision: list.revision },
    );
  }
}

const { delta: _delta, snapshot: _snapshot, ...revisionHead } = getTableColumns(listRevisions);

/** Records the outcome as the list's next revision (with a full snapshot every SNAPSHOT_EVERY). */
export async function recordRevision(
  tx: Tx,
  list: ListRow,
  authorId: string | null,
  outcome: ChangeOutcome,
): Promise<{ list: ListRow; revision: RevisionRow }> {
  const number = list.revision + 1;
  const snapshot =
    number % SNAPSHOT_EVERY === 0
      ? [...(await loadState(tx, list.id)).entries()].map(([id, s]) => ({ id, ...s }))
      : null;
  // The delta and snapshot are not read back: an import's are tens of megabytes of JSON.
  const [row] = await tx
    .insert(listRevisions)
    .values({
      listId: list.id,
      number,
      authorId,
      action: outcome.action,
      summary: outcome.summary,
      delta: outcome.delta,
      snapshot,
      revertedTo: outcome.revertedTo ?? null,
    })
    .returning(revisionHead);
  const revision = row && { ...row, delta: outcome.delta, snapshot };
  const [updated] = await tx
    .update(cardLists)
    .set({ revision: number, updatedAt: new Date() })
    .where(eq(cardLists.id, list.id))
    .returning();
  if (!revision || !updated) throw new Error('revision not recorded');
  return { list: updated, revision };
}

/** Locks the list, checks expectedRevision, applies the change and records it. */
export async function changeList(
  db: Db,
  opts: { listId: string; ownerId: string; authorId: string | null; expectedRevision?: number | undefined },
  apply: (tx: Tx, list: ListRow) => Promise<ChangeOutcome>,
): Promise<{ list: ListRow; revision: RevisionRow }> {
  return db.transaction(async (tx) => {
    const list = await lockList(tx, opts.listId, opts.ownerId);
    checkRevision(list, opts.expectedRevision);
    const outcome = await apply(tx, list);
    return recordRevision(tx, list, opts.authorId, outcome);
  });
}

export interface NewEntry {
  cardId: string | null;
  name: string;
  quantity: number;
  finish: FinishValue;
  condition: string;
  language: string;
  purchasePrice?: string | null;
  purchaseCurrency?: string | null;
  tags?: string[];
  unresolved?: UnresolvedInfo | null;
  imported?: ImportedInfo | null;
}

/**
 * Adds entries; resolved ones merge with identical entries (same card, finish, condition,
 * language) already in the list. Returns the delta and each input's entry id.
 */
export async function addEntries(
  tx: Tx,
  listId: string,
  items: readonly NewEntry[],
): Promise<{ delta: DeltaItem[]; entryIds: string[] }> {
  const entryIds: string[] = new Array(items.length);
  const groups = new Map<string, { item: NewEntry; quantity: number; indexes: number[] }>();
  const loose: Array<{ item: NewEntry; index: number }> = [];
  items.forEach((item, index) => {
    if (item.cardId === null) {
      loose.push({ item, index });
      return;
    }
    const key = entryKey(item);
    const g = groups.get(key);
    if (g) {
      g.quantity += item.quantity;
      g.indexes.push(index);
    } else groups.set(key, { item, quantity: item.quantity, indexes: [index] });
  });
  const merged = [...groups.values()];
  // Written in card order, so that the indexes on the card and the printings the entry_search
  // trigger reads are visited in order (about 15 % less database time for a large import); the
  // delta keeps the order the items came in.
  const inCardOrder = merged
    .map((_, k) => k)
    .sort((a, b) => {
      const x = merged[a]?.item.cardId ?? '';
      const y = merged[b]?.item.cardId ?? '';
      return x < y ? -1 : x > y ? 1 : 0;
    });
  const deltaOf: Array<DeltaItem | undefined> = new Array(merged.length);
  const now = new Date().toISOString();
  // Statement k + 1 is sent before statement k's rows are read: the database inserts one batch
  // while this process prepares the next and reads the last (on a 100,000-row import, about 0.5 s
  // of the process's time no longer leaves the database waiting).
  let previous: Promise<void> | undefined;
  for (let i = 0; i < inCardOrder.length; i += 2000) {
    const batch = inCardOrder.slice(i, i + 2000);
    const written = insertRecords(
      tx,
      listId,
      now,
      batch.map((k) => {
        const { item, quantity } = merged[k] as (typeof merged)[number];
        return record(item, quantity);
      }),
      true,
    ).then((rows) => {
      const added = new Map(batch.map((k) => [entryKey((merged[k] as (typeof merged)[number]).item), k]));
      for (const { inserted, ...row } of rows) {
        const k = added.get(entryKey(row));
        const g = k === undefined ? undefined : merged[k];
        if (k === undefined || !g) continue;
        for (const index of g.indexes) entryIds[index] = row.id;
        const after = toState(row);
        deltaOf[k] = {
          id: row.id,
          before: inserted ? null : { ...after, quantity: after.quantity - g.quantity },
          after,
        };
      }
    });
    // Awaited below; a rejection before then is not unhandled.
    written.catch(() => undefined);
    if (previous) await previous;
    previous = written;
  }
  await previous;
  const delta = deltaOf.filter((d): d is DeltaItem => d !== undefined);
  // Unresolved rows merge too: with an identical unresolved entry already in the list (an earlier
  // import, or an earlier part of one sent in several calls), then with each other.
  const fresh: Array<{ item: NewEntry; indexes: number[] }> = [];
  if (loose.length) {
    const names = [...new Set(loose.map((l) => l.item.name))];
    const existing = await tx
      .select()
      .from(listEntries)
      .where(
        and(
          eq(listEntries.listId, listId),
          sql`${listEntries.cardId} is null`,
          sql`${listEntries.name} in (select jsonb_array_elements_text(${JSON.stringify(names)}::jsonb))`,
        ),
      );
    const byKey = new Map<string, { row: EntryRow; quantity: number; indexes: number[] }>();
    for (const row of existing) byKey.set(looseEntryKey(row), { row, quantity: 0, indexes: [] });
    const newByKey = new Map<string, { item: NewEntry; indexes: number[] }>();
    for (const { item, index } of loose) {
      const key = looseEntryKey(item);
      const into = byKey.get(key) ?? newByKey.get(key);
      if (into && 'row' in into) {
        into.quantity += item.quantity;
        into.indexes.push(index);
      } else if (into) {
        into.item = { ...into.item, quantity: into.item.quantity + item.quantity };
        into.indexes.push(index);
      } else {
        const entry = { item, indexes: [index] };
        newByKey.set(key, entry);
        fresh.push(entry);
      }
    }
    for (const { row, quantity, indexes } of byKey.values()) {
      if (!quantity) continue;
      const [updated] = await tx
        .update(listEntries)
        .set({ quantity: sql`${listEntries.quantity} + ${quantity}` })
        .where(eq(listEntries.id, row.id))
        .returning();
      if (!updated) continue;
      for (const index of indexes) entryIds[index] = updated.id;
      delta.push({ id: updated.id, before: toState(row), after: toState(updated) });
    }
  }
  for (let i = 0; i < fresh.length; i += 2000) {
    const batch = fresh.slice(i, i + 2000);
    const rows = await insertRecords(
      tx,
      listId,
      now,
      batch.map(({ item }) => record(item, item.quantity)),
      false,
    );
    rows.forEach((row, k) => {
      for (const index of batch[k]?.indexes ?? []) entryIds[index] = row.id;
      delta.push({ id: row.id, before: null, after: toState(row) });
    });
  }
  return { delta, entryIds };
}

/** An entry to insert, as the insert statement reads it. */
const record = (item: NewEntry, quantity: number) => ({
  card_id: item.cardId,
  name: item.name,
  quantity,
  finish: item.finish,
  condition: item.condition,
  language: item.language,
  purchase_price: item.purchasePrice ?? null,
  purchase_currency: item.purchaseCurrency ?? null,
  tags: item.tags ?? [],
  unresolved: item.cardId === null ? (item.unresolved ?? null) : null,
  imported: item.imported ?? null,
});
type EntryRecord = ReturnType<typeof record>;

/**
 * Inserts many entries from one JSON parameter (far cheaper than thousands of bound values on
 * PGlite), merging into identical entries when `merge`; rows come back in input order. Only the
 * new ids come back from the insert: a new entry is what was sent, and the few merged into an
 * existing entry are read afterwards (returning every column of 100,000 new entries costs about
 * half a second of transfer and parsing for nothing).
 */
async function insertRecords(
  tx: Tx,
  listId: string,
  now: string,
  records: EntryRecord[],
  merge: boolean,
): Promise<Array<EntryRow & { inserted: boolean }>> {
  const result = await tx.execute(sql`insert into list_entries
      (list_id, card_id, name, quantity, finish, condition, language, purchase_price, purchase_currency, tags, unresolved, imported, added_at)
    select ${listId}::uuid, j->>'card_id', j->>'name', (j->>'quantity')::int, j->>'finish', j->>'condition',
      j->>'language', (j->>'purchase_price')::numeric, j->>'purchase_currency',
      array(select jsonb_array_elements_text(j->'tags')), nullif(j->'unresolved', 'null'::jsonb),
      nullif(j->'imported', 'null'::jsonb), ${now}::timestamptz
    from jsonb_array_elements(${JSON.stringify(records)}::jsonb) with ordinality as x(j, ord)
    order by x.ord
    ${
      merge
        ? sql`on conflict (list_id, card_id, finish, condition, language) where card_id is not null
      do update set quantity = list_entries.quantity + excluded.quantity,
        -- Copies whose printing was guessed keep the entry marked, whatever was there before.
        imported = case when excluded.imported->>'method' = 'name' then excluded.imported
          else coalesce(list_entries.imported, excluded.imported) end`
        : sql``
    }
    returning id, (xmax = 0) as inserted`);
  const returned = (result as unknown as { rows: Array<{ id: string; inserted: boolean | string }> }).rows;
  if (returned.length !== records.length) throw new Error('insert returned a row count unlike its input');
  const mergedIds = returned.filter((r) => !(r.inserted === true || r.inserted === 't')).map((r) => r.id);
  const existing = new Map<string, EntryRow>();
  for (let i = 0; i < mergedIds.length; i += 5000) {
    const rows = await tx
      .select()
      .from(listEntries)
      .where(inArray(listEntries.id, mergedIds.slice(i, i + 5000)));
    for (const row of rows) existing.set(row.id, row);
  }
  const addedAt = new Date(now);
  return returned.map(({ id }, k) => {
    const row = existing.get(id);
    if (row) return { ...row, inserted: false };
    const r = records[k] as EntryRecord;
    return {
      id,
      listId,
      cardId: r.card_id,
      name: r.name,
      quantity: r.quantity,
      finish: r.finish,
      condition: r.condition,
      language: r.language,
      purchasePrice: r.purchase_price === null ? null : Number(r.purchase_price).toFixed(2),
      purchaseCurrency: r.purchase_currency,
      tags: r.tags,
      unresolved: r.unresolved,
      imported: r.imported,
      addedAt,
      inserted: true,
    };
  });
}

/** Sets quantities (0 deletes) of entries by id, in two statements. */
async function setQuantities(tx: Tx, changes: Array<{ id: string; quantity: number }>): Promise<void> {
  const gone = changes.filter((c) => c.quantity <= 0).map((c) => c.id);
  const kept = changes.filter((c) => c.quantity > 0);
  for (let i = 0; i < gone.length; i += 5000)
    await tx.delete(listEntries).where(inArray(listEntries.id, gone.slice(i, i + 5000)));
  if (kept.length) {
    await tx.execute(sql`update list_entries as e set quantity = x.q
      from jsonb_to_recordset(${JSON.stringify(kept.map((k) => ({ id: k.id, q: k.quantity })))}::jsonb) as x(id uuid, q int)
      where e.id = x.id`);
  }
}

/** Takes copies out of entries (all of them when no quantity is given). */
export async function removeEntries(
  tx: Tx,
  listId: string,
  removals: ReadonlyArray<{ entryId: string; quantity?: number | undefined }>,
): Promise<{ delta: DeltaItem[]; taken: Array<{ row: EntryRow; quantity: number }> }> {
  const ids = [...new Set(removals.map((r) => r.entryId))];
  const rows = ids.length
    ? await tx
        .select()
        .from(listEntries)
        .where(and(eq(listEntries.listId, listId), inArray(listEntries.id, ids)))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) {
    throw new Invalid(
      `${missing.length} entr${missing.length === 1 ? 'y is' : 'ies are'} not in this list`,
      missing.slice(0, 20).map((id) => ({ path: 'body.cards', message: `Entry ${id} is not in this list` })),
    );
  }
  const remaining = new Map(rows.map((r) => [r.id, r.quantity]));
  for (const r of removals) {
    const left = remaining.get(r.entryId) ?? 0;
    remaining.set(r.entryId, r.quantity === undefined ? 0 : Math.max(0, left - r.quantity));
  }
  const delta: DeltaItem[] = [];
  const taken: Array<{ row: EntryRow; quantity: number }> = [];
  for (const row of rows) {
    const q = remaining.get(row.id) ?? 0;
    if (q === row.quantity) continue;
    const before = toState(row);
    delta.push({ id: row.id, before, after: q > 0 ? { ...before, quantity: q } : null });
    taken.push({ row, quantity: row.quantity - q });
  }
  await setQuantities(
    tx,
    taken.map((t) => ({ id: t.row.id, quantity: t.row.quantity - t.quantity })),
  );
  return { delta, taken };
}

/** Replaces entries with new states (delete + insert keeps the unique index happy mid-change). */
export async function writeStates(tx: Tx, listId: string, delta: readonly DeltaItem[]): Promise<void> {
  const ids = delta.map((d) => d.id);
  for (let i = 0; i < ids.length; i += 5000)
    await tx.delete(listEntries).where(inArray(listEntries.id, ids.slice(i, i + 5000)));
  const rows = delta.flatMap((d) => (d.after ? [entryValues(d.id, listId, d.after)] : []));
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(listEntries).values(rows.slice(i, i + 1000));
}

export async function loadState(tx: Tx | Db, listId: string): Promise<Map<string, EntryState>> {
  const rows = await tx.select().from(listEntries).where(eq(listEntries.listId, listId));
  return new Map(rows.map((r) => [r.id, toState(r)]));
}

export async function createList(
  db: Db | Tx,
  ownerId: string,
  values: { name: string; type: ListRow['type']; isDefault?: boolean },
): Promise<ListRow | null> {
  const [list] = await db
    .insert(cardLists)
    .values({
      ownerId,
      name: values.name,
      type: values.type,
      isDefault: values.isDefault ?? false,
      revision: 1,
    })
    .onConflictDoNothing()
    .returning();
  if (!list) return null;
  await db.insert(listRevisions).values({
    listId: list.id,
    number: 1,
    authorId: ownerId,
    action: 'create',
    summary: `Created ${values.type} list "${values.name}"`,
    delta: [],
  });
  return list;
}

/** The caller's default binder, created on first use. */
export async function defaultBinder(db: Db, ownerId: string): Promise<ListRow> {
  const find = () =>
    db
      .select()
      .from(cardLists)
      .where(and(eq(cardLists.ownerId, ownerId), eq(cardLists.isDefault, true)))
      .limit(1);
  const [existing] = await find();
  if (existing) return existing;
  const created = await db.transaction((tx) =>
    createList(tx, ownerId, { name: 'Collection', type: 'collection', isDefault: true }),
  );
  if (created) return created;
  const [raced] = await find();
  if (!raced) throw new Error('default binder not created');
  return raced;
}
