-- A printing's legalities as card_search's codes, `4 × (position in the list) + status` (legal 0,
-- restricted 1, banned 2), ascending: one key lookup a format, written out in the list's order,
-- instead of a subquery that expanded every printing's legalities with jsonb_each_text, looked
-- each format up in an array and sorted them. The list is FLAG_FORMATS (card-search.ts), position
-- for position. An inlined SQL function: card_search_sync() and card_search_rebuild() call it, so
-- the two can no longer compute the codes differently. Over 110,000 printings on PostgreSQL:
-- 1.6-2.3 s -> 0.43 s for the codes of every printing, the same codes for each (compared).
CREATE FUNCTION legality_flags(legalities jsonb) RETURNS smallint[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_remove(ARRAY[
    CASE legalities->>'alchemy' WHEN 'legal' THEN 4 WHEN 'restricted' THEN 5 WHEN 'banned' THEN 6 END,
    CASE legalities->>'brawl' WHEN 'legal' THEN 8 WHEN 'restricted' THEN 9 WHEN 'banned' THEN 10 END,
    CASE legalities->>'commander' WHEN 'legal' THEN 12 WHEN 'restricted' THEN 13 WHEN 'banned' THEN 14 END,
    CASE legalities->>'duel' WHEN 'legal' THEN 16 WHEN 'restricted' THEN 17 WHEN 'banned' THEN 18 END,
    CASE legalities->>'explorer' WHEN 'legal' THEN 20 WHEN 'restricted' THEN 21 WHEN 'banned' THEN 22 END,
    CASE legalities->>'future' WHEN 'legal' THEN 24 WHEN 'restricted' THEN 25 WHEN 'banned' THEN 26 END,
    CASE legalities->>'gladiator' WHEN 'legal' THEN 28 WHEN 'restricted' THEN 29 WHEN 'banned' THEN 30 END,
    CASE legalities->>'historic' WHEN 'legal' THEN 32 WHEN 'restricted' THEN 33 WHEN 'banned' THEN 34 END,
    CASE legalities->>'historicbrawl' WHEN 'legal' THEN 36 WHEN 'restricted' THEN 37 WHEN 'banned' THEN 38 END,
    CASE legalities->>'legacy' WHEN 'legal' THEN 40 WHEN 'restricted' THEN 41 WHEN 'banned' THEN 42 END,
    CASE legalities->>'modern' WHEN 'legal' THEN 44 WHEN 'restricted' THEN 45 WHEN 'banned' THEN 46 END,
    CASE legalities->>'oathbreaker' WHEN 'legal' THEN 48 WHEN 'restricted' THEN 49 WHEN 'banned' THEN 50 END,
    CASE legalities->>'oldschool' WHEN 'legal' THEN 52 WHEN 'restricted' THEN 53 WHEN 'banned' THEN 54 END,
    CASE legalities->>'pauper' WHEN 'legal' THEN 56 WHEN 'restricted' THEN 57 WHEN 'banned' THEN 58 END,
    CASE legalities->>'paupercommander' WHEN 'legal' THEN 60 WHEN 'restricted' THEN 61 WHEN 'banned' THEN 62 END,
    CASE legalities->>'penny' WHEN 'legal' THEN 64 WHEN 'restricted' THEN 65 WHEN 'banned' THEN 66 END,
    CASE legalities->>'pioneer' WHEN 'legal' THEN 68 WHEN 'restricted' THEN 69 WHEN 'banned' THEN 70 END,
    CASE legalities->>'predh' WHEN 'legal' THEN 72 WHEN 'restricted' THEN 73 WHEN 'banned' THEN 74 END,
    CASE legalities->>'premodern' WHEN 'legal' THEN 76 WHEN 'restricted' THEN 77 WHEN 'banned' THEN 78 END,
    CASE legalities->>'standard' WHEN 'legal' THEN 80 WHEN 'restricted' THEN 81 WHEN 'banned' THEN 82 END,
    CASE legalities->>'standardbrawl' WHEN 'legal' THEN 84 WHEN 'restricted' THEN 85 WHEN 'banned' THEN 86 END,
    CASE legalities->>'timeless' WHEN 'legal' THEN 88 WHEN 'restricted' THEN 89 WHEN 'banned' THEN 90 END,
    CASE legalities->>'vintage' WHEN 'legal' THEN 92 WHEN 'restricted' THEN 93 WHEN 'banned' THEN 94 END
  ]::smallint[], NULL)
$$;--> statement-breakpoint
-- 0025's trigger function and rebuild, with the codes from legality_flags().
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
  -- The printing each card whose printings the statement wrote or deleted shows, chosen again.
  IF cardinality(touched) > 0 THEN
    DELETE FROM card_pick p WHERE p.oracle_key = ANY (touched);
    INSERT INTO card_pick (cmc, collector_sort, type_bits, color_bits, identity_bits, rarity_rank, shown, released_at, lang, layout, usd, eur, flags, oracle_key, id, name, set, collector_number, search_types, set_name, usd_foil, usd_etched, eur_foil, search_rules)
    SELECT p.cmc, p.collector_sort, p.type_bits, p.color_bits, p.identity_bits, p.rarity_rank, p.shown, p.released_at, p.lang, p.layout, p.usd, p.eur, p.flags, p.oracle_key, p.id, p.name, p.set, p.collector_number, p.search_types, p.set_name, p.usd_foil, p.usd_etched, p.eur_foil, c.search_rules
    FROM (SELECT DISTINCT ON (u.oracle_key) u.cmc, u.collector_sort, u.type_bits, u.color_bits, u.identity_bits, u.rarity_rank, u.shown, u.released_at, u.lang, u.layout, u.usd, u.eur, u.flags, u.oracle_key, u.id, u.name, u.set, u.collector_number, u.search_types, u.set_name, u.usd_foil, u.usd_etched, u.eur_foil
      FROM (SELECT s.cmc, s.collector_sort, s.type_bits, s.color_bits, s.identity_bits, s.rarity_rank, s.shown, s.released_at, s.lang, s.layout, s.usd, s.eur, s.flags, s.oracle_key, s.id, s.name, s.set, s.collector_number, s.search_types, s.set_name, s.usd_foil, s.usd_etched, s.eur_foil FROM card_search s WHERE s.lang = 'en' AND s.layout NOT IN ('token', 'double_faced_token', 'emblem', 'art_series', 'planar', 'scheme', 'vanguard') AND s.oracle_key = ANY (touched)
        UNION ALL SELECT s.cmc, s.collector_sort, s.type_bits, s.color_bits, s.identity_bits, s.rarity_rank, s.shown, s.released_at, s.lang, s.layout, s.usd, s.eur, s.flags, s.oracle_key, s.id, s.name, s.set, s.collector_number, s.search_types, s.set_name, s.usd_foil, s.usd_etched, s.eur_foil FROM card_search s WHERE s.lang <> 'en' AND s.shown AND s.layout NOT IN ('token', 'double_faced_token', 'emblem', 'art_series', 'planar', 'scheme', 'vanguard') AND s.oracle_key = ANY (touched)) u
      ORDER BY u.oracle_key, (u.lang = 'en') DESC, u.released_at DESC NULLS LAST, u.id) p
    JOIN cards c ON c.id = p.id;
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
    c.lang = 'en' OR NOT EXISTS (SELECT 1 FROM cards e WHERE coalesce(e.oracle_id, e.id) = coalesce(c.oracle_id, c.id) AND e.lang = 'en')
  FROM cards c;
  INSERT INTO card_pick (cmc, collector_sort, type_bits, color_bits, identity_bits, rarity_rank, shown, released_at, lang, layout, usd, eur, flags, oracle_key, id, name, set, collector_number, search_types, set_name, usd_foil, usd_etched, eur_foil, search_rules)
  SELECT p.cmc, p.collector_sort, p.type_bits, p.color_bits, p.identity_bits, p.rarity_rank, p.shown, p.released_at, p.lang, p.layout, p.usd, p.eur, p.flags, p.oracle_key, p.id, p.name, p.set, p.collector_number, p.search_types, p.set_name, p.usd_foil, p.usd_etched, p.eur_foil, c.search_rules
  FROM (SELECT DISTINCT ON (u.oracle_key) u.cmc, u.collector_sort, u.type_bits, u.color_bits, u.identity_bits, u.rarity_rank, u.shown, u.released_at, u.lang, u.layout, u.usd, u.eur, u.flags, u.oracle_key, u.id, u.name, u.set, u.collector_number, u.search_types, u.set_name, u.usd_foil, u.usd_etched, u.eur_foil
    FROM (SELECT s.cmc, s.collector_sort, s.type_bits, s.color_bits, s.identity_bits, s.rarity_rank, s.shown, s.released_at, s.lang, s.layout, s.usd, s.eur, s.flags, s.oracle_key, s.id, s.name, s.set, s.collector_number, s.search_types, s.set_name, s.usd_foil, s.usd_etched, s.eur_foil FROM card_search s WHERE s.lang = 'en' AND s.layout NOT IN ('token', 'double_faced_token', 'emblem', 'art_series', 'planar', 'scheme', 'vanguard')
      UNION ALL SELECT s.cmc, s.collector_sort, s.type_bits, s.color_bits, s.identity_bits, s.rarity_rank, s.shown, s.released_at, s.lang, s.layout, s.usd, s.eur, s.flags, s.oracle_key, s.id, s.name, s.set, s.collector_number, s.search_types, s.set_name, s.usd_foil, s.usd_etched, s.eur_foil FROM card_search s WHERE s.lang <> 'en' AND s.shown AND s.layout NOT IN ('token', 'double_faced_token', 'emblem', 'art_series', 'planar', 'scheme', 'vanguard')) u
    ORDER BY u.oracle_key, (u.lang = 'en') DESC, u.released_at DESC NULLS LAST, u.id) p
  JOIN cards c ON c.id = p.id;
END
$$;
