-- Deck sharing. Every existing deck becomes `public`: listed on its owner's profile for whoever may
-- see that profile, exactly as before, so nothing visible disappears. Each deck gets its own share
-- token (a volatile default: computed per row); the share link only works once the owner hands it
-- out, so nothing private leaks.
ALTER TABLE "decks" ADD COLUMN "visibility" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "decks" ADD COLUMN "share_token" text DEFAULT rtrim(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/', '-_'), '=') NOT NULL;--> statement-breakpoint
ALTER TABLE "decks" ADD CONSTRAINT "decks_share_token_unique" UNIQUE("share_token");--> statement-breakpoint
ALTER TABLE "decks" ADD CONSTRAINT "decks_visibility_check" CHECK ("decks"."visibility" in ('private', 'unlisted', 'public'));