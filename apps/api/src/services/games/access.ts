/**
 * Who may do what with a game.
 * - See: participants, the recorder, and the active members of its playgroup (404 for anyone else).
 * - Edit and delete: the recorder, or the owner and admins of its playgroup (403 for other viewers).
 */
import { canEditGame } from '@companion/sdk/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { games } from '../../db/schema.js';
import { Forbidden, NotFound } from '../errors.js';
import { gameVisibleTo, isUuid, standingIn } from '../visibility.js';
import type { GameRow } from './dto.js';

/** A game the viewer may see, else 404. */
export async function visibleGame(db: Db, viewerId: string, id: string): Promise<GameRow> {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(games)
        .where(and(eq(games.id, id), gameVisibleTo(viewerId)))
        .limit(1)
    : [];
  if (!row) throw new NotFound('That game');
  return row;
}

/** True when the user may edit or delete the game (`canEditGame`: its recorder, or a manager of its playgroup). */
export async function mayEditGame(db: Db, userId: string, game: GameRow): Promise<boolean> {
  const standing = game.createdBy === userId ? null : await standingIn(db, game.playgroupId, userId);
  return canEditGame({ id: userId, standing }, game);
}

/** A game the user may edit: 404 when they cannot see it, 403 when they can only see it. */
export async function editableGame(db: Db, userId: string, id: string): Promise<GameRow> {
  const game = await visibleGame(db, userId, id);
  if (!(await mayEditGame(db, userId, game)))
    throw new Forbidden('Only the player who recorded this game or its playgroup’s admins can change it.');
  return game;
}
