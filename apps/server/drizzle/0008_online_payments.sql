CREATE TABLE "payment_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_row_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"payment_id" uuid,
	"reason" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"remaining_paise" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"gateway_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"refund_reference" text,
	"refund_date" text,
	"note" text,
	CONSTRAINT "payment_exceptions_source_key" UNIQUE NULLS NOT DISTINCT("transaction_row_id","reason","payment_id")
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "superseded_by" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "parish_settings" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD CONSTRAINT "payment_exceptions_transaction_row_id_transactions_id_fk" FOREIGN KEY ("transaction_row_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD CONSTRAINT "payment_exceptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD CONSTRAINT "payment_exceptions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_exceptions_status_idx" ON "payment_exceptions" USING btree ("status","created_at");--> statement-breakpoint
-- Backfill: money already received twice (audit `transaction.paid_twice`, amounts in rupees) goes
-- to the refunds queue, open, so that staff see what earlier releases only noted on the transaction.
INSERT INTO "payment_exceptions" ("transaction_row_id", "member_id", "payment_id", "reason", "amount_paise", "remaining_paise", "status", "gateway_reference", "created_at")
SELECT t."id", t."member_id", (c->>'paymentId')::uuid, 'paid_twice',
       round((c->>'amount')::numeric * 100)::bigint, round((c->>'amount')::numeric * 100)::bigint,
       'open', t."pg_reference_id", a."occurred_at"
FROM "audit_events" a
JOIN "transactions" t ON t."transaction_id" = a."entity_id"
CROSS JOIN LATERAL jsonb_array_elements(a."after"->'conflicts') c
WHERE a."action" = 'transaction.paid_twice' AND jsonb_typeof(a."after"->'conflicts') = 'array'
  AND (c->>'paymentId') ~ '^[0-9a-f-]{36}$' AND (c->>'amount') ~ '^[0-9]+(\.[0-9]{1,2})?$'
  AND EXISTS (SELECT 1 FROM "payments" p WHERE p."id" = (c->>'paymentId')::uuid)
ON CONFLICT DO NOTHING;
