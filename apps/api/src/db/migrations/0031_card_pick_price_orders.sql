CREATE INDEX "card_pick_usd" ON "card_pick" USING btree ("usd","name","id");--> statement-breakpoint
CREATE INDEX "card_pick_eur" ON "card_pick" USING btree ("eur","name","id");