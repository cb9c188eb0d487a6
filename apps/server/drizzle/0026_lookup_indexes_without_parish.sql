-- Hand-written (issue 28; decision 0124, "Consequences"; docs/parishes.md, "Lookups that do not
-- name their parish yet"). Migration 0024 put the parish first in every primary and unique key.
-- PostgreSQL before 18 has no skip scan, so a lookup that does not name its parish (a payment by
-- id, a receipt by number, a refresh token by hash: all of them until request scoping adds
-- `parish_id =`) could no longer use those keys and read the whole index or table. These plain
-- (not unique) indexes on the old keys serve such lookups until the queries name their parish;
-- uniqueness stays with the parish's keys. Transitional: they go with the fallback to parish 1.
CREATE INDEX "members_id_lookup_idx" ON "members" USING btree ("id");--> statement-breakpoint
CREATE INDEX "payments_id_lookup_idx" ON "payments" USING btree ("id");--> statement-breakpoint
CREATE INDEX "payment_heads_id_lookup_idx" ON "payment_heads" USING btree ("id");--> statement-breakpoint
CREATE INDEX "receipts_id_lookup_idx" ON "receipts" USING btree ("id");--> statement-breakpoint
CREATE INDEX "receipts_number_lookup_idx" ON "receipts" USING btree ("number");--> statement-breakpoint
CREATE INDEX "receipt_items_receipt_lookup_idx" ON "receipt_items" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "transactions_id_lookup_idx" ON "transactions" USING btree ("id");--> statement-breakpoint
CREATE INDEX "transactions_transaction_id_lookup_idx" ON "transactions" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_gateway_order_id_lookup_idx" ON "transactions" USING btree ("gateway_order_id");--> statement-breakpoint
CREATE INDEX "transaction_items_transaction_lookup_idx" ON "transaction_items" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "payment_exceptions_id_lookup_idx" ON "payment_exceptions" USING btree ("id");--> statement-breakpoint
CREATE INDEX "gateway_events_event_lookup_idx" ON "gateway_events" USING btree ("provider", "event_id");--> statement-breakpoint
CREATE INDEX "member_payment_summary_member_lookup_idx" ON "member_payment_summary" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "payment_head_status_summary_head_lookup_idx" ON "payment_head_status_summary" USING btree ("payment_head_id");--> statement-breakpoint
CREATE INDEX "staff_users_id_lookup_idx" ON "staff_users" USING btree ("id");--> statement-breakpoint
CREATE INDEX "staff_recovery_codes_user_lookup_idx" ON "staff_recovery_codes" USING btree ("staff_user_id");--> statement-breakpoint
CREATE INDEX "staff_recovery_codes_id_lookup_idx" ON "staff_recovery_codes" USING btree ("id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_id_lookup_idx" ON "refresh_tokens" USING btree ("id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_token_hash_lookup_idx" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "event_tickets_ticket_lookup_idx" ON "event_tickets" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "idempotency_keys_key_lookup_idx" ON "idempotency_keys" USING btree ("actor_id", "key");--> statement-breakpoint
CREATE INDEX "cashier_days_day_lookup_idx" ON "cashier_days" USING btree ("cashier_id", "day");--> statement-breakpoint
CREATE INDEX "background_jobs_id_lookup_idx" ON "background_jobs" USING btree ("id");--> statement-breakpoint
CREATE INDEX "message_deliveries_id_lookup_idx" ON "message_deliveries" USING btree ("id");--> statement-breakpoint
CREATE INDEX "import_batches_id_lookup_idx" ON "import_batches" USING btree ("id");--> statement-breakpoint
CREATE INDEX "audit_events_id_lookup_idx" ON "audit_events" USING btree ("id");
--> statement-breakpoint
CREATE INDEX "members_mobile_active_lookup_idx" ON "members" USING btree ("mobile") WHERE "is_active";--> statement-breakpoint
CREATE INDEX "members_parish_number_active_lookup_idx" ON "members" USING btree (upper("parish_number")) WHERE "is_active";--> statement-breakpoint
CREATE INDEX "staff_users_username_lower_lookup_idx" ON "staff_users" USING btree (lower("username"));
--> statement-breakpoint
CREATE INDEX "receipts_utr_lookup_idx" ON "receipts" USING btree ("utr") WHERE "voided_at" IS NULL AND "utr" IS NOT NULL;
