-- Hand-written (issue 30 item 8, decision 0148; docs/domain.md, "Donations under section 80G").
-- payment_heads.is_donation: money received under the head is a donation (80G lines on its
-- receipts, rows of the Form 10BD export). parish_settings.trust_*: the parish trust's 80G
-- registration as the Income-tax department issued it (the trust's name and PAN, the 80G
-- registration number (URN), the dates it is valid from and to; '' / null while not set).
-- members.pan: the donor's PAN when the member gave it (upper case, checked format); null when not.
-- Every column sits in an existing parish-owned table: keys and row-level security are unchanged.
ALTER TABLE "payment_heads" ADD COLUMN "is_donation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "parish_settings" ADD COLUMN "trust_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "parish_settings" ADD COLUMN "trust_pan" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "parish_settings" ADD COLUMN "registration_80g" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "parish_settings" ADD COLUMN "registration_80g_from" date;--> statement-breakpoint
ALTER TABLE "parish_settings" ADD COLUMN "registration_80g_to" date;--> statement-breakpoint
ALTER TABLE "parish_settings" ADD CONSTRAINT "parish_settings_registration_80g_dates_check" CHECK (
	"registration_80g_from" IS NULL OR "registration_80g_to" IS NULL OR "registration_80g_from" <= "registration_80g_to");--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "pan" text;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_pan_check" CHECK (
	"pan" IS NULL OR "pan" ~ '^[A-Z]{3}[PCHFATBLJG][A-Z][0-9]{4}[A-Z]$');
