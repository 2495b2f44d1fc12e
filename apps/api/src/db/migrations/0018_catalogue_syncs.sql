CREATE TABLE "catalogue_syncs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"cards" integer,
	"sets" integer,
	"bulk_updated_at" text,
	"message" text,
	CONSTRAINT "catalogue_syncs_trigger_check" CHECK ("catalogue_syncs"."trigger" in ('start', 'schedule', 'manual')),
	CONSTRAINT "catalogue_syncs_status_check" CHECK ("catalogue_syncs"."status" in ('running', 'ok', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "catalogue_syncs_started_idx" ON "catalogue_syncs" USING btree ("started_at");