DROP INDEX "games_playgroup";--> statement-breakpoint
CREATE INDEX "games_playgroup_newest" ON "games" USING btree ("playgroup_id","played_at","created_at","id");--> statement-breakpoint
CREATE INDEX "games_created_by_newest" ON "games" USING btree ("created_by","played_at","created_at","id");