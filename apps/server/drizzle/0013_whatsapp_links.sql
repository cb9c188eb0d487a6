CREATE TABLE "whatsapp_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"pay_links_enabled" boolean DEFAULT true NOT NULL,
	"reminder_day" integer,
	"reminder_time" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "whatsapp_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "pay_link_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- One scheduled reminder run per round (month), whatever restarts or processes: the second insert fails (docs/domain.md, §9 "Scheduled reminders").
CREATE UNIQUE INDEX "background_jobs_reminder_round_uq" ON "background_jobs" ((payload->>'round')) WHERE "type" = 'whatsapp.reminders' AND payload ? 'round';
