DROP INDEX "members_name_trgm_idx";--> statement-breakpoint
DROP INDEX "members_mobile_trgm_idx";--> statement-breakpoint
DROP INDEX "members_parish_number_trgm_idx";--> statement-breakpoint
DROP INDEX "members_location_trgm_idx";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || mobile || ' ' || parish_number || ' ' || coalesce(current_location, ''))) STORED;--> statement-breakpoint
CREATE INDEX "members_search_text_trgm_idx" ON "members" USING gin ("search_text" gin_trgm_ops);