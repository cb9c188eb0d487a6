ALTER TABLE "members" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "parish_settings" ADD COLUMN "receipt_language" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_language_ck" CHECK ("language" IN ('en', 'ml', 'hi', 'ta'));--> statement-breakpoint
ALTER TABLE "parish_settings" ADD CONSTRAINT "parish_settings_receipt_language_ck" CHECK ("receipt_language" IN ('', 'ml', 'hi', 'ta'));
