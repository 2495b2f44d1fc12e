/**
 * Notes: each user's own markdown note on a game or a set (one per target), and full-text search
 * over them (the generated `search` tsvector and its GIN index). Search only finds notes on games
 * and sets the user may still see (`gameVisibleTo`, `setVisibleTo`): after leaving a playgroup, notes
 * on its games no longer point at them.
 */
import type { AnnotationTargetValue } from '@companion/sdk/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { gameSets, games, notes } from '../db/schema.js';
import { iso } from './dto.js';
import { Conflict, NotFound } from './errors.js';
import { gameVisibleTo, isUuid, setVisibleTo } from './visibility.js';

export interface NoteDto {
  id: string;
  content: string;
  createdAt: string;
  updatedAt: string;
}

type NoteRow = typeof notes.$inferSelect;

export const noteDto = (n: NoteRow): NoteDto => ({
  id: n.id,
  content: n.content,
  createdAt: iso(n.createdAt),
  updatedAt: iso(n.updatedAt),
});

/** The viewer's notes on many targets at once, by target id. */
export async function notesFor(
  db: Db,
  userId: string,
  type: AnnotationTargetValue,
  ids: string[],
): Promise<Map<string, NoteDto>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(notes)
    .where(and(eq(notes.userId, userId), eq(notes.targetType, type), inArray(notes.targetId, ids)));
  return new Map(rows.map((n) => [n.targetId, noteDto(n)]));
}

/** Removes every user's notes on targets that are being deleted. */
export async function forgetNotes(db: Db, type: AnnotationTargetValue, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(notes).where(and(eq(notes.targetType, type), inArray(notes.targetId, ids)));
}

export async function createNote(
  db: Db,
  userId: string,
  type: AnnotationTargetValue,
  targetId: string,
  content: string,
): Promise<NoteDto> {
  const [row] = await db
    .insert(notes)
    .values({ userId, targetType: type, targetId, content })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new Conflict(`You already have a note on this ${type}; edit it instead.`);
  return noteDto(row);
}

export async function updateNote(
  db: Db,
  userId: string,
  type: AnnotationTargetValue,
  targetId: string,
  content: string,
): Promise<NoteDto> {
  const [row] = await db
    .update(notes)
    .set({ content, updatedAt: new Date() })
    .where(and(eq(notes.userId, userId), eq(notes.targetType, type), eq(notes.targetId, targetId)))
    .returning();
  if (!row) throw new NotFound('Your note');
  return noteDto(row);
}

export async function deleteNote(
  db: Db,
  userId: string,
  type: AnnotationTargetValue,
  targetId: string,
): Promise<void> {
  const rows = await db
    .delete(notes)
    .where(and(eq(notes.userId, userId), eq(notes.targetType, type), eq(notes.targetId, targetId)))
    .returning({ id: notes.id });
  if (rows.length === 0) throw new NotFound('Your note');
}

export interface NoteSearchInput {
  q: string;
  playgroupid?: string | undefined;
  deckid?: string | undefined;
}

const toDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

export async function searchNotes(db: Db, userId: string, input: NoteSearchInput, limit = 50) {
  if ((input.playgroupid && !isUuid(input.playgroupid)) || (input.deckid && !isUuid(input.deckid))) return [];
  const query = sql`websearch_to_tsquery('simple', ${input.q})`;
  const playgroupId = sql`coalesce(${games.playgroupId}, ${gameSets.playgroupId})`;
  const conditions: SQL[] = [
    eq(notes.userId, userId),
    sql`${notes.search} @@ ${query}`,
    sql`((${games.id} is not null and ${gameVisibleTo(userId)})
      or (${gameSets.id} is not null and ${setVisibleTo(userId)}))`,
  ];
  if (input.playgroupid) conditions.push(sql`${playgroupId} = ${input.playgroupid}`);
  if (input.deckid) {
    conditions.push(sql`exists (
      select 1 from game_players sgp join games sg on sg.id = sgp.game_id
      where sgp.deck_id = ${input.deckid}
        and ((${notes.targetType} = 'game' and sg.id = ${notes.targetId})
          or (${notes.targetType} = 'set' and sg.set_id = ${notes.targetId})))`);
  }
  const rank = sql<number>`ts_rank(${notes.search}, ${query})::float8`;
  const rows = await db
    .select({
      note: notes,
      rank,
      snippet: sql<string>`ts_headline('simple', ${notes.content}, ${query},
        'StartSel=«, StopSel=», MaxWords=35, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "')`,
      gamePlayedAt: games.playedAt,
      setPlayedAt: gameSets.playedAt,
      setName: gameSets.name,
      playgroupId: sql<string | null>`${playgroupId}`,
    })
    .from(notes)
    .leftJoin(games, and(eq(notes.targetType, 'game'), eq(games.id, notes.targetId)))
    .leftJoin(gameSets, and(eq(notes.targetType, 'set'), eq(gameSets.id, notes.targetId)))
    .where(and(...conditions))
    .orderBy(desc(rank), desc(notes.updatedAt))
    .limit(limit);
  return rows.map((r) => ({
    note: {
      id: r.note.id,
      content: r.note.content,
      createdAt: iso(r.note.createdAt),
      updatedAt: iso(r.note.updatedAt),
    },
    target: {
      type: r.note.targetType,
      id: r.note.targetId,
      playedAt: iso(toDate((r.gamePlayedAt ?? r.setPlayedAt) as Date)),
      name: r.note.targetType === 'set' ? (r.setName ?? null) : null,
      playgroupId: r.playgroupId ?? null,
    },
    snippet: r.snippet,
    rank: Number(r.rank),
  }));
}
