ALTER TABLE "cards" ADD COLUMN "mtgo_id" integer;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "mtgo_foil_id" integer;--> statement-breakpoint
CREATE INDEX "cards_mtgo_id" ON "cards" USING btree ("mtgo_id") WHERE "cards"."mtgo_id" is not null;--> statement-breakpoint
CREATE INDEX "cards_mtgo_foil_id" ON "cards" USING btree ("mtgo_foil_id") WHERE "cards"."mtgo_foil_id" is not null;