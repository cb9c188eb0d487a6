CREATE TYPE "public"."actor_type" AS ENUM('staff', 'member', 'system', 'gateway');--> statement-breakpoint
CREATE TYPE "public"."head_type" AS ENUM('arrear', 'current due', 'miscellaneous');--> statement-breakpoint
CREATE TYPE "public"."job_status" AS ENUM('queued', 'running', 'done', 'failed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."payment_gateway" AS ENUM('worldline', 'razorpay', 'manual');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'paid', 'failed');--> statement-breakpoint
CREATE TYPE "public"."staff_role" AS ENUM('admin', 'cashier');--> statement-breakpoint
CREATE TYPE "public"."subject_type" AS ENUM('staff', 'member');--> statement-breakpoint
CREATE TYPE "public"."transaction_status" AS ENUM('pending', 'success', 'failed');--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"role" "staff_role" NOT NULL,
	"password_hash" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"parish_number" text NOT NULL,
	"alternate_contact" text,
	"current_location" text,
	"email" text,
	"address" text,
	"password_hash" text NOT NULL,
	"password_is_initial" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_heads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount_paise" bigint NOT NULL,
	"type" "head_type" NOT NULL,
	"year" integer NOT NULL,
	"due_date" date,
	"variable_amount" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"payment_head_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"paid_amount_paise" bigint,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"year" integer NOT NULL,
	"due_date" date,
	"paid_at" timestamp with time zone,
	"transaction_id" text,
	"pg_transaction_id" text,
	"payment_method" text,
	"payment_gateway" "payment_gateway",
	"collection_mode" text,
	"collected_by" uuid,
	"notes" text,
	"receipt_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"financial_year" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "receipt_counters_financial_year_pk" PRIMARY KEY("financial_year")
);
--> statement-breakpoint
CREATE TABLE "gateway_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb NOT NULL,
	CONSTRAINT "gateway_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "transaction_items" (
	"transaction_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "transaction_items_transaction_id_payment_id_pk" PRIMARY KEY("transaction_id","payment_id")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" "transaction_status" DEFAULT 'pending' NOT NULL,
	"payment_gateway" "payment_gateway" NOT NULL,
	"transaction_id" text NOT NULL,
	"gateway_order_id" text,
	"pg_reference_id" text,
	"payment_method" text,
	"status_code" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "transactions_transactionId_unique" UNIQUE("transaction_id"),
	CONSTRAINT "transactions_gatewayOrderId_unique" UNIQUE("gateway_order_id")
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_type" "actor_type" NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"request_id" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"subject_type" "subject_type" NOT NULL,
	"subject_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"family_expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "parish_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "background_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"status" "job_status" DEFAULT 'queued' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_head_id_payment_heads_id_fk" FOREIGN KEY ("payment_head_id") REFERENCES "public"."payment_heads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_collected_by_staff_users_id_fk" FOREIGN KEY ("collected_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_items" ADD CONSTRAINT "transaction_items_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_items" ADD CONSTRAINT "transaction_items_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_username_lower_uq" ON "staff_users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "staff_users_role_idx" ON "staff_users" USING btree ("role");--> statement-breakpoint
CREATE UNIQUE INDEX "members_mobile_active_uq" ON "members" USING btree ("mobile") WHERE "members"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "members_parish_number_active_uq" ON "members" USING btree (upper("parish_number")) WHERE "members"."is_active";--> statement-breakpoint
CREATE INDEX "members_name_trgm_idx" ON "members" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_mobile_trgm_idx" ON "members" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_parish_number_trgm_idx" ON "members" USING gin ("parish_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_location_trgm_idx" ON "members" USING gin ("current_location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_active_name_idx" ON "members" USING btree ("is_active","name");--> statement-breakpoint
CREATE INDEX "members_active_created_idx" ON "members" USING btree ("is_active","created_at");--> statement-breakpoint
CREATE INDEX "payment_heads_year_name_idx" ON "payment_heads" USING btree ("year","name");--> statement-breakpoint
CREATE INDEX "payment_heads_type_idx" ON "payment_heads" USING btree ("type");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_member_head_uq" ON "payments" USING btree ("member_id","payment_head_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_number_uq" ON "payments" USING btree ("receipt_number");--> statement-breakpoint
CREATE INDEX "payments_head_status_idx" ON "payments" USING btree ("payment_head_id","status");--> statement-breakpoint
CREATE INDEX "payments_member_status_idx" ON "payments" USING btree ("member_id","status");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "payments_collected_by_paid_at_idx" ON "payments" USING btree ("collected_by","paid_at") WHERE "payments"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "transaction_items_payment_idx" ON "transaction_items" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "transactions_member_created_idx" ON "transactions" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_status_idx" ON "transactions" USING btree ("status","payment_gateway");--> statement-breakpoint
CREATE INDEX "audit_events_occurred_idx" ON "audit_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_subject_idx" ON "refresh_tokens" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "background_jobs_claim_idx" ON "background_jobs" USING btree ("status","run_after");