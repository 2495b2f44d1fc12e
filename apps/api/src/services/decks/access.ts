/**
 * Who may do what with a deck: its owner writes (403 for others); who may read follows the owner's
 * profile visibility (`canSeeProfile`).
 */
import { canSeeProfile } from '@companion/sdk/contract';
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

/** Who may see a deck: its owner, anyone when the owner's profile is public, friends when friends-only. */
export async function canViewOwnerOf(db: Db, viewerId: string, ownerId: string): Promise<boolean> {
  if (viewerId === ownerId) return true;
  const [owner] = await db
    .select({ visibility: users.profileVisibility })
    .from(users)
    .where(eq(users.id, ownerId));
  if (!owner) return false;
  return canSeeProfile(owner.visibility, await relationship(db, viewerId, ownerId));
}

export async function visibleDeck(db: Db, id: string, viewerId: string): Promise<DeckRow> {
  const [deck] = await db.select().from(decks).where(eq(decks.id, id));
  if (!deck) throw new NotFound('That deck');
  if (!(await canViewOwnerOf(db, viewerId, deck.ownerId))) throw new Forbidden();
  return deck;
}
