ALTER TABLE "card_search" ADD COLUMN "oracle_key" text;--> statement-breakpoint
ALTER TABLE "card_search" ADD COLUMN "released_at" date;--> statement-breakpoint
ALTER TABLE "card_search" ADD COLUMN "layout" text;--> statement-breakpoint
-- card_search (migration 0003) also holds what a catalogue search needs besides its leaves: the
-- card of each printing (unique=cards), its release date and its layout (extras), so a search whose
-- leaves card_search answers never reads the wide rows. An unchanged row is no longer rewritten
-- (a catalogue import that changes a printing's rules text only leaves its search row alone, and
-- entry_search's triggers have nothing to redo).
CREATE OR REPLACE FUNCTION card_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM card_search s WHERE s.id IN (SELECT o.id FROM old_cards o);
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM card_search s WHERE s.id IN (SELECT o.id FROM old_cards o EXCEPT SELECT n.id FROM new_cards n);
  END IF;
  INSERT INTO card_search (cmc, color_bits, identity_bits, type_bits, rarity_rank, collector_sort, id, name, set, collector_number, lang,
    search_types, usd, usd_foil, usd_etched, eur, eur_foil, set_name, oracle_key, released_at, layout)
  SELECT c.cmc,
    ((('W' = any(c.colors))::int << 0) | (('U' = any(c.colors))::int << 1) | (('B' = any(c.colors))::int << 2) | (('R' = any(c.colors))::int << 3) | (('G' = any(c.colors))::int << 4))::smallint,
    ((('W' = any(c.color_identity))::int << 0) | (('U' = any(c.color_identity))::int << 1) | (('B' = any(c.color_identity))::int << 2) | (('R' = any(c.color_identity))::int << 3) | (('G' = any(c.color_identity))::int << 4))::smallint,
    ((c.search_types like '%artifact%')::int << 0) | ((c.search_types like '%creature%')::int << 1) | ((c.search_types like '%enchantment%')::int << 2) | ((c.search_types like '%instant%')::int << 3) | ((c.search_types like '%land%')::int << 4) | ((c.search_types like '%planeswalker%')::int << 5) | ((c.search_types like '%sorcery%')::int << 6) | ((c.search_types like '%battle%')::int << 7) | ((c.search_types like '%legendary%')::int << 8) | ((c.search_types like '%basic%')::int << 9) | ((c.search_types like '%snow%')::int << 10) | ((c.search_types like '%kindred%')::int << 11) | ((c.search_types like '%tribal%')::int << 12) | ((c.search_types like '%equipment%')::int << 13) | ((c.search_types like '%aura%')::int << 14) | ((c.search_types like '%vehicle%')::int << 15) | ((c.search_types like '%saga%')::int << 16) | ((c.search_types like '%token%')::int << 17),
    (CASE c.rarity WHEN 'common' THEN 0 WHEN 'uncommon' THEN 1 WHEN 'rare' THEN 2 WHEN 'mythic' THEN 3
      WHEN 'special' THEN 4 WHEN 'bonus' THEN 5 ELSE 0 END)::smallint,
    coalesce(nullif(left(regexp_replace(c.collector_number, '[^0-9]', '', 'g'), 18), '')::bigint, 0),
    c.id, c.name, c.set, c.collector_number, c.lang, c.search_types,
    c.usd, c.usd_foil, c.usd_etched, c.eur, c.eur_foil, c.set_name,
    coalesce(c.oracle_id, c.id), c.released_at, c.layout
  FROM new_cards c
  ON CONFLICT (id) DO UPDATE SET cmc = excluded.cmc, color_bits = excluded.color_bits,
    identity_bits = excluded.identity_bits, type_bits = excluded.type_bits, rarity_rank = excluded.rarity_rank,
    collector_sort = excluded.collector_sort, name = excluded.name, set = excluded.set,
    collector_number = excluded.collector_number, lang = excluded.lang, search_types = excluded.search_types,
    usd = excluded.usd, usd_foil = excluded.usd_foil, usd_etched = excluded.usd_etched, eur = excluded.eur,
    eur_foil = excluded.eur_foil, set_name = excluded.set_name, oracle_key = excluded.oracle_key,
    released_at = excluded.released_at, layout = excluded.layout
  WHERE (card_search.cmc, card_search.color_bits, card_search.identity_bits, card_search.type_bits, card_search.rarity_rank, card_search.collector_sort, card_search.name, card_search.set, card_search.collector_number, card_search.lang, card_search.search_types, card_search.usd, card_search.usd_foil, card_search.usd_etched, card_search.eur, card_search.eur_foil, card_search.set_name, card_search.oracle_key, card_search.released_at, card_search.layout)
    IS DISTINCT FROM (excluded.cmc, excluded.color_bits, excluded.identity_bits, excluded.type_bits, excluded.rarity_rank, excluded.collector_sort, excluded.name, excluded.set, excluded.collector_number, excluded.lang, excluded.search_types, excluded.usd, excluded.usd_foil, excluded.usd_etched, excluded.eur, excluded.eur_foil, excluded.set_name, excluded.oracle_key, excluded.released_at, excluded.layout);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The rows of a catalogue imported before this migration (the same expressions as above).
INSERT INTO card_search (cmc, color_bits, identity_bits, type_bits, rarity_rank, collector_sort, id, name, set, collector_number, lang,
  search_types, usd, usd_foil, usd_etched, eur, eur_foil, set_name, oracle_key, released_at, layout)
SELECT c.cmc,
  ((('W' = any(c.colors))::int << 0) | (('U' = any(c.colors))::int << 1) | (('B' = any(c.colors))::int << 2) | (('R' = any(c.colors))::int << 3) | (('G' = any(c.colors))::int << 4))::smallint,
  ((('W' = any(c.color_identity))::int << 0) | (('U' = any(c.color_identity))::int << 1) | (('B' = any(c.color_identity))::int << 2) | (('R' = any(c.color_identity))::int << 3) | (('G' = any(c.color_identity))::int << 4))::smallint,
  ((c.search_types like '%artifact%')::int << 0) | ((c.search_types like '%creature%')::int << 1) | ((c.search_types like '%enchantment%')::int << 2) | ((c.search_types like '%instant%')::int << 3) | ((c.search_types like '%land%')::int << 4) | ((c.search_types like '%planeswalker%')::int << 5) | ((c.search_types like '%sorcery%')::int << 6) | ((c.search_types like '%battle%')::int << 7) | ((c.search_types like '%legendary%')::int << 8) | ((c.search_types like '%basic%')::int << 9) | ((c.search_types like '%snow%')::int << 10) | ((c.search_types like '%kindred%')::int << 11) | ((c.search_types like '%tribal%')::int << 12) | ((c.search_types like '%equipment%')::int << 13) | ((c.search_types like '%aura%')::int << 14) | ((c.search_types like '%vehicle%')::int << 15) | ((c.search_types like '%saga%')::int << 16) | ((c.search_types like '%token%')::int << 17),
  (CASE c.rarity WHEN 'common' THEN 0 WHEN 'uncommon' THEN 1 WHEN 'rare' THEN 2 WHEN 'mythic' THEN 3
    WHEN 'special' THEN 4 WHEN 'bonus' THEN 5 ELSE 0 END)::smallint,
  coalesce(nullif(left(regexp_replace(c.collector_number, '[^0-9]', '', 'g'), 18), '')::bigint, 0),
  c.id, c.name, c.set, c.collector_number, c.lang, c.search_types,
  c.usd, c.usd_foil, c.usd_etched, c.eur, c.eur_foil, c.set_name,
  coalesce(c.oracle_id, c.id), c.released_at, c.layout
FROM cards c
ON CONFLICT (id) DO UPDATE SET oracle_key = excluded.oracle_key, released_at = excluded.released_at, layout = excluded.layout;--> statement-breakpoint
ALTER TABLE "card_search" ALTER COLUMN "oracle_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "card_search" ALTER COLUMN "layout" SET NOT NULL;--> statement-breakpoint
-- A catalogue search without `lang:` shows a non-English printing only when its card has no English
-- one: one probe of this index.
CREATE INDEX "card_search_english" ON "card_search" USING btree ("oracle_key") WHERE "card_search"."lang" = 'en';
