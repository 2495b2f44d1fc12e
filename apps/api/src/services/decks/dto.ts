/**
 * A deck as the contract shows it: its summary, cards, bracket check, price, and for its owner the
 * cards their binders lack and its share token; the same deck as its share link shows it; the
 * unresolved lines of a stored deck.
 */
import type { Deck, SharedDeck } from '@companion/sdk/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { deckCards, formats } from '../../db/schema.js';
import { type CardData, cardImages, cardsByIds, toCard } from '../catalogue.js';
import { checkBracket } from './bracket.js';
import type { UnresolvedLine } from './input.js';
import { checkLegality } from './legality.js';
import { type DeckRow, deckSummaries } from './summary.js';

type DeckDto = z.infer<typeof Deck>;
type SharedDeckDto = z.infer<typeof SharedDeck>;

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

const money = (n: number) => Math.round(n * 100) / 100;

/** The full deck: summary, cards, bracket check, price and (for the owner) the cards they lack. */
export async function deckDto(db: Db, deck: DeckRow, viewerId: string): Promise<DeckDto> {
  const [[summary], rows, [format]] = await Promise.all([
    deckSummaries(db, [deck], (ids) => cardImages(db, ids), viewerId),
    db
      .select()
      .from(deckCards)
      .where(eq(deckCards.deckId, deck.id))
      .orderBy(asc(deckCards.board), asc(deckCards.position)),
    db
      .select({ id: formats.id, legalityKey: formats.legalityKey, commander: formats.commander })
      .from(formats)
      .where(eq(formats.id, deck.formatId)),
  ]);
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
      return {
        card: c ? toCard(c) : null,
        name: c?.name ?? r.name,
        quantity: r.quantity,
        board: r.board,
        category: r.category,
      };
    }),
    bracketCheck: checkBracket(
      deck.bracket,
      gameChangers,
      playing.flatMap((r) => {
        const c = card(r.cardId);
        if (!c) return [];
        const faces = (c.cardFaces ?? []).map((f) =>
          typeof f.oracle_text === 'string' ? f.oracle_text : '',
        );
        return [{ id: c.id, name: c.name, texts: [c.oracleText ?? '', ...faces] }];
      }),
    ),
    unowned,
    price: { usd: money(usd), eur: money(eur) },
    legality: checkLegality(
      format ?? { id: deck.formatId, legalityKey: null, commander: false },
      rows.map((r) => ({ board: r.board, quantity: r.quantity, name: r.name, card: card(r.cardId) ?? null })),
    ),
    version: deck.version,
    shareToken: viewerId === deck.ownerId ? deck.shareToken : null,
  };
}

/** A viewer who is no user: sees none of the deck's games and owns none of its cards. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * The deck as its share link shows it: the full deck as a stranger sees it, then only the fields of
 * `SharedDeck` picked one by one (the answer is sent as built: a field left in would leak).
 */
export async function sharedDeckDto(
  db: Db,
  deck: DeckRow,
  owner: { username: string | null; firstname: string | null },
): Promise<SharedDeckDto> {
  const d = await deckDto(db, deck, NOBODY);
  return {
    id: d.id,
    name: d.name,
    formatId: d.formatId,
    subformatId: d.subformatId,
    commanders: d.commanders,
    colorIdentity: d.colorIdentity,
    bracket: d.bracket,
    cardCount: d.cardCount,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    description: d.description,
    cards: d.cards,
    bracketCheck: d.bracketCheck,
    price: d.price,
    legality: d.legality,
    author: owner.username ?? owner.firstname,
  };
}

/**
 * Cards of the deck the owner has fewer copies of (any printing) across their binders. A line that
 * did not resolve to a card cannot be shown to be owned: it counts as missing, by its name, with a
 * null `cardId` (lines of the same name are added up).
 */
export async function unownedCards(
  db: Db,
  ownerId: string,
  playing: Array<{ cardId: string | null; name: string; quantity: number }>,
  catalogue: Map<string, CardData>,
) {
  const need = new Map<string, { cardId: string; name: string; quantity: number }>();
  const unresolved = new Map<string, { cardId: null; name: string; missing: number }>();
  for (const r of playing) {
    const c = r.cardId ? catalogue.get(r.cardId) : undefined;
    if (!c) {
      const key = r.name.toLowerCase();
      const prev = unresolved.get(key);
      if (prev) prev.missing += r.quantity;
      else unresolved.set(key, { cardId: null, name: r.name, missing: r.quantity });
      continue;
    }
    if (/^Basic Land/.test(c.typeLine ?? '')) continue;
    const key = c.oracleId ?? c.id;
    const prev = need.get(key);
    if (prev) prev.quantity += r.quantity;
    else need.set(key, { cardId: c.id, name: c.name, quantity: r.quantity });
  }
  let have = new Map<string, number>();
  if (need.size) {
    const owned = await db.execute(sql`select coalesce(c.oracle_id, c.id) as key, sum(e.quantity)::int as n
      from list_entries e join cards c on c.id = e.card_id
      join card_lists l on l.id = e.list_id
      where l.owner_id = ${ownerId} and l.type = 'collection'
        and coalesce(c.oracle_id, c.id) in (select jsonb_array_elements_text(${JSON.stringify([...need.keys()])}::jsonb))
      group by 1`);
    have = new Map(
      (owned as unknown as { rows: Array<{ key: string; n: number }> }).rows.map((r) => [r.key, Number(r.n)]),
    );
  }
  const missing: Array<{ cardId: string | null; name: string; missing: number }> = [
    ...[...need.entries()]
      .map(([key, n]) => ({ cardId: n.cardId, name: n.name, missing: n.quantity - (have.get(key) ?? 0) }))
      .filter((x) => x.missing > 0),
    ...unresolved.values(),
  ];
  return missing.sort((a, b) => a.name.localeCompare(b.name));
}
