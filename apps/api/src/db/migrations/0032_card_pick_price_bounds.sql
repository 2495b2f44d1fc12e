-- card_pick's bounds get indexes (see cardPick in db/catalogue.ts). The prices', with the pick's own
-- price and the card: the cards whose other printings may match a price leaf (`usd_max >= 10 and
-- not usd >= 10`) and the count of a search the bounds answer exactly are read from these alone,
-- where card_pick was read whole. The rarities' mask: a rarity leaf's bounds list the masks with
-- its bits.
CREATE INDEX "card_pick_usd_max" ON "card_pick" USING btree ("usd_max","usd","oracle_key");--> statement-breakpoint
CREATE INDEX "card_pick_usd_min" ON "card_pick" USING btree ("usd_min","usd","oracle_key");--> statement-breakpoint
CREATE INDEX "card_pick_eur_max" ON "card_pick" USING btree ("eur_max","eur","oracle_key");--> statement-breakpoint
CREATE INDEX "card_pick_eur_min" ON "card_pick" USING btree ("eur_min","eur","oracle_key");--> statement-breakpoint
CREATE INDEX "card_pick_rarity" ON "card_pick" USING btree ("rarity_mask");