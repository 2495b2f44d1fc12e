/**
 * Who may do what with a deck: its owner writes (403 for others). Who may read it by id follows its
 * visibility and its owner's profile visibility (`canSeeDeck`): others read only a public deck whose
 * owner's profile they may see. Its share link opens an unlisted or public deck for anyone
 * (`sharedDeck`), signed in or not.
 */
import { canSeeDeck, isShared } from '@companion/sdk/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { decks, users } from '../../db/schema.js';
import { Forbidden, NotFound } from '../errors.js';
import { relationship } from '../visibility.js';
import type { DeckRow } from './summary.js';

export async function ownDeck(db: Db, id: string, ownerId: string): Promise<DeckRow> {
  const [deck] = await db.select().from(decks).where(eq(decks.id, id));
  if (!deck) throw new NotFound('That deck');
  if (deck.ownerId !== ownerId) throw new Forbidden();
  return deck;
}

/** A deck read by id: its owner's, or a public one whose owner's profile the viewer may see (403). */
export async function visibleDeck(db: Db, id: string, viewerId: string): Promise<DeckRow> {
  const [deck] = await db.select().from(decks).where(eq(decks.id, id));
  if (!deck) throw new NotFound('That deck');
  if (deck.ownerId === viewerId) return deck;
  const [owner] = await db
    .select({ visibility: users.profileVisibility })
    .from(users)
    .where(eq(users.id, deck.ownerId));
  if (!owner || !canSeeDeck(deck, owner.visibility, await relationship(db, viewerId, deck.ownerId)))
    throw new Forbidden();
  return deck;
}

/**
 * The deck behind a share link, with its owner's row: 404, in the same words, when no deck has that
 * token (never had, or replaced), when the deck is private, or archived — a stranger cannot tell
 * which.
 */
export async function sharedDeck(db: Db, token: string): Promise<{ deck: DeckRow; owner: OwnerName }> {
  const [row] = await db
    .select({ deck: decks, username: users.username, firstname: users.firstname })
    .from(decks)
    .innerJoin(users, eq(users.id, decks.ownerId))
    .where(eq(decks.shareToken, token));
  if (!row || !isShared(row.deck.visibility) || row.deck.archived)
    throw new NotFound(
      'That deck',
      'This link does not open a deck: its owner made the deck private, archived it or replaced the link.',
    );
  return { deck: row.deck, owner: { username: row.username, firstname: row.firstname } };
}

export interface OwnerName {
  username: string | null;
  firstname: string | null;
}
