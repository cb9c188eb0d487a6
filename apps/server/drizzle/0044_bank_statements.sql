-- Hand-written (issue 30 item 4, decision 0149; docs/domain.md, "Bank-statement reconciliation").
-- bank_accounts: the parish's bank accounts, each with the column mapping of its net-banking export
-- (jsonb, shape `columnMappingSchema`) and the preset it started from. bank_preset_confirmations: a
-- preset the parish confirmed reads its bank's export (until then it is "unverified").
-- bank_statement_lines: the lines of uploaded statements, amounts in paise (credit positive, debit
-- negative), the line's identity unique (account, date, amount, reference, running balance) so the
-- same statement uploaded twice stores nothing new. bank_matches: a line matched with what it pays
-- in (today a UPI receipt of the counter; deposits and gateway settlements add their own column,
-- kind and unique index); one match per line (the key) and per receipt (the unique index).
CREATE TABLE "bank_accounts" (
	"parish_id" integer DEFAULT request_parish_id() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"preset" text,
	"mapping" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_pkey" PRIMARY KEY("parish_id","id"),
	CONSTRAINT "bank_accounts_name_uq" UNIQUE("parish_id","name")
);--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "bank_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bank_accounts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY parish_isolation ON "bank_accounts" USING (parish_id = request_parish_id()) WITH CHECK (parish_id = request_parish_id());--> statement-breakpoint
CREATE TABLE "bank_preset_confirmations" (
	"parish_id" integer DEFAULT request_parish_id() NOT NULL,
	"preset" text NOT NULL,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_preset_confirmations_pkey" PRIMARY KEY("parish_id","preset")
);--> statement-breakpoint
ALTER TABLE "bank_preset_confirmations" ADD CONSTRAINT "bank_preset_confirmations_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "bank_preset_confirmations" ADD CONSTRAINT "bank_preset_confirmations_confirmed_by_staff_users_id_fk" FOREIGN KEY ("parish_id","confirmed_by") REFERENCES "staff_users"("parish_id","id");--> statement-breakpoint
ALTER TABLE "bank_preset_confirmations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bank_preset_confirmations" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY parish_isolation ON "bank_preset_confirmations" USING (parish_id = request_parish_id()) WITH CHECK (parish_id = request_parish_id());--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"parish_id" integer DEFAULT request_parish_id() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"line_date" date NOT NULL,
	"narration" text NOT NULL,
	"reference" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"balance_paise" bigint NOT NULL,
	"utr" text,
	"file_name" text NOT NULL,
	"imported_by" uuid,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_lines_pkey" PRIMARY KEY("parish_id","id"),
	CONSTRAINT "bank_statement_lines_identity_uq" UNIQUE("parish_id","bank_account_id","line_date","amount_paise","reference","balance_paise"),
	CONSTRAINT "bank_statement_lines_amount_check" CHECK ("amount_paise" <> 0)
);--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("parish_id","bank_account_id") REFERENCES "bank_accounts"("parish_id","id");--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_imported_by_staff_users_id_fk" FOREIGN KEY ("parish_id","imported_by") REFERENCES "staff_users"("parish_id","id");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_utr_idx" ON "bank_statement_lines" USING btree ("utr") WHERE "utr" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY parish_isolation ON "bank_statement_lines" USING (parish_id = request_parish_id()) WITH CHECK (parish_id = request_parish_id());--> statement-breakpoint
CREATE TABLE "bank_matches" (
	"parish_id" integer DEFAULT request_parish_id() NOT NULL,
	"line_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"receipt_id" uuid,
	"method" text NOT NULL,
	"matched_by" uuid,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_matches_pkey" PRIMARY KEY("parish_id","line_id"),
	CONSTRAINT "bank_matches_kind_check" CHECK ("kind" = 'upi_receipt' AND "receipt_id" IS NOT NULL),
	CONSTRAINT "bank_matches_method_check" CHECK ("method" IN ('utr', 'manual'))
);--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_line_id_bank_statement_lines_id_fk" FOREIGN KEY ("parish_id","line_id") REFERENCES "bank_statement_lines"("parish_id","id");--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_receipt_id_receipts_id_fk" FOREIGN KEY ("parish_id","receipt_id") REFERENCES "receipts"("parish_id","id");--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_matched_by_staff_users_id_fk" FOREIGN KEY ("parish_id","matched_by") REFERENCES "staff_users"("parish_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_matches_receipt_uq" ON "bank_matches" USING btree ("parish_id","receipt_id") WHERE "receipt_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_matches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bank_matches" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY parish_isolation ON "bank_matches" USING (parish_id = request_parish_id()) WITH CHECK (parish_id = request_parish_id());
