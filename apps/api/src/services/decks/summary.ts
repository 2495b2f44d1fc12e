import { COLORS, type ColorValue, type DeckVisibilityValue } from '@companion/sdk/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deckCards, decks, gamePlayers, games } from '../../db/schema.js';
import { iso, isoOrNull } from '../dto.js';
import { gameVisibleTo } from '../visibility.js';

export type DeckRow = typeof decks.$inferSelect;

export interface DeckSummaryDto {
  id: string;
  ownerId: string;
  name: string;
  formatId: string;
  subformatId: string | null;
  commanders: Array<{ id: string; name: string; image: string | null }>;
  colorIdentity: ColorValue[];
  bracket: number | null;
  visibility: DeckVisibilityValue;
  cardCount: number;
  archived: boolean;
  lastPlayed: string | null;
  games: number;
  wins: number;
  createdAt: string;
  updatedAt: string;
}

/** The colours among `colors`, in WUBRG order. */
export const sortColors = (colors: readonly string[]): ColorValue[] =>
  COLORS.filter((c) => colors.includes(c));

/**
 * Deck summaries (list views) for many decks at once: commanders, card count and game record in
 * three queries whatever the number of decks. `commanderImage` lets the catalogue add pictures.
 * Given a `viewerId` other than an owner, the record (games, wins, last played) counts only the games
 * that viewer may see (`gameVisibleTo`): a playgroup's games stay within its members and players.
 */
export async function deckSummaries(
  db: Db,
  rows: DeckRow[],
  commanderImage: (cardIds: string[]) => Promise<Map<string, string | null>> = async () => new Map(),
  viewerId?: string,
): Promise<DeckSummaryDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((d) => d.id);
  const hideFrom = viewerId !== undefined && rows.some((d) => d.ownerId !== viewerId) ? viewerId : null;
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
        last: sql<Date | string | null>`max(${games.playedAt})`,
      })
      .from(gamePlayers)
      .innerJoin(games, eq(games.id, gamePlayers.gameId))
      .where(and(inArray(gamePlayers.deckId, ids), hideFrom ? gameVisibleTo(hideFrom) : undefined))
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
    visibility: d.visibility,
    cardCount: countBy.get(d.id) ?? 0,
    archived: d.archived,
    lastPlayed: hideFrom ? lastOf(recordBy.get(d.id)?.last) : isoOrNull(d.lastPlayed),
    games: Number(recordBy.get(d.id)?.games ?? 0),
    wins: Number(recordBy.get(d.id)?.wins ?? 0),
    createdAt: iso(d.createdAt),
    updatedAt: iso(d.updatedAt),
  }));
}

const lastOf = (v: Date | string | null | undefined): string | null =>
  v === null || v === undefined ? null : new Date(v).toISOString();

/**
 * A user's decks, most recently played first (never-played ones by last update). `listedOnly`: the
 * ones their profile lists (public), for anyone but the owner.
 */
export async function listDeckRows(
  db: Db,
  ownerId: string,
  archived: boolean,
  listedOnly = false,
): Promise<DeckRow[]> {
  return db
    .select()
    .from(decks)
    .where(
      and(
        eq(decks.ownerId, ownerId),
        eq(decks.archived, archived),
        listedOnly ? eq(decks.visibility, 'public') : undefined,
      ),
    )
    .orderBy(sql`${decks.lastPlayed} desc nulls last`, desc(decks.updatedAt));
}

/** A timestamp as JavaScript's `toISOString()` writes it (UTC, milliseconds). */
const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The deck summaries of one owner as a JSON array, built by the database in the shape of
 * `DeckSummaryDto` (same fields and order of decks as `deckSummaries(listDeckRows(...))`): the
 * server sends the text as it comes, with no row decoding, no DTO objects and no serialisation.
 */
function deckSummaryJsonQuery(db: Db) {
  // One row per deck in `dto` (column names are the DTO's keys), aggregated into one text.
  const dto = sql`cross join lateral (
      select count(*)::int as games, (count(*) filter (where gp.result = 'win'))::int as wins
      from game_players gp where gp.deck_id = d.id) record
    cross join lateral (select d.id as "id", d.owner_id as "ownerId", d.name as "name",
      d.format_id as "formatId", d.subformat_id as "subformatId",
      coalesce((
        select json_agg(row_to_json(commander) order by dc.position)
        from deck_cards dc
          left join cards c on c.id = dc.card_id
          cross join lateral (select coalesce(nullif(c.image_uris, 'null'::jsonb),
            c.card_faces -> 0 -> 'image_uris') as u) img
          cross join lateral (select coalesce(dc.card_id, dc.name) as "id", dc.name as "name",
            case when dc.card_id is null then null else coalesce(img.u ->> 'art_crop',
              img.u ->> 'normal', img.u ->> 'small') end as "image") commander
        where dc.deck_id = d.id and dc.board = 'commander'), '[]'::json) as "commanders",
      array_to_json(array(select x from unnest('{W,U,B,R,G}'::text[]) with ordinality as wubrg(x, i)
        where x = any(d.color_identity) order by i)) as "colorIdentity",
      d.bracket as "bracket", d.visibility as "visibility",
      coalesce((select sum(dc.quantity) from deck_cards dc
        where dc.deck_id = d.id and dc.board in ('main', 'commander', 'companion')), 0)::int as "cardCount",
      d.archived as "archived",
      ${sql.raw(isoText('d.last_played'))} as "lastPlayed",
      record.games as "games", record.wins as "wins",
      ${sql.raw(isoText('d.created_at'))} as "createdAt",
      ${sql.raw(isoText('d.updated_at'))} as "updatedAt") dto`;
  return db
    .select({
      json: sql<string>`coalesce('[' || string_agg(row_to_json(dto)::text, ','
        order by d.last_played desc nulls last, d.updated_at desc) || ']', '[]')`,
    })
    .from(sql`decks d ${dto}`)
    .where(sql`d.owner_id = ${sql.placeholder('ownerId')} and d.archived = ${sql.placeholder('archived')}`)
    .prepare('deck_summaries_json');
}
const prepared = new WeakMap<Db, ReturnType<typeof deckSummaryJsonQuery>>();

/**
 * A user's deck summaries, most recently played first (never-played ones by last update), as the
 * JSON text of a `DeckSummaryDto[]`: one prepared query, answered as sent (`GET /user/decks` and
 * friends). Same content as `deckSummaries(listDeckRows(...))`.
 */
export async function listDeckSummariesJson(db: Db, ownerId: string, archived: boolean): Promise<string> {
  let query = prepared.get(db);
  if (!query) {
    query = deckSummaryJsonQuery(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ ownerId, archived });
  return row?.json ?? '[]';
}
