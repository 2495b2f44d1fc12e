ALTER TABLE "card_search" ADD COLUMN "flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "card_search" ADD COLUMN "features" integer[] GENERATED ALWAYS AS (entry_search_features(type_bits, color_bits, identity_bits, rarity_rank, cmc)) STORED;--> statement-breakpoint
CREATE INDEX "card_search_flags" ON "card_search" USING gin ("flags");--> statement-breakpoint
CREATE INDEX "card_search_features" ON "card_search" USING gin ("features");--> statement-breakpoint
-- features: the codes entry_search.features holds (migration 0012's function), for the GIN index
-- that featureHints' conditions use in catalogue searches, as they do in list searches.
-- flags: what only the wide row would otherwise answer, read through a GIN index: each printing's
-- legalities (`format:status`, for `legal:`, `banned:` and `restricted:`) and `is:commander` (the
-- expression of card-search.ts' isLeaf, over the same columns).
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
    array(select l.key || ':' || l.value from jsonb_each_text(coalesce(c.legalities, '{}'::jsonb)) l where l.value in ('legal', 'restricted', 'banned') order by 1)
    || CASE WHEN c.layout not in ('token', 'double_faced_token', 'emblem', 'art_series') and (
      split_part(c.search_types, '//', 1) like '%legendary%creature%' or c.search_text like '%can be your commander%')
      THEN ARRAY['is:commander'] ELSE ARRAY[]::text[] END
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
$$;--> statement-breakpoint
-- The rows of a catalogue imported before this migration (the same expression as above).
UPDATE card_search s SET flags = array(select l.key || ':' || l.value from jsonb_each_text(coalesce(c.legalities, '{}'::jsonb)) l where l.value in ('legal', 'restricted', 'banned') order by 1)
    || CASE WHEN c.layout not in ('token', 'double_faced_token', 'emblem', 'art_series') and (
      split_part(c.search_types, '//', 1) like '%legendary%creature%' or c.search_text like '%can be your commander%')
      THEN ARRAY['is:commander'] ELSE ARRAY[]::text[] END
FROM cards c WHERE c.id = s.id;
