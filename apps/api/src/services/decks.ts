/**
 * Decks: cards resolved against the catalogue (unresolved lines kept), colour identity, bracket
 * check, price, cards the owner lacks, and the deck's games and stats (read-only queries on games).
 */
import type { Deck, DeckInput, Stats } from '@companion/sdk/contract';
import { parseDecklist } from '@companion/sdk/formats';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import { deckCards, decks, formats, gamePlayers, games, subformats, users } from '../db/schema.js';
import { checkBracket } from './bracket.js';
import { type CardData, cardImages, cardsByIds, toCard } from './catalogue.js';
import { type DeckRow, deckSummaries } from './deck-summary.js';
import { iso } from './dto.js';
import { Forbidden, Invalid, NotFound } from './errors.js';
import { type GameDeps, type GameFiltersInput, gameDtos, gameFilterConditions } from './games.js';
import { resolveCards } from './imports-resolve.js';
import { canSeeProfile, relationship } from './visibility.js';

type DeckDto = z.infer<typeof Deck>;
type StatsDto = z.infer<typeof Stats>;
type Input = z.output<typeof DeckInput>;
type Board = 'main' | 'side' | 'commander' | 'companion' | 'maybe';
export interface UnresolvedLine {
  line: number;
  text: string;
  reason: string;
}
interface NewDeckCard {
  cardId: string | null;
  name: string;
  quantity: number;
  board: Board;
  position: number;
}

const COLORS = ['W', 'U', 'B', 'R', 'G'] as const;

/** Resolves the cards of a deck input (cards or a pasted decklist); unresolved ones are kept. */
export async function resolveDeckInput(
  db: Db,
  input: { cards?: Input['cards']; decklist?: string | undefined },
): Promise<{ cards: NewDeckCard[]; unresolved: UnresolvedLine[] }> {
  const unresolved: UnresolvedLine[] = [];
  let wanted: Array<{
    ref: {
      scryfallId?: string | null;
      setCode?: string | null;
      collectorNumber?: string | null;
      name?: string | null;
    };
    text: string;
    quantity: number;
    board: Board;
    line: number;
  }>;
  if (input.decklist !== undefined) {
    const parsed = parseDecklist(input.decklist);
    for (const e of parsed.errors) unresolved.push({ line: e.line, text: e.raw, reason: e.message });
    const lines = input.decklist.split(/\r\n|\n|\r/);
    wanted = parsed.rows.map((r) => ({
      ref: { setCode: r.setCode, collectorNumber: r.collectorNumber, name: r.name },
      text: (lines[r.line - 1] ?? r.name).trim(),
      quantity: r.quantity,
      board: r.board,
      line: r.line,
    }));
  } else {
    wanted = (input.cards ?? []).map((c, i) => ({
      ref: {
        scryfallId: c.cardId ?? null,
        setCode: c.setCode ?? null,
        collectorNumber: c.collectorNumber ?? null,
        name: c.name ?? null,
      },
      text: c.name ?? c.cardId ?? '',
      quantity: c.quantity,
      board: c.board,
      line: i + 1,
    }));
  }
  const resolved = await resolveCards(
    db,
    wanted.map((w) => w.ref),
  );
  const cards = wanted.map((w, i) => {
    const r = resolved[i];
    if (!r?.card) unresolved.push({ line: w.line, text: w.text, reason: r?.reason ?? 'Unknown card' });
    return {
      cardId: r?.card?.id ?? null,
      name: r?.card?.name ?? w.ref.name ?? w.text,
      quantity: w.quantity,
      board: w.board,
      position: w.line,
    };
  });
  unresolved.sort((a, b) => a.line - b.line);
  return { cards, unresolved };
}

async function checkFormat(db: Db, formatId: string, subformatId: string | null | undefined) {
  const [format] = await db.select().from(formats).where(eq(formats.id, formatId));
  if (!format)
    throw new Invalid(`Unknown format "${formatId}"`, [{ path: 'body.formatId', message: 'Unknown format' }]);
  if (subformatId) {
    const [sub] = await db
      .select()
      .from(subformats)
      .where(and(eq(subformats.id, subformatId), eq(subformats.formatId, formatId)));
    if (!sub)
      throw new Invalid(`Unknown subformat "${subformatId}" for ${format.name}`, [
        { path: 'body.subformatId', message: 'Not a subformat of this format' },
      ]);
  }
  return format;
}

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

export async function ownDeck(db: Db, id: string, ownerId: string): Promise<DeckRow> {
  const [deck] = await db.select().from(decks).where(eq(decks.id, id));
  if (!deck) throw new NotFound('That deck');
  if (deck.ownerId !== ownerId) throw new Forbidden();
  return deck;
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

/** Unresolved cards of a stored deck, as lines. */
export async function storedUnresolved(db: Db, deckId: string): Promise<UnresolvedLine[]> {
  const rows = await db
    .select()
    .from(deckCards)
    .where(and(eq(deckCards.deckId, deckId), sql`${deckCards.cardId} is null`))
    .orderBy(asc(deckCards.position));
  return rows.map((r) => ({
    line: r.position,
    text: `${r.quantity} ${r.name}`,
    reason: `No card named "${r.name}"`,
  }));
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

const money = (n: number) => Math.round(n * 100) / 100;

/** The full deck: summary, cards, bracket check, price and (for the owner) the cards they lack. */
export async function deckDto(db: Db, deck: DeckRow, viewerId: string): Promise<DeckDto> {
  const [summary] = await deckSummaries(db, [deck], (ids) => cardImages(db, ids));
  const rows = await db
    .select()
    .from(deckCards)
    .where(eq(deckCards.deckId, deck.id))
    .orderBy(asc(deckCards.board), asc(deckCards.position));
  const catalogue = await cardsByIds(
    db,
    rows.flatMap((r) => (r.cardId ? [r.cardId] : [])),
  );
  const card = (id: string | null): CardData | undefined => (id ? catalogue.get(id) : undefined);
  const playing = rows.filter((r) => r.board !== 'maybe');
  // A Game Changer is a card, not a printing: any flagged printing of the same oracle counts.
  const oracleIds = [...new Set(playing.flatMap((r) => card(r.cardId)?.oracleId ?? []))];
  const flagged = oracleIds.length
    ? new Set(
        (
          (await db.execute(sql`select distinct oracle_id from cards where game_changer
            and oracle_id in (select jsonb_array_elements_text(${JSON.stringify(oracleIds)}::jsonb))`)) as unknown as {
            rows: Array<{ oracle_id: string }>;
          }
        ).rows.map((r) => r.oracle_id),
      )
    : new Set<string>();
  const gameChangers = playing.flatMap((r) => {
    const c = card(r.cardId);
    return c && (c.gameChanger || (c.oracleId && flagged.has(c.oracleId)))
      ? [{ id: c.id, name: c.name }]
      : [];
  });
  let usd = 0;
  let eur = 0;
  for (const r of playing) {
    const c = card(r.cardId);
    if (!c) continue;
    usd += r.quantity * Number(c.usd ?? c.usdFoil ?? c.usdEtched ?? 0);
    eur += r.quantity * Number(c.eur ?? c.eurFoil ?? 0);
  }
  const unowned = viewerId === deck.ownerId ? await unownedCards(db, deck.ownerId, playing, catalogue) : [];
  if (!summary) throw new Error('deck summary missing');
  return {
    ...summary,
    description: deck.description,
    cards: rows.map((r) => {
      const c = card(r.cardId);
      return { card: c ? toCard(c) : null, name: c?.name ?? r.name, quantity: r.quantity, board: r.board };
    }),
    bracketCheck: checkBracket(deck.bracket, gameChangers),
    unowned,
    price: { usd: money(usd), eur: money(eur) },
  };
}

/** Cards of the deck the owner has fewer copies of (any printing) across their binders. */
async function unownedCards(
  db: Db,
  ownerId: string,
  playing: Array<{ cardId: string | null; quantity: number }>,
  catalogue: Map<string, CardData>,
) {
  const need = new Map<string, { cardId: string; name: string; quantity: number }>();
  for (const r of playing) {
    const c = r.cardId ? catalogue.get(r.cardId) : undefined;
    if (!c || /^Basic Land/.test(c.typeLine ?? '')) continue;
    const key = c.oracleId ?? c.id;
    const prev = need.get(key);
    if (prev) prev.quantity += r.quantity;
    else need.set(key, { cardId: c.id, name: c.name, quantity: r.quantity });
  }
  if (!need.size) return [];
  const owned = await db.execute(sql`select coalesce(c.oracle_id, c.id) as key, sum(e.quantity)::int as n
    from list_entries e join cards c on c.id = e.card_id
    join card_lists l on l.id = e.list_id
    where l.owner_id = ${ownerId} and l.type = 'collection'
      and coalesce(c.oracle_id, c.id) in (select jsonb_array_elements_text(${JSON.stringify([...need.keys()])}::jsonb))
    group by 1`);
  const have = new Map(
    (owned as unknown as { rows: Array<{ key: string; n: number }> }).rows.map((r) => [r.key, Number(r.n)]),
  );
  return [...need.entries()]
    .map(([key, n]) => ({ cardId: n.cardId, name: n.name, missing: n.quantity - (have.get(key) ?? 0) }))
    .filter((x) => x.missing > 0)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The deck's games under the filters (newest first) and its record. */
export async function deckGames(deps: GameDeps, deck: DeckRow, viewerId: string, filters: GameFiltersInput) {
  const { db } = deps;
  const rows = await db
    .select()
    .from(games)
    .where(
      and(
        sql`exists (select 1 from ${gamePlayers} where ${gamePlayers.gameId} = ${games.id} and ${gamePlayers.deckId} = ${deck.id})`,
        ...gameFilterConditions(filters, viewerId),
      ),
    )
    .orderBy(desc(games.playedAt))
    .limit(500);
  const results = rows.length
    ? await db
        .select({ gameId: gamePlayers.gameId, result: gamePlayers.result })
        .from(gamePlayers)
        .where(
          and(
            eq(gamePlayers.deckId, deck.id),
            inArray(
              gamePlayers.gameId,
              rows.map((g) => g.id),
            ),
          ),
        )
    : [];
  const formatNames = new Map(
    (await db.select({ id: formats.id, name: formats.name }).from(formats)).map((f) => [f.id, f.name]),
  );
  return { games: await gameDtos(deps, viewerId, rows), stats: deckStats(deck, rows, results, formatNames) };
}

function deckStats(
  deck: DeckRow,
  rows: Array<typeof games.$inferSelect>,
  results: Array<{ gameId: string; result: 'win' | 'loss' | 'draw' }>,
  formatNames: Map<string, string>,
): StatsDto {
  const byGame = new Map(results.map((r) => [r.gameId, r.result]));
  const rate = (w: number, n: number) => (n ? w / n : 0);
  const tally = new Map<string, { games: number; wins: number }>();
  const months = new Map<string, { games: number; wins: number }>();
  let wins = 0;
  let losses = 0;
  let draws = 0;
  const turns: number[] = [];
  const durations: number[] = [];
  for (const g of rows) {
    const result = byGame.get(g.id) ?? 'loss';
    const win = result === 'win' ? 1 : 0;
    wins += win;
    if (result === 'loss') losses++;
    if (result === 'draw') draws++;
    if (g.turns !== null) turns.push(g.turns);
    if (g.durationMinutes !== null) durations.push(g.durationMinutes);
    const f = tally.get(g.formatId) ?? { games: 0, wins: 0 };
    f.games++;
    f.wins += win;
    tally.set(g.formatId, f);
    const month = iso(g.playedAt).slice(0, 7);
    const m = months.get(month) ?? { games: 0, wins: 0 };
    m.games++;
    m.wins += win;
    months.set(month, m);
  }
  const n = rows.length;
  const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  const colorIdentity = deck.colorIdentity.filter((c): c is (typeof COLORS)[number] =>
    (COLORS as readonly string[]).includes(c),
  );
  return {
    games: n,
    wins,
    losses,
    draws,
    winRate: rate(wins, n),
    averageTurns: avg(turns),
    averageDurationMinutes: avg(durations),
    byFormat: [...tally.entries()].map(([formatId, t]) => ({
      formatId,
      name: formatNames.get(formatId) ?? formatId,
      games: t.games,
      wins: t.wins,
      winRate: rate(t.wins, t.games),
    })),
    byColorIdentity: n ? [{ colorIdentity, games: n, wins, winRate: rate(wins, n) }] : [],
    byDeck: n
      ? [{ deckId: deck.id, name: deck.name, colorIdentity, games: n, wins, winRate: rate(wins, n) }]
      : [],
    byMonth: [...months.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, t]) => ({ month, games: t.games, wins: t.wins, winRate: rate(t.wins, t.games) })),
  };
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
