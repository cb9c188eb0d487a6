CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"financial_year" integer NOT NULL,
	"member_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"payment_method" text NOT NULL,
	"payment_gateway" "payment_gateway" NOT NULL,
	"collection_mode" text NOT NULL,
	"collected_by" uuid,
	"transaction_id" text,
	"pg_transaction_id" text,
	"total_paise" bigint NOT NULL,
	"notes" text,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "receipt_items" (
	"receipt_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"payment_id" uuid,
	"payment_head_id" uuid,
	"head_name" text NOT NULL,
	"head_year" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "receipt_items_receipt_id_line_pk" PRIMARY KEY("receipt_id","line")
);
--> statement-breakpoint
DROP INDEX "payments_receipt_number_uq";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_id" uuid;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_collected_by_staff_users_id_fk" FOREIGN KEY ("collected_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_voided_by_staff_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_items" ADD CONSTRAINT "receipt_items_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_items" ADD CONSTRAINT "receipt_items_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_items" ADD CONSTRAINT "receipt_items_payment_head_id_payment_heads_id_fk" FOREIGN KEY ("payment_head_id") REFERENCES "public"."payment_heads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipts_member_issued_idx" ON "receipts" USING btree ("member_id","issued_at");--> statement-breakpoint
CREATE INDEX "receipt_items_payment_idx" ON "receipt_items" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_receipt_idx" ON "payments" USING btree ("receipt_id");--> statement-breakpoint
-- Every receipt issued before receipts had a table of their own: one receipt of one line per paid
-- payment, under the number it was printed with (docs/decisions/0013-receipts-table.md).
INSERT INTO "receipts" ("number", "financial_year", "member_id", "issued_at", "payment_method", "payment_gateway",
    "collection_mode", "collected_by", "transaction_id", "pg_transaction_id", "total_paise", "notes")
  SELECT p."receipt_number", split_part(p."receipt_number", '-', 1)::integer, p."member_id",
         coalesce(p."paid_at", p."updated_at"), coalesce(p."payment_method", 'cash'),
         coalesce(p."payment_gateway", 'manual'), coalesce(p."collection_mode", 'manual'), p."collected_by",
         p."transaction_id", p."pg_transaction_id", coalesce(p."paid_amount_paise", p."amount_paise"), p."notes"
    FROM "payments" p
   WHERE p."receipt_number" IS NOT NULL;--> statement-breakpoint
UPDATE "payments" p SET "receipt_id" = r."id" FROM "receipts" r WHERE r."number" = p."receipt_number";--> statement-breakpoint
INSERT INTO "receipt_items" ("receipt_id", "line", "payment_id", "payment_head_id", "head_name", "head_year", "amount_paise")
  SELECT r."id", 1, p."id", p."payment_head_id", h."name", h."year", r."total_paise"
    FROM "receipts" r
    JOIN "payments" p ON p."receipt_id" = r."id"
    JOIN "payment_heads" h ON h."id" = p."payment_head_id";
