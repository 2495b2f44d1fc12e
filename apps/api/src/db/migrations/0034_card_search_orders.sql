-- card_search's English printings in the default order, and by each price with rarity and layout
-- (see cardSearch in db/catalogue.ts): a `unique=prints` search walks the first to its page, and
-- counts a price (and rarity) search in the others alone.
CREATE INDEX "card_search_name" ON "card_search" USING btree ("name","released_at" DESC NULLS LAST,"id") WHERE "card_search"."lang" = 'en';--> statement-breakpoint
CREATE INDEX "card_search_usd" ON "card_search" USING btree ("usd","rarity_rank","layout") WHERE "card_search"."lang" = 'en';--> statement-breakpoint
CREATE INDEX "card_search_eur" ON "card_search" USING btree ("eur","rarity_rank","layout") WHERE "card_search"."lang" = 'en';