-- card_search's printings in other languages than English, one partition a language Scryfall
-- prints in (the rarer ones together in card_search_other, as all of them were since 0023). A search
-- with `lang:ja` read every non-English printing to keep the Japanese ones: over all_cards (500,000
-- printings, 390,000 not in English) a scan of 105 MB for 44,000 rows (p95 88 ms). A search
-- without `lang:` still reads the English partition, and the others' rows `card_search_alone`
-- lists. The rows are written once, into new tables, then attached: the statement triggers on
-- card_search (entry_search) stay unfired, as the rows do not change; the indexes are built on
-- each table as it is attached.
ALTER TABLE card_search DETACH PARTITION card_search_other;--> statement-breakpoint
ALTER TABLE card_search_other RENAME TO card_search_moved;--> statement-breakpoint
CREATE TABLE card_search_es (LIKE card_search INCLUDING DEFAULTS INCLUDING CONSTRAINTS);--> statement-breakpoint
CREATE TABLE card_search_fr (LIKE card_search INCLUDING DEFAULTS INCLUDING CONSTRAINTS);--> statement-breakpoint
CREATE TABLE card_search_de (LIKE card_search INCLUDING DEFAULTS INCLUDING CONSTRAINTS);--> statement-breakpoint
CREATE TABLE card_search_it (LIKE card_search INCLUDING DEFAULTS INCLUDING CONSTRAINTS);--> statement-breakpoint
CREATE TABLE card_search_pt (LIKE card_search INCLUDING DEFAULTS INCLUDING CONSTRAINTS);--> statement-breakpoint
CREATE TABLE card_search_ja (LIKE card_search INCLUDING DEFAULTS INCLUDING CONSTRAINTS);--> statement-breakpoint
CREATE TABLE card_search_ko (LIKE card_search INCLUDING DEFAULTS INCLUDING CONSTRAINTS);--> statement-breakpoint
CREATE TABLE card_search_ru (LIKE card_search INCLUDING DEFAULTS INCLUDING CONSTRAINTS);--> statement-breakpoint
CREATE TABLE card_search_zhs (LIKE card_search INCLUDING DEFAULTS INCLUDING CONSTRAINTS);--> statement-breakpoint
CREATE TABLE card_search_zht (LIKE card_search INCLUDING DEFAULTS INCLUDING CONSTRAINTS);--> statement-breakpoint
CREATE TABLE card_search_other (LIKE card_search INCLUDING DEFAULTS INCLUDING CONSTRAINTS);--> statement-breakpoint
INSERT INTO card_search_es SELECT * FROM card_search_moved WHERE lang = 'es';--> statement-breakpoint
INSERT INTO card_search_fr SELECT * FROM card_search_moved WHERE lang = 'fr';--> statement-breakpoint
INSERT INTO card_search_de SELECT * FROM card_search_moved WHERE lang = 'de';--> statement-breakpoint
INSERT INTO card_search_it SELECT * FROM card_search_moved WHERE lang = 'it';--> statement-breakpoint
INSERT INTO card_search_pt SELECT * FROM card_search_moved WHERE lang = 'pt';--> statement-breakpoint
INSERT INTO card_search_ja SELECT * FROM card_search_moved WHERE lang = 'ja';--> statement-breakpoint
INSERT INTO card_search_ko SELECT * FROM card_search_moved WHERE lang = 'ko';--> statement-breakpoint
INSERT INTO card_search_ru SELECT * FROM card_search_moved WHERE lang = 'ru';--> statement-breakpoint
INSERT INTO card_search_zhs SELECT * FROM card_search_moved WHERE lang = 'zhs';--> statement-breakpoint
INSERT INTO card_search_zht SELECT * FROM card_search_moved WHERE lang = 'zht';--> statement-breakpoint
INSERT INTO card_search_other SELECT * FROM card_search_moved WHERE lang NOT IN ('es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'ru', 'zhs', 'zht');--> statement-breakpoint
DROP TABLE card_search_moved;--> statement-breakpoint
ALTER TABLE card_search ATTACH PARTITION card_search_es FOR VALUES IN ('es');--> statement-breakpoint
ALTER TABLE card_search ATTACH PARTITION card_search_fr FOR VALUES IN ('fr');--> statement-breakpoint
ALTER TABLE card_search ATTACH PARTITION card_search_de FOR VALUES IN ('de');--> statement-breakpoint
ALTER TABLE card_search ATTACH PARTITION card_search_it FOR VALUES IN ('it');--> statement-breakpoint
ALTER TABLE card_search ATTACH PARTITION card_search_pt FOR VALUES IN ('pt');--> statement-breakpoint
ALTER TABLE card_search ATTACH PARTITION card_search_ja FOR VALUES IN ('ja');--> statement-breakpoint
ALTER TABLE card_search ATTACH PARTITION card_search_ko FOR VALUES IN ('ko');--> statement-breakpoint
ALTER TABLE card_search ATTACH PARTITION card_search_ru FOR VALUES IN ('ru');--> statement-breakpoint
ALTER TABLE card_search ATTACH PARTITION card_search_zhs FOR VALUES IN ('zhs');--> statement-breakpoint
ALTER TABLE card_search ATTACH PARTITION card_search_zht FOR VALUES IN ('zht');--> statement-breakpoint
ALTER TABLE card_search ATTACH PARTITION card_search_other DEFAULT;
