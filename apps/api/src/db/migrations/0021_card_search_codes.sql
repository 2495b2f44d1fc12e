-- card_search, rebuilt so that catalogue searches (110,000 rows each) read it alone for more keys,
-- and spend less time reading rows, which cost them more than testing them:
-- - flags (new): what only the wide row answered, as small integers read through a GIN index: 1 for
--   is:commander, then `4 × position + 0, 1 or 2` for legal, restricted or banned in the format at
--   that position (from 1) of the list below, which is card-search.ts' FLAG_FORMATS (a test checks
--   they agree). A format Scryfall adds later has no code until both lists append it; its searches
--   read the wide rows meanwhile. As `format:status` texts they took 229 of a row's 506 bytes.
-- - a GIN index over entry_search_features(...), the feature codes list searches use, not stored.
-- - the columns are in the order a scan reads them: fixed widths first (read at fixed offsets),
--   then the language and layout that every catalogue search tests, the two prices searches and
--   orders read, the flags, and what only a row on the page needs last. Over 110,000 rows,
--   `count(*) where layout = 'transform'` took 40 ms with the layout after 14 variable-width
--   columns, against 13 ms for `color_bits = 0`, and a test of the last column (`eur_foil`) 38 ms.
-- The entry_search triggers on card_search (migration 0004) are created again on the new table;
-- entry_search itself is unchanged, since every value it copies is.
CREATE TABLE "card_search_new" (
	"cmc" double precision NOT NULL,
	"collector_sort" bigint NOT NULL,
	"type_bits" integer NOT NULL,
	"color_bits" smallint NOT NULL,
	"identity_bits" smallint NOT NULL,
	"rarity_rank" smallint NOT NULL,
	"released_at" date,
	"lang" text NOT NULL,
	"layout" text NOT NULL,
	"usd" numeric(12, 2),
	"eur" numeric(12, 2),
	"flags" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"oracle_key" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"set" text NOT NULL,
	"collector_number" text NOT NULL,
	"search_types" text NOT NULL,
	"set_name" text NOT NULL,
	"usd_foil" numeric(12, 2),
	"usd_etched" numeric(12, 2),
	"eur_foil" numeric(12, 2)
);--> statement-breakpoint
INSERT INTO card_search_new (cmc, collector_sort, type_bits, color_bits, identity_bits, rarity_rank, released_at, lang, layout, usd, eur, flags, oracle_key, id, name, set, collector_number, search_types, set_name, usd_foil, usd_etched, eur_foil)
SELECT s.cmc, s.collector_sort, s.type_bits, s.color_bits, s.identity_bits, s.rarity_rank, s.released_at, s.lang, s.layout, s.usd, s.eur, (CASE WHEN c.layout not in ('token', 'double_faced_token', 'emblem', 'art_series') and (
      split_part(c.search_types, '//', 1) like '%legendary%creature%' or c.search_text like '%can be your commander%')
      THEN ARRAY[1]::smallint[] ELSE ARRAY[]::smallint[] END
    || array(select (4 * array_position('{alchemy,brawl,commander,duel,explorer,future,gladiator,historic,historicbrawl,legacy,modern,oathbreaker,oldschool,pauper,paupercommander,penny,pioneer,predh,premodern,standard,standardbrawl,timeless,vintage}'::text[], l.key)
        + CASE l.value WHEN 'legal' THEN 0 WHEN 'restricted' THEN 1 ELSE 2 END)::smallint
      from jsonb_each_text(coalesce(c.legalities, '{}'::jsonb)) l
      where l.value in ('legal', 'restricted', 'banned') and array_position('{alchemy,brawl,commander,duel,explorer,future,gladiator,historic,historicbrawl,legacy,modern,oathbreaker,oldschool,pauper,paupercommander,penny,pioneer,predh,premodern,standard,standardbrawl,timeless,vintage}'::text[], l.key) is not null order by 1)), s.oracle_key, s.id, s.name, s.set, s.collector_number, s.search_types, s.set_name, s.usd_foil, s.usd_etched, s.eur_foil
FROM card_search s JOIN cards c ON c.id = s.id;--> statement-breakpoint
DROP TABLE "card_search";--> statement-breakpoint
ALTER TABLE "card_search_new" RENAME TO "card_search";--> statement-breakpoint
ALTER TABLE "card_search" ADD CONSTRAINT "card_search_pkey" PRIMARY KEY ("id");--> statement-breakpoint
CREATE INDEX "card_search_english" ON "card_search" USING btree ("oracle_key") WHERE "card_search"."lang" = 'en';--> statement-breakpoint
CREATE INDEX "card_search_flags" ON "card_search" USING gin ("flags");--> statement-breakpoint
CREATE INDEX "card_search_features" ON "card_search" USING gin (entry_search_features("type_bits", "color_bits", "identity_bits", "rarity_rank", "cmc"));--> statement-breakpoint
CREATE TRIGGER entry_search_card_insert AFTER INSERT ON card_search REFERENCING NEW TABLE AS new_search
  FOR EACH STATEMENT EXECUTE FUNCTION entry_search_cards_sync();--> statement-breakpoint
CREATE TRIGGER entry_search_card_update AFTER UPDATE ON card_search REFERENCING NEW TABLE AS new_search
  FOR EACH STATEMENT EXECUTE FUNCTION entry_search_cards_sync();--> statement-breakpoint
CREATE TRIGGER entry_search_card_delete AFTER DELETE ON card_search REFERENCING OLD TABLE AS old_search
  FOR EACH STATEMENT EXECUTE FUNCTION entry_search_cards_sync();--> statement-breakpoint
-- The trigger that keeps card_search in step with cards, writing the flags' codes.
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
    search_types, usd, usd_foil, usd_etched, eur, eur_foil, set_name, oracle_key, released_at, layout, flags)
  SELECT c.cmc,
    ((('W' = any(c.colors))::int << 0) | (('U' = any(c.colors))::int << 1) | (('B' = any(c.colors))::int << 2) | (('R' = any(c.colors))::int << 3) | (('G' = any(c.colors))::int << 4))::smallint,
    ((('W' = any(c.color_identity))::int << 0) | (('U' = any(c.color_identity))::int << 1) | (('B' = any(c.color_identity))::int << 2) | (('R' = any(c.color_identity))::int << 3) | (('G' = any(c.color_identity))::int << 4))::smallint,
    ((c.search_types like '%artifact%')::int << 0) | ((c.search_types like '%creature%')::int << 1) | ((c.search_types like '%enchantment%')::int << 2) | ((c.search_types like '%instant%')::int << 3) | ((c.search_types like '%land%')::int << 4) | ((c.search_types like '%planeswalker%')::int << 5) | ((c.search_types like '%sorcery%')::int << 6) | ((c.search_types like '%battle%')::int << 7) | ((c.search_types like '%legendary%')::int << 8) | ((c.search_types like '%basic%')::int << 9) | ((c.search_types like '%snow%')::int << 10) | ((c.search_types like '%kindred%')::int << 11) | ((c.search_types like '%tribal%')::int << 12) | ((c.search_types like '%equipment%')::int << 13) | ((c.search_types like '%aura%')::int << 14) | ((c.search_types like '%vehicle%')::int << 15) | ((c.search_types like '%saga%')::int << 16) | ((c.search_types like '%token%')::int << 17),
    (CASE c.rarity WHEN 'common' THEN 0 WHEN 'uncommon' THEN 1 WHEN 'rare' THEN 2 WHEN 'mythic' THEN 3
      WHEN 'special' THEN 4 WHEN 'bonus' THEN 5 ELSE 0 END)::smallint,
    coalesce(nullif(left(regexp_replace(c.collector_number, '[^0-9]', '', 'g'), 18), '')::bigint, 0),
    c.id, c.name, c.set, c.collector_number, c.lang, c.search_types,
    c.usd, c.usd_foil, c.usd_etched, c.eur, c.eur_foil, c.set_name,
    coalesce(c.oracle_id, c.id), c.released_at, c.layout,
    CASE WHEN c.layout not in ('token', 'double_faced_token', 'emblem', 'art_series') and (
      split_part(c.search_types, '//', 1) like '%legendary%creature%' or c.search_text like '%can be your commander%')
      THEN ARRAY[1]::smallint[] ELSE ARRAY[]::smallint[] END
    || array(select (4 * array_position('{alchemy,brawl,commander,duel,explorer,future,gladiator,historic,historicbrawl,legacy,modern,oathbreaker,oldschool,pauper,paupercommander,penny,pioneer,predh,premodern,standard,standardbrawl,timeless,vintage}'::text[], l.key)
        + CASE l.value WHEN 'legal' THEN 0 WHEN 'restricted' THEN 1 ELSE 2 END)::smallint
      from jsonb_each_text(coalesce(c.legalities, '{}'::jsonb)) l
      where l.value in ('legal', 'restricted', 'banned') and array_position('{alchemy,brawl,commander,duel,explorer,future,gladiator,historic,historicbrawl,legacy,modern,oathbreaker,oldschool,pauper,paupercommander,penny,pioneer,predh,premodern,standard,standardbrawl,timeless,vintage}'::text[], l.key) is not null order by 1)
  FROM new_cards c
  ON CONFLICT (id) DO UPDATE SET cmc = excluded.cmc, color_bits = excluded.color_bits,
    identity_bits = excluded.identity_bits, type_bits = excluded.type_bits, rarity_rank = excluded.rarity_rank,
    collector_sort = excluded.collector_sort, name = excluded.name, set = excluded.set,
    collector_number = excluded.collector_number, lang = excluded.lang, search_types = excluded.search_types,
    usd = excluded.usd, usd_foil = excluded.usd_foil, usd_etched = excluded.usd_etched, eur = excluded.eur,
    eur_foil = excluded.eur_foil, set_name = excluded.set_name, oracle_key = excluded.oracle_key,
    released_at = excluded.released_at, layout = excluded.layout, flags = excluded.flags
  WHERE (card_search.cmc, card_search.color_bits, card_search.identity_bits, card_search.type_bits, card_search.rarity_rank, card_search.collector_sort, card_search.name, card_search.set, card_search.collector_number, card_search.lang, card_search.search_types, card_search.usd, card_search.usd_foil, card_search.usd_etched, card_search.eur, card_search.eur_foil, card_search.set_name, card_search.oracle_key, card_search.released_at, card_search.layout, card_search.flags)
    IS DISTINCT FROM (excluded.cmc, excluded.color_bits, excluded.identity_bits, excluded.type_bits, excluded.rarity_rank, excluded.collector_sort, excluded.name, excluded.set, excluded.collector_number, excluded.lang, excluded.search_types, excluded.usd, excluded.usd_foil, excluded.usd_etched, excluded.eur, excluded.eur_foil, excluded.set_name, excluded.oracle_key, excluded.released_at, excluded.layout, excluded.flags);
  RETURN NULL;
END
$$;
