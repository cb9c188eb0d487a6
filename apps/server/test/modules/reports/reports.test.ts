import { REPORT_MSG, REPORT_TYPES, type ReportOf, type ReportRequestInput, type ReportType } from '@parish/shared';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { queryRows } from '../../../src/db/client.ts';
import { createTestApp, expectError, loginAs, type Session, type TestApp } from '../../helpers.ts';
import { FIXTURE_NOW, insertFixture, type Fixture } from '../../report-fixture.ts';

let t: TestApp;
let fixture: Fixture;
let admin: Session;
let cashier: Session;

beforeAll(async () => {
  t = await createTestApp({ now: FIXTURE_NOW });
  fixture = await insertFixture(t.app);
  admin = await loginAs(t.app, 'admin');
  cashier = await loginAs(t.app, 'cashier');
});
afterAll(async () => {
  await t.close();
});

async function report<T extends ReportType>(
  body: ReportRequestInput & { type: T },
  session: Session = admin,
): Promise<ReportOf<T>> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/reports',
    headers: session.headers,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  const parsed = response.json<ReportOf<T>>();
  expect(parsed.type).toBe(body.type);
  return parsed;
}

describe('POST /api/admin/reports (hand-computed on the fixture)', () => {
  it('overview: the four cards and collections by method', async () => {
    const r = await report({ type: 'overview' }, cashier);
    expect(r.todaysCollection).toBe(1500.5);
    expect(r.totalReceivables).toBe(3835.75);
    expect(r.totalCollected).toBe(2800.5);
    expect(r.totalOutstanding).toBe(1085.25);
    expect(r.collectionRate).toBe(63.6);
    expect(r.payments).toEqual({ total: 11, paid: 7, unpaid: 4 });
    expect(r.byMethod.map((m) => [m.method, m.count, m.amount])).toEqual([
      ['upi', 2, 700.5],
      ['card', 1, 700],
      ['online', 1, 600],
      ['cash', 2, 500],
      ['cheque', 1, 300],
    ]);
  });

  it('daily: one row per parish day (23:50 and 00:10 on their own days), newest first, with the series', async () => {
    const r = await report({ type: 'daily', from: '2026-12-30', to: '2027-01-03' });
    expect(r.items.map((row) => [row.day, row.count, row.amount])).toEqual([
      ['2027-01-03', 3, 1500.5],
      ['2027-01-02', 2, 1000],
      ['2027-01-01', 1, 200],
      ['2026-12-31', 1, 100],
    ]);
    expect(r.total).toBe(4);
    expect(r.limit).toBe(25);
    expect(r.items[0]?.byMethod).toEqual([
      { method: 'online', count: 1, amount: 600 },
      { method: 'upi', count: 1, amount: 500.5 },
      { method: 'cash', count: 1, amount: 400 },
    ]);
    expect(r.series.map((p) => [p.day, p.amount])).toEqual([
      ['2026-12-30', 0],
      ['2026-12-31', 100],
      ['2027-01-01', 200],
      ['2027-01-02', 1000],
      ['2027-01-03', 1500.5],
    ]);
    expect(r.totals).toEqual({ count: 7, amount: 2800.5 });
    const byAmount = await report({
      type: 'daily',
      from: '2026-12-30',
      to: '2027-01-03',
      sortBy: 'amount',
      sortOrder: 'asc',
      limit: 2,
      page: 2,
    });
    expect(byAmount.items.map((row) => row.day)).toEqual(['2027-01-02', '2027-01-03']);
    // Default range: the last 30 days up to today.
    const recent = await report({ type: 'daily' });
    expect([recent.from, recent.to]).toEqual(['2026-12-05', '2027-01-03']);
  });

  it('member: paid, pending and the payment rate capped at 100, searchable, 25 per page', async () => {
    const r = await report({ type: 'member' });
    expect(r.total).toBe(11);
    expect(r.limit).toBe(25);
    const dev = r.items.find((row) => row.memberId === fixture.members.D);
    expect(dev).toMatchObject({ name: 'Dev', amountPaid: 400, amountPending: 0, paymentRate: 100 });
    const pal = r.items.find((row) => row.memberId === fixture.members.P1);
    expect(pal).toMatchObject({ name: '=Pal', amountPaid: 0, amountPending: 1000, paymentRate: 0 });
    expect(r.items.some((row) => row.name === 'Zed Inactive')).toBe(false);
    const search = await report({ type: 'member', search: 'esa' });
    expect(search.items.map((row) => row.name)).toEqual(['Esa']);
    expect(search.total).toBe(1);
    const byParish = await report({ type: 'member', search: 'fx004' });
    expect(byParish.items.map((row) => row.name)).toEqual(['Dev']);
    const byPending = await report({ type: 'member', sortBy: 'pending', sortOrder: 'desc', limit: 2 });
    expect(byPending.items.map((row) => row.amountPending)).toEqual([1000, 50]);
  });

  it('head: sorted by head name with base amount, type, collected, outstanding and rate', async () => {
    const r = await report({ type: 'head' });
    expect(
      r.items.map((row) => [row.name, row.amount, row.type, row.collected, row.outstanding, row.collectionRate]),
    ).toEqual([
      ['Arrears 2026', 100, 'arrear', 500, 1000, 66.7],
      ['Current 2027', 200, 'current due', 1400.5, 60, 60],
      ['Misc 2027', 300, 'miscellaneous', 900, 25.25, 66.7],
      ['Old Head', 50, 'current due', 0, 0, 0],
    ]);
    expect(r.total).toBe(4);
    expect(r.chart.map((c) => [c.name, c.collected, c.outstanding])).toEqual([
      ['Arrears 2026', 500, 1000],
      ['Current 2027', 1400.5, 60],
      ['Misc 2027', 900, 25.25],
    ]);
  });

  it('yearwise: newest first, 10 per page, with the type split and the trend', async () => {
    const r = await report({ type: 'yearwise' });
    expect(r.limit).toBe(10);
    expect(r.total).toBe(2);
    expect(r.items).toEqual([
      {
        year: 2027,
        totalReceivable: 2385.75,
        collected: 2300.5,
        pending: 85.25,
        collectionRate: 62.5,
        arrears: { collected: 0, pending: 0 },
        current: { collected: 1400.5, pending: 60 },
        misc: { collected: 900, pending: 25.25 },
      },
      {
        year: 2026,
        totalReceivable: 1450,
        collected: 500,
        pending: 1000,
        collectionRate: 66.7,
        arrears: { collected: 500, pending: 1000 },
        current: { collected: 0, pending: 0 },
        misc: { collected: 0, pending: 0 },
      },
    ]);
    expect(r.trend.map((p) => [p.year, p.totalReceivable, p.collected])).toEqual([
      [2026, 1450, 500],
      [2027, 2385.75, 2300.5],
    ]);
  });

  it('details: every payment sorted by member name; amount is the paid amount when paid', async () => {
    const r = await report({ type: 'details' });
    expect(r.total).toBe(11);
    const expected = await queryRows<{ name: string }>(
      t.db,
      sql`SELECT m.name FROM payments p JOIN members m ON m.id = p.member_id ORDER BY m.name, m.id`,
    );
    expect(r.items.map((row) => row.memberName)).toEqual(expected.map((row) => row.name));
    const dev = r.items.find((row) => row.paymentId === fixture.payments.D);
    expect(dev).toMatchObject({
      amount: 400,
      assignedAmount: 350,
      status: 'paid',
      headName: 'Arrears 2026',
      headType: 'arrear',
    });
    const gita = r.items.find((row) => row.paymentId === fixture.payments.G);
    expect(gita?.amount).toBe(700);
    const page2 = await report({ type: 'details', limit: 5, page: 3 });
    expect(page2.items.map((row) => row.memberName)).toEqual(expected.slice(10).map((row) => row.name));
  });

  it('direct: paid manual collections newest first, filters by parish days, transaction id and member', async () => {
    const r = await report({ type: 'direct' });
    expect(r.items.map((row) => row.memberName)).toEqual(['Esa', 'Dev', 'Cara', 'Ben', 'Anna']);
    expect(r.totals).toEqual({ count: 5, amount: 1500.5 });
    expect(r.total).toBe(5);
    expect(r.items[0]?.collectedBy).toEqual({ _id: fixture.cashier2.id, name: 'Cashier Two' });
    const range = await report({ type: 'direct', from: '2027-01-01', to: '2027-01-02' });
    expect(range.items.map((row) => row.memberName)).toEqual(['Cara', 'Ben']);
    expect(range.totals).toEqual({ count: 2, amount: 500 });
    const txn = await report({ type: 'direct', transactionId: 'chq' });
    expect(txn.items.map((row) => row.memberName)).toEqual(['Cara']);
    expect(txn.totals).toEqual({ count: 1, amount: 300 });
    const member = await report({ type: 'direct', search: 'FX001' });
    expect(member.items.map((row) => row.memberName)).toEqual(['Anna']);
    expect(member.totals).toEqual({ count: 1, amount: 100 });
  });

  it('member-due: pending by type and in total, largest first', async () => {
    const r = await report({ type: 'member-due' });
    expect(r.items.map((row) => [row.name, row.arrears, row.current, row.misc, row.totalPending])).toEqual([
      ['=Pal', 1000, 0, 0, 1000],
      ['+Quin', 0, 50, 0, 50],
      ['-Ravi', 0, 0, 25.25, 25.25],
      ['@Sara', 0, 10, 0, 10],
    ]);
    expect(r.totals).toEqual({ members: 4, arrears: 1000, current: 60, misc: 25.25, totalPending: 1085.25 });
  });

  it('member-due: the totals kept under a database snapshot follow the next commit (decision 0155)', async () => {
    const before = await report({ type: 'member-due' });
    // Read again with nothing committed in between: the kept totals, the same figures.
    expect((await report({ type: 'member-due' })).totals).toEqual(before.totals);
    // +Quin's pending current due of 50 becomes 55 (as a re-priced tag would make it).
    const quin = sql`member_id = (SELECT id FROM members WHERE name = '+Quin') AND status = 'pending'`;
    await t.db.execute(sql`UPDATE payments SET amount_paise = amount_paise + 500 WHERE ${quin}`);
    try {
      const after = await report({ type: 'member-due' });
      expect(after.totals).toEqual({ ...before.totals, current: 65, totalPending: 1090.25 });
      expect(after.items.find((row) => row.name === '+Quin')?.totalPending).toBe(55);
      expect((await report({ type: 'member-due', page: 2, limit: 2 })).totals).toEqual(after.totals);
    } finally {
      await t.db.execute(sql`UPDATE payments SET amount_paise = amount_paise - 500 WHERE ${quin}`);
    }
    expect((await report({ type: 'member-due' })).totals).toEqual(before.totals);
  });

  it('refuses an unknown sort column or a reversed range with the message, and members', async () => {
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/reports',
        headers: admin.headers,
        payload: { type: 'head', sortBy: 'password' },
      }),
      400,
      'VALIDATION_FAILED',
      REPORT_MSG.badSort,
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/reports',
        headers: admin.headers,
        payload: { type: 'daily', from: '2027-01-03', to: '2027-01-01' },
      }),
      400,
      'VALIDATION_FAILED',
      REPORT_MSG.badRange,
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/reports',
        headers: admin.headers,
        payload: { type: 'everything' },
      }),
      400,
      'VALIDATION_FAILED',
    );
    const member = await loginAs(t.app, 'member');
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/reports',
        headers: member.headers,
        payload: { type: 'overview' },
      }),
      403,
      'FORBIDDEN',
    );
  });
});

function parseCsv(text: string): string[][] {
  return Papa.parse<string[]>(text.trim(), { skipEmptyLines: true }).data;
}

/** No cell starts with a formula trigger: every such text got its leading apostrophe. */
function expectNeutralised(rows: string[][]): void {
  for (const row of rows) for (const cell of row) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
}

describe('CSV downloads', () => {
  it('every report tab downloads its rows as a dated CSV with neutralised cells', async () => {
    for (const type of REPORT_TYPES) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/reports/export?type=${type}&from=2026-12-30&to=2027-01-03`,
        headers: cashier.headers,
      });
      expect(response.statusCode, `${type}: ${response.body}`).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(/_2027-01-03\.csv"$/);
      const rows = parseCsv(response.body);
      expect(rows.length, type).toBeGreaterThan(1);
      expectNeutralised(rows);
    }
    const daily = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/export?type=daily&from=2026-12-30&to=2027-01-03',
      headers: admin.headers,
    });
    expect(daily.headers['content-disposition']).toBe('attachment; filename="daily_collection_report_2027-01-03.csv"');
    expect(parseCsv(daily.body).slice(0, 3)).toEqual([
      ['Date', 'Collections', 'Amount', 'By Method'],
      ['03/01/2027', '3', '1500.50', 'online: 1 (600.00); upi: 1 (500.50); cash: 1 (400.00)'],
      ['02/01/2027', '2', '1000.00', 'card: 1 (700.00); cheque: 1 (300.00)'],
    ]);
    const due = parseCsv(
      (await t.app.inject({ method: 'GET', url: '/api/admin/reports/export?type=member-due', headers: admin.headers }))
        .body,
    );
    expect(due.map((row) => row[0])).toEqual(['Name', "'=Pal", "'+Quin", "'-Ravi", "'@Sara"]);
    const direct = parseCsv(
      (await t.app.inject({ method: 'GET', url: '/api/admin/reports/export?type=direct', headers: admin.headers }))
        .body,
    );
    expect(direct.find((row) => row[1] === 'Ben')?.[7]).toBe("'=cmd|calc");
    const details = parseCsv(
      (await t.app.inject({ method: 'GET', url: '/api/admin/reports/export?type=details', headers: admin.headers }))
        .body,
    );
    expect(details).toHaveLength(12);
  });

  it('the full export streams members, heads and payments as JSON or a three-section CSV (admin only)', async () => {
    const json = await t.app.inject({
      method: 'GET',
      url: '/api/admin/export?format=json&type=all',
      headers: admin.headers,
    });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toBe('attachment; filename="parish_export_2027-01-03.json"');
    const body = json.json<{
      members: { name: string }[];
      paymentHeads: unknown[];
      payments: { amount: number; paidAmount: number | null }[];
    }>();
    const [memberCount] = await queryRows<{ n: unknown }>(t.db, sql`SELECT count(*) AS n FROM members`);
    const members = Number(memberCount?.n);
    expect(members).toBeGreaterThanOrEqual(12);
    expect(body.members).toHaveLength(members);
    expect(body.paymentHeads).toHaveLength(4);
    expect(body.payments).toHaveLength(11);
    expect(body.payments.reduce((sum, p) => sum + Math.round(p.amount * 100), 0)).toBe(383_575);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/export?format=csv&type=all',
      headers: admin.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parseCsv(csv.body);
    expectNeutralised(rows);
    const headers = rows.filter((row) => row[0] === 'type');
    expect(headers.map((row) => row[1])).toEqual(['_id', '_id', '_id']);
    expect(rows.filter((row) => row[0] === 'member')).toHaveLength(members);
    expect(rows.filter((row) => row[0] === 'payment_head')).toHaveLength(4);
    expect(rows.filter((row) => row[0] === 'payment')).toHaveLength(11);
    expect(rows.some((row) => row[0] === 'member' && row[2] === "'=Pal")).toBe(true);

    expectError(
      await t.app.inject({ method: 'GET', url: '/api/admin/export?format=csv', headers: cashier.headers }),
      403,
      'FORBIDDEN',
    );
  });
});

describe('audit trail and transactions', () => {
  it('lists activities newest first, 50 by default, with a cursor', async () => {
    for (const amount of [10, 20, 30]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/payment-heads',
        headers: admin.headers,
        payload: { name: `Audit head ${amount}`, amount, type: 'miscellaneous', year: 2027 },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const first = await t.app.inject({ method: 'GET', url: '/api/admin/activities?limit=2', headers: admin.headers });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<{
      items: { _id: number; action: string; after: { name: string } }[];
      nextBefore: number;
    }>();
    expect(page.items.map((item) => item.after.name)).toEqual(['Audit head 30', 'Audit head 20']);
    expect(page.nextBefore).toBe(page.items[1]?._id);
    const next = await t.app.inject({
      method: 'GET',
      url: `/api/admin/activities?limit=1&before=${page.nextBefore}`,
      headers: admin.headers,
    });
    expect(next.json<{ items: { after: { name: string } }[] }>().items[0]?.after.name).toBe('Audit head 10');
    const all = await t.app.inject({ method: 'GET', url: '/api/admin/activities', headers: admin.headers });
    expect(all.json<{ items: unknown[] }>().items.length).toBeLessThanOrEqual(50);
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/admin/activities', headers: cashier.headers }),
      403,
      'FORBIDDEN',
    );
  });

  it('lists online transactions with filters, one by id, and the stats', async () => {
    const [txn] = await queryRows<{ id: string }>(
      t.db,
      sql`INSERT INTO transactions (member_id, amount_paise, status, payment_gateway, transaction_id)
          VALUES (${fixture.members.F}::uuid, 60000, 'success', 'worldline', 'WL_1'),
                 (${fixture.members.G}::uuid, 70000, 'failed', 'razorpay', 'RP_1') RETURNING id`,
    );
    await t.db.execute(
      sql`INSERT INTO transaction_items (transaction_id, payment_id, amount_paise) VALUES (${txn?.id}::uuid, ${fixture.payments.F}::uuid, 60000)`,
    );
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/transactions?status=success',
      headers: cashier.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json<{
      items: { _id: string; amount: number; paymentIds: { paidAmount: number; paymentHeadId: { name: string } }[] }[];
      total: number;
    }>();
    expect(body.total).toBe(1);
    expect(body.items[0]?.amount).toBe(600);
    expect(body.items[0]?.paymentIds).toEqual([
      { paymentId: fixture.payments.F, paymentHeadId: { _id: fixture.heads.misc, name: 'Misc 2027' }, paidAmount: 600 },
    ]);
    const one = await t.app.inject({ method: 'GET', url: `/api/transactions/${txn?.id}`, headers: admin.headers });
    expect(one.json<{ transactionId: string }>().transactionId).toBe('WL_1');
    const stats = await t.app.inject({ method: 'GET', url: '/api/transactions/stats/summary', headers: admin.headers });
    expect(stats.json()).toMatchObject({
      total: { count: 2, amount: 1300 },
      byStatus: {
        success: { count: 1, amount: 600 },
        failed: { count: 1, amount: 700 },
        pending: { count: 0, amount: 0 },
      },
    });
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/transactions/${fixture.members.A}`, headers: admin.headers }),
      404,
      'NOT_FOUND',
    );
  });
});
