import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { deckCards, decks, gamePlayers } from '../db/schema.js';
import { iso, isoOrNull } from './dto.js';

export type DeckRow = typeof decks.$inferSelect;

export interface DeckSummaryDto {
  id: string;
  ownerId: string;
  name: string;
  formatId: string;
  subformatId: string | null;
  commanders: Array<{ id: string; name: string; image: string | null }>;
  colorIdentity: Array<'W' | 'U' | 'B' | 'R' | 'G'>;
  bracket: number | null;
  cardCount: number;
  archived: boolean;
  lastPlayed: string | null;
  games: number;
  wins: number;
  createdAt: string;
  updatedAt: string;
}

const COLOR_ORDER = ['W', 'U', 'B', 'R', 'G'] as const;
export const sortColors = (colors: readonly string[]) =>
  COLOR_ORDER.filter((c) => colors.includes(c)) as Array<(typeof COLOR_ORDER)[number]>;

/**
 * Deck summaries (list views) for many decks at once: commanders, card count and game record in
 * three queries whatever the number of decks. `commanderImage` lets the catalogue add pictures.
 */
export async function deckSummaries(
  db: Db,
  rows: DeckRow[],
  commanderImage: (cardIds: string[]) => Promise<Map<string, string | null>> = async () => new Map(),
): Promise<DeckSummaryDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((d) => d.id);
  const [counts, commanders, records] = await Promise.all([
    db
      .select({ deckId: deckCards.deckId, n: sql<number>`coalesce(sum(${deckCards.quantity}), 0)::int` })
      .from(deckCards)
      .where(
        and(inArray(deckCards.deckId, ids), sql`${deckCards.board} in ('main', 'commander', 'companion')`),
      )
      .groupBy(deckCards.deckId),
    db
      .select({ deckId: deckCards.deckId, cardId: deckCards.cardId, name: deckCards.name })
      .from(deckCards)
      .where(and(inArray(deckCards.deckId, ids), eq(deckCards.board, 'commander')))
      .orderBy(asc(deckCards.position)),
    db
      .select({
        deckId: gamePlayers.deckId,
        games: sql<number>`count(*)::int`,
        wins: sql<number>`count(*) filter (where ${gamePlayers.result} = 'win')::int`,
      })
      .from(gamePlayers)
      .where(inArray(gamePlayers.deckId, ids))
      .groupBy(gamePlayers.deckId),
  ]);
  const images = await commanderImage(commanders.flatMap((c) => (c.cardId ? [c.cardId] : [])));
  const countBy = new Map(counts.map((c) => [c.deckId, Number(c.n)]));
  const recordBy = new Map(records.map((r) => [r.deckId, r]));
  return rows.map((d) => ({
    id: d.id,
    ownerId: d.ownerId,
    name: d.name,
    formatId: d.formatId,
    subformatId: d.subformatId,
    commanders: commanders
      .filter((c) => c.deckId === d.id)
      .map((c) => ({
        id: c.cardId ?? c.name,
        name: c.name,
        image: c.cardId ? (images.get(c.cardId) ?? null) : null,
      })),
    colorIdentity: sortColors(d.colorIdentity),
    bracket: d.bracket,
    cardCount: countBy.get(d.id) ?? 0,
    archived: d.archived,
    lastPlayed: isoOrNull(d.lastPlayed),
    games: Number(recordBy.get(d.id)?.games ?? 0),
    wins: Number(recordBy.get(d.id)?.wins ?? 0),
    createdAt: iso(d.createdAt),
    updatedAt: iso(d.updatedAt),
  }));
}

/** A user's decks, most recently played first (never-played ones by last update). */
export async function listDeckRows(db: Db, ownerId: string, archived: boolean): Promise<DeckRow[]> {
  return db
    .select()
    .from(decks)
    .where(and(eq(decks.ownerId, ownerId), eq(decks.archived, archived)))
    .orderBy(sql`${decks.lastPlayed} desc nulls last`, desc(decks.updatedAt));
}

function deckSummaryQuery(db: Db) {
  // Qualified: drizzle leaves the columns of a one-table select bare, and "id" is ambiguous below.
  const deckId = sql.raw('"decks"."id"');
  return db
    .select({
      d: decks,
      cardCount: sql<number>`coalesce((select sum(dc.quantity) from deck_cards dc
        where dc.deck_id = ${deckId} and dc.board in ('main', 'commander', 'companion')), 0)::int`,
      games: sql<number>`(select count(*) from game_players gp where gp.deck_id = ${deckId})::int`,
      wins: sql<number>`(select count(*) from game_players gp
        where gp.deck_id = ${deckId} and gp.result = 'win')::int`,
      commanders: sql<Array<{
        cardId: string | null;
        name: string;
        image: Record<string, string> | null;
      }> | null>`(
        select json_agg(json_build_object('cardId', dc.card_id, 'name', dc.name,
            'image', coalesce(c.image_uris, c.card_faces -> 0 -> 'image_uris')) order by dc.position)
        from deck_cards dc left join cards c on c.id = dc.card_id
        where dc.deck_id = ${deckId} and dc.board = 'commander')`,
    })
    .from(decks)
    .where(
      and(eq(decks.ownerId, sql.placeholder('ownerId')), eq(decks.archived, sql.placeholder('archived'))),
    )
    .orderBy(sql`${decks.lastPlayed} desc nulls last`, desc(decks.updatedAt))
    .prepare('deck_summaries');
}
const prepared = new WeakMap<Db, ReturnType<typeof deckSummaryQuery>>();

/**
 * A user's deck summaries in one prepared query (the deck rows with their card count, game record
 * and commanders with their pictures), most recently played first: `GET /user/decks` and friends.
 * Same answer as `deckSummaries(listDeckRows(...))`, in one round trip instead of five.
 */
export async function listDeckSummaries(
  db: Db,
  ownerId: string,
  archived: boolean,
): Promise<DeckSummaryDto[]> {
  let query = prepared.get(db);
  if (!query) {
    query = deckSummaryQuery(db);
    prepared.set(db, query);
  }
  const rows = await query.execute({ ownerId, archived });
  return rows.map(({ d, cardCount, games, wins, commanders }) => {
    const list = typeof commanders === 'string' ? JSON.parse(commanders) : (commanders ?? []);
    return {
      id: d.id,
      ownerId: d.ownerId,
      name: d.name,
      formatId: d.formatId,
      subformatId: d.subformatId,
      commanders: (list as NonNullable<typeof commanders>).map((c) => ({
        id: c.cardId ?? c.name,
        name: c.name,
        image: c.cardId ? (c.image?.art_crop ?? c.image?.normal ?? c.image?.small ?? null) : null,
      })),
      colorIdentity: sortColors(d.colorIdentity),
      bracket: d.bracket,
      cardCount: Number(cardCount),
      archived: d.archived,
      lastPlayed: isoOrNull(d.lastPlayed),
      games: Number(games),
      wins: Number(wins),
      createdAt: iso(d.createdAt),
      updatedAt: iso(d.updatedAt),
    };
  });
}
