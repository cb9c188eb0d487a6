-- Hand-written (issue 29 item 6, decision 0141). A receipt goes to its member on WhatsApp as a
-- document once: message_deliveries.receipt_id names the receipt a `receipt` delivery carries,
-- unique per parish, so a second queueing of one receipt writes nothing. No foreign key: a
-- delivery row outlives nothing it names (receipts are voided, never deleted), and the outbox
-- must not hold up the receipts' own maintenance.
ALTER TABLE "message_deliveries" ADD COLUMN "receipt_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "message_deliveries_receipt_uq" ON "message_deliveries" USING btree ("parish_id", "receipt_id")
	WHERE "receipt_id" IS NOT NULL;
