/**
 * The collection: every entry of the user's `collection` lists (binders), with totals, breakdowns
 * by set, colour and rarity, and the value of today's collection at each price snapshot.
 */
import type { CurrencyValue, CollectionSummary as Summary } from '@companion/sdk/contract';
import type { z } from 'zod';

type CollectionSummary = z.infer<typeof Summary>;

import { and, eq, sql } from 'drizzle-orm';
import { cardLists } from '../db/catalogue.js';
import type { Db } from '../db/client.js';
import { rowsOf } from './card-search.js';
import { priceSql } from './catalogue.js';
import { defaultBinder } from './lists/store.js';

const round = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;

/** Ids of the user's binders (creating the default binder on first use). */
export async function binderIds(db: Db, ownerId: string): Promise<string[]> {
  await defaultBinder(db, ownerId);
  const lists = await db
    .select({ id: cardLists.id })
    .from(cardLists)
    .where(and(eq(cardLists.ownerId, ownerId), eq(cardLists.type, 'collection')));
  return lists.map((l) => l.id);
}

const COLOR_LABELS: Record<string, string> = {
  W: 'White',
  U: 'Blue',
  B: 'Black',
  R: 'Red',
  G: 'Green',
  M: 'Multicolor',
  C: 'Colorless',
};

export async function collectionSummary(
  db: Db,
  ownerId: string,
  currency: CurrencyValue,
): Promise<CollectionSummary> {
  const ids = await binderIds(db, ownerId);
  const idList = sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;
  const price = priceSql(currency, sql`e.finish`, sql.raw('c'));
  const base = sql`from list_entries e left join cards c on c.id = e.card_id where e.list_id in ${idList}`;
  const [totals] = rowsOf<{ cards: number; unique: number; value: number; unresolved: number }>(
    await db.execute(sql`select coalesce(sum(e.quantity), 0)::int as cards,
      count(distinct coalesce(c.oracle_id, e.card_id, 'name:' || lower(e.name)))::int as unique,
      coalesce(sum(e.quantity * ${price}), 0)::float8 as value,
      count(*) filter (where e.card_id is null)::int as unresolved ${base}`),
  );
  const bySet = rowsOf<{ key: string; label: string; cards: number; value: number }>(
    await db.execute(sql`select coalesce(c.set, '?') as key, coalesce(min(c.set_name), 'Unresolved') as label,
      sum(e.quantity)::int as cards, coalesce(sum(e.quantity * ${price}), 0)::float8 as value ${base}
      group by 1 order by cards desc, key limit 200`),
  );
  const byColor = rowsOf<{ key: string; cards: number; value: number }>(
    await db.execute(sql`select case when c.id is null then '?' when cardinality(c.colors) = 0 then 'C'
        when cardinality(c.colors) > 1 then 'M' else c.colors[1] end as key,
      sum(e.quantity)::int as cards, coalesce(sum(e.quantity * ${price}), 0)::float8 as value ${base}
      group by 1 order by cards desc`),
  );
  const byRarity = rowsOf<{ key: string; cards: number; value: number }>(
    await db.execute(sql`select coalesce(c.rarity, '?') as key, sum(e.quantity)::int as cards,
      coalesce(sum(e.quantity * ${price}), 0)::float8 as value ${base} group by 1 order by cards desc`),
  );
  const snapPrice =
    currency === 'usd'
      ? sql`(case e.finish when 'foil' then p.usd_foil when 'etched' then coalesce(p.usd_etched, p.usd_foil) else p.usd end)`
      : sql`(case e.finish when 'nonfoil' then p.eur else p.eur_foil end)`;
  const history = rowsOf<{ date: string; value: number }>(
    await db.execute(sql`select p.date::text as date, coalesce(sum(e.quantity * ${snapPrice}), 0)::float8 as value
      from list_entries e join card_prices p on p.card_id = e.card_id
      where e.list_id in ${idList} group by p.date order by p.date desc limit 366`),
  ).reverse();
  return {
    cards: Number(totals?.cards ?? 0),
    unique: Number(totals?.unique ?? 0),
    value: round(totals?.value),
    currency,
    binders: ids.length,
    unresolved: Number(totals?.unresolved ?? 0),
    bySet: bySet.map((r) => ({ key: r.key, label: r.label, cards: Number(r.cards), value: round(r.value) })),
    byColor: byColor.map((r) => ({
      key: r.key,
      label: COLOR_LABELS[r.key] ?? 'Unresolved',
      cards: Number(r.cards),
      value: round(r.value),
    })),
    byRarity: byRarity.map((r) => ({
      key: r.key,
      label: r.key === '?' ? 'Unresolved' : r.key.charAt(0).toUpperCase() + r.key.slice(1),
      cards: Number(r.cards),
      value: round(r.value),
    })),
    history: history.map((h) => ({ date: String(h.date).slice(0, 10), value: round(h.value) })),
  };
}
