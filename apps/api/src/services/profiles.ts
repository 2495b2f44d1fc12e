/**
 * Other users as the caller sees them: who exists (404), and whether their profile, statistics and
 * decks are visible, by the shared rule `canSeeProfile` (their visibility setting and the
 * friendship between the two).
 */
import { canSeeProfile } from '@companion/sdk/contract';
import type { Db } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import { cardImages } from './catalogue.js';
import { type DeckSummaryDto, deckSummaries, listDeckRows } from './decks/summary.js';
import { Forbidden, NotFound } from './errors.js';
import type { GameFiltersInput } from './games/filters.js';
import { computeStats } from './stats.js';
import type { UserService } from './users.js';
import { relationship } from './visibility.js';

export interface ProfileDeps {
  db: Db;
  users: Pick<UserService, 'byId' | 'summary' | 'badges'>;
}

/** The user `id` (the caller themself without a query); 404 when there is none. */
export async function userById(deps: ProfileDeps, me: UserRow, id: string): Promise<UserRow> {
  const target = id === me.id ? me : await deps.users.byId(id);
  if (!target) throw new NotFound('That user');
  return target;
}

/** Most recently played first (never played last); stable, so ties keep their order (last update first). */
function byLastPlayed(decks: DeckSummaryDto[]): DeckSummaryDto[] {
  const at = (d: DeckSummaryDto) => (d.lastPlayed ? Date.parse(d.lastPlayed) : Number.NEGATIVE_INFINITY);
  return decks.sort((a, b) => (at(a) === at(b) ? 0 : at(a) < at(b) ? 1 : -1));
}

/** Whether `me` may see `target`'s profile, statistics and decks, with how the two relate. */
async function visibility(db: Db, me: UserRow, target: UserRow) {
  const rel = await relationship(db, me.id, target.id);
  return { relationship: rel, visible: canSeeProfile(target.profileVisibility, rel) };
}

/** `GET /user/:id/profile`: the summary always; badges, statistics and decks when visible. */
export async function profile(deps: ProfileDeps, me: UserRow, id: string) {
  const target = await userById(deps, me, id);
  const { relationship: rel, visible } = await visibility(deps.db, me, target);
  const summary = deps.users.summary(target);
  if (!visible) {
    return {
      user: summary,
      visible: false,
      relationship: rel,
      badges: [],
      stats: null,
      decks: [],
      memberSince: null,
    };
  }
  const [badges, stats, deckRows] = await Promise.all([
    deps.users.badges(target.id),
    computeStats(deps.db, target.id, me.id, {}),
    listDeckRows(deps.db, target.id, false, target.id !== me.id),
  ]);
  return {
    user: summary,
    visible: true,
    relationship: rel,
    badges,
    stats,
    decks: byLastPlayed(await deckSummaries(deps.db, deckRows, undefined, me.id)),
    memberSince: target.createdAt.toISOString(),
  };
}

/** Another user's statistics (403 when their profile is not visible to the caller). */
export async function statsOf(deps: ProfileDeps, me: UserRow, id: string, filters: GameFiltersInput) {
  const target = await userById(deps, me, id);
  if (!(await visibility(deps.db, me, target)).visible)
    throw new Forbidden('This player’s statistics are not visible to you.');
  return computeStats(deps.db, target.id, me.id, filters);
}

/** The owner of decks the caller asks for (403 when the owner's profile is not visible to them). */
export async function deckOwner(deps: ProfileDeps, me: UserRow, id: string): Promise<UserRow> {
  const owner = await userById(deps, me, id);
  if (!(await visibility(deps.db, me, owner)).visible) throw new Forbidden();
  return owner;
}

/**
 * Another user's active decks as `viewerId` sees them, the ones their profile lists (public): the record of each counts only the games the
 * viewer may see (`deckSummaries`), most recently played first by those games. The owner's own list
 * is the cached one (`DeckListCache`).
 */
export async function visibleDeckSummaries(
  db: Db,
  ownerId: string,
  viewerId: string,
): Promise<{ decks: DeckSummaryDto[] }> {
  const rows = await listDeckRows(db, ownerId, false, ownerId !== viewerId);
  const decks = await deckSummaries(db, rows, (ids) => cardImages(db, ids), viewerId);
  return { decks: byLastPlayed(decks) };
}
