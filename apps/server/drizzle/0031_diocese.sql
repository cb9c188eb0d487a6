-- Hand-written (issue 28 item 5, decision 0131; docs/parishes.md, docs/deploy.md "One server for a
-- diocese"). The diocese's own tables: both global (no parish owns them, no row-level security).
-- "diocese_staff": the diocese administrators, who sign in with their own routes and token kind and
-- see no parish route. "diocese_levies": what each parish owes the diocese, from a financial year on.
CREATE TABLE "diocese_staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"password_must_change" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "diocese_staff_username_lower_uq" ON "diocese_staff" USING btree (lower("username"));--> statement-breakpoint
-- A levy: kind 'share' takes basis points (1/100 of a per cent) of what the parish collected on dues
-- of one head type in the financial year; kind 'fixed' is a sum in paise a financial year. A row is
-- in force from its financial year (named by the year it starts) until a later row of the same
-- parish, kind and head type; 0 ends a levy.
CREATE TABLE "diocese_levies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parish_id" integer NOT NULL,
	"kind" text NOT NULL,
	"head_type" "head_type",
	"basis_points" integer,
	"fixed_paise" bigint,
	"effective_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diocese_levies_kind_check" CHECK (
		("kind" = 'share' AND "head_type" IS NOT NULL AND "basis_points" BETWEEN 0 AND 10000 AND "fixed_paise" IS NULL)
		OR ("kind" = 'fixed' AND "head_type" IS NULL AND "basis_points" IS NULL AND "fixed_paise" BETWEEN 0 AND 100000000000)),
	CONSTRAINT "diocese_levies_year_check" CHECK ("effective_year" BETWEEN 2000 AND 2100)
);--> statement-breakpoint
ALTER TABLE "diocese_levies" ADD CONSTRAINT "diocese_levies_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "diocese_levies" ADD CONSTRAINT "diocese_levies_slot_year_uq"
  UNIQUE NULLS NOT DISTINCT ("parish_id", "kind", "head_type", "effective_year");
