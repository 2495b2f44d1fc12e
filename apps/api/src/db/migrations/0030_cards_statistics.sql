-- No planner statistics for the cards columns no search filters on, or only through an expression
-- whose estimate they cannot inform (`legalities ->> 'modern'`): the card's faces, legalities and
-- image addresses (wide JSON), its Scryfall address and the import's timestamps. ANALYZE read and
-- summarised them for nothing: after a first import of 110,000 printings, `analyze cards` took
-- 2.7-2.9 s with them, 2.1-2.3 s without.
ALTER TABLE "cards" ALTER COLUMN "card_faces" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "cards" ALTER COLUMN "legalities" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "cards" ALTER COLUMN "image_uris" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "cards" ALTER COLUMN "scryfall_uri" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "cards" ALTER COLUMN "updated_at" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "cards" ALTER COLUMN "prices_updated_at" SET STATISTICS 0;
