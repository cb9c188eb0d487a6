-- Hand-written (issue 28 item 7, decision 0126; docs/domain.md, "Wards"). A ward (or "family unit",
-- as the parish chooses to call it: parish_settings.ward_label) groups members of one parish. Keys
-- lead with parish_id (docs/parishes.md); the plain lookup indexes serve lookups that do not name
-- their parish yet (migration 0026). A ward with members cannot be deleted (ON DELETE restrict).
CREATE TABLE "wards" (
	"parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wards_pkey" PRIMARY KEY("parish_id","id")
);--> statement-breakpoint
ALTER TABLE "wards" ADD CONSTRAINT "wards_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
CREATE UNIQUE INDEX "wards_name_uq" ON "wards" USING btree ("parish_id", lower("name"));--> statement-breakpoint
CREATE INDEX "wards_name_lookup_idx" ON "wards" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "wards_id_lookup_idx" ON "wards" USING btree ("id");--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "ward_id" uuid;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_ward_id_wards_id_fk" FOREIGN KEY ("parish_id", "ward_id") REFERENCES "wards"("parish_id", "id") ON DELETE restrict;--> statement-breakpoint
CREATE INDEX "members_ward_idx" ON "members" USING btree ("ward_id") WHERE "ward_id" is not null;--> statement-breakpoint
ALTER TABLE "parish_settings" ADD COLUMN "ward_label" text DEFAULT 'ward' NOT NULL;--> statement-breakpoint
ALTER TABLE "parish_settings" ADD CONSTRAINT "parish_settings_ward_label_check" CHECK ("ward_label" in ('ward', 'family_unit'));
