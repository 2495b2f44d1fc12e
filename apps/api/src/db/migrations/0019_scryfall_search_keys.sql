ALTER TABLE "card_sets" ADD COLUMN "block_code" text;--> statement-breakpoint
ALTER TABLE "card_sets" ADD COLUMN "block" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "search_rules" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "search_flavor" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "mana_symbols" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "power_num" double precision;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "toughness_num" double precision;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "loyalty_num" double precision;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "produced_mana" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "watermark" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "games" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "promo_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "frame_effects" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "border_color" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "frame" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "set_type" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "illustration_id" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "edhrec_rank" integer;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "reserved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "reprint" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "promo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "digital" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "full_art" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "textless" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "oversized" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "booster" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "story_spotlight" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- What the existing rows already tell; the next catalogue import or sync fills in the rest.
UPDATE "cards" SET
  "search_rules" = "search_text",
  "mana_symbols" = coalesce(array(select upper(m[1]) from regexp_matches(coalesce("mana_cost", ''), '\{([^}]*)\}', 'g') as m), '{}'::text[]),
  "power_num" = case when "power" ~ '^-?[0-9]+(\.[0-9]+)?$' then "power"::double precision when "power" like '*%' then 0 end,
  "toughness_num" = case when "toughness" ~ '^-?[0-9]+(\.[0-9]+)?$' then "toughness"::double precision when "toughness" like '*%' then 0 end,
  "loyalty_num" = case when "loyalty" ~ '^-?[0-9]+(\.[0-9]+)?$' then "loyalty"::double precision when "loyalty" like '*%' then 0 end;
