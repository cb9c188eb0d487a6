-- Hand-written (issue 28 item 4, decision 0135; docs/parishes.md, "Time zone and languages"). A
-- parish's time zone and the member languages it offers are chosen on its Settings page.
-- parish_timezone.chosen_at: when an admin chose the zone on Settings (null while it is the
-- install's PARISH_TIMEZONE, which start-up may then still set). parish_settings.member_languages:
-- the languages the parish offers its members (at least one of en, ml, hi, ta);
-- parish_settings.default_language: the language of a member with no saved choice, one of them.
ALTER TABLE "parish_timezone" ADD COLUMN "chosen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parish_settings" ADD COLUMN "member_languages" text[] DEFAULT '{en,ml,hi,ta}' NOT NULL;--> statement-breakpoint
ALTER TABLE "parish_settings" ADD COLUMN "default_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "parish_settings" ADD CONSTRAINT "parish_settings_member_languages_check" CHECK (
	cardinality("member_languages") >= 1 AND "member_languages" <@ ARRAY['en', 'ml', 'hi', 'ta']::text[]);--> statement-breakpoint
ALTER TABLE "parish_settings" ADD CONSTRAINT "parish_settings_default_language_check" CHECK (
	"default_language" = ANY ("member_languages"));
