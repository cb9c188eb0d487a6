-- The member list shows a member's WhatsApp opt-out (issue 15), so changing it must give the
-- members table a new data version, as the other listed columns do (0006_data_versions.sql):
-- otherwise a cached member list page would keep showing the old flag.
DROP TRIGGER IF EXISTS "members_version_bump" ON "members";--> statement-breakpoint
CREATE TRIGGER "members_version_bump" BEFORE INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF "is_active", "name", "mobile", "parish_number", "current_location", "alternate_contact", "email", "address", "whatsapp_opt_out"
  ON "members" FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"();
