/** Full-text search over the caller's notes (the generated `search` tsvector and its GIN index). */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { gameSets, games, notes } from '../db/schema.js';
import { iso } from './dto.js';
import { isUuid } from './visibility.js';

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
    sql`(${games.id} is not null or ${gameSets.id} is not null)`,
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
