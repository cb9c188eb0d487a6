CREATE TABLE "cashier_days" (
	"cashier_id" uuid NOT NULL,
	"day" date NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"reopened_at" timestamp with time zone,
	"reopened_by" uuid,
	"denominations" jsonb,
	"counted_paise" bigint,
	CONSTRAINT "cashier_days_cashier_id_day_pk" PRIMARY KEY("cashier_id","day")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"actor_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_actor_id_key_pk" PRIMARY KEY("actor_id","key")
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "void_note" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "cheque_bank" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "cheque_number" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "cheque_date" date;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "cheque_status" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "cheque_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "cheque_status_by" uuid;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "utr" text;--> statement-breakpoint
ALTER TABLE "parish_settings" ADD COLUMN "upi_vpa" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cashier_days" ADD CONSTRAINT "cashier_days_cashier_id_staff_users_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_days" ADD CONSTRAINT "cashier_days_closed_by_staff_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_days" ADD CONSTRAINT "cashier_days_reopened_by_staff_users_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_cheque_status_by_staff_users_id_fk" FOREIGN KEY ("cheque_status_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_utr_uq" ON "receipts" USING btree ("utr") WHERE "receipts"."voided_at" is null and "receipts"."utr" is not null;--> statement-breakpoint
CREATE INDEX "receipts_collector_issued_idx" ON "receipts" USING btree ("collected_by","issued_at");--> statement-breakpoint
CREATE INDEX "receipts_voided_idx" ON "receipts" USING btree ("voided_at") WHERE "receipts"."voided_at" is not null;--> statement-breakpoint
CREATE INDEX "receipts_cheque_status_idx" ON "receipts" USING btree ("cheque_status") WHERE "receipts"."cheque_status" = 'received';