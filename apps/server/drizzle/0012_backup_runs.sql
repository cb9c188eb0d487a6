CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"bytes" bigint NOT NULL,
	"duration_ms" integer NOT NULL,
	"encrypted" boolean NOT NULL,
	"copied" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backup_runs" ADD CONSTRAINT "backup_runs_kind_check" CHECK ("kind" IN ('daily', 'manual'));
