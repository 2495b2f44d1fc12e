/**
 * Applies Scryfall id migrations to lists and decks: a merged id moves entries and deck cards to the
 * new id (merging with an identical entry), a deleted id turns entries unresolved with the reason.
 * Nothing is removed; each touched list records a revision authored by its owner.
 */
import { eq, inArray, isNull } from 'drizzle-orm';
import { cardLists, cardMigrations, listEntries } from '../../db/catalogue.js';
import type { Db } from '../../db/client.js';
import { deckCards } from '../../db/schema.js';
import { type DeltaItem, entryKey, lockList, recordRevision, toState, writeStates } from './store.js';

export async function applyCardMigrations(db: Db) {
  const stats = { merged: 0, deleted: 0, entriesMoved: 0, entriesUnresolved: 0, deckCards: 0 };
  const pending = await db.select().from(cardMigrations).where(isNull(cardMigrations.appliedAt));
  if (!pending.length) return stats;
  const byOld = new Map(pending.map((m) => [m.oldScryfallId, m]));
  for (const m of pending) {
    if (m.strategy === 'merge') stats.merged++;
    else stats.deleted++;
  }
  const oldIds = [...byOld.keys()];
  const affected = await db
    .select({ listId: listEntries.listId, ownerId: cardLists.ownerId })
    .from(listEntries)
    .innerJoin(cardLists, eq(cardLists.id, listEntries.listId))
    .where(inArray(listEntries.cardId, oldIds))
    .groupBy(listEntries.listId, cardLists.ownerId);
  for (const { listId, ownerId } of affected) {
    await db.transaction(async (tx) => {
      const list = await lockList(tx, listId, ownerId);
      const entries = await tx.select().from(listEntries).where(eq(listEntries.listId, listId));
      const byKey = new Map(entries.filter((e) => e.cardId).map((e) => [entryKey(e), e]));
      const delta: DeltaItem[] = [];
      const consumed = new Set<string>();
      for (const e of entries) {
        const m = e.cardId ? byOld.get(e.cardId) : undefined;
        if (!m || consumed.has(e.id)) continue;
        const before = toState(e);
        if (m.strategy === 'merge' && m.newScryfallId) {
          const moved = { ...before, cardId: m.newScryfallId };
          const twin = byKey.get(entryKey(moved));
          if (twin && twin.id !== e.id && !consumed.has(twin.id)) {
            const tb = toState(twin);
            delta.push({ id: twin.id, before: tb, after: { ...tb, quantity: tb.quantity + e.quantity } });
            delta.push({ id: e.id, before, after: null });
            consumed.add(e.id);
            twin.quantity += e.quantity;
          } else {
            delta.push({ id: e.id, before, after: moved });
          }
          stats.entriesMoved++;
        } else {
          delta.push({
            id: e.id,
            before,
            after: {
              ...before,
              cardId: null,
              unresolved: {
                name: e.name,
                setCode: null,
                collectorNumber: null,
                reason: `Scryfall deleted this printing (${e.cardId})${m.note ? `: ${m.note}` : ''}`,
              },
            },
          });
          stats.entriesUnresolved++;
        }
      }
      // Later deltas for the same id win (a twin may be updated twice).
      const last = new Map<string, DeltaItem>();
      for (const d of delta) {
        const prev = last.get(d.id);
        last.set(d.id, prev ? { id: d.id, before: prev.before, after: d.after } : d);
      }
      const merged = [...last.values()];
      await writeStates(tx, listId, merged);
      await recordRevision(tx, list, ownerId, {
        action: 'update',
        summary: `Scryfall id migrations: ${merged.length} entr${merged.length === 1 ? 'y' : 'ies'} updated`,
        delta: merged,
      });
    });
  }
  for (const m of pending) {
    const result = await db
      .update(deckCards)
      .set({ cardId: m.strategy === 'merge' ? m.newScryfallId : null })
      .where(eq(deckCards.cardId, m.oldScryfallId))
      .returning({ id: deckCards.id });
    stats.deckCards += result.length;
  }
  await db
    .update(cardMigrations)
    .set({ appliedAt: new Date() })
    .where(
      inArray(
        cardMigrations.id,
        pending.map((m) => m.id),
      ),
    );
  return stats;
}
