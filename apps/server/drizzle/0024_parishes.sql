-- Hand-written (issue 28, decision 0124; docs/parishes.md). One deployment serves a diocese: every
-- parish-owned row carries its parish. Global tables: "parishes", "login_throttle", "backup_runs"
-- (and drizzle's migrations journal); the list lives in src/db/parish-tables.ts and
-- test/parish-keys.test.ts holds every other table to the rule: parish_id NOT NULL, and in its
-- primary key, every unique constraint or index, and every foreign key.
-- An existing database becomes the home parish (id 1), named as its settings say.
CREATE TABLE "parishes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
INSERT INTO "parishes" ("id", "name") OVERRIDING SYSTEM VALUE
  SELECT 1, coalesce((SELECT "name" FROM "parish_settings" WHERE "id" = 1), 'Parish');--> statement-breakpoint
ALTER TABLE "parishes" ALTER COLUMN "id" RESTART WITH 2;--> statement-breakpoint
-- The parish of the current request or worker (set with set_config('app.parish_id', ...)); null when
-- unset. Row-level security will use it. Until request scoping sets it, the columns' default falls
-- back to the home parish, 1 (transitional: decision 0124).
CREATE OR REPLACE FUNCTION "request_parish_id"() RETURNS integer LANGUAGE sql STABLE AS $fn$
  SELECT nullif(current_setting('app.parish_id', true), '')::integer
$fn$;--> statement-breakpoint
-- 1. Foreign keys between parish tables are dropped first (their parents' keys change) and made again in 5.
ALTER TABLE "cashier_days" DROP CONSTRAINT "cashier_days_cashier_id_staff_users_id_fk";--> statement-breakpoint
ALTER TABLE "cashier_days" DROP CONSTRAINT "cashier_days_closed_by_staff_users_id_fk";--> statement-breakpoint
ALTER TABLE "cashier_days" DROP CONSTRAINT "cashier_days_reopened_by_staff_users_id_fk";--> statement-breakpoint
ALTER TABLE "member_payment_summary" DROP CONSTRAINT "member_payment_summary_member_id_members_id_fk";--> statement-breakpoint
ALTER TABLE "members" DROP CONSTRAINT "members_import_batch_id_import_batches_id_fk";--> statement-breakpoint
ALTER TABLE "message_deliveries" DROP CONSTRAINT "message_deliveries_job_id_background_jobs_id_fk";--> statement-breakpoint
ALTER TABLE "message_deliveries" DROP CONSTRAINT "message_deliveries_member_id_members_id_fk";--> statement-breakpoint
ALTER TABLE "payment_exceptions" DROP CONSTRAINT "payment_exceptions_member_id_members_id_fk";--> statement-breakpoint
ALTER TABLE "payment_exceptions" DROP CONSTRAINT "payment_exceptions_payment_id_payments_id_fk";--> statement-breakpoint
ALTER TABLE "payment_exceptions" DROP CONSTRAINT "payment_exceptions_transaction_row_id_transactions_id_fk";--> statement-breakpoint
ALTER TABLE "payment_head_status_summary" DROP CONSTRAINT "payment_head_status_summary_payment_head_id_payment_heads_id_fk";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_collected_by_staff_users_id_fk";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_conceded_by_staff_users_id_fk";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_member_id_members_id_fk";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_payment_head_id_payment_heads_id_fk";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_receipt_id_receipts_id_fk";--> statement-breakpoint
ALTER TABLE "receipt_items" DROP CONSTRAINT "receipt_items_payment_head_id_payment_heads_id_fk";--> statement-breakpoint
ALTER TABLE "receipt_items" DROP CONSTRAINT "receipt_items_payment_id_payments_id_fk";--> statement-breakpoint
ALTER TABLE "receipt_items" DROP CONSTRAINT "receipt_items_receipt_id_receipts_id_fk";--> statement-breakpoint
ALTER TABLE "receipts" DROP CONSTRAINT "receipts_cheque_status_by_staff_users_id_fk";--> statement-breakpoint
ALTER TABLE "receipts" DROP CONSTRAINT "receipts_collected_by_staff_users_id_fk";--> statement-breakpoint
ALTER TABLE "receipts" DROP CONSTRAINT "receipts_member_id_members_id_fk";--> statement-breakpoint
ALTER TABLE "receipts" DROP CONSTRAINT "receipts_voided_by_staff_users_id_fk";--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" DROP CONSTRAINT "staff_recovery_codes_staff_user_id_staff_users_id_fk";--> statement-breakpoint
ALTER TABLE "transaction_items" DROP CONSTRAINT "transaction_items_payment_id_payments_id_fk";--> statement-breakpoint
ALTER TABLE "transaction_items" DROP CONSTRAINT "transaction_items_transaction_id_transactions_id_fk";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_member_id_members_id_fk";--> statement-breakpoint
-- 2. Every parish-owned table carries its parish; the rows already there are the home parish's.
ALTER TABLE "audit_events" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "background_jobs" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "cashier_days" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_day_summary" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "data_versions" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "event_tickets" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "import_batches" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "member_payment_summary" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "parish_settings" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "parish_timezone" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_head_status_summary" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_heads" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "receipt_items" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_items" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_settings" ADD COLUMN "parish_id" integer DEFAULT coalesce(request_parish_id(), 1) NOT NULL;--> statement-breakpoint
-- 3. Unique constraints and unique indexes lead with the parish.
ALTER TABLE "collection_day_summary" DROP CONSTRAINT "collection_day_summary_key_uq";--> statement-breakpoint
ALTER TABLE "collection_day_summary" ADD CONSTRAINT "collection_day_summary_key_uq"
  UNIQUE NULLS NOT DISTINCT ("parish_id", "day", "payment_method", "payment_gateway", "collected_by");--> statement-breakpoint
ALTER TABLE "payment_exceptions" DROP CONSTRAINT "payment_exceptions_source_key";--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD CONSTRAINT "payment_exceptions_source_key"
  UNIQUE NULLS NOT DISTINCT ("parish_id", "transaction_row_id", "reason", "payment_id");--> statement-breakpoint
ALTER TABLE "receipts" DROP CONSTRAINT "receipts_number_unique";--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_number_unique" UNIQUE ("parish_id", "number");--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_tokenHash_unique";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_tokenHash_unique" UNIQUE ("parish_id", "token_hash");--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_transactionId_unique";--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_transactionId_unique" UNIQUE ("parish_id", "transaction_id");--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_gatewayOrderId_unique";--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_gatewayOrderId_unique" UNIQUE ("parish_id", "gateway_order_id");--> statement-breakpoint
DROP INDEX "background_jobs_reminder_round_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "background_jobs_reminder_round_uq" ON "background_jobs" USING btree ("parish_id", ("payload" ->> 'round'))
  WHERE "type" = 'whatsapp.reminders' AND "payload" ? 'round';--> statement-breakpoint
DROP INDEX "members_mobile_active_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "members_mobile_active_uq" ON "members" USING btree ("parish_id", "mobile") WHERE "is_active";--> statement-breakpoint
DROP INDEX "members_parish_number_active_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "members_parish_number_active_uq" ON "members" USING btree ("parish_id", upper("parish_number")) WHERE "is_active";--> statement-breakpoint
DROP INDEX "message_deliveries_job_member_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "message_deliveries_job_member_uq" ON "message_deliveries" USING btree ("parish_id", "job_id", "member_id", "kind")
  WHERE "job_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX "payments_member_head_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_member_head_uq" ON "payments" USING btree ("parish_id", "member_id", "payment_head_id");--> statement-breakpoint
DROP INDEX "receipts_utr_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_utr_uq" ON "receipts" USING btree ("parish_id", "utr") WHERE "voided_at" IS NULL AND "utr" IS NOT NULL;--> statement-breakpoint
DROP INDEX "staff_recovery_codes_user_hash_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "staff_recovery_codes_user_hash_uq" ON "staff_recovery_codes" USING btree ("parish_id", "staff_user_id", "code_hash");--> statement-breakpoint
DROP INDEX "staff_users_username_lower_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_username_lower_uq" ON "staff_users" USING btree ("parish_id", lower("username"));--> statement-breakpoint
-- 4. Primary keys lead with the parish. Made after the unique keys on purpose: where the planner has no
-- statistics yet (a new table) and a key lookup costs the same through two indexes, it takes the one
-- made last, the primary key (decision 0061's receipt lookup).
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_pkey";--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_pkey" PRIMARY KEY ("parish_id", "id");--> statement-breakpoint
ALTER TABLE "background_jobs" DROP CONSTRAINT "background_jobs_pkey";--> statement-breakpoint
ALTER TABLE "background_jobs" ADD CONSTRAINT "background_jobs_pkey" PRIMARY KEY ("parish_id", "id");--> statement-breakpoint
ALTER TABLE "cashier_days" DROP CONSTRAINT "cashier_days_cashier_id_day_pk";--> statement-breakpoint
ALTER TABLE "cashier_days" ADD CONSTRAINT "cashier_days_cashier_id_day_pk" PRIMARY KEY ("parish_id", "cashier_id", "day");--> statement-breakpoint
ALTER TABLE "collection_day_summary" DROP CONSTRAINT "collection_day_summary_pkey";--> statement-breakpoint
ALTER TABLE "collection_day_summary" ADD CONSTRAINT "collection_day_summary_pkey" PRIMARY KEY ("parish_id", "id");--> statement-breakpoint
ALTER TABLE "data_versions" DROP CONSTRAINT "data_versions_pkey";--> statement-breakpoint
ALTER TABLE "data_versions" ADD CONSTRAINT "data_versions_pkey" PRIMARY KEY ("parish_id", "name");--> statement-breakpoint
ALTER TABLE "event_tickets" DROP CONSTRAINT "event_tickets_pkey";--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_pkey" PRIMARY KEY ("parish_id", "ticket_hash");--> statement-breakpoint
ALTER TABLE "gateway_events" DROP CONSTRAINT "gateway_events_provider_event_id_pk";--> statement-breakpoint
ALTER TABLE "gateway_events" ADD CONSTRAINT "gateway_events_provider_event_id_pk" PRIMARY KEY ("parish_id", "provider", "event_id");--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_actor_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_actor_id_key_pk" PRIMARY KEY ("parish_id", "actor_id", "key");--> statement-breakpoint
ALTER TABLE "import_batches" DROP CONSTRAINT "import_batches_pkey";--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_pkey" PRIMARY KEY ("parish_id", "id");--> statement-breakpoint
ALTER TABLE "member_payment_summary" DROP CONSTRAINT "member_payment_summary_pkey";--> statement-breakpoint
ALTER TABLE "member_payment_summary" ADD CONSTRAINT "member_payment_summary_pkey" PRIMARY KEY ("parish_id", "member_id");--> statement-breakpoint
ALTER TABLE "members" DROP CONSTRAINT "members_pkey";--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_pkey" PRIMARY KEY ("parish_id", "id");--> statement-breakpoint
ALTER TABLE "message_deliveries" DROP CONSTRAINT "message_deliveries_pkey";--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_pkey" PRIMARY KEY ("parish_id", "id");--> statement-breakpoint
ALTER TABLE "parish_settings" DROP CONSTRAINT "parish_settings_pkey";--> statement-breakpoint
ALTER TABLE "parish_settings" ADD CONSTRAINT "parish_settings_pkey" PRIMARY KEY ("parish_id", "id");--> statement-breakpoint
ALTER TABLE "parish_timezone" DROP CONSTRAINT "parish_timezone_pkey";--> statement-breakpoint
ALTER TABLE "parish_timezone" ADD CONSTRAINT "parish_timezone_pkey" PRIMARY KEY ("parish_id", "id");--> statement-breakpoint
ALTER TABLE "payment_exceptions" DROP CONSTRAINT "payment_exceptions_pkey";--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD CONSTRAINT "payment_exceptions_pkey" PRIMARY KEY ("parish_id", "id");--> statement-breakpoint
ALTER TABLE "payment_head_status_summary" DROP CONSTRAINT "payment_head_status_summary_payment_head_id_status_pk";--> statement-breakpoint
ALTER TABLE "payment_head_status_summary" ADD CONSTRAINT "payment_head_status_summary_payment_head_id_status_pk" PRIMARY KEY ("parish_id", "payment_head_id", "status");--> statement-breakpoint
ALTER TABLE "payment_heads" DROP CONSTRAINT "payment_heads_pkey";--> statement-breakpoint
ALTER TABLE "payment_heads" ADD CONSTRAINT "payment_heads_pkey" PRIMARY KEY ("parish_id", "id");--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_pkey";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pkey" PRIMARY KEY ("parish_id", "id");--> statement-breakpoint
ALTER TABLE "receipt_counters" DROP CONSTRAINT "receipt_counters_financial_year_pk";--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_financial_year_pk" PRIMARY KEY ("parish_id", "financial_year");--> statement-breakpoint
ALTER TABLE "receipt_items" DROP CONSTRAINT "receipt_items_receipt_id_line_pk";--> statement-breakpoint
ALTER TABLE "receipt_items" ADD CONSTRAINT "receipt_items_receipt_id_line_pk" PRIMARY KEY ("parish_id", "receipt_id", "line");--> statement-breakpoint
ALTER TABLE "receipts" DROP CONSTRAINT "receipts_pkey";--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_pkey" PRIMARY KEY ("parish_id", "id");--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_pkey";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_pkey" PRIMARY KEY ("parish_id", "id");--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" DROP CONSTRAINT "staff_recovery_codes_pkey";--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_pkey" PRIMARY KEY ("parish_id", "id");--> statement-breakpoint
ALTER TABLE "staff_users" DROP CONSTRAINT "staff_users_pkey";--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_pkey" PRIMARY KEY ("parish_id", "id");--> statement-breakpoint
ALTER TABLE "transaction_items" DROP CONSTRAINT "transaction_items_transaction_id_payment_id_pk";--> statement-breakpoint
ALTER TABLE "transaction_items" ADD CONSTRAINT "transaction_items_transaction_id_payment_id_pk" PRIMARY KEY ("parish_id", "transaction_id", "payment_id");--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_pkey";--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_pkey" PRIMARY KEY ("parish_id", "id");--> statement-breakpoint
ALTER TABLE "whatsapp_settings" DROP CONSTRAINT "whatsapp_settings_pkey";--> statement-breakpoint
ALTER TABLE "whatsapp_settings" ADD CONSTRAINT "whatsapp_settings_pkey" PRIMARY KEY ("parish_id", "id");--> statement-breakpoint
-- 5. Foreign keys: each parish table to parishes, and composite ones between parish tables.
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "background_jobs" ADD CONSTRAINT "background_jobs_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "cashier_days" ADD CONSTRAINT "cashier_days_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "collection_day_summary" ADD CONSTRAINT "collection_day_summary_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "data_versions" ADD CONSTRAINT "data_versions_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "gateway_events" ADD CONSTRAINT "gateway_events_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "member_payment_summary" ADD CONSTRAINT "member_payment_summary_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "parish_settings" ADD CONSTRAINT "parish_settings_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "parish_timezone" ADD CONSTRAINT "parish_timezone_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD CONSTRAINT "payment_exceptions_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "payment_head_status_summary" ADD CONSTRAINT "payment_head_status_summary_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "payment_heads" ADD CONSTRAINT "payment_heads_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "receipt_items" ADD CONSTRAINT "receipt_items_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "transaction_items" ADD CONSTRAINT "transaction_items_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "whatsapp_settings" ADD CONSTRAINT "whatsapp_settings_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "cashier_days" ADD CONSTRAINT "cashier_days_cashier_id_staff_users_id_fk" FOREIGN KEY ("parish_id", "cashier_id") REFERENCES "staff_users"("parish_id", "id");--> statement-breakpoint
ALTER TABLE "cashier_days" ADD CONSTRAINT "cashier_days_closed_by_staff_users_id_fk" FOREIGN KEY ("parish_id", "closed_by") REFERENCES "staff_users"("parish_id", "id");--> statement-breakpoint
ALTER TABLE "cashier_days" ADD CONSTRAINT "cashier_days_reopened_by_staff_users_id_fk" FOREIGN KEY ("parish_id", "reopened_by") REFERENCES "staff_users"("parish_id", "id");--> statement-breakpoint
ALTER TABLE "member_payment_summary" ADD CONSTRAINT "member_payment_summary_member_id_members_id_fk" FOREIGN KEY ("parish_id", "member_id") REFERENCES "members"("parish_id", "id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_import_batch_id_import_batches_id_fk" FOREIGN KEY ("parish_id", "import_batch_id") REFERENCES "import_batches"("parish_id", "id");--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_job_id_background_jobs_id_fk" FOREIGN KEY ("parish_id", "job_id") REFERENCES "background_jobs"("parish_id", "id");--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_member_id_members_id_fk" FOREIGN KEY ("parish_id", "member_id") REFERENCES "members"("parish_id", "id");--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD CONSTRAINT "payment_exceptions_member_id_members_id_fk" FOREIGN KEY ("parish_id", "member_id") REFERENCES "members"("parish_id", "id");--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD CONSTRAINT "payment_exceptions_payment_id_payments_id_fk" FOREIGN KEY ("parish_id", "payment_id") REFERENCES "payments"("parish_id", "id");--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD CONSTRAINT "payment_exceptions_transaction_row_id_transactions_id_fk" FOREIGN KEY ("parish_id", "transaction_row_id") REFERENCES "transactions"("parish_id", "id");--> statement-breakpoint
ALTER TABLE "payment_head_status_summary" ADD CONSTRAINT "payment_head_status_summary_payment_head_id_payment_heads_id_fk" FOREIGN KEY ("parish_id", "payment_head_id") REFERENCES "payment_heads"("parish_id", "id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_collected_by_staff_users_id_fk" FOREIGN KEY ("parish_id", "collected_by") REFERENCES "staff_users"("parish_id", "id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_conceded_by_staff_users_id_fk" FOREIGN KEY ("parish_id", "conceded_by") REFERENCES "staff_users"("parish_id", "id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_member_id_members_id_fk" FOREIGN KEY ("parish_id", "member_id") REFERENCES "members"("parish_id", "id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_head_id_payment_heads_id_fk" FOREIGN KEY ("parish_id", "payment_head_id") REFERENCES "payment_heads"("parish_id", "id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_receipt_id_receipts_id_fk" FOREIGN KEY ("parish_id", "receipt_id") REFERENCES "receipts"("parish_id", "id");--> statement-breakpoint
ALTER TABLE "receipt_items" ADD CONSTRAINT "receipt_items_payment_head_id_payment_heads_id_fk" FOREIGN KEY ("parish_id", "payment_head_id") REFERENCES "payment_heads"("parish_id", "id") ON DELETE SET NULL ("payment_head_id");--> statement-breakpoint
ALTER TABLE "receipt_items" ADD CONSTRAINT "receipt_items_payment_id_payments_id_fk" FOREIGN KEY ("parish_id", "payment_id") REFERENCES "payments"("parish_id", "id") ON DELETE SET NULL ("payment_id");--> statement-breakpoint
ALTER TABLE "receipt_items" ADD CONSTRAINT "receipt_items_receipt_id_receipts_id_fk" FOREIGN KEY ("parish_id", "receipt_id") REFERENCES "receipts"("parish_id", "id");--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_cheque_status_by_staff_users_id_fk" FOREIGN KEY ("parish_id", "cheque_status_by") REFERENCES "staff_users"("parish_id", "id");--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_collected_by_staff_users_id_fk" FOREIGN KEY ("parish_id", "collected_by") REFERENCES "staff_users"("parish_id", "id");--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_member_id_members_id_fk" FOREIGN KEY ("parish_id", "member_id") REFERENCES "members"("parish_id", "id");--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_voided_by_staff_users_id_fk" FOREIGN KEY ("parish_id", "voided_by") REFERENCES "staff_users"("parish_id", "id");--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_staff_user_id_staff_users_id_fk" FOREIGN KEY ("parish_id", "staff_user_id") REFERENCES "staff_users"("parish_id", "id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "transaction_items" ADD CONSTRAINT "transaction_items_payment_id_payments_id_fk" FOREIGN KEY ("parish_id", "payment_id") REFERENCES "payments"("parish_id", "id");--> statement-breakpoint
ALTER TABLE "transaction_items" ADD CONSTRAINT "transaction_items_transaction_id_transactions_id_fk" FOREIGN KEY ("parish_id", "transaction_id") REFERENCES "transactions"("parish_id", "id");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_member_id_members_id_fk" FOREIGN KEY ("parish_id", "member_id") REFERENCES "members"("parish_id", "id");--> statement-breakpoint
-- 6. The triggers' upserts name the new keys and copy each row's parish into its summary rows; a
-- parish's "day" is in its own time zone (parish_timezone is one row per parish). Otherwise these
-- are the functions of 0006, 0010, 0021 and 0022 as they stood.
CREATE OR REPLACE FUNCTION "data_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- A statement-level trigger sees no rows: the version bumped is the current parish's
  -- (request_parish_id(), else the home parish while requests are not scoped; decision 0124).
  INSERT INTO "data_versions" ("name", "version") VALUES (TG_TABLE_NAME, gen_random_uuid())
  ON CONFLICT ("parish_id", "name") DO UPDATE SET "version" = excluded."version";
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "payment_heads_summaries_apply"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  WITH changed AS (
    SELECT n.parish_id, n.id, o.type AS old_type, n.type AS new_type
      FROM new_heads n JOIN old_heads o ON o.parish_id = n.parish_id AND o.id = n.id
     WHERE n.type IS DISTINCT FROM o.type
  ), d AS (
    SELECT p.parish_id, p.member_id,
           sum((CASE WHEN c.new_type = 'arrear' THEN 1 ELSE 0 END - CASE WHEN c.old_type = 'arrear' THEN 1 ELSE 0 END) * p.amount_paise) AS arrear,
           sum((CASE WHEN c.new_type = 'current due' THEN 1 ELSE 0 END - CASE WHEN c.old_type = 'current due' THEN 1 ELSE 0 END) * p.amount_paise) AS cur,
           sum((CASE WHEN c.new_type = 'miscellaneous' THEN 1 ELSE 0 END - CASE WHEN c.old_type = 'miscellaneous' THEN 1 ELSE 0 END) * p.amount_paise) AS misc
      FROM payments p JOIN changed c ON c.parish_id = p.parish_id AND c.id = p.payment_head_id
     WHERE p.status <> 'paid' OR p.is_test
     GROUP BY p.parish_id, p.member_id
  )
  UPDATE member_payment_summary s
     SET arrear_unpaid_paise = s.arrear_unpaid_paise + d.arrear,
         current_unpaid_paise = s.current_unpaid_paise + d.cur,
         misc_unpaid_paise = s.misc_unpaid_paise + d.misc
    FROM d WHERE s.parish_id = d.parish_id AND s.member_id = d.member_id;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "payments_summaries_apply"() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  delta text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- Static statements (planned once per session, decision 0057): a collection's or a
    -- settlement's update is the hot path. Nothing to do when no summarised column changed
    -- (a receipt's number written or cleared, notes).
    IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.parish_id = n.parish_id AND o.id = n.id
                    WHERE (n.member_id, n.payment_head_id, n.status, n.amount_paise, n.paid_amount_paise, n.paid_at,
                       n.payment_method, n.payment_gateway, n.collected_by, n.concession_paise, n.is_test)
                  IS DISTINCT FROM (o.member_id, o.payment_head_id, o.status, o.amount_paise, o.paid_amount_paise,
                       o.paid_at, o.payment_method, o.payment_gateway, o.collected_by, o.concession_paise, o.is_test)) THEN
      RETURN NULL;
    END IF;
    WITH d AS MATERIALIZED (SELECT x.*, (x.status = 'paid' AND NOT x.is_test) AS real, (x.status = 'paid' AND x.is_test) AS test,
                     CASE WHEN x.status = 'paid' AND x.is_test THEN 'pending'::payment_status ELSE x.status END AS eff,
                     coalesce(x.paid_amount_paise, x.amount_paise) AS collected
                FROM (SELECT 1::bigint AS sign, n.* FROM new_rows n JOIN old_rows o ON o.parish_id = n.parish_id AND o.id = n.id
                       WHERE (n.member_id, n.payment_head_id, n.status, n.amount_paise, n.paid_amount_paise, n.paid_at,
                         n.payment_method, n.payment_gateway, n.collected_by, n.concession_paise, n.is_test)
                    IS DISTINCT FROM (o.member_id, o.payment_head_id, o.status, o.amount_paise, o.paid_amount_paise,
                         o.paid_at, o.payment_method, o.payment_gateway, o.collected_by, o.concession_paise, o.is_test)
                      UNION ALL
                      SELECT -1::bigint AS sign, o.* FROM old_rows o JOIN new_rows n ON o.parish_id = n.parish_id AND o.id = n.id
                       WHERE (n.member_id, n.payment_head_id, n.status, n.amount_paise, n.paid_amount_paise, n.paid_at,
                         n.payment_method, n.payment_gateway, n.collected_by, n.concession_paise, n.is_test)
                    IS DISTINCT FROM (o.member_id, o.payment_head_id, o.status, o.amount_paise, o.paid_amount_paise,
                         o.paid_at, o.payment_method, o.payment_gateway, o.collected_by, o.concession_paise, o.is_test)) x),
    -- One statement; each upsert waits for the one before (it reads its count), so the summary
    -- rows are locked in the order of 0018: head/status, then day, then member.
    a AS (INSERT INTO payment_head_status_summary AS s (parish_id, payment_head_id, status, count, amount_paise,
                                                    paid_amount_paise, concession_paise, test_count, test_paise)
      SELECT parish_id, payment_head_id, eff, sum(sign), sum(sign * amount_paise),
             sum(CASE WHEN real THEN sign * collected ELSE 0 END),
             sum(sign * concession_paise),
             sum(CASE WHEN test THEN sign ELSE 0 END),
             sum(CASE WHEN test THEN sign * collected ELSE 0 END)
        FROM d GROUP BY parish_id, payment_head_id, eff
        HAVING sum(sign) <> 0 OR sum(sign * amount_paise) <> 0
            OR sum(CASE WHEN real THEN sign * collected ELSE 0 END) <> 0
            OR sum(sign * concession_paise) <> 0
            OR sum(CASE WHEN test THEN sign ELSE 0 END) <> 0
            OR sum(CASE WHEN test THEN sign * collected ELSE 0 END) <> 0
        ORDER BY parish_id, payment_head_id, eff
      ON CONFLICT (parish_id, payment_head_id, status) DO UPDATE SET
        count = s.count + excluded.count,
        amount_paise = s.amount_paise + excluded.amount_paise,
        paid_amount_paise = s.paid_amount_paise + excluded.paid_amount_paise,
        concession_paise = s.concession_paise + excluded.concession_paise,
        test_count = s.test_count + excluded.test_count,
        test_paise = s.test_paise + excluded.test_paise
      RETURNING 1),
    b AS (INSERT INTO collection_day_summary AS s (parish_id, day, payment_method, payment_gateway, collected_by, count,
                                               amount_paise, test_count, test_paise)
      SELECT parish_id,
             (paid_at AT TIME ZONE coalesce((SELECT z.timezone FROM parish_timezone z WHERE z.parish_id = d.parish_id AND z.id = 1),
                                            'Asia/Kolkata'))::date,
             payment_method, payment_gateway, collected_by,
             sum(CASE WHEN real THEN sign ELSE 0 END), sum(CASE WHEN real THEN sign * collected ELSE 0 END),
             sum(CASE WHEN test THEN sign ELSE 0 END), sum(CASE WHEN test THEN sign * collected ELSE 0 END)
        FROM d WHERE status = 'paid' AND paid_at IS NOT NULL AND (SELECT count(*) FROM a) >= 0
        GROUP BY 1, 2, 3, 4, 5
        HAVING sum(sign) <> 0 OR sum(sign * collected) <> 0
            OR sum(CASE WHEN real THEN sign ELSE 0 END) <> 0 OR sum(CASE WHEN real THEN sign * collected ELSE 0 END) <> 0
        ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ON CONSTRAINT collection_day_summary_key_uq DO UPDATE SET
        count = s.count + excluded.count,
        amount_paise = s.amount_paise + excluded.amount_paise,
        test_count = s.test_count + excluded.test_count,
        test_paise = s.test_paise + excluded.test_paise
      RETURNING 1),
    t AS (SELECT d.*, h.type AS head_type, (d.status::text IN ('pending', 'failed') OR d.test) AS unpaid,
                   (d.status::text = 'waived') AS waived
              FROM d JOIN payment_heads h ON h.parish_id = d.parish_id AND h.id = d.payment_head_id
             WHERE (SELECT count(*) FROM b) >= 0)
      INSERT INTO member_payment_summary AS s (parish_id, member_id, total_count, paid_count, unpaid_count, assigned_paise,
                                               paid_paise, unpaid_paise, arrear_unpaid_paise, current_unpaid_paise,
                                               misc_unpaid_paise, concession_paise, waived_count, test_count, test_paise)
      SELECT parish_id, member_id, sum(sign),
             sum(CASE WHEN real THEN sign ELSE 0 END),
             sum(CASE WHEN unpaid THEN sign ELSE 0 END),
             sum(sign * amount_paise),
             sum(CASE WHEN real THEN sign * collected ELSE 0 END),
             sum(CASE WHEN unpaid THEN sign * amount_paise ELSE 0 END),
             sum(CASE WHEN unpaid AND head_type = 'arrear' THEN sign * amount_paise ELSE 0 END),
             sum(CASE WHEN unpaid AND head_type = 'current due' THEN sign * amount_paise ELSE 0 END),
             sum(CASE WHEN unpaid AND head_type = 'miscellaneous' THEN sign * amount_paise ELSE 0 END),
             sum(sign * concession_paise),
             sum(CASE WHEN waived THEN sign ELSE 0 END),
             sum(CASE WHEN test THEN sign ELSE 0 END),
             sum(CASE WHEN test THEN sign * collected ELSE 0 END)
        FROM t GROUP BY parish_id, member_id
        ORDER BY parish_id, member_id
      ON CONFLICT (parish_id, member_id) DO UPDATE SET
        total_count = s.total_count + excluded.total_count,
        paid_count = s.paid_count + excluded.paid_count,
        unpaid_count = s.unpaid_count + excluded.unpaid_count,
        assigned_paise = s.assigned_paise + excluded.assigned_paise,
        paid_paise = s.paid_paise + excluded.paid_paise,
        unpaid_paise = s.unpaid_paise + excluded.unpaid_paise,
        arrear_unpaid_paise = s.arrear_unpaid_paise + excluded.arrear_unpaid_paise,
        current_unpaid_paise = s.current_unpaid_paise + excluded.current_unpaid_paise,
        misc_unpaid_paise = s.misc_unpaid_paise + excluded.misc_unpaid_paise,
        concession_paise = s.concession_paise + excluded.concession_paise,
        waived_count = s.waived_count + excluded.waived_count,
        test_count = s.test_count + excluded.test_count,
        test_paise = s.test_paise + excluded.test_paise;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    delta := 'SELECT 1::bigint AS sign, n.* FROM new_rows n';
  ELSE
    delta := 'SELECT -1::bigint AS sign, o.* FROM old_rows o';
  END IF;
  -- Each row of d also says whether it is real money paid (real) or a paid test payment (test).
  delta := 'SELECT x.*, (x.status = ''paid'' AND NOT x.is_test) AS real, (x.status = ''paid'' AND x.is_test) AS test,
                   CASE WHEN x.status = ''paid'' AND x.is_test THEN ''pending''::payment_status ELSE x.status END AS eff,
                   coalesce(x.paid_amount_paise, x.amount_paise) AS collected
              FROM (' || delta || ') x';
  EXECUTE format($q$
    WITH d AS (%s)
    INSERT INTO payment_head_status_summary AS s (parish_id, payment_head_id, status, count, amount_paise,
                                                  paid_amount_paise, concession_paise, test_count, test_paise)
    SELECT parish_id, payment_head_id, eff, sum(sign), sum(sign * amount_paise),
           sum(CASE WHEN real THEN sign * collected ELSE 0 END),
           sum(sign * concession_paise),
           sum(CASE WHEN test THEN sign ELSE 0 END),
           sum(CASE WHEN test THEN sign * collected ELSE 0 END)
      FROM d GROUP BY parish_id, payment_head_id, eff
      HAVING sum(sign) <> 0 OR sum(sign * amount_paise) <> 0
          OR sum(CASE WHEN real THEN sign * collected ELSE 0 END) <> 0
          OR sum(sign * concession_paise) <> 0
          OR sum(CASE WHEN test THEN sign ELSE 0 END) <> 0
          OR sum(CASE WHEN test THEN sign * collected ELSE 0 END) <> 0
      ORDER BY parish_id, payment_head_id, eff
    ON CONFLICT (parish_id, payment_head_id, status) DO UPDATE SET
      count = s.count + excluded.count,
      amount_paise = s.amount_paise + excluded.amount_paise,
      paid_amount_paise = s.paid_amount_paise + excluded.paid_amount_paise,
      concession_paise = s.concession_paise + excluded.concession_paise,
      test_count = s.test_count + excluded.test_count,
      test_paise = s.test_paise + excluded.test_paise
  $q$, delta);
  EXECUTE format($q$
    WITH d AS (%s)
    INSERT INTO collection_day_summary AS s (parish_id, day, payment_method, payment_gateway, collected_by, count,
                                             amount_paise, test_count, test_paise)
    SELECT parish_id,
           (paid_at AT TIME ZONE coalesce((SELECT z.timezone FROM parish_timezone z WHERE z.parish_id = d.parish_id AND z.id = 1),
                                          'Asia/Kolkata'))::date,
           payment_method, payment_gateway, collected_by,
           sum(CASE WHEN real THEN sign ELSE 0 END), sum(CASE WHEN real THEN sign * collected ELSE 0 END),
           sum(CASE WHEN test THEN sign ELSE 0 END), sum(CASE WHEN test THEN sign * collected ELSE 0 END)
      FROM d WHERE status = 'paid' AND paid_at IS NOT NULL
      GROUP BY 1, 2, 3, 4, 5
      HAVING sum(sign) <> 0 OR sum(sign * collected) <> 0
          OR sum(CASE WHEN real THEN sign ELSE 0 END) <> 0 OR sum(CASE WHEN real THEN sign * collected ELSE 0 END) <> 0
      ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT collection_day_summary_key_uq DO UPDATE SET
      count = s.count + excluded.count,
      amount_paise = s.amount_paise + excluded.amount_paise,
      test_count = s.test_count + excluded.test_count,
      test_paise = s.test_paise + excluded.test_paise
  $q$, delta);
  EXECUTE format($q$
    WITH d AS (%s),
    t AS (SELECT d.*, h.type AS head_type, (d.status::text IN ('pending', 'failed') OR d.test) AS unpaid,
                 (d.status::text = 'waived') AS waived
            FROM d JOIN payment_heads h ON h.parish_id = d.parish_id AND h.id = d.payment_head_id)
    INSERT INTO member_payment_summary AS s (parish_id, member_id, total_count, paid_count, unpaid_count, assigned_paise,
                                             paid_paise, unpaid_paise, arrear_unpaid_paise, current_unpaid_paise,
                                             misc_unpaid_paise, concession_paise, waived_count, test_count, test_paise)
    SELECT parish_id, member_id, sum(sign),
           sum(CASE WHEN real THEN sign ELSE 0 END),
           sum(CASE WHEN unpaid THEN sign ELSE 0 END),
           sum(sign * amount_paise),
           sum(CASE WHEN real THEN sign * collected ELSE 0 END),
           sum(CASE WHEN unpaid THEN sign * amount_paise ELSE 0 END),
           sum(CASE WHEN unpaid AND head_type = 'arrear' THEN sign * amount_paise ELSE 0 END),
           sum(CASE WHEN unpaid AND head_type = 'current due' THEN sign * amount_paise ELSE 0 END),
           sum(CASE WHEN unpaid AND head_type = 'miscellaneous' THEN sign * amount_paise ELSE 0 END),
           sum(sign * concession_paise),
           sum(CASE WHEN waived THEN sign ELSE 0 END),
           sum(CASE WHEN test THEN sign ELSE 0 END),
           sum(CASE WHEN test THEN sign * collected ELSE 0 END)
      FROM t GROUP BY parish_id, member_id
      ORDER BY parish_id, member_id
    ON CONFLICT (parish_id, member_id) DO UPDATE SET
      total_count = s.total_count + excluded.total_count,
      paid_count = s.paid_count + excluded.paid_count,
      unpaid_count = s.unpaid_count + excluded.unpaid_count,
      assigned_paise = s.assigned_paise + excluded.assigned_paise,
      paid_paise = s.paid_paise + excluded.paid_paise,
      unpaid_paise = s.unpaid_paise + excluded.unpaid_paise,
      arrear_unpaid_paise = s.arrear_unpaid_paise + excluded.arrear_unpaid_paise,
      current_unpaid_paise = s.current_unpaid_paise + excluded.current_unpaid_paise,
      misc_unpaid_paise = s.misc_unpaid_paise + excluded.misc_unpaid_paise,
      concession_paise = s.concession_paise + excluded.concession_paise,
      waived_count = s.waived_count + excluded.waived_count,
      test_count = s.test_count + excluded.test_count,
      test_paise = s.test_paise + excluded.test_paise
  $q$, delta);
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "summaries_rebuild"() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM payment_head_status_summary;
  DELETE FROM collection_day_summary;
  DELETE FROM member_payment_summary;
  INSERT INTO payment_head_status_summary (parish_id, payment_head_id, status, count, amount_paise, paid_amount_paise,
                                           concession_paise, test_count, test_paise)
  SELECT parish_id, payment_head_id, CASE WHEN status = 'paid' AND is_test THEN 'pending'::payment_status ELSE status END,
         count(*), sum(amount_paise),
         coalesce(sum(coalesce(paid_amount_paise, amount_paise)) FILTER (WHERE status = 'paid' AND NOT is_test), 0),
         sum(concession_paise),
         count(*) FILTER (WHERE status = 'paid' AND is_test),
         coalesce(sum(coalesce(paid_amount_paise, amount_paise)) FILTER (WHERE status = 'paid' AND is_test), 0)
    FROM payments GROUP BY 1, 2, 3;
  INSERT INTO collection_day_summary (parish_id, day, payment_method, payment_gateway, collected_by, count, amount_paise,
                                      test_count, test_paise)
  SELECT p.parish_id, (p.paid_at AT TIME ZONE coalesce(z.timezone, 'Asia/Kolkata'))::date, p.payment_method,
         p.payment_gateway, p.collected_by,
         count(*) FILTER (WHERE NOT p.is_test),
         coalesce(sum(coalesce(p.paid_amount_paise, p.amount_paise)) FILTER (WHERE NOT p.is_test), 0),
         count(*) FILTER (WHERE p.is_test),
         coalesce(sum(coalesce(p.paid_amount_paise, p.amount_paise)) FILTER (WHERE p.is_test), 0)
    FROM payments p LEFT JOIN parish_timezone z ON z.parish_id = p.parish_id AND z.id = 1
   WHERE p.status = 'paid' AND p.paid_at IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO member_payment_summary (parish_id, member_id, total_count, paid_count, unpaid_count, assigned_paise,
                                      paid_paise, unpaid_paise, arrear_unpaid_paise, current_unpaid_paise,
                                      misc_unpaid_paise, concession_paise, waived_count, test_count, test_paise)
  SELECT p.parish_id, p.member_id, count(*),
         count(*) FILTER (WHERE p.status = 'paid' AND NOT p.is_test),
         count(*) FILTER (WHERE (p.status::text IN ('pending', 'failed') OR (p.status = 'paid' AND p.is_test))),
         sum(p.amount_paise),
         coalesce(sum(coalesce(p.paid_amount_paise, p.amount_paise)) FILTER (WHERE p.status = 'paid' AND NOT p.is_test), 0),
         coalesce(sum(p.amount_paise) FILTER (WHERE (p.status::text IN ('pending', 'failed') OR (p.status = 'paid' AND p.is_test))), 0),
         coalesce(sum(p.amount_paise) FILTER (WHERE (p.status::text IN ('pending', 'failed') OR (p.status = 'paid' AND p.is_test)) AND h.type = 'arrear'), 0),
         coalesce(sum(p.amount_paise) FILTER (WHERE (p.status::text IN ('pending', 'failed') OR (p.status = 'paid' AND p.is_test)) AND h.type = 'current due'), 0),
         coalesce(sum(p.amount_paise) FILTER (WHERE (p.status::text IN ('pending', 'failed') OR (p.status = 'paid' AND p.is_test)) AND h.type = 'miscellaneous'), 0),
         sum(p.concession_paise),
         count(*) FILTER (WHERE p.status::text = 'waived'),
         count(*) FILTER (WHERE p.status = 'paid' AND p.is_test),
         coalesce(sum(coalesce(p.paid_amount_paise, p.amount_paise)) FILTER (WHERE p.status = 'paid' AND p.is_test), 0)
    FROM payments p JOIN payment_heads h ON h.parish_id = p.parish_id AND h.id = p.payment_head_id
   GROUP BY p.parish_id, p.member_id;
END
$fn$;
