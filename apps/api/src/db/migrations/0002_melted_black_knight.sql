DROP INDEX "list_entries_card";--> statement-breakpoint
CREATE INDEX "cards_search_types" ON "cards" USING gin ("search_types" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cards_colors" ON "cards" USING gin ("colors");--> statement-breakpoint
CREATE INDEX "cards_cmc" ON "cards" USING btree ("cmc");--> statement-breakpoint
CREATE INDEX "list_entries_card" ON "list_entries" USING btree ("card_id","list_id");