/**
 * "Who can lend it": for the cards a deck's owner is missing, the friends and fellow playgroup
 * members who hold them in a list they share with friends. Nothing else of theirs is read: a list
 * that is not shared, a stranger's list, or the owner's own lists never appear.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deckCards } from '../../db/schema.js';
import { cardsByIds } from '../catalogue.js';
import type { UserService } from '../users.js';
import { unownedCards } from './dto.js';
import type { DeckRow } from './summary.js';

type LenderRow = {
  key: string;
  list_id: string;
  list_name: string;
  quantity: number;
  id: string;
  username: string | null;
  firstname: string | null;
  lastname: string | null;
  picture: string | null;
};

export async function deckLenders(db: Db, users: Pick<UserService, 'summary'>, deck: DeckRow) {
  const rows = await db
    .select()
    .from(deckCards)
    .where(eq(deckCards.deckId, deck.id))
    .orderBy(asc(deckCards.position));
  const playing = rows.filter((r) => r.board !== 'maybe');
  const catalogue = await cardsByIds(
    db,
    playing.flatMap((r) => (r.cardId ? [r.cardId] : [])),
  );
  const missing = (await unownedCards(db, deck.ownerId, playing, catalogue)).flatMap((m) => {
    const card = m.cardId ? catalogue.get(m.cardId) : undefined;
    return card && m.cardId
      ? [{ cardId: m.cardId, name: m.name, missing: m.missing, key: card.oracleId ?? card.id }]
      : [];
  });
  if (!missing.length) return { cards: [] };
  // The owner's circle: accepted friends, and active members of the playgroups they are active in.
  const found = (await db.execute(sql`
    with circle as (
      select case when f.requester_id = ${deck.ownerId} then f.addressee_id else f.requester_id end as user_id
        from friendships f
        where f.status = 'accepted' and (f.requester_id = ${deck.ownerId} or f.addressee_id = ${deck.ownerId})
      union
      select other.user_id
        from playgroup_members mine
        join playgroup_members other on other.playgroup_id = mine.playgroup_id and other.status = 'active'
        where mine.user_id = ${deck.ownerId} and mine.status = 'active'
    )
    select coalesce(c.oracle_id, c.id) as key, l.id as list_id, l.name as list_name,
        sum(e.quantity)::int as quantity,
        u.id, u.username, u.firstname, u.lastname, u.picture
      from card_lists l
      join circle on circle.user_id = l.owner_id
      join users u on u.id = l.owner_id
      join list_entries e on e.list_id = l.id
      join cards c on c.id = e.card_id
      where l.sharing = 'friends' and l.owner_id <> ${deck.ownerId}
        and coalesce(c.oracle_id, c.id) in (select jsonb_array_elements_text(${JSON.stringify(missing.map((m) => m.key))}::jsonb))
      group by 1, 2, 3, 5, 6, 7, 8, 9
      order by quantity desc, l.name`)) as unknown as { rows: LenderRow[] };
  const byKey = new Map<string, LenderRow[]>();
  for (const row of found.rows) {
    const list = byKey.get(row.key);
    if (list) list.push(row);
    else byKey.set(row.key, [row]);
  }
  return {
    cards: missing.map((m) => ({
      cardId: m.cardId,
      name: m.name,
      missing: m.missing,
      lenders: (byKey.get(m.key) ?? []).map((r) => ({
        user: users.summary(r),
        listId: r.list_id,
        listName: r.list_name,
        quantity: Number(r.quantity),
      })),
    })),
  };
}
