-- Hand-written (issue 27 item 8, decision 0114; docs/domain.md §3 "Derived figures"; docs/ARCHITECTURE.md
-- "Summary tables"). Test money is not money, in any figure: a due paid by a test payment (is_test) is
-- counted as still owed. The head summary keeps it under the status 'pending' (its count and amount are
-- outstanding, its test_count / test_paise the line "Test payments (no real money)"); the member
-- summary counts it in unpaid_count, unpaid_paise and the arrear / current / misc split, not in
-- paid_count, also when its head's type changes (payment_heads_summaries_apply). Collected figures left it
-- out already (0018). The payment's own status stays paid
-- until "Void all test payments". Everything else is 0021's trigger and 0018's rebuild, unchanged.
CREATE OR REPLACE FUNCTION "payments_summaries_apply"() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  tz text;
  delta text;
BEGIN
  SELECT "timezone" INTO tz FROM "parish_timezone" WHERE "id" = 1;
  tz := coalesce(tz, 'Asia/Kolkata');
  IF TG_OP = 'UPDATE' THEN
    -- Static statements (planned once per session, decision 0057): a collection's or a
    -- settlement's update is the hot path. Nothing to do when no summarised column changed
    -- (a receipt's number written or cleared, notes).
    IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
                    WHERE (n.member_id, n.payment_head_id, n.status, n.amount_paise, n.paid_amount_paise, n.paid_at,
                       n.payment_method, n.payment_gateway, n.collected_by, n.concession_paise, n.is_test)
                  IS DISTINCT FROM (o.member_id, o.payment_head_id, o.status, o.amount_paise, o.paid_amount_paise,
                       o.paid_at, o.payment_method, o.payment_gateway, o.collected_by, o.concession_paise, o.is_test)) THEN
      RETURN NULL;
    END IF;
    WITH d AS MATERIALIZED (SELECT x.*, (x.status = 'paid' AND NOT x.is_test) AS real, (x.status = 'paid' AND x.is_test) AS test,
                     CASE WHEN x.status = 'paid' AND x.is_test THEN 'pending'::payment_status ELSE x.status END AS eff,
                     coalesce(x.paid_amount_paise, x.amount_paise) AS collected
                FROM (SELECT 1::bigint AS sign, n.* FROM new_rows n JOIN old_rows o ON o.id = n.id
                       WHERE (n.member_id, n.payment_head_id, n.status, n.amount_paise, n.paid_amount_paise, n.paid_at,
                         n.payment_method, n.payment_gateway, n.collected_by, n.concession_paise, n.is_test)
                    IS DISTINCT FROM (o.member_id, o.payment_head_id, o.status, o.amount_paise, o.paid_amount_paise,
                         o.paid_at, o.payment_method, o.payment_gateway, o.collected_by, o.concession_paise, o.is_test)
                      UNION ALL
                      SELECT -1::bigint AS sign, o.* FROM old_rows o JOIN new_rows n ON o.id = n.id
                       WHERE (n.member_id, n.payment_head_id, n.status, n.amount_paise, n.paid_amount_paise, n.paid_at,
                         n.payment_method, n.payment_gateway, n.collected_by, n.concession_paise, n.is_test)
                    IS DISTINCT FROM (o.member_id, o.payment_head_id, o.status, o.amount_paise, o.paid_amount_paise,
                         o.paid_at, o.payment_method, o.payment_gateway, o.collected_by, o.concession_paise, o.is_test)) x),
    -- One statement; each upsert waits for the one before (it reads its count), so the summary
    -- rows are locked in the order of 0018: head/status, then day, then member.
    a AS (INSERT INTO payment_head_status_summary AS s (payment_head_id, status, count, amount_paise, paid_amount_paise,
                                                    concession_paise, test_count, test_paise)
      SELECT payment_head_id, eff, sum(sign), sum(sign * amount_paise),
             sum(CASE WHEN real THEN sign * collected ELSE 0 END),
             sum(sign * concession_paise),
             sum(CASE WHEN test THEN sign ELSE 0 END),
             sum(CASE WHEN test THEN sign * collected ELSE 0 END)
        FROM d GROUP BY payment_head_id, eff
        HAVING sum(sign) <> 0 OR sum(sign * amount_paise) <> 0
            OR sum(CASE WHEN real THEN sign * collected ELSE 0 END) <> 0
            OR sum(sign * concession_paise) <> 0
            OR sum(CASE WHEN test THEN sign ELSE 0 END) <> 0
            OR sum(CASE WHEN test THEN sign * collected ELSE 0 END) <> 0
        ORDER BY payment_head_id, eff
      ON CONFLICT (payment_head_id, status) DO UPDATE SET
        count = s.count + excluded.count,
        amount_paise = s.amount_paise + excluded.amount_paise,
        paid_amount_paise = s.paid_amount_paise + excluded.paid_amount_paise,
        concession_paise = s.concession_paise + excluded.concession_paise,
        test_count = s.test_count + excluded.test_count,
        test_paise = s.test_paise + excluded.test_paise
      RETURNING 1),
    b AS (INSERT INTO collection_day_summary AS s (day, payment_method, payment_gateway, collected_by, count, amount_paise,
                                               test_count, test_paise)
      SELECT (paid_at AT TIME ZONE tz)::date, payment_method, payment_gateway, collected_by,
             sum(CASE WHEN real THEN sign ELSE 0 END), sum(CASE WHEN real THEN sign * collected ELSE 0 END),
             sum(CASE WHEN test THEN sign ELSE 0 END), sum(CASE WHEN test THEN sign * collected ELSE 0 END)
        FROM d WHERE status = 'paid' AND paid_at IS NOT NULL AND (SELECT count(*) FROM a) >= 0
        GROUP BY 1, 2, 3, 4
        HAVING sum(sign) <> 0 OR sum(sign * collected) <> 0
            OR sum(CASE WHEN real THEN sign ELSE 0 END) <> 0 OR sum(CASE WHEN real THEN sign * collected ELSE 0 END) <> 0
        ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT collection_day_summary_key_uq DO UPDATE SET
        count = s.count + excluded.count,
        amount_paise = s.amount_paise + excluded.amount_paise,
        test_count = s.test_count + excluded.test_count,
        test_paise = s.test_paise + excluded.test_paise
      RETURNING 1),
    t AS (SELECT d.*, h.type AS head_type, (d.status::text IN ('pending', 'failed') OR d.test) AS unpaid,
                   (d.status::text = 'waived') AS waived
              FROM d JOIN payment_heads h ON h.id = d.payment_head_id
             WHERE (SELECT count(*) FROM b) >= 0)
      INSERT INTO member_payment_summary AS s (member_id, total_count, paid_count, unpaid_count, assigned_paise, paid_paise,
                                               unpaid_paise, arrear_unpaid_paise, current_unpaid_paise, misc_unpaid_paise,
                                               concession_paise, waived_count, test_count, test_paise)
      SELECT member_id, sum(sign),
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
        misc_unpaid_paise = s.misc_unpaid_paise + excluded.misc_unpaid_paise,
        concession_paise = s.concession_paise + excluded.concession_paise,
        waived_count = s.waived_count + excluded.waived_count,
        test_count = s.test_count + excluded.test_count,
        test_paise = s.test_paise + excluded.test_paise;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    delta := 'SELECT 1::bigint AS sign, n.* FROM new_rows n';
  ELSIF TG_OP = 'DELETE' THEN
    delta := 'SELECT -1::bigint AS sign, o.* FROM old_rows o';
  ELSE
    delta := 'SELECT 1::bigint AS sign, n.* FROM new_rows n JOIN old_rows o ON o.id = n.id
                WHERE (n.member_id, n.payment_head_id, n.status, n.amount_paise, n.paid_amount_paise, n.paid_at,
                       n.payment_method, n.payment_gateway, n.collected_by, n.concession_paise, n.is_test)
                  IS DISTINCT FROM (o.member_id, o.payment_head_id, o.status, o.amount_paise, o.paid_amount_paise,
                       o.paid_at, o.payment_method, o.payment_gateway, o.collected_by, o.concession_paise, o.is_test)
              UNION ALL
              SELECT -1::bigint AS sign, o.* FROM old_rows o JOIN new_rows n ON o.id = n.id
                WHERE (n.member_id, n.payment_head_id, n.status, n.amount_paise, n.paid_amount_paise, n.paid_at,
                       n.payment_method, n.payment_gateway, n.collected_by, n.concession_paise, n.is_test)
                  IS DISTINCT FROM (o.member_id, o.payment_head_id, o.status, o.amount_paise, o.paid_amount_paise,
                       o.paid_at, o.payment_method, o.payment_gateway, o.collected_by, o.concession_paise, o.is_test)';
  END IF;
  -- Each row of d also says whether it is real money paid (real) or a paid test payment (test).
  delta := 'SELECT x.*, (x.status = ''paid'' AND NOT x.is_test) AS real, (x.status = ''paid'' AND x.is_test) AS test,
                   CASE WHEN x.status = ''paid'' AND x.is_test THEN ''pending''::payment_status ELSE x.status END AS eff,
                   coalesce(x.paid_amount_paise, x.amount_paise) AS collected
              FROM (' || delta || ') x';

  EXECUTE format($q$
    WITH d AS (%s)
    INSERT INTO payment_head_status_summary AS s (payment_head_id, status, count, amount_paise, paid_amount_paise,
                                                  concession_paise, test_count, test_paise)
    SELECT payment_head_id, eff, sum(sign), sum(sign * amount_paise),
           sum(CASE WHEN real THEN sign * collected ELSE 0 END),
           sum(sign * concession_paise),
           sum(CASE WHEN test THEN sign ELSE 0 END),
           sum(CASE WHEN test THEN sign * collected ELSE 0 END)
      FROM d GROUP BY payment_head_id, eff
      HAVING sum(sign) <> 0 OR sum(sign * amount_paise) <> 0
          OR sum(CASE WHEN real THEN sign * collected ELSE 0 END) <> 0
          OR sum(sign * concession_paise) <> 0
          OR sum(CASE WHEN test THEN sign ELSE 0 END) <> 0
          OR sum(CASE WHEN test THEN sign * collected ELSE 0 END) <> 0
      ORDER BY payment_head_id, eff
    ON CONFLICT (payment_head_id, status) DO UPDATE SET
      count = s.count + excluded.count,
      amount_paise = s.amount_paise + excluded.amount_paise,
      paid_amount_paise = s.paid_amount_paise + excluded.paid_amount_paise,
      concession_paise = s.concession_paise + excluded.concession_paise,
      test_count = s.test_count + excluded.test_count,
      test_paise = s.test_paise + excluded.test_paise
  $q$, delta);

  EXECUTE format($q$
    WITH d AS (%s)
    INSERT INTO collection_day_summary AS s (day, payment_method, payment_gateway, collected_by, count, amount_paise,
                                             test_count, test_paise)
    SELECT (paid_at AT TIME ZONE $1)::date, payment_method, payment_gateway, collected_by,
           sum(CASE WHEN real THEN sign ELSE 0 END), sum(CASE WHEN real THEN sign * collected ELSE 0 END),
           sum(CASE WHEN test THEN sign ELSE 0 END), sum(CASE WHEN test THEN sign * collected ELSE 0 END)
      FROM d WHERE status = 'paid' AND paid_at IS NOT NULL
      GROUP BY 1, 2, 3, 4
      HAVING sum(sign) <> 0 OR sum(sign * collected) <> 0
          OR sum(CASE WHEN real THEN sign ELSE 0 END) <> 0 OR sum(CASE WHEN real THEN sign * collected ELSE 0 END) <> 0
      ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT collection_day_summary_key_uq DO UPDATE SET
      count = s.count + excluded.count,
      amount_paise = s.amount_paise + excluded.amount_paise,
      test_count = s.test_count + excluded.test_count,
      test_paise = s.test_paise + excluded.test_paise
  $q$, delta) USING tz;

  EXECUTE format($q$
    WITH d AS (%s),
    t AS (SELECT d.*, h.type AS head_type, (d.status::text IN ('pending', 'failed') OR d.test) AS unpaid,
                 (d.status::text = 'waived') AS waived
            FROM d JOIN payment_heads h ON h.id = d.payment_head_id)
    INSERT INTO member_payment_summary AS s (member_id, total_count, paid_count, unpaid_count, assigned_paise, paid_paise,
                                             unpaid_paise, arrear_unpaid_paise, current_unpaid_paise, misc_unpaid_paise,
                                             concession_paise, waived_count, test_count, test_paise)
    SELECT member_id, sum(sign),
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
      misc_unpaid_paise = s.misc_unpaid_paise + excluded.misc_unpaid_paise,
      concession_paise = s.concession_paise + excluded.concession_paise,
      waived_count = s.waived_count + excluded.waived_count,
      test_count = s.test_count + excluded.test_count,
      test_paise = s.test_paise + excluded.test_paise
  $q$, delta);
  RETURN NULL;
END
$fn$;--> statement-breakpoint
-- A head type change moves the unpaid amounts between the member's due groups: test-paid dues with them.
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
     WHERE p.status <> 'paid' OR p.is_test
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
CREATE OR REPLACE FUNCTION "summaries_rebuild"() RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  tz text;
BEGIN
  SELECT "timezone" INTO tz FROM "parish_timezone" WHERE "id" = 1;
  tz := coalesce(tz, 'Asia/Kolkata');
  DELETE FROM payment_head_status_summary;
  DELETE FROM collection_day_summary;
  DELETE FROM member_payment_summary;
  INSERT INTO payment_head_status_summary (payment_head_id, status, count, amount_paise, paid_amount_paise,
                                           concession_paise, test_count, test_paise)
  SELECT payment_head_id, CASE WHEN status = 'paid' AND is_test THEN 'pending'::payment_status ELSE status END,
         count(*), sum(amount_paise),
         coalesce(sum(coalesce(paid_amount_paise, amount_paise)) FILTER (WHERE status = 'paid' AND NOT is_test), 0),
         sum(concession_paise),
         count(*) FILTER (WHERE status = 'paid' AND is_test),
         coalesce(sum(coalesce(paid_amount_paise, amount_paise)) FILTER (WHERE status = 'paid' AND is_test), 0)
    FROM payments GROUP BY 1, 2;
  INSERT INTO collection_day_summary (day, payment_method, payment_gateway, collected_by, count, amount_paise,
                                      test_count, test_paise)
  SELECT (paid_at AT TIME ZONE tz)::date, payment_method, payment_gateway, collected_by,
         count(*) FILTER (WHERE NOT is_test),
         coalesce(sum(coalesce(paid_amount_paise, amount_paise)) FILTER (WHERE NOT is_test), 0),
         count(*) FILTER (WHERE is_test),
         coalesce(sum(coalesce(paid_amount_paise, amount_paise)) FILTER (WHERE is_test), 0)
    FROM payments WHERE status = 'paid' AND paid_at IS NOT NULL
   GROUP BY 1, 2, 3, 4;
  INSERT INTO member_payment_summary (member_id, total_count, paid_count, unpaid_count, assigned_paise, paid_paise,
                                      unpaid_paise, arrear_unpaid_paise, current_unpaid_paise, misc_unpaid_paise,
                                      concession_paise, waived_count, test_count, test_paise)
  SELECT p.member_id, count(*),
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
    FROM payments p JOIN payment_heads h ON h.id = p.payment_head_id
   GROUP BY p.member_id;
END
$fn$;--> statement-breakpoint
SELECT summaries_rebuild();
