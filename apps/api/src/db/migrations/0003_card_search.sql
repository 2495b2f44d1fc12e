CREATE TABLE "card_search" (
	"cmc" double precision NOT NULL,
	"color_bits" smallint NOT NULL,
	"identity_bits" smallint NOT NULL,
	"type_bits" integer NOT NULL,
	"rarity_rank" smallint NOT NULL,
	"collector_sort" bigint NOT NULL,
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"set" text NOT NULL,
	"collector_number" text NOT NULL,
	"lang" text NOT NULL,
	"search_types" text NOT NULL,
	"usd" numeric(12, 2),
	"usd_foil" numeric(12, 2),
	"usd_etched" numeric(12, 2),
	"eur" numeric(12, 2),
	"eur_foil" numeric(12, 2),
	"set_name" text NOT NULL
);
--> statement-breakpoint
-- The narrow search row of a printing (card_search in src/db/catalogue.ts; the bit orders are
-- CARD_COLOR_BITS and CARD_TYPE_WORDS in src/services/card-search.ts), kept in step by statement
-- triggers with transition tables: one narrow upsert per batch of the catalogue import. The row's
-- expressions are written out twice, here and in the backfill at the end, because a SQL function
-- called per row (not inlined by PostgreSQL) tripled the trigger's cost on PGlite.
CREATE FUNCTION card_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM card_search s WHERE s.id IN (SELECT o.id FROM old_cards o);
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM card_search s WHERE s.id IN (SELECT o.id FROM old_cards o EXCEPT SELECT n.id FROM new_cards n);
  END IF;
  INSERT INTO card_search (cmc, color_bits, identity_bits, type_bits, rarity_rank, collector_sort, id, name, set, collector_number, lang,
    search_types, usd, usd_foil, usd_etched, eur, eur_foil, set_name)
  SELECT c.cmc,
    ((('W' = any(c.colors))::int << 0) | (('U' = any(c.colors))::int << 1) | (('B' = any(c.colors))::int << 2) | (('R' = any(c.colors))::int << 3) | (('G' = any(c.colors))::int << 4))::smallint,
    ((('W' = any(c.color_identity))::int << 0) | (('U' = any(c.color_identity))::int << 1) | (('B' = any(c.color_identity))::int << 2) | (('R' = any(c.color_identity))::int << 3) | (('G' = any(c.color_identity))::int << 4))::smallint,
    ((c.search_types like '%artifact%')::int << 0) | ((c.search_types like '%creature%')::int << 1) | ((c.search_types like '%enchantment%')::int << 2) | ((c.search_types like '%instant%')::int << 3) | ((c.search_types like '%land%')::int << 4) | ((c.search_types like '%planeswalker%')::int << 5) | ((c.search_types like '%sorcery%')::int << 6) | ((c.search_types like '%battle%')::int << 7) | ((c.search_types like '%legendary%')::int << 8) | ((c.search_types like '%basic%')::int << 9) | ((c.search_types like '%snow%')::int << 10) | ((c.search_types like '%kindred%')::int << 11) | ((c.search_types like '%tribal%')::int << 12) | ((c.search_types like '%equipment%')::int << 13) | ((c.search_types like '%aura%')::int << 14) | ((c.search_types like '%vehicle%')::int << 15) | ((c.search_types like '%saga%')::int << 16) | ((c.search_types like '%token%')::int << 17),
    (CASE c.rarity WHEN 'common' THEN 0 WHEN 'uncommon' THEN 1 WHEN 'rare' THEN 2 WHEN 'mythic' THEN 3
      WHEN 'special' THEN 4 WHEN 'bonus' THEN 5 ELSE 0 END)::smallint,
    coalesce(nullif(left(regexp_replace(c.collector_number, '[^0-9]', '', 'g'), 18), '')::bigint, 0),
    c.id, c.name, c.set, c.collector_number, c.lang, c.search_types,
    c.usd, c.usd_foil, c.usd_etched, c.eur, c.eur_foil, c.set_name
  FROM new_cards c
  ON CONFLICT (id) DO UPDATE SET cmc = excluded.cmc, color_bits = excluded.color_bits,
    identity_bits = excluded.identity_bits, type_bits = excluded.type_bits, rarity_rank = excluded.rarity_rank,
    collector_sort = excluded.collector_sort, name = excluded.name, set = excluded.set,
    collector_number = excluded.collector_number, lang = excluded.lang, search_types = excluded.search_types,
    usd = excluded.usd, usd_foil = excluded.usd_foil, usd_etched = excluded.usd_etched, eur = excluded.eur,
    eur_foil = excluded.eur_foil, set_name = excluded.set_name;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER card_search_insert AFTER INSERT ON cards REFERENCING NEW TABLE AS new_cards
  FOR EACH STATEMENT EXECUTE FUNCTION card_search_sync();--> statement-breakpoint
CREATE TRIGGER card_search_update AFTER UPDATE ON cards REFERENCING OLD TABLE AS old_cards NEW TABLE AS new_cards
  FOR EACH STATEMENT EXECUTE FUNCTION card_search_sync();--> statement-breakpoint
CREATE TRIGGER card_search_delete AFTER DELETE ON cards REFERENCING OLD TABLE AS old_cards
  FOR EACH STATEMENT EXECUTE FUNCTION card_search_sync();--> statement-breakpoint
INSERT INTO card_search (cmc, color_bits, identity_bits, type_bits, rarity_rank, collector_sort, id, name, set, collector_number, lang,
    search_types, usd, usd_foil, usd_etched, eur, eur_foil, set_name)
SELECT c.cmc,
    ((('W' = any(c.colors))::int << 0) | (('U' = any(c.colors))::int << 1) | (('B' = any(c.colors))::int << 2) | (('R' = any(c.colors))::int << 3) | (('G' = any(c.colors))::int << 4))::smallint,
    ((('W' = any(c.color_identity))::int << 0) | (('U' = any(c.color_identity))::int << 1) | (('B' = any(c.color_identity))::int << 2) | (('R' = any(c.color_identity))::int << 3) | (('G' = any(c.color_identity))::int << 4))::smallint,
    ((c.search_types like '%artifact%')::int << 0) | ((c.search_types like '%creature%')::int << 1) | ((c.search_types like '%enchantment%')::int << 2) | ((c.search_types like '%instant%')::int << 3) | ((c.search_types like '%land%')::int << 4) | ((c.search_types like '%planeswalker%')::int << 5) | ((c.search_types like '%sorcery%')::int << 6) | ((c.search_types like '%battle%')::int << 7) | ((c.search_types like '%legendary%')::int << 8) | ((c.search_types like '%basic%')::int << 9) | ((c.search_types like '%snow%')::int << 10) | ((c.search_types like '%kindred%')::int << 11) | ((c.search_types like '%tribal%')::int << 12) | ((c.search_types like '%equipment%')::int << 13) | ((c.search_types like '%aura%')::int << 14) | ((c.search_types like '%vehicle%')::int << 15) | ((c.search_types like '%saga%')::int << 16) | ((c.search_types like '%token%')::int << 17),
    (CASE c.rarity WHEN 'common' THEN 0 WHEN 'uncommon' THEN 1 WHEN 'rare' THEN 2 WHEN 'mythic' THEN 3
      WHEN 'special' THEN 4 WHEN 'bonus' THEN 5 ELSE 0 END)::smallint,
    coalesce(nullif(left(regexp_replace(c.collector_number, '[^0-9]', '', 'g'), 18), '')::bigint, 0),
    c.id, c.name, c.set, c.collector_number, c.lang, c.search_types,
    c.usd, c.usd_foil, c.usd_etched, c.eur, c.eur_foil, c.set_name
FROM cards c;
