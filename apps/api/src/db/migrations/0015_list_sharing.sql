ALTER TABLE "card_lists" ADD COLUMN "sharing" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
CREATE INDEX "card_lists_shared" ON "card_lists" USING btree ("owner_id") WHERE "card_lists"."sharing" <> 'private';--> statement-breakpoint
ALTER TABLE "card_lists" ADD CONSTRAINT "card_lists_sharing_check" CHECK ("card_lists"."sharing" in ('private', 'friends'));