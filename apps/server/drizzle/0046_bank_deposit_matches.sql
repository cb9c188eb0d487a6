-- Deposit slips found on the bank statement (decision 0152): a match may name a deposit instead of
-- a UPI receipt; one match per deposit, as per receipt; methods 'slip' (its slip number on the line)
-- and 'amount_date' (the only deposit of that amount from three days before the line) beside 'utr'
-- and 'manual'. The kind check keeps migration 0045's gateway settlements (decision 0151).
ALTER TABLE "bank_matches" ADD COLUMN "deposit_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_deposit_id_bank_deposits_id_fk" FOREIGN KEY ("parish_id","deposit_id") REFERENCES "bank_deposits"("parish_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_matches_deposit_uq" ON "bank_matches" USING btree ("parish_id","deposit_id") WHERE "deposit_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_matches" DROP CONSTRAINT "bank_matches_kind_check";--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_kind_check" CHECK (("kind" = 'upi_receipt' AND "receipt_id" IS NOT NULL AND "settlement_id" IS NULL AND "deposit_id" IS NULL) OR ("kind" = 'gateway_settlement' AND "settlement_id" IS NOT NULL AND "receipt_id" IS NULL AND "deposit_id" IS NULL) OR ("kind" = 'deposit' AND "deposit_id" IS NOT NULL AND "receipt_id" IS NULL AND "settlement_id" IS NULL));--> statement-breakpoint
ALTER TABLE "bank_matches" DROP CONSTRAINT "bank_matches_method_check";--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_method_check" CHECK ("method" IN ('utr', 'slip', 'amount_date', 'manual'));
