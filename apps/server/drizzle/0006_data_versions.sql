CREATE TABLE "data_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" uuid DEFAULT gen_random_uuid() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "members_active_parish_number_idx" ON "members" USING btree ("is_active","parish_number");--> statement-breakpoint
CREATE INDEX "members_active_location_idx" ON "members" USING btree ("is_active","current_location");--> statement-breakpoint
INSERT INTO "data_versions" ("name") VALUES ('members'), ('payments') ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A new version for the written table, in the writing transaction (see schema/data-versions.ts).
-- The services lock these rows first in every transaction that writes these tables
-- (src/db/data-versions.ts), so that waiting for one never happens while holding row locks.
CREATE OR REPLACE FUNCTION "data_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO "data_versions" ("name", "version") VALUES (TG_TABLE_NAME, gen_random_uuid())
  ON CONFLICT ("name") DO UPDATE SET "version" = excluded."version";
  RETURN NULL;
END
$fn$;--> statement-breakpoint
-- The columns the member list shows or filters on (search_text is generated from these); not
-- passwords, token versions or updated_at, which sign-ins and password changes write.
CREATE TRIGGER "members_version_bump" BEFORE INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF "is_active", "name", "mobile", "parish_number", "current_location", "alternate_contact", "email", "address"
  ON "members" FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"();--> statement-breakpoint
-- Assignments (the member list's selectedParticulars): not collections or online settling, which
-- update status and amounts only.
CREATE TRIGGER "payments_version_bump" BEFORE INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF "member_id", "payment_head_id", "created_at"
  ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"();
