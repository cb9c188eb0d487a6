CREATE TABLE "collection_day_summary" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"payment_method" text,
	"payment_gateway" "payment_gateway",
	"collected_by" uuid,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "collection_day_summary_key_uq" UNIQUE NULLS NOT DISTINCT("day","payment_method","payment_gateway","collected_by")
);
--> statement-breakpoint
CREATE TABLE "event_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"subject_type" "subject_type" NOT NULL,
	"subject_id" uuid NOT NULL,
	"role" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_payment_summary" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"total_count" bigint DEFAULT 0 NOT NULL,
	"paid_count" bigint DEFAULT 0 NOT NULL,
	"unpaid_count" bigint DEFAULT 0 NOT NULL,
	"assigned_paise" bigint DEFAULT 0 NOT NULL,
	"paid_paise" bigint DEFAULT 0 NOT NULL,
	"unpaid_paise" bigint DEFAULT 0 NOT NULL,
	"arrear_unpaid_paise" bigint DEFAULT 0 NOT NULL,
	"current_unpaid_paise" bigint DEFAULT 0 NOT NULL,
	"misc_unpaid_paise" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parish_timezone" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"timezone" text NOT NULL,
	CONSTRAINT "parish_timezone_single_row" CHECK ("parish_timezone"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "payment_head_status_summary" (
	"payment_head_id" uuid NOT NULL,
	"status" "payment_status" NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount_paise" bigint DEFAULT 0 NOT NULL,
	"paid_amount_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_head_status_summary_payment_head_id_status_pk" PRIMARY KEY("payment_head_id","status")
);
--> statement-breakpoint
ALTER TABLE "member_payment_summary" ADD CONSTRAINT "member_payment_summary_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_head_status_summary" ADD CONSTRAINT "payment_head_status_summary_payment_head_id_payment_heads_id_fk" FOREIGN KEY ("payment_head_id") REFERENCES "public"."payment_heads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_day_summary_collector_day_idx" ON "collection_day_summary" USING btree ("collected_by","day");--> statement-breakpoint
CREATE INDEX "event_tickets_expires_idx" ON "event_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "member_payment_summary_unpaid_idx" ON "member_payment_summary" USING btree ("unpaid_paise" DESC NULLS LAST,"member_id") WHERE "member_payment_summary"."unpaid_paise" > 0;--> statement-breakpoint
-- Hand-written part (issue 6): the parish time zone row, the summary triggers and the backfill.
INSERT INTO "parish_timezone" ("id", "timezone") VALUES (1, 'Asia/Kolkata') ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "members_name_id_idx" ON "members" USING btree ("name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_manual_paid_at_idx" ON "payments" USING btree ("paid_at" DESC, "id") WHERE "status" = 'paid' AND "payment_gateway" = 'manual';--> statement-breakpoint
-- Applies the change of one statement on payments to the three summaries. Rows whose counted
-- columns did not change are skipped; every upsert runs in key order so that concurrent
-- collections lock summary rows in the same order (no deadlock).
CREATE OR REPLACE FUNCTION "payments_summaries_apply"() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  tz text;
  delta text;
BEGIN
  SELECT "timezone" INTO tz FROM "parish_timezone" WHERE "id" = 1;
  tz := coalesce(tz, 'Asia/Kolkata');
  IF TG_OP = 'INSERT' THEN
    delta := 'SELECT 1::bigint AS sign, n.* FROM new_rows n';
  ELSIF TG_OP = 'DELETE' THEN
    delta := 'SELECT -1::bigint AS sign, o.* FROM old_rows o';
  ELSE
    delta := 'SELECT 1::bigint AS sign, n.* FROM new_rows n JOIN old_rows o ON o.id = n.id
                WHERE (n.member_id, n.payment_head_id, n.status, n.amount_paise, n.paid_amount_paise, n.paid_at,
                       n.payment_method, n.payment_gateway, n.collected_by)
                  IS DISTINCT FROM (o.member_id, o.payment_head_id, o.status, o.amount_paise, o.paid_amount_paise,
                       o.paid_at, o.payment_method, o.payment_gateway, o.collected_by)
              UNION ALL
              SELECT -1::bigint AS sign, o.* FROM old_rows o JOIN new_rows n ON o.id = n.id
                WHERE (n.member_id, n.payment_head_id, n.status, n.amount_paise, n.paid_amount_paise, n.paid_at,
                       n.payment_method, n.payment_gateway, n.collected_by)
                  IS DISTINCT FROM (o.member_id, o.payment_head_id, o.status, o.amount_paise, o.paid_amount_paise,
                       o.paid_at, o.payment_method, o.payment_gateway, o.collected_by)';
  END IF;

  EXECUTE format($q$
    WITH d AS (%s)
    INSERT INTO payment_head_status_summary AS s (payment_head_id, status, count, amount_paise, paid_amount_paise)
    SELECT payment_head_id, status, sum(sign), sum(sign * amount_paise),
           sum(CASE WHEN status = 'paid' THEN sign * coalesce(paid_amount_paise, amount_paise) ELSE 0 END)
      FROM d GROUP BY payment_head_id, status
      HAVING sum(sign) <> 0 OR sum(sign * amount_paise) <> 0
          OR sum(CASE WHEN status = 'paid' THEN sign * coalesce(paid_amount_paise, amount_paise) ELSE 0 END) <> 0
      ORDER BY payment_head_id, status
    ON CONFLICT (payment_head_id, status) DO UPDATE SET
      count = s.count + excluded.count,
      amount_paise = s.amount_paise + excluded.amount_paise,
      paid_amount_paise = s.paid_amount_paise + excluded.paid_amount_paise
  $q$, delta);

  EXECUTE format($q$
    WITH d AS (%s)
    INSERT INTO collection_day_summary AS s (day, payment_method, payment_gateway, collected_by, count, amount_paise)
    SELECT (paid_at AT TIME ZONE $1)::date, payment_method, payment_gateway, collected_by,
           sum(sign), sum(sign * coalesce(paid_amount_paise, amount_paise))
      FROM d WHERE status = 'paid' AND paid_at IS NOT NULL
      GROUP BY 1, 2, 3, 4
      HAVING sum(sign) <> 0 OR sum(sign * coalesce(paid_amount_paise, amount_paise)) <> 0
      ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT collection_day_summary_key_uq DO UPDATE SET
      count = s.count + excluded.count,
      amount_paise = s.amount_paise + excluded.amount_paise
  $q$, delta) USING tz;

  EXECUTE format($q$
    WITH d AS (%s),
    t AS (SELECT d.*, h.type AS head_type, (d.status <> 'paid') AS unpaid FROM d JOIN payment_heads h ON h.id = d.payment_head_id)
    INSERT INTO member_payment_summary AS s (member_id, total_count, paid_count, unpaid_count, assigned_paise, paid_paise,
                                             unpaid_paise, arrear_unpaid_paise, current_unpaid_paise, misc_unpaid_paise)
    SELECT member_id, sum(sign),
           sum(CASE WHEN NOT unpaid THEN sign ELSE 0 END),
           sum(CASE WHEN unpaid THEN sign ELSE 0 END),
           sum(sign * amount_paise),
           sum(CASE WHEN NOT unpaid THEN sign * coalesce(paid_amount_paise, amount_paise) ELSE 0 END),
           sum(CASE WHEN unpaid THEN sign * amount_paise ELSE 0 END),
           sum(CASE WHEN unpaid AND head_type = 'arrear' THEN sign * amount_paise ELSE 0 END),
           sum(CASE WHEN unpaid AND head_type = 'current due' THEN sign * amount_paise ELSE 0 END),
           sum(CASE WHEN unpaid AND head_type = 'miscellaneous' THEN sign * amount_paise ELSE 0 END)
      FROM t GROUP BY member_id
      ORDER BY member_id
    ON CONFLICT (member_id) DO UPDATE SET
      total_count = s.total_count + excluded.total_count,
      paid_count = s.paid_count + excluded.paid_count,
      unpaid_count = s.unpaid_count + excluded.unpaid_count,
      assigned_paise = s.assigned_paise + excluded.assigned_paise,
      paid_paise = s.paid_paise + excluded.paid_paise,
      unpaid_paise = s.unpaid_paise + excluded.unpaid_paise,
      arrear_unpaid_paise = s.arrear_unpaid_paise + excluded.arrear_unpaid_paise,
      current_unpaid_paise = s.current_unpaid_paise + excluded.current_unpaid_paise,
      misc_unpaid_paise = s.misc_unpaid_paise + excluded.misc_unpaid_paise
  $q$, delta);
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER "payments_summaries_ins" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_summaries_apply"();--> statement-breakpoint
CREATE TRIGGER "payments_summaries_upd" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_summaries_apply"();--> statement-breakpoint
CREATE TRIGGER "payments_summaries_del" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_summaries_apply"();--> statement-breakpoint
-- A head whose type changes moves its unpaid amounts between the members' due groups.
CREATE OR REPLACE FUNCTION "payment_heads_summaries_apply"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  WITH changed AS (
    SELECT n.id, o.type AS old_type, n.type AS new_type
      FROM new_heads n JOIN old_heads o ON o.id = n.id
     WHERE n.type IS DISTINCT FROM o.type
  ), d AS (
    SELECT p.member_id,
           sum((CASE WHEN c.new_type = 'arrear' THEN 1 ELSE 0 END - CASE WHEN c.old_type = 'arrear' THEN 1 ELSE 0 END) * p.amount_paise) AS arrear,
           sum((CASE WHEN c.new_type = 'current due' THEN 1 ELSE 0 END - CASE WHEN c.old_type = 'current due' THEN 1 ELSE 0 END) * p.amount_paise) AS cur,
           sum((CASE WHEN c.new_type = 'miscellaneous' THEN 1 ELSE 0 END - CASE WHEN c.old_type = 'miscellaneous' THEN 1 ELSE 0 END) * p.amount_paise) AS misc
      FROM payments p JOIN changed c ON c.id = p.payment_head_id
     WHERE p.status <> 'paid'
     GROUP BY p.member_id
  )
  UPDATE member_payment_summary s
     SET arrear_unpaid_paise = s.arrear_unpaid_paise + d.arrear,
         current_unpaid_paise = s.current_unpaid_paise + d.cur,
         misc_unpaid_paise = s.misc_unpaid_paise + d.misc
    FROM d WHERE s.member_id = d.member_id;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER "payment_heads_summaries_upd" AFTER UPDATE ON "payment_heads" REFERENCING OLD TABLE AS old_heads NEW TABLE AS new_heads
  FOR EACH STATEMENT EXECUTE FUNCTION "payment_heads_summaries_apply"();--> statement-breakpoint
-- Rebuilds every summary from the payments (the backfill below, and after a time zone change).
CREATE OR REPLACE FUNCTION "summaries_rebuild"() RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  tz text;
BEGIN
  SELECT "timezone" INTO tz FROM "parish_timezone" WHERE "id" = 1;
  tz := coalesce(tz, 'Asia/Kolkata');
  DELETE FROM payment_head_status_summary;
  DELETE FROM collection_day_summary;
  DELETE FROM member_payment_summary;
  INSERT INTO payment_head_status_summary (payment_head_id, status, count, amount_paise, paid_amount_paise)
  SELECT payment_head_id, status, count(*), sum(amount_paise),
         sum(CASE WHEN status = 'paid' THEN coalesce(paid_amount_paise, amount_paise) ELSE 0 END)
    FROM payments GROUP BY payment_head_id, status;
  INSERT INTO collection_day_summary (day, payment_method, payment_gateway, collected_by, count, amount_paise)
  SELECT (paid_at AT TIME ZONE tz)::date, payment_method, payment_gateway, collected_by,
         count(*), sum(coalesce(paid_amount_paise, amount_paise))
    FROM payments WHERE status = 'paid' AND paid_at IS NOT NULL
   GROUP BY 1, 2, 3, 4;
  INSERT INTO member_payment_summary (member_id, total_count, paid_count, unpaid_count, assigned_paise, paid_paise,
                                      unpaid_paise, arrear_unpaid_paise, current_unpaid_paise, misc_unpaid_paise)
  SELECT p.member_id, count(*),
         count(*) FILTER (WHERE p.status = 'paid'),
         count(*) FILTER (WHERE p.status <> 'paid'),
         sum(p.amount_paise),
         coalesce(sum(coalesce(p.paid_amount_paise, p.amount_paise)) FILTER (WHERE p.status = 'paid'), 0),
         coalesce(sum(p.amount_paise) FILTER (WHERE p.status <> 'paid'), 0),
         coalesce(sum(p.amount_paise) FILTER (WHERE p.status <> 'paid' AND h.type = 'arrear'), 0),
         coalesce(sum(p.amount_paise) FILTER (WHERE p.status <> 'paid' AND h.type = 'current due'), 0),
         coalesce(sum(p.amount_paise) FILTER (WHERE p.status <> 'paid' AND h.type = 'miscellaneous'), 0)
    FROM payments p JOIN payment_heads h ON h.id = p.payment_head_id
   GROUP BY p.member_id;
END
$fn$;--> statement-breakpoint
SELECT "summaries_rebuild"();
