-- Hand-written (issue 30 item 1, decision 0146; docs/domain.md, "Accounts export"). A parish's
-- ledger mapping for the Tally and journal exports: one row per parish holding the mapping document
-- (checked by the server's schema). No row means the defaults (each head's own name under Indirect
-- Incomes, "Cash", "Bank Account", a clearing ledger per gateway). Parish-owned like every table.
CREATE TABLE "ledger_mappings" (
	"parish_id" integer DEFAULT request_parish_id() NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_mappings_pkey" PRIMARY KEY("parish_id")
);--> statement-breakpoint
ALTER TABLE "ledger_mappings" ADD CONSTRAINT "ledger_mappings_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "ledger_mappings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ledger_mappings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY parish_isolation ON "ledger_mappings" USING (parish_id = request_parish_id()) WITH CHECK (parish_id = request_parish_id());
