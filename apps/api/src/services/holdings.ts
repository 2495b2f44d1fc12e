/**
 * Which of a user's lists and decks hold a card: the printing asked about, and the other printings
 * of the same Oracle card (deck lines not matched to a printing count by name), in two queries.
 */
import { BOARDS, type CardHoldings } from '@companion/sdk/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { cards } from '../db/catalogue.js';
import type { Db } from '../db/client.js';
import { rowsOf } from './card-search.js';

type Holdings = z.infer<typeof CardHoldings>;
type Finish = keyof Holdings['lists'][number]['printing'];
type ListType = Holdings['lists'][number]['type'];
type Board = Holdings['decks'][number]['boards'][number]['board'];

/** Commander and companion first, then the contract's order of boards. */
const LEADING_BOARDS: Board[] = ['commander', 'companion'];
const BOARD_ORDER: Board[] = [...LEADING_BOARDS, ...BOARDS.filter((b) => !LEADING_BOARDS.includes(b))];

/** The holdings of `cardId` among `ownerId`'s lists and decks; null when the card is unknown. */
export async function cardHoldings(db: Db, ownerId: string, cardId: string): Promise<Holdings | null> {
  const [card] = await db
    .select({ id: cards.id, oracleId: cards.oracleId, name: cards.name })
    .from(cards)
    .where(eq(cards.id, cardId));
  if (!card) return null;
  // Every printing of the Oracle card (just this one when it has no Oracle id).
  const printings = card.oracleId
    ? sql`(select c.id from cards c where c.oracle_id = ${card.oracleId})`
    : sql`(${card.id})`;
  const front = card.name.split(' // ')[0] ?? card.name;

  const listRows = rowsOf<{
    id: string;
    name: string;
    type: ListType;
    hidden: boolean;
    finish: Finish;
    exact: boolean;
    quantity: number;
  }>(
    await db.execute(sql`select l.id, l.name, l.type, l.hidden, e.finish, e.card_id = ${card.id} as exact,
        sum(e.quantity)::int as quantity
      from list_entries e join card_lists l on l.id = e.list_id
      where l.owner_id = ${ownerId} and e.card_id in ${printings}
      group by l.id, l.name, l.type, l.hidden, e.finish, exact
      order by lower(l.name), l.id`),
  );
  const lists = new Map<string, Holdings['lists'][number]>();
  for (const r of listRows) {
    let list = lists.get(r.id);
    if (!list) {
      list = {
        id: r.id,
        name: r.name,
        type: r.type,
        hidden: r.hidden,
        printing: { nonfoil: 0, foil: 0, etched: 0 },
        otherPrintings: { nonfoil: 0, foil: 0, etched: 0 },
      };
      lists.set(r.id, list);
    }
    (r.exact ? list.printing : list.otherPrintings)[r.finish] += r.quantity;
  }

  const deckRows = rowsOf<{
    id: string;
    name: string;
    archived: boolean;
    board: Board;
    exact: boolean;
    quantity: number;
  }>(
    await db.execute(sql`select d.id, d.name, d.archived, dc.board, coalesce(dc.card_id = ${card.id}, false) as exact,
        sum(dc.quantity)::int as quantity
      from deck_cards dc join decks d on d.id = dc.deck_id
      where d.owner_id = ${ownerId}
        and (dc.card_id in ${printings}
          or (dc.card_id is null and lower(dc.name) in (lower(${card.name}), lower(${front}))))
      group by d.id, d.name, d.archived, dc.board, exact
      order by lower(d.name), d.id`),
  );
  const decks = new Map<string, Holdings['decks'][number]>();
  for (const r of deckRows) {
    let deck = decks.get(r.id);
    if (!deck) {
      deck = { id: r.id, name: r.name, archived: r.archived, boards: [] };
      decks.set(r.id, deck);
    }
    let board = deck.boards.find((b) => b.board === r.board);
    if (!board) {
      board = { board: r.board, printing: 0, otherPrintings: 0 };
      deck.boards.push(board);
    }
    if (r.exact) board.printing += r.quantity;
    else board.otherPrintings += r.quantity;
  }
  for (const deck of decks.values())
    deck.boards.sort((a, b) => BOARD_ORDER.indexOf(a.board) - BOARD_ORDER.indexOf(b.board));

  return {
    card: { id: card.id, oracle_id: card.oracleId, name: card.name },
    lists: [...lists.values()],
    decks: [...decks.values()],
  };
}
