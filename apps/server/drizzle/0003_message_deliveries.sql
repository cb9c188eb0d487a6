CREATE TABLE "message_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"recipient" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"message_id" text,
	"error_code" text,
	"error_message" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_job_id_background_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."background_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_deliveries_job_member_uq" ON "message_deliveries" USING btree ("job_id","member_id","kind") WHERE "message_deliveries"."job_id" is not null;--> statement-breakpoint
CREATE INDEX "message_deliveries_message_id_idx" ON "message_deliveries" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "message_deliveries_member_created_idx" ON "message_deliveries" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "message_deliveries_job_status_idx" ON "message_deliveries" USING btree ("job_id","status");