-- Hand-written (issue 28 "Performance", decision 0133). The diocese roll-up (decision 0131) summed
-- the payments table: at 300 parishes and millions of dues its first page no longer holds 1 s. This
-- summary keeps, per parish, month and head type, exactly the three sums the roll-up shows, with the
-- same rules as `modules/diocese/diocese-reads.ts`: the month is the one of the due's day (its due
-- date, else 1 April of its year); raised = amounts of every due but waived ones; collected = the
-- amount paid (else the amount) of paid, non-test dues; outstanding = amounts of pending and failed
-- dues and of dues paid only by a test payment (decision 0114). `due_count` counts the dues, so that a
-- parish × head type with no dues left in a period shows no row, as before.
--
-- Kept by statement-level AFTER triggers with transition tables, like the summaries of 0004/0024, in
-- the same transaction as every change of payments. Their names sort after `payments_summaries_*`,
-- so within a statement this summary's rows are locked last (the lock order of 0018 is kept).
CREATE TABLE "rollup_month_summary" (
	"parish_id" integer DEFAULT request_parish_id() NOT NULL,
	"month" date NOT NULL,
	"head_type" "head_type" NOT NULL,
	"due_count" bigint DEFAULT 0 NOT NULL,
	"raised_paise" bigint DEFAULT 0 NOT NULL,
	"collected_paise" bigint DEFAULT 0 NOT NULL,
	"outstanding_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_month_summary_pkey" PRIMARY KEY("parish_id","month","head_type")
);--> statement-breakpoint
ALTER TABLE "rollup_month_summary" ADD CONSTRAINT "rollup_month_summary_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "payments_rollup_apply"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- One static statement per operation (planned once per session, decision 0057).
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.parish_id = n.parish_id AND o.id = n.id
                    WHERE (n.payment_head_id, n.status, n.amount_paise, n.paid_amount_paise, n.is_test, n.due_date, n.year)
                  IS DISTINCT FROM (o.payment_head_id, o.status, o.amount_paise, o.paid_amount_paise, o.is_test, o.due_date, o.year)) THEN
      RETURN NULL;
    END IF;
    INSERT INTO rollup_month_summary AS s (parish_id, month, head_type, due_count, raised_paise, collected_paise, outstanding_paise)
    SELECT d.parish_id, date_trunc('month', coalesce(d.due_date, make_date(d.year, 4, 1)))::date, h.type,
           sum(d.sign),
           sum(CASE WHEN d.status::text <> 'waived' THEN d.sign * d.amount_paise ELSE 0 END),
           sum(CASE WHEN d.status = 'paid' AND NOT d.is_test THEN d.sign * coalesce(d.paid_amount_paise, d.amount_paise) ELSE 0 END),
           sum(CASE WHEN d.status IN ('pending', 'failed') OR (d.status = 'paid' AND d.is_test) THEN d.sign * d.amount_paise ELSE 0 END)
      FROM (SELECT 1::bigint AS sign, n.parish_id, n.payment_head_id, n.status, n.amount_paise, n.paid_amount_paise, n.is_test, n.due_date, n.year
              FROM new_rows n
            UNION ALL
            SELECT -1::bigint, o.parish_id, o.payment_head_id, o.status, o.amount_paise, o.paid_amount_paise, o.is_test, o.due_date, o.year
              FROM old_rows o) d
      JOIN payment_heads h ON h.parish_id = d.parish_id AND h.id = d.payment_head_id
     GROUP BY 1, 2, 3
    HAVING sum(d.sign) <> 0
        OR sum(CASE WHEN d.status::text <> 'waived' THEN d.sign * d.amount_paise ELSE 0 END) <> 0
        OR sum(CASE WHEN d.status = 'paid' AND NOT d.is_test THEN d.sign * coalesce(d.paid_amount_paise, d.amount_paise) ELSE 0 END) <> 0
        OR sum(CASE WHEN d.status IN ('pending', 'failed') OR (d.status = 'paid' AND d.is_test) THEN d.sign * d.amount_paise ELSE 0 END) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (parish_id, month, head_type) DO UPDATE SET
      due_count = s.due_count + excluded.due_count,
      raised_paise = s.raised_paise + excluded.raised_paise,
      collected_paise = s.collected_paise + excluded.collected_paise,
      outstanding_paise = s.outstanding_paise + excluded.outstanding_paise;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO rollup_month_summary AS s (parish_id, month, head_type, due_count, raised_paise, collected_paise, outstanding_paise)
    SELECT n.parish_id, date_trunc('month', coalesce(n.due_date, make_date(n.year, 4, 1)))::date, h.type,
           count(*),
           coalesce(sum(n.amount_paise) FILTER (WHERE n.status::text <> 'waived'), 0),
           coalesce(sum(coalesce(n.paid_amount_paise, n.amount_paise)) FILTER (WHERE n.status = 'paid' AND NOT n.is_test), 0),
           coalesce(sum(n.amount_paise) FILTER (WHERE n.status IN ('pending', 'failed') OR (n.status = 'paid' AND n.is_test)), 0)
      FROM new_rows n JOIN payment_heads h ON h.parish_id = n.parish_id AND h.id = n.payment_head_id
     GROUP BY 1, 2, 3
     ORDER BY 1, 2, 3
    ON CONFLICT (parish_id, month, head_type) DO UPDATE SET
      due_count = s.due_count + excluded.due_count,
      raised_paise = s.raised_paise + excluded.raised_paise,
      collected_paise = s.collected_paise + excluded.collected_paise,
      outstanding_paise = s.outstanding_paise + excluded.outstanding_paise;
  ELSE
    INSERT INTO rollup_month_summary AS s (parish_id, month, head_type, due_count, raised_paise, collected_paise, outstanding_paise)
    SELECT o.parish_id, date_trunc('month', coalesce(o.due_date, make_date(o.year, 4, 1)))::date, h.type,
           -count(*),
           -coalesce(sum(o.amount_paise) FILTER (WHERE o.status::text <> 'waived'), 0),
           -coalesce(sum(coalesce(o.paid_amount_paise, o.amount_paise)) FILTER (WHERE o.status = 'paid' AND NOT o.is_test), 0),
           -coalesce(sum(o.amount_paise) FILTER (WHERE o.status IN ('pending', 'failed') OR (o.status = 'paid' AND o.is_test)), 0)
      FROM old_rows o JOIN payment_heads h ON h.parish_id = o.parish_id AND h.id = o.payment_head_id
     GROUP BY 1, 2, 3
     ORDER BY 1, 2, 3
    ON CONFLICT (parish_id, month, head_type) DO UPDATE SET
      due_count = s.due_count + excluded.due_count,
      raised_paise = s.raised_paise + excluded.raised_paise,
      collected_paise = s.collected_paise + excluded.collected_paise,
      outstanding_paise = s.outstanding_paise + excluded.outstanding_paise;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER "payments_summary_rollup_ins" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_rollup_apply"();--> statement-breakpoint
CREATE TRIGGER "payments_summary_rollup_upd" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_rollup_apply"();--> statement-breakpoint
CREATE TRIGGER "payments_summary_rollup_del" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_rollup_apply"();--> statement-breakpoint
-- A head whose type changes moves its dues' sums from the old type's rows to the new type's.
CREATE OR REPLACE FUNCTION "payment_heads_rollup_apply"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO rollup_month_summary AS s (parish_id, month, head_type, due_count, raised_paise, collected_paise, outstanding_paise)
  SELECT p.parish_id, date_trunc('month', coalesce(p.due_date, make_date(p.year, 4, 1)))::date, x.type,
         sum(x.sign),
         sum(CASE WHEN p.status::text <> 'waived' THEN x.sign * p.amount_paise ELSE 0 END),
         sum(CASE WHEN p.status = 'paid' AND NOT p.is_test THEN x.sign * coalesce(p.paid_amount_paise, p.amount_paise) ELSE 0 END),
         sum(CASE WHEN p.status IN ('pending', 'failed') OR (p.status = 'paid' AND p.is_test) THEN x.sign * p.amount_paise ELSE 0 END)
    FROM (SELECT n.parish_id, n.id, 1::bigint AS sign, n.type FROM new_heads n JOIN old_heads o ON o.parish_id = n.parish_id AND o.id = n.id
           WHERE n.type IS DISTINCT FROM o.type
          UNION ALL
          SELECT o.parish_id, o.id, -1::bigint, o.type FROM new_heads n JOIN old_heads o ON o.parish_id = n.parish_id AND o.id = n.id
           WHERE n.type IS DISTINCT FROM o.type) x
    JOIN payments p ON p.parish_id = x.parish_id AND p.payment_head_id = x.id
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT (parish_id, month, head_type) DO UPDATE SET
    due_count = s.due_count + excluded.due_count,
    raised_paise = s.raised_paise + excluded.raised_paise,
    collected_paise = s.collected_paise + excluded.collected_paise,
    outstanding_paise = s.outstanding_paise + excluded.outstanding_paise;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER "payment_heads_summary_rollup_upd" AFTER UPDATE ON "payment_heads" REFERENCING OLD TABLE AS old_heads NEW TABLE AS new_heads
  FOR EACH STATEMENT EXECUTE FUNCTION "payment_heads_rollup_apply"();--> statement-breakpoint
-- The rebuild (a parish's time zone changed, a restore): summaries_rebuild of 0024 and this summary.
CREATE OR REPLACE FUNCTION "rollup_month_summary_rebuild"() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM rollup_month_summary;
  INSERT INTO rollup_month_summary (parish_id, month, head_type, due_count, raised_paise, collected_paise, outstanding_paise)
  SELECT p.parish_id, date_trunc('month', coalesce(p.due_date, make_date(p.year, 4, 1)))::date, h.type,
         count(*),
         coalesce(sum(p.amount_paise) FILTER (WHERE p.status::text <> 'waived'), 0),
         coalesce(sum(coalesce(p.paid_amount_paise, p.amount_paise)) FILTER (WHERE p.status = 'paid' AND NOT p.is_test), 0),
         coalesce(sum(p.amount_paise) FILTER (WHERE p.status IN ('pending', 'failed') OR (p.status = 'paid' AND p.is_test)), 0)
    FROM payments p JOIN payment_heads h ON h.parish_id = p.parish_id AND h.id = p.payment_head_id
   GROUP BY 1, 2, 3;
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
  PERFORM rollup_month_summary_rebuild();
END
$fn$;
--> statement-breakpoint
-- Existing dues (an upgraded database, a restored older backup): summed once, before the policy is in
-- force (as 0032 wrote its rows).
SELECT rollup_month_summary_rebuild();--> statement-breakpoint
ALTER TABLE "rollup_month_summary" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "rollup_month_summary" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY parish_isolation ON "rollup_month_summary" USING (parish_id = request_parish_id()) WITH CHECK (parish_id = request_parish_id());
