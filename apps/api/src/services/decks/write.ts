/**
 * Writing decks: create and update (cards replaced when given, colour identity derived again),
 * archive, bracket, share token, delete.
 *
 * Every write bumps the deck's `version`. Create and update run all their statements (the deck row,
 * the delete and reinsert of its cards, the colour identity) in one transaction, so a failure half-way
 * leaves the deck as it was; update first locks the deck row (SELECT … FOR UPDATE), so concurrent
 * edits of one deck queue up, and `expectedVersion` turns a stale edit into a 409 (with the current
 * version) that changes nothing. Cards are resolved against the catalogue before the transaction
 * (catalogue reads only), keeping the lock short.
 */
import { type BoardValue, COLORS, type DeckCardChange, LIMITS } from '@companion/sdk/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { deckCards, decks, formats } from '../../db/schema.js';
import { cardsByIds } from '../catalogue.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors.js';
import type { Parsing } from '../parsing.js';
import { now, type Turn } from '../write-gate.js';
import { checkFormat, type Input, type NewDeckCard, resolveDeckInput, type UnresolvedLine } from './input.js';
import type { DeckRow } from './summary.js';

/** Colour identity: the commanders' in commander formats (when there are any), else every card's. */
async function deriveIdentity(db: Db | Tx, deckId: string, formatId: string): Promise<string[]> {
  const [format] = await db
    .select({ commander: formats.commander })
    .from(formats)
    .where(eq(formats.id, formatId));
  const rows = await db
    .select({ cardId: deckCards.cardId, board: deckCards.board })
    .from(deckCards)
    .where(eq(deckCards.deckId, deckId));
  const commanders = rows.filter((r) => r.board === 'commander' && r.cardId);
  const source =
    format?.commander && commanders.length ? commanders : rows.filter((r) => r.board !== 'maybe');
  const found = await cardsByIds(
    db as Db,
    source.flatMap((r) => (r.cardId ? [r.cardId] : [])),
  );
  const colors = new Set([...found.values()].flatMap((c) => c.colorIdentity));
  return COLORS.filter((c) => colors.has(c));
}

/**
 * The cards of a replaced deck with the categories the player gave: a card that does not say its
 * category keeps the one its printing (else its name) had in the deck, so pasting the exported list
 * back, or saving the whole-deck editor, loses none.
 */
async function keepCategories(tx: Tx, deckId: string, cards: NewDeckCard[]): Promise<NewDeckCard[]> {
  if (cards.every((c) => c.category !== undefined)) return cards;
  const old = await tx
    .select({ cardId: deckCards.cardId, name: deckCards.name, category: deckCards.category })
    .from(deckCards)
    .where(and(eq(deckCards.deckId, deckId), sql`${deckCards.category} is not null`));
  if (!old.length) return cards;
  const byCard = new Map(old.flatMap((r) => (r.cardId ? [[r.cardId, r.category] as const] : [])));
  const byName = new Map(old.map((r) => [r.name.toLowerCase(), r.category] as const));
  return cards.map((c) =>
    c.category !== undefined
      ? c
      : {
          ...c,
          category: (c.cardId ? byCard.get(c.cardId) : undefined) ?? byName.get(c.name.toLowerCase()) ?? null,
        },
  );
}

/** Replaces the deck's cards (inside the caller's transaction). */
async function writeCards(tx: Tx, deckId: string, cards: NewDeckCard[]) {
  await tx.delete(deckCards).where(eq(deckCards.deckId, deckId));
  for (let i = 0; i < cards.length; i += 1000) {
    await tx.insert(deckCards).values(cards.slice(i, i + 1000).map((c) => ({ ...c, deckId })));
  }
}

/** Locks one of the owner's decks for the rest of the transaction. */
export async function lockDeck(tx: Tx, deckId: string, ownerId: string): Promise<DeckRow> {
  const [deck] = await tx.select().from(decks).where(eq(decks.id, deckId)).for('update');
  if (!deck) throw new NotFound('That deck');
  if (deck.ownerId !== ownerId) throw new Forbidden();
  return deck;
}

export function checkVersion(deck: DeckRow, expected: number | undefined): void {
  if (expected !== undefined && expected !== deck.version) {
    throw new Conflict(
      `The deck changed since version ${expected} (it is at version ${deck.version}). Reload and try again.`,
      { version: deck.version },
    );
  }
}

/** `turn`: the instance's write gate (services.writes), around the resolution and the transaction. */
export async function createDeck(db: Db, parsing: Parsing, ownerId: string, input: Input, turn: Turn = now) {
  await checkFormat(db, input.formatId, input.subformatId);
  const { cards, unresolved, skipped } = await resolveDeckInput(db, parsing, input, turn);
  const deck = await turn(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(decks)
        .values({
          ownerId,
          name: input.name,
          formatId: input.formatId,
          subformatId: input.subformatId ?? null,
          description: input.description ?? null,
          bracket: input.bracket ?? null,
          visibility: input.visibility ?? 'public',
          version: 1,
        })
        .returning();
      if (!row) throw new Error('deck not created');
      await writeCards(tx, row.id, cards);
      const colorIdentity = await deriveIdentity(tx, row.id, row.formatId);
      const [updated] = await tx.update(decks).set({ colorIdentity }).where(eq(decks.id, row.id)).returning();
      return updated ?? row;
    }),
  );
  return { deck, unresolved, skipped };
}

export type DeckUpdate = Partial<Input> & { expectedVersion?: number | undefined };

export async function updateDeck(
  db: Db,
  parsing: Parsing,
  deck: DeckRow,
  input: DeckUpdate,
  turn: Turn = now,
) {
  const formatId = input.formatId ?? deck.formatId;
  if (input.formatId !== undefined || input.subformatId) await checkFormat(db, formatId, input.subformatId);
  const replacing = input.decklist !== undefined || input.cards !== undefined;
  const resolved = replacing ? await resolveDeckInput(db, parsing, input, turn) : null;
  const row = await turn(() =>
    db.transaction(async (tx) => {
      const current = await lockDeck(tx, deck.id, deck.ownerId);
      checkVersion(current, input.expectedVersion);
      if (resolved) await writeCards(tx, deck.id, await keepCategories(tx, deck.id, resolved.cards));
      const set: Partial<DeckRow> = {
        colorIdentity: await deriveIdentity(tx, deck.id, input.formatId ?? current.formatId),
        updatedAt: new Date(),
      };
      if (input.name !== undefined) set.name = input.name;
      if (input.formatId !== undefined) set.formatId = input.formatId;
      if (input.subformatId !== undefined) set.subformatId = input.subformatId;
      if (input.description !== undefined) set.description = input.description;
      if (input.bracket !== undefined) set.bracket = input.bracket;
      if (input.visibility !== undefined) set.visibility = input.visibility;
      const [updated] = await tx
        .update(decks)
        .set({ ...set, version: sql`${decks.version} + 1` })
        .where(eq(decks.id, deck.id))
        .returning();
      if (!updated) throw new NotFound('That deck');
      return updated;
    }),
  );
  const unresolved: UnresolvedLine[] = resolved?.unresolved ?? [];
  return { deck: row, unresolved, skipped: resolved?.skipped ?? [] };
}

/** A line of the deck while changes apply to it (`id` null: new; quantity 0: to delete). */
interface Line {
  id: string | null;
  cardId: string | null;
  name: string;
  board: BoardValue;
  quantity: number;
  position: number;
  category: string | null;
  changed: boolean;
}

/**
 * Small changes of a deck's cards (`POST /deck/:id/cards`): copies of printings added to, taken from
 * or moved between boards, lines put in a category or out of it (moved copies keep theirs), applied
 * in order in one transaction on the locked deck row, with the `expectedVersion` check of a whole
 * update. Only the touched lines are written (an addition goes to the first line of that printing
 * on that board, or a new line at the end); the colour identity is derived again and the version
 * bumped once. Taking more copies than a board holds takes them
 * all; taking a card a board does not hold, a line over the copy limit or more lines than a deck
 * holds is refused with the change's path, and nothing is written.
 */
export async function changeDeckCards(
  db: Db,
  deck: DeckRow,
  input: { changes: ReadonlyArray<DeckCardChange>; expectedVersion?: number | undefined },
  turn: Turn = now,
): Promise<DeckRow> {
  const ids = [...new Set(input.changes.map((c) => c.cardId))];
  const found = await cardsByIds(db, ids);
  input.changes.forEach((c, i) => {
    if (!found.has(c.cardId))
      throw Invalid.field(`body.changes.${i}.cardId`, `No card has the id ${c.cardId}`);
  });
  return turn(() =>
    db.transaction(async (tx) => {
      const current = await lockDeck(tx, deck.id, deck.ownerId);
      checkVersion(current, input.expectedVersion);
      const rows = await tx
        .select()
        .from(deckCards)
        .where(and(eq(deckCards.deckId, deck.id), inArray(deckCards.cardId, ids)));
      const [size] = await tx
        .select({
          lines: sql<number>`count(*)::int`,
          last: sql<number>`coalesce(max(${deckCards.position}), 0)::int`,
        })
        .from(deckCards)
        .where(eq(deckCards.deckId, deck.id));
      let lineCount = Number(size?.lines ?? 0);
      let position = Number(size?.last ?? 0);
      const lines: Line[] = rows
        .sort((a, b) => a.position - b.position)
        .map((r) => ({ ...r, board: r.board as BoardValue, changed: false }));
      const lineOf = (cardId: string, board: BoardValue) =>
        lines.find((l) => l.cardId === cardId && l.board === board && l.quantity > 0);
      /** The line change `i` takes from or categorizes: refused with its path when there is none. */
      const heldLine = (i: number, cardId: string, board: BoardValue) => {
        const line = lineOf(cardId, board);
        if (!line)
          throw Invalid.field(
            `body.changes.${i}.cardId`,
            `${found.get(cardId)?.name ?? cardId} is not on the deck's ${board} board`,
          );
        return line;
      };
      const add = (
        i: number,
        cardId: string,
        board: BoardValue,
        quantity: number,
        category: string | null = null,
      ) => {
        const line = lineOf(cardId, board);
        if (line) {
          line.quantity += quantity;
          line.changed = true;
          if (line.quantity > LIMITS.deckQuantity.max)
            throw Invalid.field(
              `body.changes.${i}.quantity`,
              `A deck holds at most ${LIMITS.deckQuantity.max} copies of a card on one board`,
            );
          return;
        }
        lineCount++;
        if (lineCount > LIMITS.deckCards.max)
          throw Invalid.field(`body.changes.${i}`, `A deck holds at most ${LIMITS.deckCards.max} lines`);
        const card = found.get(cardId);
        position++;
        lines.push({
          id: null,
          cardId,
          name: card?.name ?? cardId,
          board,
          quantity,
          position,
          category,
          changed: true,
        });
      };
      const take = (i: number, cardId: string, board: BoardValue, quantity: number | undefined) => {
        const line = heldLine(i, cardId, board);
        const taken = Math.min(quantity ?? line.quantity, line.quantity);
        line.quantity -= taken;
        line.changed = true;
        if (line.quantity === 0 && line.id !== null) lineCount--;
        return taken;
      };
      input.changes.forEach((c, i) => {
        if (c.op === 'add') add(i, c.cardId, c.board ?? 'main', c.quantity ?? 1);
        else if (c.op === 'remove') take(i, c.cardId, c.board ?? 'main', c.quantity);
        else if (c.op === 'categorize') {
          const board = c.board ?? 'main';
          const line = heldLine(i, c.cardId, board);
          line.category = c.category;
          line.changed = true;
        } else {
          // Moved copies keep their line's category on the board they go to (a new line there).
          const category = lineOf(c.cardId, c.from)?.category ?? null;
          add(i, c.cardId, c.to, take(i, c.cardId, c.from, c.quantity), category);
        }
      });
      const changed = lines.filter((l) => l.changed);
      const gone = changed.flatMap((l) => (l.id !== null && l.quantity === 0 ? [l.id] : []));
      if (gone.length) await tx.delete(deckCards).where(inArray(deckCards.id, gone));
      for (const l of changed)
        if (l.id !== null && l.quantity > 0)
          await tx
            .update(deckCards)
            .set({ quantity: l.quantity, category: l.category })
            .where(eq(deckCards.id, l.id));
      const fresh = changed.filter((l) => l.id === null && l.quantity > 0);
      if (fresh.length)
        await tx.insert(deckCards).values(
          fresh.map((l) => ({
            deckId: deck.id,
            cardId: l.cardId,
            name: l.name,
            board: l.board,
            quantity: l.quantity,
            position: l.position,
            category: l.category,
          })),
        );
      const [updated] = await tx
        .update(decks)
        .set({
          colorIdentity: await deriveIdentity(tx, deck.id, current.formatId),
          updatedAt: new Date(),
          version: sql`${decks.version} + 1`,
        })
        .where(eq(decks.id, deck.id))
        .returning();
      if (!updated) throw new NotFound('That deck');
      return updated;
    }),
  );
}

/** One-statement writes: the row changes and its version goes up atomically. */
async function bump(db: Db, deck: DeckRow, set: Partial<DeckRow>): Promise<DeckRow> {
  const [row] = await db
    .update(decks)
    .set({ ...set, updatedAt: new Date(), version: sql`${decks.version} + 1` })
    .where(eq(decks.id, deck.id))
    .returning();
  if (!row) throw new NotFound('That deck');
  return row;
}

export async function setArchived(db: Db, deck: DeckRow, archived: boolean): Promise<DeckRow> {
  return bump(db, deck, { archived });
}

export async function setBracket(db: Db, deck: DeckRow, bracket: number): Promise<DeckRow> {
  return bump(db, deck, { bracket });
}

/** A new share token (the column's default): links sent with the old one stop working. */
export async function newShareToken(db: Db, deck: DeckRow): Promise<DeckRow> {
  const [row] = await db
    .update(decks)
    .set({ shareToken: sql`default`, updatedAt: new Date(), version: sql`${decks.version} + 1` })
    .where(eq(decks.id, deck.id))
    .returning();
  if (!row) throw new NotFound('That deck');
  return row;
}

/** Deletes the deck; its games keep the deck name (game_players.deck_name) and lose the link. */
export async function deleteDeck(db: Db, deck: DeckRow): Promise<void> {
  await db.delete(decks).where(eq(decks.id, deck.id));
}
