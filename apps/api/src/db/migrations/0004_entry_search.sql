CREATE TABLE "entry_search" (
	"list_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY NOT NULL,
	"cmc" double precision NOT NULL,
	"collector_sort" bigint NOT NULL,
	"type_bits" integer NOT NULL,
	"color_bits" smallint NOT NULL,
	"identity_bits" smallint NOT NULL,
	"rarity_rank" smallint NOT NULL,
	"name" text NOT NULL,
	"set" text NOT NULL,
	"collector_number" text NOT NULL,
	"finish" text NOT NULL,
	"language" text NOT NULL,
	"lang" text NOT NULL,
	"card_id" text NOT NULL,
	"search_types" text NOT NULL,
	"search_name" text NOT NULL,
	"features" integer[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "entry_search_list" ON "entry_search" USING btree ("list_id","name");--> statement-breakpoint
CREATE INDEX "entry_search_card" ON "entry_search" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "entry_search_features" ON "entry_search" USING gin ("features");--> statement-breakpoint
CREATE INDEX "entry_search_name" ON "entry_search" USING gin ("search_name" gin_trgm_ops);
--> statement-breakpoint
-- Keeps entry_search (src/db/catalogue.ts) equal to its entries joined to their printings'
-- card_search rows, for the given entries: upserts the resolved ones (writing only rows that
-- change) and deletes the others' rows. The features codes are ENTRY_FEATURES in
-- src/services/card-search.ts: type word i is 1 + i, colour bit j 100 + j, identity bit j
-- 200 + j, rarity 300 + rank, mana value 400 + floor(mv) (20 for 20 and more). The bits are
-- written out one by one: ARRAY(SELECT 1 + i FROM generate_series(0, 17) i WHERE ...) reads
-- better but computes twice as slowly (3.1 against 1.5 us a row on PGlite, 1.8 against 1.1 on
-- PostgreSQL), in a function every write of an entry or a printing runs.
CREATE FUNCTION entry_search_refresh(entry_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO entry_search AS es (list_id, id, cmc, collector_sort, type_bits, color_bits, identity_bits, rarity_rank,
    name, set, collector_number, finish, language, lang, card_id, search_types, search_name, features)
  SELECT e.list_id, e.id, s.cmc, s.collector_sort, s.type_bits, s.color_bits, s.identity_bits, s.rarity_rank,
    s.name, s.set, s.collector_number, e.finish, e.language, s.lang, e.card_id, s.search_types, c.search_name,
    array_remove(ARRAY[CASE WHEN s.type_bits & 1 <> 0 THEN 1 END, CASE WHEN s.type_bits & 2 <> 0 THEN 2 END, CASE WHEN s.type_bits & 4 <> 0 THEN 3 END, CASE WHEN s.type_bits & 8 <> 0 THEN 4 END, CASE WHEN s.type_bits & 16 <> 0 THEN 5 END, CASE WHEN s.type_bits & 32 <> 0 THEN 6 END,
      CASE WHEN s.type_bits & 64 <> 0 THEN 7 END, CASE WHEN s.type_bits & 128 <> 0 THEN 8 END, CASE WHEN s.type_bits & 256 <> 0 THEN 9 END, CASE WHEN s.type_bits & 512 <> 0 THEN 10 END, CASE WHEN s.type_bits & 1024 <> 0 THEN 11 END, CASE WHEN s.type_bits & 2048 <> 0 THEN 12 END,
      CASE WHEN s.type_bits & 4096 <> 0 THEN 13 END, CASE WHEN s.type_bits & 8192 <> 0 THEN 14 END, CASE WHEN s.type_bits & 16384 <> 0 THEN 15 END, CASE WHEN s.type_bits & 32768 <> 0 THEN 16 END, CASE WHEN s.type_bits & 65536 <> 0 THEN 17 END, CASE WHEN s.type_bits & 131072 <> 0 THEN 18 END,
      CASE WHEN s.color_bits & 1 <> 0 THEN 100 END, CASE WHEN s.color_bits & 2 <> 0 THEN 101 END, CASE WHEN s.color_bits & 4 <> 0 THEN 102 END, CASE WHEN s.color_bits & 8 <> 0 THEN 103 END, CASE WHEN s.color_bits & 16 <> 0 THEN 104 END,
      CASE WHEN s.identity_bits & 1 <> 0 THEN 200 END, CASE WHEN s.identity_bits & 2 <> 0 THEN 201 END, CASE WHEN s.identity_bits & 4 <> 0 THEN 202 END, CASE WHEN s.identity_bits & 8 <> 0 THEN 203 END, CASE WHEN s.identity_bits & 16 <> 0 THEN 204 END], NULL)
      || ARRAY[300 + s.rarity_rank, 400 + least(floor(s.cmc), 20)::int]
  FROM unnest(entry_ids) AS u(id)
  JOIN list_entries e ON e.id = u.id
  JOIN card_search s ON s.id = e.card_id
  JOIN cards c ON c.id = e.card_id
  ON CONFLICT (id) DO UPDATE SET list_id = excluded.list_id, cmc = excluded.cmc,
    collector_sort = excluded.collector_sort, type_bits = excluded.type_bits, color_bits = excluded.color_bits,
    identity_bits = excluded.identity_bits, rarity_rank = excluded.rarity_rank, name = excluded.name,
    set = excluded.set, collector_number = excluded.collector_number, finish = excluded.finish,
    language = excluded.language, lang = excluded.lang, card_id = excluded.card_id,
    search_types = excluded.search_types, search_name = excluded.search_name, features = excluded.features
  WHERE (es.list_id, es.cmc, es.collector_sort, es.type_bits, es.color_bits, es.identity_bits, es.rarity_rank,
      es.name, es.set, es.collector_number, es.finish, es.language, es.lang, es.card_id, es.search_types,
      es.search_name, es.features)
    IS DISTINCT FROM (excluded.list_id, excluded.cmc, excluded.collector_sort, excluded.type_bits,
      excluded.color_bits, excluded.identity_bits, excluded.rarity_rank, excluded.name, excluded.set,
      excluded.collector_number, excluded.finish, excluded.language, excluded.lang, excluded.card_id,
      excluded.search_types, excluded.search_name, excluded.features);
  -- Entries that lost their printing (unresolved again, or the printing was deleted).
  DELETE FROM entry_search es USING unnest(entry_ids) AS u(id)
  WHERE es.id = u.id AND NOT EXISTS (
    SELECT 1 FROM list_entries e JOIN card_search s ON s.id = e.card_id WHERE e.id = es.id);
END
$$;--> statement-breakpoint
CREATE FUNCTION entry_search_entries_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM entry_search es USING old_entries o WHERE es.id = o.id;
  ELSE
    PERFORM entry_search_refresh(ARRAY(SELECT n.id FROM new_entries n));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION entry_search_cards_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM entry_search es USING old_search o WHERE es.card_id = o.id;
  ELSE
    PERFORM entry_search_refresh(ARRAY(
      SELECT e.id FROM new_search n JOIN list_entries e ON e.card_id = n.id));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER entry_search_insert AFTER INSERT ON list_entries REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION entry_search_entries_sync();--> statement-breakpoint
CREATE TRIGGER entry_search_update AFTER UPDATE ON list_entries REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION entry_search_entries_sync();--> statement-breakpoint
CREATE TRIGGER entry_search_delete AFTER DELETE ON list_entries REFERENCING OLD TABLE AS old_entries
  FOR EACH STATEMENT EXECUTE FUNCTION entry_search_entries_sync();--> statement-breakpoint
CREATE TRIGGER entry_search_card_insert AFTER INSERT ON card_search REFERENCING NEW TABLE AS new_search
  FOR EACH STATEMENT EXECUTE FUNCTION entry_search_cards_sync();--> statement-breakpoint
CREATE TRIGGER entry_search_card_update AFTER UPDATE ON card_search REFERENCING NEW TABLE AS new_search
  FOR EACH STATEMENT EXECUTE FUNCTION entry_search_cards_sync();--> statement-breakpoint
CREATE TRIGGER entry_search_card_delete AFTER DELETE ON card_search REFERENCING OLD TABLE AS old_search
  FOR EACH STATEMENT EXECUTE FUNCTION entry_search_cards_sync();--> statement-breakpoint
SELECT entry_search_refresh(ARRAY(SELECT e.id FROM list_entries e WHERE e.card_id IS NOT NULL));
