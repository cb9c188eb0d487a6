import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { queryRows } from '../../../src/db/client.ts';
import { sortedLines } from '../../factories.ts';
import {
  createMember,
  createTestApp,
  loginAs,
  loginMember,
  type Session,
  type TestApp,
  type TestMember,
} from '../../helpers.ts';

/*
 * Year-end tools (docs/domain.md, §4 "Year-end roll-over" and "Concessions") and the dues matrix
 * re-upload ("Account head CSV"): figures from the summary tables equal a full scan to the paisa
 * after each, on PGlite and PostgreSQL (TEST_DATABASE_URL).
 */

let t: TestApp;
let admin: Session;
let cashier: Session;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T06:00:00.000Z' });
  admin = await loginAs(t.app, 'admin');
  cashier = await loginAs(t.app, 'cashier');
  t.app.config.razorpay.apiUrl = '/api/sandbox/razorpay';
});
afterAll(async () => {
  await t.close();
});

/** Rows as comparable text lines ({@link sortedLines}). */
const lines = (query: ReturnType<typeof sql>) => sortedLines(t.db, query);

/** Every summary equals a full-scan GROUP BY of the payments, concessions and waived dues included. */
async function expectSummariesExact(): Promise<void> {
  expect(
    await lines(sql`SELECT payment_head_id, status, count, amount_paise, paid_amount_paise, concession_paise
                      FROM payment_head_status_summary
                     WHERE count <> 0 OR amount_paise <> 0 OR paid_amount_paise <> 0 OR concession_paise <> 0`),
  ).toEqual(
    await lines(sql`SELECT payment_head_id, status, count(*) AS c, sum(amount_paise) AS a,
                           sum(CASE WHEN status = 'paid' THEN coalesce(paid_amount_paise, amount_paise) ELSE 0 END) AS p,
                           sum(concession_paise) AS k
                      FROM payments GROUP BY 1, 2`),
  );
  expect(
    await lines(sql`SELECT member_id, total_count, paid_count, unpaid_count, assigned_paise, paid_paise, unpaid_paise,
                           arrear_unpaid_paise, current_unpaid_paise, misc_unpaid_paise, concession_paise, waived_count
                      FROM member_payment_summary WHERE total_count <> 0`),
  ).toEqual(
    await lines(sql`SELECT p.member_id, count(*) AS c1, count(*) FILTER (WHERE p.status = 'paid') AS c2,
                           count(*) FILTER (WHERE p.status IN ('pending', 'failed')) AS c3, sum(p.amount_paise) AS s1,
                           coalesce(sum(coalesce(p.paid_amount_paise, p.amount_paise)) FILTER (WHERE p.status = 'paid'), 0) AS s2,
                           coalesce(sum(p.amount_paise) FILTER (WHERE p.status IN ('pending', 'failed')), 0) AS s3,
                           coalesce(sum(p.amount_paise) FILTER (WHERE p.status IN ('pending', 'failed') AND h.type = 'arrear'), 0) AS s4,
                           coalesce(sum(p.amount_paise) FILTER (WHERE p.status IN ('pending', 'failed') AND h.type = 'current due'), 0) AS s5,
                           coalesce(sum(p.amount_paise) FILTER (WHERE p.status IN ('pending', 'failed') AND h.type = 'miscellaneous'), 0) AS s6,
                           sum(p.concession_paise) AS s7, count(*) FILTER (WHERE p.status = 'waived') AS c4
                      FROM payments p JOIN payment_heads h ON h.id = p.payment_head_id GROUP BY p.member_id`),
  );
}

async function inject(method: 'GET' | 'POST', url: string, session: Session, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: session.headers, ...(payload !== undefined && { payload }) });
}

async function createHead(name: string, type: string, amount: number, year: number): Promise<string> {
  const response = await inject('POST', '/api/payment-heads', admin, { name, amount, type, year });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _id: string }>()._id;
}

async function assign(headId: string, people: readonly TestMember[], amount?: number): Promise<void> {
  const response = await inject('POST', '/api/payments/assign', admin, {
    paymentHeadId: headId,
    assignments: people.map((p) => ({ memberId: p.id, ...(amount !== undefined && { amount }) })),
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function paymentOf(memberId: string, headId: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`SELECT id::text AS id FROM payments WHERE member_id = ${memberId} AND payment_head_id = ${headId}`,
  );
  if (!row) throw new Error('no payment');
  return row.id;
}

async function collect(paymentId: string, amount: number) {
  return inject('POST', `/api/payments/${paymentId}/collect`, cashier, {
    collectionMode: 'manual',
    collectionAmount: amount,
    paymentMethod: 'cash',
  });
}

/** The dashboard's outstanding figures (rupees). */
async function dashboard() {
  const response = await inject('GET', '/api/admin/dashboard', admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    payments: { pending: number; waived?: number };
    amounts: { totalPending: number; totalConcessions?: number };
    byType: { arrears: { pendingAmount: number }; current: { pendingAmount: number } };
  }>();
}

describe('year-end roll-over: move unpaid current dues of a year to arrears', () => {
  it('previews what it moves, moves exactly that, keeps every payment, and the arrears-first rule applies after', async () => {
    const people = await Promise.all([0, 1, 2, 3].map((i) => createMember(t.app, { name: `Rollover ${i}` })));
    const tax = await createHead('Rollover Church Tax', 'current due', 1200.5, 2025);
    const fund = await createHead('Rollover Building Fund', 'current due', 500, 2025);
    const thisYear = await createHead('Rollover Tax 2026', 'current due', 800, 2026);
    await assign(tax, people);
    await assign(fund, people.slice(0, 2));
    await assign(thisYear, people);
    // One paid: it moves with its head, still paid.
    expect((await collect(await paymentOf(people[0]!.id, tax), 1200.5)).statusCode).toBe(200);

    const membersBefore = await inject('GET', '/api/members?limit=100', admin);
    const before = await dashboard();
    const preview = await inject('GET', '/api/payment-heads/rollover?year=2025', admin);
    expect(preview.statusCode, preview.body).toBe(200);
    const previewBody = preview.json<{
      heads: { paymentHeadId: string; members: number; unpaidAmount: number; paidMembers: number }[];
      members: number;
      unpaidAmount: number;
    }>();
    const chosen = previewBody.heads.filter((h) => h.paymentHeadId === tax || h.paymentHeadId === fund);
    expect(chosen).toHaveLength(2);
    expect(chosen.find((h) => h.paymentHeadId === tax)).toMatchObject({
      members: 3,
      unpaidAmount: 3601.5,
      paidMembers: 1,
    });
    expect(chosen.find((h) => h.paymentHeadId === fund)).toMatchObject({
      members: 2,
      unpaidAmount: 1000,
      paidMembers: 0,
    });

    // Refused: a head of another year, and nothing; nothing changes.
    const wrongYear = await inject('POST', '/api/payment-heads/rollover', admin, {
      year: 2025,
      paymentHeadIds: [tax, thisYear],
    });
    expect(wrongYear.statusCode).toBe(400);
    expect(wrongYear.json<{ error: string }>().error).toBe(
      'Only current dues of the chosen year can be moved to arrears',
    );
    expect(
      (await inject('POST', '/api/payment-heads/rollover', admin, { year: 2025, paymentHeadIds: [] })).statusCode,
    ).toBe(400);
    expect(
      (await inject('POST', '/api/payment-heads/rollover', cashier, { year: 2025, paymentHeadIds: [tax] })).statusCode,
    ).toBe(403);

    const own = await inject('GET', `/api/payment-heads/rollover?year=2025`, admin);
    const ownChosen = own.json<typeof previewBody>();
    const moved = await inject('POST', '/api/payment-heads/rollover', admin, {
      year: 2025,
      paymentHeadIds: [tax, fund],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const movedBody = moved.json<typeof previewBody>();
    // The preview (restricted to the chosen heads) equals what moved.
    expect(movedBody.heads).toEqual(ownChosen.heads.filter((h) => h.paymentHeadId === tax || h.paymentHeadId === fund));
    expect(movedBody.unpaidAmount).toBe(4601.5);
    expect(movedBody.members).toBe(4);

    // Every payment stays on its head; the heads are arrears; the dashboard moved the amount.
    const [kept] = await queryRows<{ n: unknown; paid: unknown }>(
      t.db,
      sql`SELECT count(*) AS n, count(*) FILTER (WHERE status = 'paid') AS paid FROM payments
           WHERE payment_head_id IN (${tax}, ${fund})`,
    );
    expect([Number(kept?.n), Number(kept?.paid)]).toEqual([6, 1]);
    const after = await dashboard();
    expect(after.byType.arrears.pendingAmount - before.byType.arrears.pendingAmount).toBeCloseTo(4601.5, 2);
    expect(before.byType.current.pendingAmount - after.byType.current.pendingAmount).toBeCloseTo(4601.5, 2);
    expect(after.amounts.totalPending).toBe(before.amounts.totalPending);
    await expectSummariesExact();
    // The member list (cached under the data versions) is unchanged: assignments did not move.
    expect((await inject('GET', '/api/members?limit=100', admin)).json()).toEqual(membersBefore.json());

    // Moving again is refused: they are arrears now.
    expect(
      (await inject('POST', '/api/payment-heads/rollover', admin, { year: 2025, paymentHeadIds: [tax] })).statusCode,
    ).toBe(400);
    const audit = await queryRows<{ n: unknown }>(
      t.db,
      sql`SELECT count(*) AS n FROM audit_events WHERE action = 'payment_head.rolled_over'`,
    );
    expect(Number(audit[0]?.n)).toBe(1);

    // Arrears first: the current due of 2026 is refused at the office until the moved arrear is paid.
    const p1 = people[1]!;
    const member = await loginMember(t.app, p1.mobile, p1.password);
    const order = await inject('POST', '/api/razorpay/create-order', member, {
      paymentIds: [await paymentOf(p1.id, thisYear)],
    });
    expect(order.statusCode, order.body).toBe(400);
    expect(order.json<{ code: string }>().code).toBe('ARREARS_FIRST');
    // The office keeps the specification's freedom to collect any pending due.
    expect((await collect(await paymentOf(p1.id, thisYear), 800)).statusCode).toBe(200);
    await expectSummariesExact();
  });
});

describe('concessions: an admin lowers or waives a pending due', () => {
  it('keeps waived and lowered amounts out of the outstanding totals and shows the concessions as their own figure', async () => {
    const people = await Promise.all([0, 1, 2].map((i) => createMember(t.app, { name: `Concession ${i}` })));
    const arrear = await createHead('Concession Arrear', 'arrear', 700.25, 2025);
    const current = await createHead('Concession Tax', 'current due', 1500, 2026);
    await assign(arrear, people);
    await assign(current, people);
    const before = await dashboard();

    const waive = await paymentOf(people[0]!.id, arrear);
    const lower = await paymentOf(people[1]!.id, current);
    // Validation: the reason, the words for "other", a lowered amount below the due; a cashier may not.
    expect(
      (await inject('POST', `/api/payments/${waive}/concession`, admin, { kind: 'waive', reason: 'other' })).statusCode,
    ).toBe(400);
    expect(
      (
        await inject('POST', `/api/payments/${lower}/concession`, admin, {
          kind: 'lower',
          amount: 1500,
          reason: 'hardship',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await inject('POST', `/api/payments/${lower}/concession`, admin, {
          kind: 'lower',
          amount: 0,
          reason: 'hardship',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await inject('POST', `/api/payments/${waive}/concession`, cashier, { kind: 'waive', reason: 'widow' }))
        .statusCode,
    ).toBe(403);
    await expectSummariesExact();

    const waived = await inject('POST', `/api/payments/${waive}/concession`, admin, { kind: 'waive', reason: 'widow' });
    expect(waived.statusCode, waived.body).toBe(200);
    expect(waived.json()).toMatchObject({
      status: 'waived',
      amount: 0,
      concession: { amount: 700.25, reason: 'widow', note: null },
    });
    const lowered = await inject('POST', `/api/payments/${lower}/concession`, admin, {
      kind: 'lower',
      amount: '1000.50',
      reason: 'other',
      note: 'Lost his job in October',
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json()).toMatchObject({
      status: 'pending',
      amount: 1000.5,
      concession: { amount: 499.5, reason: 'other' },
    });
    await expectSummariesExact();

    // A waived due is not pending: a second concession or a collection is refused.
    expect(
      (await inject('POST', `/api/payments/${waive}/concession`, admin, { kind: 'waive', reason: 'widow' })).statusCode,
    ).toBe(409);
    expect((await collect(waive, 700.25)).statusCode).toBe(409);

    const after = await dashboard();
    expect(before.amounts.totalPending - after.amounts.totalPending).toBeCloseTo(700.25 + 499.5, 2);
    expect((after.amounts.totalConcessions ?? 0) - (before.amounts.totalConcessions ?? 0)).toBeCloseTo(1199.75, 2);
    expect(after.payments.pending).toBe(before.payments.pending - 1);
    expect((after.payments.waived ?? 0) - (before.payments.waived ?? 0)).toBe(1);
    const overview = await inject('POST', '/api/admin/reports', admin, { type: 'overview' });
    expect(overview.statusCode, overview.body).toBe(200);
    const o = overview.json<{
      totalOutstanding: number;
      totalConcessions: number;
      payments: { total: number; paid: number; unpaid: number };
    }>();
    const [scan] = await queryRows<{ outstanding: unknown; concessions: unknown; unpaid: unknown }>(
      t.db,
      sql`SELECT coalesce(sum(amount_paise) FILTER (WHERE status IN ('pending', 'failed')), 0) AS outstanding,
                 coalesce(sum(concession_paise), 0) AS concessions,
                 count(*) FILTER (WHERE status IN ('pending', 'failed')) AS unpaid
            FROM payments`,
    );
    expect(Math.round(o.totalOutstanding * 100)).toBe(Number(scan?.outstanding));
    expect(Math.round(o.totalConcessions * 100)).toBe(Number(scan?.concessions));
    expect(o.payments.unpaid).toBe(Number(scan?.unpaid));

    // The arrears-first gate does not block on a waived arrear: member 0 may pay the current due online.
    const m0 = people[0]!;
    const member = await loginMember(t.app, m0.mobile, m0.password);
    const portal = await inject('GET', '/api/customer/payments?status=pending', member);
    expect(portal.statusCode, portal.body).toBe(200);
    expect(JSON.stringify(portal.json())).not.toContain(waive);
    const order = await inject('POST', '/api/razorpay/create-order', member, {
      paymentIds: [await paymentOf(m0.id, current)],
    });
    expect(order.json<{ code?: string }>().code).not.toBe('ARREARS_FIRST');

    const audit = await queryRows<{ n: unknown }>(
      t.db,
      sql`SELECT count(*) AS n FROM audit_events WHERE action = 'payment.concession_granted'`,
    );
    expect(Number(audit[0]?.n)).toBe(2);
  });
});

describe('dues matrix re-upload: assigned, changed and unchanged', () => {
  it('counts them, and changes pending amounts only when asked; paid ones never', async () => {
    const header = ['ParishNumber', 'Name', 'Phone', 'Matrix Fund 2026'];
    const rows = [
      ['MX1', 'Matrix One', '9847000101', '500'],
      ['MX2', 'Matrix Two', '9847000102', '500'],
      ['MX3', 'Matrix Three', '9847000103', '500'],
    ];
    const first = await inject('POST', '/api/payments/upload-csv', admin, { csvData: [header, ...rows] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ paymentsAssigned: 3, paymentsChanged: 0, paymentsUnchanged: 0 });
    const [mx1] = await queryRows<{ id: string }>(
      t.db,
      sql`SELECT p.id::text AS id FROM payments p JOIN members m ON m.id = p.member_id WHERE m.parish_number = 'MX1'`,
    );
    expect((await collect(mx1!.id, 500)).statusCode).toBe(200);

    const changedRows = [
      ['MX1', 'Matrix One', '9847000101', '650'],
      ['MX2', 'Matrix Two', '9847000102', '650'],
      ['MX3', 'Matrix Three', '9847000103', '500'],
      ['MX4', 'Matrix Four', '9847000104', '650'],
    ];
    const again = await inject('POST', '/api/payments/upload-csv', admin, { csvData: [header, ...changedRows] });
    expect(again.json()).toMatchObject({
      paymentsAssigned: 1,
      paymentsChanged: 0,
      paymentsUnchanged: 3,
      pendingAmountsDiffer: 1,
    });
    const update = await inject('POST', '/api/payments/upload-csv', admin, {
      csvData: [header, ...changedRows],
      updatePendingAmounts: true,
    });
    expect(update.json()).toMatchObject({
      paymentsAssigned: 0,
      paymentsChanged: 1,
      paymentsUnchanged: 3,
      pendingAmountsDiffer: 0,
    });
    const amounts = await lines(
      sql`SELECT m.parish_number, p.status, p.amount_paise FROM payments p JOIN members m ON m.id = p.member_id
           WHERE m.parish_number LIKE 'MX%'`,
    );
    expect(amounts).toEqual(['MX1|paid|50000', 'MX2|pending|65000', 'MX3|pending|50000', 'MX4|pending|65000']);
    const [audit] = await queryRows<{ after: unknown }>(
      t.db,
      sql`SELECT after FROM audit_events WHERE action = 'payment.csv_imported' ORDER BY id DESC LIMIT 1`,
    );
    const changes = (typeof audit?.after === 'string' ? JSON.parse(audit.after) : audit?.after) as {
      amountChanges: { before: number; after: number }[];
    };
    expect(changes.amountChanges).toMatchObject([{ before: 500, after: 650 }]);
    await expectSummariesExact();
  });
});
