/**
 * Writing decks: create and update (cards replaced when given, colour identity derived again),
 * archive, bracket, delete.
 */
import { COLORS } from '@companion/sdk/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deckCards, decks, formats } from '../../db/schema.js';
import { cardsByIds } from '../catalogue.js';
import { checkFormat, type Input, type NewDeckCard, resolveDeckInput, type UnresolvedLine } from './input.js';
import type { DeckRow } from './summary.js';

/** Colour identity: the commanders' in commander formats (when there are any), else every card's. */
async function deriveIdentity(db: Db, deckId: string, commanderFormat: boolean): Promise<string[]> {
  const rows = await db
    .select({ cardId: deckCards.cardId, board: deckCards.board })
    .from(deckCards)
    .where(eq(deckCards.deckId, deckId));
  const commanders = rows.filter((r) => r.board === 'commander' && r.cardId);
  const source = commanderFormat && commanders.length ? commanders : rows.filter((r) => r.board !== 'maybe');
  const found = await cardsByIds(
    db,
    source.flatMap((r) => (r.cardId ? [r.cardId] : [])),
  );
  const colors = new Set([...found.values()].flatMap((c) => c.colorIdentity));
  return COLORS.filter((c) => colors.has(c));
}

async function writeCards(db: Db, deckId: string, cards: NewDeckCard[]) {
  await db.delete(deckCards).where(eq(deckCards.deckId, deckId));
  for (let i = 0; i < cards.length; i += 1000) {
    await db.insert(deckCards).values(cards.slice(i, i + 1000).map((c) => ({ ...c, deckId })));
  }
}

async function refreshIdentity(db: Db, deck: DeckRow): Promise<DeckRow> {
  const [format] = await db.select().from(formats).where(eq(formats.id, deck.formatId));
  const colorIdentity = await deriveIdentity(db, deck.id, format?.commander ?? false);
  const [updated] = await db
    .update(decks)
    .set({ colorIdentity, updatedAt: new Date() })
    .where(eq(decks.id, deck.id))
    .returning();
  return updated ?? deck;
}

export async function createDeck(db: Db, ownerId: string, input: Input) {
  await checkFormat(db, input.formatId, input.subformatId);
  const { cards, unresolved } = await resolveDeckInput(db, input);
  const [row] = await db
    .insert(decks)
    .values({
      ownerId,
      name: input.name,
      formatId: input.formatId,
      subformatId: input.subformatId ?? null,
      description: input.description ?? null,
      bracket: input.bracket ?? null,
    })
    .returning();
  if (!row) throw new Error('deck not created');
  await writeCards(db, row.id, cards);
  return { deck: await refreshIdentity(db, row), unresolved };
}

export async function updateDeck(db: Db, deck: DeckRow, input: Partial<Input>) {
  const formatId = input.formatId ?? deck.formatId;
  if (input.formatId !== undefined || input.subformatId) await checkFormat(db, formatId, input.subformatId);
  const set: Partial<DeckRow> = { updatedAt: new Date() };
  if (input.name !== undefined) set.name = input.name;
  if (input.formatId !== undefined) set.formatId = input.formatId;
  if (input.subformatId !== undefined) set.subformatId = input.subformatId;
  if (input.description !== undefined) set.description = input.description;
  if (input.bracket !== undefined) set.bracket = input.bracket;
  const [row] = await db.update(decks).set(set).where(eq(decks.id, deck.id)).returning();
  let unresolved: UnresolvedLine[] = [];
  if (input.decklist !== undefined || input.cards !== undefined) {
    const resolved = await resolveDeckInput(db, input);
    unresolved = resolved.unresolved;
    await writeCards(db, deck.id, resolved.cards);
  }
  return { deck: await refreshIdentity(db, row ?? deck), unresolved };
}

export async function setArchived(db: Db, deck: DeckRow, archived: boolean): Promise<DeckRow> {
  const [row] = await db
    .update(decks)
    .set({ archived, updatedAt: new Date() })
    .where(eq(decks.id, deck.id))
    .returning();
  return row ?? deck;
}

export async function setBracket(db: Db, deck: DeckRow, bracket: number): Promise<DeckRow> {
  const [row] = await db
    .update(decks)
    .set({ bracket, updatedAt: new Date() })
    .where(eq(decks.id, deck.id))
    .returning();
  return row ?? deck;
}

/** Deletes the deck; its games keep the deck name (game_players.deck_name) and lose the link. */
export async function deleteDeck(db: Db, deck: DeckRow): Promise<void> {
  await db.delete(decks).where(eq(decks.id, deck.id));
}
