CREATE TABLE "card_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_migrations" (
	"id" text PRIMARY KEY NOT NULL,
	"old_scryfall_id" text NOT NULL,
	"new_scryfall_id" text,
	"strategy" text NOT NULL,
	"performed_at" date,
	"note" text,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "card_prices" (
	"card_id" text NOT NULL,
	"date" date NOT NULL,
	"usd" numeric(12, 2),
	"usd_foil" numeric(12, 2),
	"usd_etched" numeric(12, 2),
	"eur" numeric(12, 2),
	"eur_foil" numeric(12, 2),
	"tix" numeric(12, 2),
	CONSTRAINT "card_prices_card_id_date_pk" PRIMARY KEY("card_id","date")
);
--> statement-breakpoint
CREATE TABLE "card_sets" (
	"code" text PRIMARY KEY NOT NULL,
	"scryfall_id" text,
	"name" text NOT NULL,
	"set_type" text DEFAULT 'unknown' NOT NULL,
	"released_at" date,
	"card_count" integer DEFAULT 0 NOT NULL,
	"parent_set_code" text,
	"icon_svg_uri" text,
	"digital" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" text PRIMARY KEY NOT NULL,
	"oracle_id" text,
	"name" text NOT NULL,
	"printed_name" text,
	"lang" text NOT NULL,
	"set" text NOT NULL,
	"set_name" text NOT NULL,
	"collector_number" text NOT NULL,
	"rarity" text NOT NULL,
	"layout" text NOT NULL,
	"mana_cost" text,
	"cmc" double precision DEFAULT 0 NOT NULL,
	"type_line" text,
	"oracle_text" text,
	"printed_text" text,
	"power" text,
	"toughness" text,
	"loyalty" text,
	"colors" text[] DEFAULT '{}'::text[] NOT NULL,
	"has_colors" boolean DEFAULT true NOT NULL,
	"color_identity" text[] DEFAULT '{}'::text[] NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"finishes" text[] DEFAULT '{}'::text[] NOT NULL,
	"game_changer" boolean DEFAULT false NOT NULL,
	"legalities" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_uris" jsonb,
	"card_faces" jsonb,
	"usd" numeric(12, 2),
	"usd_foil" numeric(12, 2),
	"usd_etched" numeric(12, 2),
	"eur" numeric(12, 2),
	"eur_foil" numeric(12, 2),
	"tix" numeric(12, 2),
	"prices_updated_at" timestamp with time zone,
	"released_at" date,
	"artist" text,
	"scryfall_uri" text,
	"search_name" text NOT NULL,
	"name_keys" text[] NOT NULL,
	"search_types" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"card_id" text,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"finish" text NOT NULL,
	"condition" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"purchase_price" numeric(12, 2),
	"purchase_currency" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"unresolved" jsonb,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"author_id" uuid,
	"action" text NOT NULL,
	"summary" text NOT NULL,
	"delta" jsonb NOT NULL,
	"snapshot" jsonb,
	"reverted_to" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_lists" ADD CONSTRAINT "card_lists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_entries" ADD CONSTRAINT "list_entries_list_id_card_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "card_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_revisions" ADD CONSTRAINT "list_revisions_list_id_card_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "card_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_revisions" ADD CONSTRAINT "list_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_lists_owner" ON "card_lists" USING btree ("owner_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "card_lists_one_default" ON "card_lists" USING btree ("owner_id") WHERE "card_lists"."is_default";--> statement-breakpoint
CREATE INDEX "card_prices_date" ON "card_prices" USING btree ("date");--> statement-breakpoint
CREATE INDEX "cards_set_number" ON "cards" USING btree ("set","collector_number","lang");--> statement-breakpoint
CREATE INDEX "cards_oracle" ON "cards" USING btree ("oracle_id","released_at");--> statement-breakpoint
CREATE INDEX "cards_search_name" ON "cards" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cards_name_keys" ON "cards" USING gin ("name_keys");--> statement-breakpoint
CREATE INDEX "cards_game_changer" ON "cards" USING btree ("id") WHERE "cards"."game_changer";--> statement-breakpoint
CREATE UNIQUE INDEX "list_entries_identity" ON "list_entries" USING btree ("list_id","card_id","finish","condition","language") WHERE "list_entries"."card_id" is not null;--> statement-breakpoint
CREATE INDEX "list_entries_list" ON "list_entries" USING btree ("list_id","added_at");--> statement-breakpoint
CREATE INDEX "list_entries_card" ON "list_entries" USING btree ("card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "list_revisions_number" ON "list_revisions" USING btree ("list_id","number");