-- The contract's value sets (packages/sdk/src/contract/values.ts) as CHECK constraints, generated from
-- the schema, which builds each enum column and its check from the same array (db/columns.ts).
-- Adding a constraint checks the rows already there: every one of these columns was only ever written
-- with values of its set (typed by the application), so an existing database takes them.
ALTER TABLE "deck_cards" ADD CONSTRAINT "deck_cards_board_check" CHECK ("deck_cards"."board" in ('main', 'side', 'commander', 'companion', 'maybe'));--> statement-breakpoint
ALTER TABLE "exchange_codes" ADD CONSTRAINT "exchange_codes_type_check" CHECK ("exchange_codes"."type" in ('google', 'apple', 'password'));--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_status_check" CHECK ("friendships"."status" in ('pending', 'accepted'));--> statement-breakpoint
ALTER TABLE "game_players" ADD CONSTRAINT "game_players_result_check" CHECK ("game_players"."result" in ('win', 'loss', 'draw'));--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_target_type_check" CHECK ("notes"."target_type" in ('game', 'set'));--> statement-breakpoint
ALTER TABLE "playgroup_members" ADD CONSTRAINT "playgroup_members_role_check" CHECK ("playgroup_members"."role" in ('owner', 'admin', 'member'));--> statement-breakpoint
ALTER TABLE "playgroup_members" ADD CONSTRAINT "playgroup_members_status_check" CHECK ("playgroup_members"."status" in ('invited', 'active'));--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_kind_check" CHECK ("sessions"."kind" in ('session', 'streaming'));--> statement-breakpoint
ALTER TABLE "taggings" ADD CONSTRAINT "taggings_target_type_check" CHECK ("taggings"."target_type" in ('game', 'set'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_provider_check" CHECK ("users"."provider" in ('google', 'apple', 'password', 'other'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'fr'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_currency_check" CHECK ("users"."currency" in ('usd', 'eur'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_visibility_check" CHECK ("users"."profile_visibility" in ('public', 'friends', 'private'));--> statement-breakpoint
ALTER TABLE "card_lists" ADD CONSTRAINT "card_lists_type_check" CHECK ("card_lists"."type" in ('collection', 'wishlist', 'trade', 'custom'));--> statement-breakpoint
ALTER TABLE "card_migrations" ADD CONSTRAINT "card_migrations_strategy_check" CHECK ("card_migrations"."strategy" in ('merge', 'delete'));--> statement-breakpoint
ALTER TABLE "list_entries" ADD CONSTRAINT "list_entries_finish_check" CHECK ("list_entries"."finish" in ('nonfoil', 'foil', 'etched'));--> statement-breakpoint
ALTER TABLE "list_revisions" ADD CONSTRAINT "list_revisions_action_check" CHECK ("list_revisions"."action" in ('create', 'add', 'remove', 'move-in', 'move-out', 'replace', 'update', 'import', 'revert', 'rename'));
