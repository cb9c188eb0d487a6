import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { systemContext } from '../../../src/context.ts';
import { queryRows } from '../../../src/db/client.ts';
import { syncParishTimezone } from '../../../src/modules/reports/parish-calendar.ts';
import { sortedLines } from '../../factories.ts';
import { createMember, createTestApp, loginAs, type Session, type TestApp } from '../../helpers.ts';

let t: TestApp;
let admin: Session;
let cashier: Session;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T18:20:00.000Z' });
  admin = await loginAs(t.app, 'admin');
  cashier = await loginAs(t.app, 'cashier');
});
afterAll(async () => {
  await t.close();
});

/** Rows as comparable text lines ({@link sortedLines}). */
const lines = (query: ReturnType<typeof sql>) => sortedLines(t.db, query);

/**
 * Each summary equals a full-scan GROUP BY of the payments, to the paisa (rows whose count and
 * sums are all zero are ignored: they stay behind after the last payment of a key goes). Paid test
 * payments (`is_test`) are counted apart and left out of every collected figure (migration 0018);
 * test money is not money, so their due counts as still owed: pending in the head summary, unpaid
 * in the member summary (migration 0022, decision 0114).
 */
async function expectSummariesExact(): Promise<void> {
  const collected = sql`coalesce(paid_amount_paise, amount_paise)`;
  const real = sql`(p.status = 'paid' AND NOT p.is_test)`;
  expect(
    await lines(sql`SELECT payment_head_id, status, count, amount_paise, paid_amount_paise, test_count, test_paise
                      FROM payment_head_status_summary
                     WHERE count <> 0 OR amount_paise <> 0 OR paid_amount_paise <> 0 OR test_count <> 0`),
  ).toEqual(
    await lines(sql`SELECT payment_head_id, CASE WHEN status = 'paid' AND is_test THEN 'pending' ELSE status END AS st,
                           count(*) AS c, sum(amount_paise) AS a,
                           sum(CASE WHEN status = 'paid' AND NOT is_test THEN ${collected} ELSE 0 END) AS p,
                           count(*) FILTER (WHERE status = 'paid' AND is_test) AS tc,
                           coalesce(sum(${collected}) FILTER (WHERE status = 'paid' AND is_test), 0) AS tp
                      FROM payments GROUP BY 1, 2`),
  );
  expect(
    await lines(sql`SELECT day::text, payment_method, payment_gateway, collected_by, count, amount_paise, test_count, test_paise
                      FROM collection_day_summary WHERE count <> 0 OR amount_paise <> 0 OR test_count <> 0`),
  ).toEqual(
    await lines(sql`SELECT ((paid_at AT TIME ZONE (SELECT timezone FROM parish_timezone))::date)::text AS d, payment_method,
                           payment_gateway, collected_by, count(*) FILTER (WHERE NOT is_test) AS c,
                           coalesce(sum(${collected}) FILTER (WHERE NOT is_test), 0) AS a,
                           count(*) FILTER (WHERE is_test) AS tc, coalesce(sum(${collected}) FILTER (WHERE is_test), 0) AS tp
                      FROM payments WHERE status = 'paid' AND paid_at IS NOT NULL GROUP BY 1, 2, 3, 4`),
  );
  expect(
    await lines(sql`SELECT member_id, total_count, paid_count, unpaid_count, assigned_paise, paid_paise, unpaid_paise,
                           arrear_unpaid_paise, current_unpaid_paise, misc_unpaid_paise, test_count, test_paise
                      FROM member_payment_summary WHERE total_count <> 0`),
  ).toEqual(
    await lines(sql`SELECT p.member_id, count(*) AS c1, count(*) FILTER (WHERE ${real}) AS c2,
                           count(*) FILTER (WHERE NOT ${real} AND p.status <> 'waived') AS c3, sum(p.amount_paise) AS s1,
                           coalesce(sum(coalesce(p.paid_amount_paise, p.amount_paise)) FILTER (WHERE p.status = 'paid' AND NOT p.is_test), 0) AS s2,
                           coalesce(sum(p.amount_paise) FILTER (WHERE NOT ${real}), 0) AS s3,
                           coalesce(sum(p.amount_paise) FILTER (WHERE NOT ${real} AND h.type = 'arrear'), 0) AS s4,
                           coalesce(sum(p.amount_paise) FILTER (WHERE NOT ${real} AND h.type = 'current due'), 0) AS s5,
                           coalesce(sum(p.amount_paise) FILTER (WHERE NOT ${real} AND h.type = 'miscellaneous'), 0) AS s6,
                           count(*) FILTER (WHERE p.status = 'paid' AND p.is_test) AS t1,
                           coalesce(sum(coalesce(p.paid_amount_paise, p.amount_paise)) FILTER (WHERE p.status = 'paid' AND p.is_test), 0) AS t2
                      FROM payments p JOIN payment_heads h ON h.id = p.payment_head_id GROUP BY p.member_id`),
  );
  // The diocese roll-up's month summary (migration 0033, decision 0133): the sums the roll-up read
  // from the payments before (decision 0131), per month of the due's day and head type.
  expect(
    await lines(sql`SELECT month::text, head_type, due_count, raised_paise, collected_paise, outstanding_paise
                      FROM rollup_month_summary WHERE due_count <> 0`),
  ).toEqual(
    await lines(sql`SELECT date_trunc('month', coalesce(p.due_date, make_date(p.year, 4, 1)))::date::text AS m, h.type,
                           count(*) AS c,
                           coalesce(sum(p.amount_paise) FILTER (WHERE p.status <> 'waived'), 0) AS r,
                           coalesce(sum(coalesce(p.paid_amount_paise, p.amount_paise)) FILTER (WHERE ${real}), 0) AS col,
                           coalesce(sum(p.amount_paise) FILTER (WHERE p.status IN ('pending', 'failed') OR (p.status = 'paid' AND p.is_test)), 0) AS o
                      FROM payments p JOIN payment_heads h ON h.id = p.payment_head_id GROUP BY 1, 2`),
  );
  const [leftover] = await queryRows<{ n: unknown }>(
    t.db,
    sql`SELECT count(*) AS n FROM rollup_month_summary
         WHERE due_count = 0 AND (raised_paise <> 0 OR collected_paise <> 0 OR outstanding_paise <> 0)`,
  );
  expect(Number(leftover?.n)).toBe(0);
}

async function createHead(name: string, type: string, amount: number, variable = false): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/payment-heads',
    headers: admin.headers,
    payload: { name, amount, type, year: 2026, variable_amount: variable },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _id: string }>()._id;
}

describe('summary tables kept exact by the payments triggers (issue 6)', () => {
  it('equal a full-scan GROUP BY after inserts, collections, reversals, deletes, updates and a 1,000-row import', async () => {
    const people = [];
    for (let i = 0; i < 12; i += 1) people.push(await createMember(t.app, { name: `Summary Member ${i}` }));
    const arrears = await createHead('Summary Arrears', 'arrear', 1000.25);
    const current = await createHead('Summary Current', 'current due', 250, true);
    const misc = await createHead('Summary Misc', 'miscellaneous', 75.5);
    await expectSummariesExact();

    // Inserts (tagging), with custom amounts.
    for (const [head, amount] of [
      [arrears, undefined],
      [current, 300],
      [misc, 75.5],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/payments/assign',
        headers: admin.headers,
        payload: {
          paymentHeadId: head,
          assignments: people.map((p) => ({ memberId: p.id, ...(amount && { amount }) })),
        },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    await expectSummariesExact();

    const payments = await queryRows<{ id: string; member_id: string; payment_head_id: string; amount_paise: unknown }>(
      t.db,
      sql`SELECT id, member_id, payment_head_id, amount_paise FROM payments ORDER BY member_id, payment_head_id`,
    );
    // Collections at various hours (one just after parish midnight), some above the due amount.
    const collected: string[] = [];
    for (const [i, payment] of payments.slice(0, 20).entries()) {
      // 18:21Z is 23:51 in Kolkata, 18:31Z is 00:01 the next parish day.
      t.clock.set(new Date(Date.UTC(2026, 10, 22, 18, [21, 24, 31, 33][i % 4])));
      const extra = payment.payment_head_id === current ? 10.5 : 0;
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/payments/${payment.id}/collect`,
        headers: i % 2 ? admin.headers : cashier.headers,
        payload: {
          collectionMode: 'manual',
          collectionAmount: Number(payment.amount_paise) / 100 + extra,
          paymentMethod: ['cash', 'upi', 'cheque'][i % 3],
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      collected.push(payment.id);
    }
    await expectSummariesExact();

    // Concessions: one due lowered, one waived whole (decision 0131: a waived due is not raised).
    const unpaid = payments.filter((payment) => !collected.includes(payment.id));
    for (const [payment, payload] of [
      [unpaid[0], { kind: 'lower', amount: 10, reason: 'widow' }],
      [unpaid[1], { kind: 'waive', reason: 'widow' }],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/payments/${payment?.id}/concession`,
        headers: admin.headers,
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    await expectSummariesExact();

    // Reversals.
    for (const id of collected.slice(0, 5)) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/payments/${id}/reverse`,
        headers: admin.headers,
        payload: { reason: 'wrong_amount' },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    await expectSummariesExact();

    // Deletes (revoke pending tags of some members), an update that changes nothing counted,
    // an online-style settle by raw SQL, a failed status, and a head type change.
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/payments/revoke',
      headers: admin.headers,
      payload: { paymentHeadId: misc, memberIds: people.slice(6).map((p) => p.id) },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    await t.db.execute(sql`UPDATE payments SET notes = 'touched', updated_at = now()`);
    await t.db.execute(
      sql`UPDATE payments SET status = 'paid', paid_at = '2026-11-30T18:29:59Z', payment_gateway = 'worldline',
                              payment_method = 'online', paid_amount_paise = amount_paise
           WHERE id IN (SELECT id FROM payments WHERE status = 'pending' ORDER BY id LIMIT 3)`,
    );
    // Test payments (a sandbox checkout): paid with is_test, one flag flipped back and forth, one
    // made pending again as "Void all test payments" does.
    await t.db.execute(
      sql`UPDATE payments SET status = 'paid', paid_at = '2026-11-22T18:40:00Z', payment_gateway = 'razorpay',
                              payment_method = 'online', paid_amount_paise = amount_paise, is_test = true
           WHERE id IN (SELECT id FROM payments WHERE status = 'pending' ORDER BY id LIMIT 4)`,
    );
    await expectSummariesExact();
    const [flip] = await queryRows<{ id: string }>(
      t.db,
      sql`SELECT id FROM payments WHERE is_test ORDER BY id LIMIT 1`,
    );
    await t.db.execute(sql`UPDATE payments SET is_test = false WHERE id = ${flip?.id}`);
    await expectSummariesExact();
    await t.db.execute(sql`UPDATE payments SET is_test = true WHERE id = ${flip?.id}`);
    await t.db.execute(
      sql`UPDATE payments SET status = 'pending', paid_at = NULL, paid_amount_paise = NULL, payment_gateway = NULL,
                              payment_method = NULL, is_test = false
           WHERE id IN (SELECT id FROM payments WHERE is_test ORDER BY id LIMIT 1)`,
    );
    await expectSummariesExact();
    const [testRow] = await queryRows<{ n: unknown; paise: unknown }>(
      t.db,
      sql`SELECT sum(test_count) AS n, sum(test_paise) AS paise FROM collection_day_summary WHERE payment_gateway = 'razorpay'`,
    );
    expect(Number(testRow?.n)).toBe(3);
    expect(Number(testRow?.paise)).toBeGreaterThan(0);
    await t.db.execute(
      sql`UPDATE payments SET status = 'failed' WHERE id IN (SELECT id FROM payments WHERE status = 'pending' ORDER BY id LIMIT 2)`,
    );
    const headUpdate = await t.app.inject({
      method: 'PUT',
      url: `/api/payment-heads/${current}`,
      headers: admin.headers,
      payload: { name: 'Summary Current', type: 'arrear', year: 2026 },
    });
    expect(headUpdate.statusCode, headUpdate.body).toBe(200);
    await expectSummariesExact();
    await t.db.execute(sql`DELETE FROM payments WHERE status <> 'paid' AND payment_head_id = ${arrears}::uuid`);
    await expectSummariesExact();

    // A 1,000-row import of the account-head CSV (members and heads created, payments inserted in batches).
    const csvData = [['ParishNumber', 'Name', 'Phone', '(Import Arrears)', 'Import Current', '*Import Misc*']];
    for (let i = 0; i < 1000; i += 1) {
      csvData.push([
        `SUMIMP${i}`,
        `Imported Member ${i}`,
        `9${String(700_000_000 + i).padStart(9, '0')}`,
        i % 5 === 0 ? '0' : String(100 + (i % 7)),
        String(250 + (i % 3) * 0.25),
        i % 2 ? '' : '40',
      ]);
    }
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/payments/upload-csv',
      headers: admin.headers,
      payload: { csvData },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json<{ errors: unknown[] }>().errors).toEqual([]);
    const [{ n } = { n: 0 }] = await queryRows<{ n: unknown }>(t.db, sql`SELECT count(*) AS n FROM payments`);
    expect(Number(n)).toBeGreaterThan(2000);
    await expectSummariesExact();

    // Deleting a member cascades nothing into payments, but deleting payments in bulk does update.
    await t.db.execute(
      sql`DELETE FROM payments WHERE member_id IN (SELECT id FROM members WHERE parish_number LIKE 'SUMIMP1%')`,
    );
    await expectSummariesExact();
  });

  it('rebuilds the per-day rows when the parish time zone changes', async () => {
    await syncParishTimezone(systemContext(t.app.deps), { timezone: 'UTC' });
    await expectSummariesExact();
    const [row] = await queryRows<{ n: unknown }>(
      t.db,
      sql`SELECT count(*) AS n FROM collection_day_summary WHERE day = '2026-11-30' AND payment_gateway = 'worldline' AND count > 0`,
    );
    expect(Number(row?.n)).toBe(1); // 18:29:59Z is still 30 November in UTC (it was 1 December in Kolkata)
    await syncParishTimezone(systemContext(t.app.deps), { timezone: 'Asia/Kolkata' });
    await expectSummariesExact();
  });

  it('rebuilds the roll-up month summary with the others (summaries_rebuild, migration 0033)', async () => {
    await t.db.execute(sql`DELETE FROM rollup_month_summary`);
    await t.db.execute(sql`SELECT summaries_rebuild()`);
    await expectSummariesExact();
    const [row] = await queryRows<{ n: unknown }>(t.db, sql`SELECT count(*) AS n FROM rollup_month_summary`);
    expect(Number(row?.n)).toBeGreaterThan(0);
  });
});
