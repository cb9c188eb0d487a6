-- Hand-written (issue 30 item 5, decision 0151; docs/domain.md, "Gateway settlements").
-- gateway_settlements: what a gateway paid into the parish's bank in one transfer (Razorpay's
-- settlement `setl_…` read through its API; Worldline's from the merchant portal's settlement
-- report, keyed by its UTR): the UTR, when, and the net credited, fees and GST on fees, in paise;
-- unique per (gateway, settlement id) so the same settlement fetched or imported twice adds nothing.
-- gateway_settlement_items: each payment (or refund, adjustment) a settlement carried, with its
-- gross, fee, tax and net in paise and our transaction when we know it (Razorpay's order id,
-- Worldline's merchant transaction id); unique per (gateway, type, entity id).
-- parish_holidays: the parish's holiday list (Settings), days that are not working days.
-- bank_matches gains `settlement_id`: a bank credit matched with a settlement by its UTR, one
-- match per settlement (a unique index), as decision 0149 foresaw.
CREATE TABLE "gateway_settlements" (
	"parish_id" integer DEFAULT request_parish_id() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"gateway" text NOT NULL,
	"settlement_id" text NOT NULL,
	"utr" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"fee_paise" bigint NOT NULL,
	"tax_paise" bigint NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_settlements_pkey" PRIMARY KEY("parish_id","id"),
	CONSTRAINT "gateway_settlements_settlement_uq" UNIQUE("parish_id","gateway","settlement_id"),
	CONSTRAINT "gateway_settlements_gateway_check" CHECK ("gateway" IN ('razorpay', 'worldline')),
	CONSTRAINT "gateway_settlements_source_check" CHECK ("source" IN ('api', 'import')),
	CONSTRAINT "gateway_settlements_fee_check" CHECK ("fee_paise" >= 0 AND "tax_paise" >= 0)
);--> statement-breakpoint
ALTER TABLE "gateway_settlements" ADD CONSTRAINT "gateway_settlements_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "gateway_settlements" ADD CONSTRAINT "gateway_settlements_recorded_by_staff_users_id_fk" FOREIGN KEY ("parish_id","recorded_by") REFERENCES "staff_users"("parish_id","id");--> statement-breakpoint
CREATE INDEX "gateway_settlements_utr_idx" ON "gateway_settlements" USING btree ("utr");--> statement-breakpoint
ALTER TABLE "gateway_settlements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "gateway_settlements" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY parish_isolation ON "gateway_settlements" USING (parish_id = request_parish_id()) WITH CHECK (parish_id = request_parish_id());--> statement-breakpoint
CREATE TABLE "gateway_settlement_items" (
	"parish_id" integer DEFAULT request_parish_id() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"settlement_row_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"type" text NOT NULL,
	"entity_id" text NOT NULL,
	"transaction_id" uuid,
	"gross_paise" bigint NOT NULL,
	"fee_paise" bigint NOT NULL,
	"tax_paise" bigint NOT NULL,
	"net_paise" bigint NOT NULL,
	CONSTRAINT "gateway_settlement_items_pkey" PRIMARY KEY("parish_id","id"),
	CONSTRAINT "gateway_settlement_items_entity_uq" UNIQUE("parish_id","gateway","type","entity_id"),
	CONSTRAINT "gateway_settlement_items_type_check" CHECK ("type" IN ('payment', 'refund', 'adjustment'))
);--> statement-breakpoint
ALTER TABLE "gateway_settlement_items" ADD CONSTRAINT "gateway_settlement_items_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "gateway_settlement_items" ADD CONSTRAINT "gateway_settlement_items_settlement_row_id_fk" FOREIGN KEY ("parish_id","settlement_row_id") REFERENCES "gateway_settlements"("parish_id","id");--> statement-breakpoint
ALTER TABLE "gateway_settlement_items" ADD CONSTRAINT "gateway_settlement_items_transaction_id_transactions_id_fk" FOREIGN KEY ("parish_id","transaction_id") REFERENCES "transactions"("parish_id","id");--> statement-breakpoint
CREATE INDEX "gateway_settlement_items_settlement_idx" ON "gateway_settlement_items" USING btree ("settlement_row_id");--> statement-breakpoint
CREATE INDEX "gateway_settlement_items_transaction_idx" ON "gateway_settlement_items" USING btree ("transaction_id") WHERE "transaction_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_settlement_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "gateway_settlement_items" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY parish_isolation ON "gateway_settlement_items" USING (parish_id = request_parish_id()) WITH CHECK (parish_id = request_parish_id());--> statement-breakpoint
CREATE TABLE "parish_holidays" (
	"parish_id" integer DEFAULT request_parish_id() NOT NULL,
	"day" date NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "parish_holidays_pkey" PRIMARY KEY("parish_id","day")
);--> statement-breakpoint
ALTER TABLE "parish_holidays" ADD CONSTRAINT "parish_holidays_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "parish_holidays" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "parish_holidays" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY parish_isolation ON "parish_holidays" USING (parish_id = request_parish_id()) WITH CHECK (parish_id = request_parish_id());--> statement-breakpoint
ALTER TABLE "bank_matches" ADD COLUMN "settlement_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_settlement_id_gateway_settlements_id_fk" FOREIGN KEY ("parish_id","settlement_id") REFERENCES "gateway_settlements"("parish_id","id");--> statement-breakpoint
ALTER TABLE "bank_matches" DROP CONSTRAINT "bank_matches_kind_check";--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_kind_check" CHECK (("kind" = 'upi_receipt' AND "receipt_id" IS NOT NULL AND "settlement_id" IS NULL) OR ("kind" = 'gateway_settlement' AND "settlement_id" IS NOT NULL AND "receipt_id" IS NULL));--> statement-breakpoint
CREATE UNIQUE INDEX "bank_matches_settlement_uq" ON "bank_matches" USING btree ("parish_id","settlement_id") WHERE "settlement_id" IS NOT NULL;
