-- Hand-written (issue 30 item 3, decision 0147; docs/domain.md, "Bank deposits"). A bank deposit
-- (pay-in slip) takes the cash of closed day sheets and cheques received on closed days to the
-- parish's bank account. bank_deposits: the slip (bank account as the ledger names it, deposit
-- date, slip number unique per account, totals in paise, the notes and coins counted).
-- bank_deposit_days: the cash of one cashier's day on one slip; bank_deposit_cheques: one cheque
-- (its receipt) on one slip. Their primary keys are the rule "nothing deposited twice": a day's
-- cash and a cheque are on at most one slip, whatever two offices do at once. receipts'
-- cheque_status gains 'deposited' (received -> deposited -> cleared or bounced). Lookups that do
-- not name their parish (by id, slip number, date, cashier day, receipt) have plain indexes
-- (migration 0026).
CREATE TABLE "bank_deposits" (
	"parish_id" integer DEFAULT request_parish_id() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"slip_number" text NOT NULL,
	"bank_account" text NOT NULL,
	"deposit_date" date NOT NULL,
	"cash_paise" bigint NOT NULL,
	"cheque_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"denominations" jsonb,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_deposits_pkey" PRIMARY KEY("parish_id","id"),
	CONSTRAINT "bank_deposits_slip_unique" UNIQUE("parish_id","bank_account","slip_number"),
	CONSTRAINT "bank_deposits_amounts_check" CHECK ("cash_paise" >= 0 AND "cheque_paise" >= 0
		AND "total_paise" = "cash_paise" + "cheque_paise" AND "total_paise" > 0)
);--> statement-breakpoint
ALTER TABLE "bank_deposits" ADD CONSTRAINT "bank_deposits_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "bank_deposits" ADD CONSTRAINT "bank_deposits_created_by_staff_users_id_fk" FOREIGN KEY ("parish_id","created_by") REFERENCES "staff_users"("parish_id","id");--> statement-breakpoint
CREATE INDEX "bank_deposits_id_lookup_idx" ON "bank_deposits" USING btree ("id");--> statement-breakpoint
CREATE INDEX "bank_deposits_date_idx" ON "bank_deposits" USING btree ("deposit_date");--> statement-breakpoint
CREATE INDEX "bank_deposits_slip_number_idx" ON "bank_deposits" USING btree ("slip_number");--> statement-breakpoint
ALTER TABLE "bank_deposits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bank_deposits" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY parish_isolation ON "bank_deposits" USING (parish_id = request_parish_id()) WITH CHECK (parish_id = request_parish_id());--> statement-breakpoint
CREATE TABLE "bank_deposit_days" (
	"parish_id" integer DEFAULT request_parish_id() NOT NULL,
	"cashier_id" uuid NOT NULL,
	"day" date NOT NULL,
	"deposit_id" uuid NOT NULL,
	"cash_paise" bigint NOT NULL,
	CONSTRAINT "bank_deposit_days_pkey" PRIMARY KEY("parish_id","cashier_id","day")
);--> statement-breakpoint
ALTER TABLE "bank_deposit_days" ADD CONSTRAINT "bank_deposit_days_deposit_id_bank_deposits_id_fk" FOREIGN KEY ("parish_id","deposit_id") REFERENCES "bank_deposits"("parish_id","id");--> statement-breakpoint
ALTER TABLE "bank_deposit_days" ADD CONSTRAINT "bank_deposit_days_cashier_day_fk" FOREIGN KEY ("parish_id","cashier_id","day") REFERENCES "cashier_days"("parish_id","cashier_id","day");--> statement-breakpoint
CREATE INDEX "bank_deposit_days_day_lookup_idx" ON "bank_deposit_days" USING btree ("cashier_id","day");--> statement-breakpoint
CREATE INDEX "bank_deposit_days_deposit_idx" ON "bank_deposit_days" USING btree ("deposit_id");--> statement-breakpoint
ALTER TABLE "bank_deposit_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bank_deposit_days" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY parish_isolation ON "bank_deposit_days" USING (parish_id = request_parish_id()) WITH CHECK (parish_id = request_parish_id());--> statement-breakpoint
CREATE TABLE "bank_deposit_cheques" (
	"parish_id" integer DEFAULT request_parish_id() NOT NULL,
	"receipt_id" uuid NOT NULL,
	"deposit_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "bank_deposit_cheques_pkey" PRIMARY KEY("parish_id","receipt_id"),
	CONSTRAINT "bank_deposit_cheques_amount_check" CHECK ("amount_paise" > 0)
);--> statement-breakpoint
ALTER TABLE "bank_deposit_cheques" ADD CONSTRAINT "bank_deposit_cheques_deposit_id_bank_deposits_id_fk" FOREIGN KEY ("parish_id","deposit_id") REFERENCES "bank_deposits"("parish_id","id");--> statement-breakpoint
ALTER TABLE "bank_deposit_cheques" ADD CONSTRAINT "bank_deposit_cheques_receipt_id_receipts_id_fk" FOREIGN KEY ("parish_id","receipt_id") REFERENCES "receipts"("parish_id","id");--> statement-breakpoint
CREATE INDEX "bank_deposit_cheques_receipt_lookup_idx" ON "bank_deposit_cheques" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "bank_deposit_cheques_deposit_idx" ON "bank_deposit_cheques" USING btree ("deposit_id");--> statement-breakpoint
ALTER TABLE "bank_deposit_cheques" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bank_deposit_cheques" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY parish_isolation ON "bank_deposit_cheques" USING (parish_id = request_parish_id()) WITH CHECK (parish_id = request_parish_id());--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_cheque_status_check" CHECK ("cheque_status" IS NULL OR "cheque_status" IN ('received', 'deposited', 'cleared', 'bounced'));--> statement-breakpoint
DROP INDEX "receipts_cheque_status_idx";--> statement-breakpoint
CREATE INDEX "receipts_cheque_status_idx" ON "receipts" USING btree ("cheque_status") WHERE "receipts"."cheque_status" IN ('received', 'deposited');
