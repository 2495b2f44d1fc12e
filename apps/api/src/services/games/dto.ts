/**
 * Games as the contract shows them: players (in seat order), decks, the viewer's own tags and note.
 */
import type { ColorValue, GameResultValue } from '@companion/sdk/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { decks, gamePlayers, type games, users } from '../../db/schema.js';
import type { DeckListCache } from '../decks/list-cache.js';
import { sortColors } from '../decks/summary.js';
import { iso } from '../dto.js';
import { type NoteDto, notesFor } from '../notes.js';
import { type TagDto, tagsFor } from '../tags.js';
import type { UserService } from '../users.js';

export type GameRow = typeof games.$inferSelect;
type Summary = ReturnType<UserService['summary']>;

export interface GamePlayerDto {
  id: string;
  user: Summary | null;
  guestName: string | null;
  deck: { id: string; name: string; colorIdentity: ColorValue[] } | null;
  deckName: string | null;
  seat: number | null;
  result: GameResultValue;
}

export interface GameDto {
  id: string;
  playedAt: string;
  formatId: string;
  subformatId: string | null;
  playgroupId: string | null;
  setId: string | null;
  players: GamePlayerDto[];
  turns: number | null;
  durationMinutes: number | null;
  createdBy: string;
  tags: TagDto[];
  note: NoteDto | null;
  createdAt: string;
  updatedAt: string;
}

export interface GameDeps {
  db: Db;
  users: Pick<UserService, 'summary'>;
  /** Told which players' deck lists a game write changed (record, last played). */
  deckLists?: Pick<DeckListCache, 'changed'>;
}

const RESULT_ORDER = { win: 0, draw: 1, loss: 2 } as const;

/** Full game DTOs for many games in four queries, with the viewer's tags and notes. */
export async function gameDtos(deps: GameDeps, viewerId: string, rows: GameRow[]): Promise<GameDto[]> {
  if (rows.length === 0) return [];
  const { db } = deps;
  const ids = rows.map((g) => g.id);
  const [players, tagMap, noteMap] = await Promise.all([
    db
      .select({
        p: gamePlayers,
        u: {
          id: users.id,
          username: users.username,
          firstname: users.firstname,
          lastname: users.lastname,
          picture: users.picture,
        },
        d: { id: decks.id, name: decks.name, colorIdentity: decks.colorIdentity },
      })
      .from(gamePlayers)
      .leftJoin(users, eq(users.id, gamePlayers.userId))
      .leftJoin(decks, eq(decks.id, gamePlayers.deckId))
      .where(inArray(gamePlayers.gameId, ids)),
    tagsFor(db, viewerId, 'game', ids),
    notesFor(db, viewerId, 'game', ids),
  ]);
  const byGame = new Map<string, typeof players>();
  for (const row of players) {
    const list = byGame.get(row.p.gameId) ?? [];
    list.push(row);
    byGame.set(row.p.gameId, list);
  }
  const label = (r: (typeof players)[number]) => r.u?.username ?? r.u?.firstname ?? r.p.guestName ?? '';
  return rows.map((g) => ({
    id: g.id,
    playedAt: iso(g.playedAt),
    formatId: g.formatId,
    subformatId: g.subformatId,
    playgroupId: g.playgroupId,
    setId: g.setId,
    players: (byGame.get(g.id) ?? [])
      .sort(
        (a, b) =>
          (a.p.seat ?? 99) - (b.p.seat ?? 99) ||
          RESULT_ORDER[a.p.result] - RESULT_ORDER[b.p.result] ||
          label(a).localeCompare(label(b)),
      )
      .map((r) => ({
        id: r.p.id,
        user: r.u ? deps.users.summary(r.u) : null,
        guestName: r.u ? null : r.p.guestName,
        deck: r.d ? { id: r.d.id, name: r.d.name, colorIdentity: sortColors(r.d.colorIdentity) } : null,
        deckName: r.p.deckName,
        seat: r.p.seat,
        result: r.p.result,
      })),
    turns: g.turns,
    durationMinutes: g.durationMinutes,
    createdBy: g.createdBy,
    tags: tagMap.get(g.id) ?? [],
    note: noteMap.get(g.id) ?? null,
    createdAt: iso(g.createdAt),
    updatedAt: iso(g.updatedAt),
  }));
}
