-- card_pick holds more of what every printing of a card shares, from the pick's `cards` row (see
-- cardPick in db/catalogue.ts): power, toughness and loyalty as numbers, keywords, mana cost
-- symbols and the mana it produces, and whether they differ among the card's printings
-- (`facts_vary`: a reversible printing's mana cost counts both faces). `pow`, `tou`, `loy`,
-- `keyword:`, `m:`, `devotion:` and `produces:` with `unique=cards` then read one row a card (and the
-- printings of the cards whose facts vary), where they read every printing's wide row and sorted
-- the matches by card (over 110,000 printings, in-process: `t:creature pow>=5` 266 ms,
-- `keyword:flying` 330, `m:{G}{G}` 499). Added after the texts: a scan steps over them to reach
-- these, which costs less than reading `cards`. 0028's trigger function and rebuild write them,
-- and mark the cards a printing of which differs from the pick (cards without an oracle id have one
-- printing: theirs never vary; over 110,000 printings the rebuild's mark took 0.5 s); filled here.
-- card_pick_varied lists the marked ones (few, often none), which a search reads printing by
-- printing: without it, finding that none is marked read card_pick whole a second time.
ALTER TABLE "card_pick" ADD COLUMN "power_num" double precision;--> statement-breakpoint
ALTER TABLE "card_pick" ADD COLUMN "toughness_num" double precision;--> statement-breakpoint
ALTER TABLE "card_pick" ADD COLUMN "loyalty_num" double precision;--> statement-breakpoint
ALTER TABLE "card_pick" ADD COLUMN "keywords" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "card_pick" ADD COLUMN "mana_symbols" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "card_pick" ADD COLUMN "produced_mana" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "card_pick" ADD COLUMN "facts_vary" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "card_pick_varied" ON "card_pick" USING btree ("oracle_key") WHERE "card_pick"."facts_vary";--> statement-breakpoint
CREATE OR REPLACE FUNCTION card_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  english text[];
  touched text[];
BEGIN
  -- A first import into an empty catalogue loads cards alone, in one transaction, then calls
  -- card_search_rebuild() once: set-based, about half the time of this trigger run batch by batch.
  IF current_setting('companion.bulk_load', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    DELETE FROM card_search s WHERE s.id IN (SELECT o.id FROM old_cards o);
    english := array(SELECT coalesce(o.oracle_id, o.id) FROM old_cards o WHERE o.lang = 'en');
    touched := array(SELECT DISTINCT coalesce(o.oracle_id, o.id) FROM old_cards o);
  ELSE
    IF TG_OP = 'UPDATE' THEN
      -- Printings gone, or in another language now (another partition).
      DELETE FROM card_search s WHERE (s.id, s.lang) IN (SELECT o.id, o.lang FROM old_cards o EXCEPT SELECT n.id, n.lang FROM new_cards n);
      english := array(SELECT coalesce(n.oracle_id, n.id) FROM new_cards n WHERE n.lang = 'en'
        UNION SELECT coalesce(o.oracle_id, o.id) FROM old_cards o WHERE o.lang = 'en');
      touched := array(SELECT coalesce(n.oracle_id, n.id) FROM new_cards n
        UNION SELECT coalesce(o.oracle_id, o.id) FROM old_cards o);
    ELSE
      english := array(SELECT coalesce(n.oracle_id, n.id) FROM new_cards n WHERE n.lang = 'en');
      touched := array(SELECT DISTINCT coalesce(n.oracle_id, n.id) FROM new_cards n);
    END IF;
  INSERT INTO card_search (cmc, color_bits, identity_bits, type_bits, rarity_rank, collector_sort, id, name, set, collector_number, lang,
    search_types, usd, usd_foil, usd_etched, eur, eur_foil, set_name, oracle_key, released_at, layout, flags, shown)
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
    || legality_flags(c.legalities),
    c.lang = 'en' OR NOT EXISTS (SELECT 1 FROM card_search e WHERE e.oracle_key = coalesce(c.oracle_id, c.id) AND e.lang = 'en')
  FROM new_cards c
  ON CONFLICT (id, lang) DO UPDATE SET cmc = excluded.cmc, color_bits = excluded.color_bits,
    identity_bits = excluded.identity_bits, type_bits = excluded.type_bits, rarity_rank = excluded.rarity_rank,
    collector_sort = excluded.collector_sort, name = excluded.name, set = excluded.set,
    collector_number = excluded.collector_number, lang = excluded.lang, search_types = excluded.search_types,
    usd = excluded.usd, usd_foil = excluded.usd_foil, usd_etched = excluded.usd_etched, eur = excluded.eur,
    eur_foil = excluded.eur_foil, set_name = excluded.set_name, oracle_key = excluded.oracle_key,
    released_at = excluded.released_at, layout = excluded.layout, flags = excluded.flags, shown = excluded.shown
  WHERE (card_search.cmc, card_search.color_bits, card_search.identity_bits, card_search.type_bits, card_search.rarity_rank, card_search.collector_sort, card_search.name, card_search.set, card_search.collector_number, card_search.lang, card_search.search_types, card_search.usd, card_search.usd_foil, card_search.usd_etched, card_search.eur, card_search.eur_foil, card_search.set_name, card_search.oracle_key, card_search.released_at, card_search.layout, card_search.flags, card_search.shown)
    IS DISTINCT FROM (excluded.cmc, excluded.color_bits, excluded.identity_bits, excluded.type_bits, excluded.rarity_rank, excluded.collector_sort, excluded.name, excluded.set, excluded.collector_number, excluded.lang, excluded.search_types, excluded.usd, excluded.usd_foil, excluded.usd_etched, excluded.eur, excluded.eur_foil, excluded.set_name, excluded.oracle_key, excluded.released_at, excluded.layout, excluded.flags, excluded.shown);
  END IF;
  -- A card's non-English printings are shown while it has no English one.
  IF cardinality(english) > 0 THEN
    UPDATE card_search s SET shown = NOT s.shown
    WHERE s.lang <> 'en' AND s.oracle_key = ANY (english)
      AND s.shown = EXISTS (SELECT 1 FROM card_search e WHERE e.oracle_key = s.oracle_key AND e.lang = 'en');
  END IF;
  IF cardinality(touched) > 0 THEN
    -- The first printing of each card in each language (newest, undated last, then by id; never
    -- an extra), chosen again for the cards whose printings the statement wrote or deleted.
    UPDATE card_search s SET first_in_lang = f.first
    FROM (SELECT x.id, x.lang, x.layout NOT IN ('token', 'double_faced_token', 'emblem', 'art_series', 'planar', 'scheme', 'vanguard') AND row_number() OVER (
        PARTITION BY x.oracle_key, x.lang, x.layout NOT IN ('token', 'double_faced_token', 'emblem', 'art_series', 'planar', 'scheme', 'vanguard')
        ORDER BY x.released_at DESC NULLS LAST, x.id) = 1 AS first
      FROM card_search x WHERE x.oracle_key = ANY (touched)) f
    WHERE s.id = f.id AND s.lang = f.lang AND s.first_in_lang <> f.first;
    -- The printing each card whose printings the statement wrote or deleted shows, chosen again.
    DELETE FROM card_pick p WHERE p.oracle_key = ANY (touched);
    INSERT INTO card_pick (cmc, collector_sort, type_bits, color_bits, identity_bits, rarity_rank, shown, released_at, lang, layout, usd, eur, flags, oracle_key, id, name, set, collector_number, search_types, set_name, usd_foil, usd_etched, eur_foil, rarity_mask, usd_min, usd_max, usd_missing, eur_min, eur_max, eur_missing, flags_vary, search_rules, power_num, toughness_num, loyalty_num, keywords, mana_symbols, produced_mana)
    SELECT p.cmc, p.collector_sort, p.type_bits, p.color_bits, p.identity_bits, p.rarity_rank, p.shown, p.released_at, p.lang, p.layout, p.usd, p.eur, p.flags, p.oracle_key, p.id, p.name, p.set, p.collector_number, p.search_types, p.set_name, p.usd_foil, p.usd_etched, p.eur_foil, p.rarity_mask, p.usd_min, p.usd_max, p.usd_missing, p.eur_min, p.eur_max, p.eur_missing, p.flags_vary, c.search_rules, c.power_num, c.toughness_num, c.loyalty_num, c.keywords, c.mana_symbols, c.produced_mana
    FROM (SELECT DISTINCT ON (u.oracle_key) u.cmc, u.collector_sort, u.type_bits, u.color_bits, u.identity_bits, u.rarity_rank, u.shown, u.released_at, u.lang, u.layout, u.usd, u.eur, u.flags, u.oracle_key, u.id, u.name, u.set, u.collector_number, u.search_types, u.set_name, u.usd_foil, u.usd_etched, u.eur_foil,
        bit_or(1 << u.rarity_rank) OVER w AS rarity_mask, min(u.usd) OVER w AS usd_min, max(u.usd) OVER w AS usd_max, bool_or(u.usd IS NULL) OVER w AS usd_missing, min(u.eur) OVER w AS eur_min, max(u.eur) OVER w AS eur_max, bool_or(u.eur IS NULL) OVER w AS eur_missing,
        min(u.flags) OVER w IS DISTINCT FROM max(u.flags) OVER w AS flags_vary
      FROM (SELECT s.cmc, s.collector_sort, s.type_bits, s.color_bits, s.identity_bits, s.rarity_rank, s.shown, s.released_at, s.lang, s.layout, s.usd, s.eur, s.flags, s.oracle_key, s.id, s.name, s.set, s.collector_number, s.search_types, s.set_name, s.usd_foil, s.usd_etched, s.eur_foil FROM card_search s WHERE s.lang = 'en' AND s.layout NOT IN ('token', 'double_faced_token', 'emblem', 'art_series', 'planar', 'scheme', 'vanguard') AND s.oracle_key = ANY (touched)
        UNION ALL SELECT s.cmc, s.collector_sort, s.type_bits, s.color_bits, s.identity_bits, s.rarity_rank, s.shown, s.released_at, s.lang, s.layout, s.usd, s.eur, s.flags, s.oracle_key, s.id, s.name, s.set, s.collector_number, s.search_types, s.set_name, s.usd_foil, s.usd_etched, s.eur_foil FROM card_search s WHERE s.lang <> 'en' AND s.shown AND s.layout NOT IN ('token', 'double_faced_token', 'emblem', 'art_series', 'planar', 'scheme', 'vanguard') AND s.oracle_key = ANY (touched)) u
      WINDOW w AS (PARTITION BY u.oracle_key ORDER BY (u.lang = 'en') DESC, u.released_at DESC NULLS LAST, u.id
        ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
      ORDER BY u.oracle_key, (u.lang = 'en') DESC, u.released_at DESC NULLS LAST, u.id) p
    JOIN cards c ON c.id = p.id;
    -- The cards among them a printing of which differs in what card_pick copied from the pick's row.
    UPDATE card_pick p SET facts_vary = true
    WHERE p.oracle_key = ANY (touched) AND EXISTS (SELECT 1 FROM cards c WHERE c.oracle_id = p.oracle_key
      AND (c.power_num, c.toughness_num, c.loyalty_num, c.keywords, c.mana_symbols, c.produced_mana)
        IS DISTINCT FROM (p.power_num, p.toughness_num, p.loyalty_num, p.keywords, p.mana_symbols, p.produced_mana));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION card_search_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM card_pick;
  DELETE FROM card_search;
  INSERT INTO card_search (cmc, color_bits, identity_bits, type_bits, rarity_rank, collector_sort, id, name, set, collector_number, lang,
    search_types, usd, usd_foil, usd_etched, eur, eur_foil, set_name, oracle_key, released_at, layout, flags, shown, first_in_lang)
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
    || legality_flags(c.legalities),
    c.lang = 'en' OR NOT EXISTS (SELECT 1 FROM cards e WHERE coalesce(e.oracle_id, e.id) = coalesce(c.oracle_id, c.id) AND e.lang = 'en'),
    f.id IS NOT NULL
  FROM cards c
  LEFT JOIN (SELECT DISTINCT ON (coalesce(x.oracle_id, x.id), x.lang) x.id FROM cards x WHERE x.layout NOT IN ('token', 'double_faced_token', 'emblem', 'art_series', 'planar', 'scheme', 'vanguard')
    ORDER BY coalesce(x.oracle_id, x.id), x.lang, x.released_at DESC NULLS LAST, x.id) f ON f.id = c.id;
  INSERT INTO card_pick (cmc, collector_sort, type_bits, color_bits, identity_bits, rarity_rank, shown, released_at, lang, layout, usd, eur, flags, oracle_key, id, name, set, collector_number, search_types, set_name, usd_foil, usd_etched, eur_foil, rarity_mask, usd_min, usd_max, usd_missing, eur_min, eur_max, eur_missing, flags_vary, search_rules, power_num, toughness_num, loyalty_num, keywords, mana_symbols, produced_mana)
  SELECT p.cmc, p.collector_sort, p.type_bits, p.color_bits, p.identity_bits, p.rarity_rank, p.shown, p.released_at, p.lang, p.layout, p.usd, p.eur, p.flags, p.oracle_key, p.id, p.name, p.set, p.collector_number, p.search_types, p.set_name, p.usd_foil, p.usd_etched, p.eur_foil, p.rarity_mask, p.usd_min, p.usd_max, p.usd_missing, p.eur_min, p.eur_max, p.eur_missing, p.flags_vary, c.search_rules, c.power_num, c.toughness_num, c.loyalty_num, c.keywords, c.mana_symbols, c.produced_mana
  FROM (SELECT DISTINCT ON (u.oracle_key) u.cmc, u.collector_sort, u.type_bits, u.color_bits, u.identity_bits, u.rarity_rank, u.shown, u.released_at, u.lang, u.layout, u.usd, u.eur, u.flags, u.oracle_key, u.id, u.name, u.set, u.collector_number, u.search_types, u.set_name, u.usd_foil, u.usd_etched, u.eur_foil,
        bit_or(1 << u.rarity_rank) OVER w AS rarity_mask, min(u.usd) OVER w AS usd_min, max(u.usd) OVER w AS usd_max, bool_or(u.usd IS NULL) OVER w AS usd_missing, min(u.eur) OVER w AS eur_min, max(u.eur) OVER w AS eur_max, bool_or(u.eur IS NULL) OVER w AS eur_missing,
        min(u.flags) OVER w IS DISTINCT FROM max(u.flags) OVER w AS flags_vary
    FROM (SELECT s.cmc, s.collector_sort, s.type_bits, s.color_bits, s.identity_bits, s.rarity_rank, s.shown, s.released_at, s.lang, s.layout, s.usd, s.eur, s.flags, s.oracle_key, s.id, s.name, s.set, s.collector_number, s.search_types, s.set_name, s.usd_foil, s.usd_etched, s.eur_foil FROM card_search s WHERE s.lang = 'en' AND s.layout NOT IN ('token', 'double_faced_token', 'emblem', 'art_series', 'planar', 'scheme', 'vanguard')
      UNION ALL SELECT s.cmc, s.collector_sort, s.type_bits, s.color_bits, s.identity_bits, s.rarity_rank, s.shown, s.released_at, s.lang, s.layout, s.usd, s.eur, s.flags, s.oracle_key, s.id, s.name, s.set, s.collector_number, s.search_types, s.set_name, s.usd_foil, s.usd_etched, s.eur_foil FROM card_search s WHERE s.lang <> 'en' AND s.shown AND s.layout NOT IN ('token', 'double_faced_token', 'emblem', 'art_series', 'planar', 'scheme', 'vanguard')) u
    WINDOW w AS (PARTITION BY u.oracle_key ORDER BY (u.lang = 'en') DESC, u.released_at DESC NULLS LAST, u.id
        ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
      ORDER BY u.oracle_key, (u.lang = 'en') DESC, u.released_at DESC NULLS LAST, u.id) p
  JOIN cards c ON c.id = p.id;
  UPDATE card_pick p SET facts_vary = true
  WHERE EXISTS (SELECT 1 FROM cards c WHERE c.oracle_id = p.oracle_key
    AND (c.power_num, c.toughness_num, c.loyalty_num, c.keywords, c.mana_symbols, c.produced_mana)
      IS DISTINCT FROM (p.power_num, p.toughness_num, p.loyalty_num, p.keywords, p.mana_symbols, p.produced_mana));
END
$$;
--> statement-breakpoint
UPDATE card_pick p SET power_num = c.power_num, toughness_num = c.toughness_num, loyalty_num = c.loyalty_num,
  keywords = c.keywords, mana_symbols = c.mana_symbols, produced_mana = c.produced_mana
FROM cards c WHERE c.id = p.id;--> statement-breakpoint
UPDATE card_pick p SET facts_vary = true
WHERE EXISTS (SELECT 1 FROM cards c WHERE c.oracle_id = p.oracle_key
  AND (c.power_num, c.toughness_num, c.loyalty_num, c.keywords, c.mana_symbols, c.produced_mana)
    IS DISTINCT FROM (p.power_num, p.toughness_num, p.loyalty_num, p.keywords, p.mana_symbols, p.produced_mana));
