import type { Dashboard } from '@parish/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, expectError, loginAs, loginStaff, type Session, type TestApp } from '../../helpers.ts';
import { FIXTURE_NOW, insertFixture, ist, type Fixture } from '../../report-fixture.ts';

let t: TestApp;
let fixture: Fixture;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp({ now: FIXTURE_NOW });
  fixture = await insertFixture(t.app);
  admin = await loginAs(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

async function dashboard(session: Session): Promise<Dashboard> {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: session.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Dashboard>();
}

describe('GET /api/admin/dashboard (issue 6; hand-computed on the fixture)', () => {
  it('gives the admin every figure of the parish', async () => {
    const d = await dashboard(admin);
    expect(d.scope).toBe('all');
    expect(d.calendar).toEqual({
      timezone: 'Asia/Kolkata',
      today: '2027-01-03',
      weekStart: '2027-01-03',
      monthStart: '2027-01-01',
      yearStart: '2027-01-01',
    });
    expect(d.members).toEqual({ total: 12, active: 11 });
    expect(d.paymentHeads).toEqual({ total: 4, active: 3 });
    expect(d.payments).toEqual({ total: 11, paid: 7, pending: 3, failed: 1, waived: 0 });
    // 100 + 200 + 300 + 400 (paid above 350) + 500.50 + 600 + 700 (no paidAmount: the assigned amount)
    expect(d.amounts).toEqual({
      totalCollected: 2800.5,
      totalPending: 1085.25,
      todaysCollection: 1500.5,
      totalConcessions: 0,
    });
    // No sandbox checkout in this fixture: the test payments line is empty.
    expect(d.testPayments).toEqual({ count: 0, amount: 0 });
    expect(d.metrics.collectionRate).toBe(63.6); // 7 / 11
    expect(d.byType).toEqual({
      arrears: { pendingAmount: 1000, pendingCount: 1, paidAmount: 500, paidCount: 2 },
      current: { pendingAmount: 60, pendingCount: 2, paidAmount: 1400.5, paidCount: 3 },
      misc: { pendingAmount: 25.25, pendingCount: 1, paidAmount: 900, paidCount: 2 },
    });
    // Sunday 00:10 is today and this week; Saturday 23:50 is neither; 31/12 23:50 is last year.
    expect(d.periods).toEqual({
      today: { count: 3, amount: 1500.5 },
      week: { count: 3, amount: 1500.5 },
      month: { count: 6, amount: 2700.5 },
      ytd: { count: 6, amount: 2700.5 },
    });
    expect(d.collections.methodsYtd).toEqual({
      online: { count: 1, amount: 600 },
      upi: { count: 2, amount: 700.5 },
      direct: { count: 2, amount: 700 },
      card: { count: 1, amount: 700 },
    });
    expect(d.collections.byMethod).toEqual(
      [
        { method: 'card', count: 1, amount: 700 },
        { method: 'upi', count: 2, amount: 700.5 },
        { method: 'online', count: 1, amount: 600 },
        { method: 'cash', count: 2, amount: 500 },
        { method: 'cheque', count: 1, amount: 300 },
      ].sort((a, b) => b.amount - a.amount || a.method.localeCompare(b.method)),
    );
  });

  it("counts only a cashier's own manual collections today, this week and this month", async () => {
    const one = await dashboard(await loginStaff(t.app, fixture.cashier1.username, fixture.cashier1.password));
    expect(one.scope).toBe('own');
    expect(one.periods.today).toEqual({ count: 1, amount: 400 });
    expect(one.periods.week).toEqual({ count: 1, amount: 400 });
    expect(one.periods.month).toEqual({ count: 2, amount: 600 });
    expect(one.amounts.todaysCollection).toBe(400);
    // The year and the parish totals stay the parish's.
    expect(one.periods.ytd).toEqual({ count: 6, amount: 2700.5 });
    expect(one.amounts.totalCollected).toBe(2800.5);

    const two = await dashboard(await loginStaff(t.app, fixture.cashier2.username, fixture.cashier2.password));
    expect(two.periods.today).toEqual({ count: 1, amount: 500.5 });
    expect(two.periods.week).toEqual({ count: 1, amount: 500.5 });
    expect(two.periods.month).toEqual({ count: 2, amount: 800.5 });

    const fresh = await dashboard(await loginAs(t.app, 'cashier'));
    expect(fresh.periods.today).toEqual({ count: 0, amount: 0 });
    expect(fresh.periods.month).toEqual({ count: 0, amount: 0 });
  });

  it('moves the periods with the clock: on Saturday the week began the Sunday before, across the year', async () => {
    t.clock.set(ist('2027-01-02 23:55'));
    try {
      const d = await dashboard(admin);
      expect(d.calendar.weekStart).toBe('2026-12-27');
      expect(d.calendar.today).toBe('2027-01-02');
      // Today: C (23:50) and G (12:00). Week from Sun 27/12: A, B, C, G. Year: B, C, G.
      expect(d.periods.today).toEqual({ count: 2, amount: 1000 });
      expect(d.periods.week).toEqual({ count: 4, amount: 1300 });
      expect(d.periods.ytd).toEqual({ count: 3, amount: 1200 });
      // D, E, F lie in the future of this clock and are not counted in any period.
      expect(d.periods.month).toEqual({ count: 3, amount: 1200 });
    } finally {
      t.clock.set(FIXTURE_NOW);
    }
  });

  it('follows a collection at once (the summaries are updated in the same transaction)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${fixture.payments.P2}/collect`,
      headers: admin.headers,
      payload: { collectionMode: 'manual', collectionAmount: 50, paymentMethod: 'cash' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const d = await dashboard(admin);
    expect(d.periods.today).toEqual({ count: 4, amount: 1550.5 });
    expect(d.payments).toEqual({ total: 11, paid: 8, pending: 2, failed: 1, waived: 0 });
    expect(d.byType.current).toEqual({ pendingAmount: 10, pendingCount: 1, paidAmount: 1450.5, paidCount: 4 });
    const reverse = await t.app.inject({
      method: 'PUT',
      url: `/api/payments/${fixture.payments.P2}/reverse`,
      headers: admin.headers,
      payload: { reason: 'wrong_amount' },
    });
    expect(reverse.statusCode, reverse.body).toBe(200);
    const back = await dashboard(admin);
    expect(back.periods.today).toEqual({ count: 3, amount: 1500.5 });
    expect(back.payments).toEqual({ total: 11, paid: 7, pending: 3, failed: 1, waived: 0 });
  });

  it('gives the same answer again while nothing is committed, and follows a payment changed by hand in SQL', async () => {
    // The answer is kept under the database snapshot (decision 0055): equal snapshots, equal rows.
    const first = await dashboard(admin);
    const again = await dashboard(admin);
    expect({ ...again, generatedAt: null }).toEqual({ ...first, generatedAt: null });
    await t.db.execute(
      sql`update payments set status = 'failed' where id = ${fixture.payments.P2}::uuid and status = 'pending'`,
    );
    const after = await dashboard(admin);
    expect(after.payments.failed).toBe(first.payments.failed + 1);
    expect(after.payments.pending).toBe(first.payments.pending - 1);
    await t.db.execute(sql`update payments set status = 'pending' where id = ${fixture.payments.P2}::uuid`);
    expect((await dashboard(admin)).payments).toEqual(first.payments);
  });

  it('is refused to members and anonymous callers', async () => {
    const member = await loginAs(t.app, 'member');
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: member.headers }),
      403,
      'FORBIDDEN',
    );
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' }), 401, 'UNAUTHORIZED');
  });
});

describe('GET /api/admin/dashboard: member counts kept while the members are unchanged', () => {
  let own: TestApp;
  let ownAdmin: Session;
  beforeAll(async () => {
    own = await createTestApp();
    ownAdmin = await loginAs(own.app, 'admin');
  });
  afterAll(async () => {
    await own.close();
  });
  const membersOf = async () => {
    const response = await own.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: ownAdmin.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Dashboard>().members;
  };

  it('counts again after a member is added or deleted through the API, or written straight in the database', async () => {
    const before = await membersOf();
    expect(await membersOf()).toEqual(before);
    const added = await own.app.inject({
      method: 'POST',
      url: '/api/members',
      headers: ownAdmin.headers,
      payload: { name: 'Dashboard Count', mobile: '9847066601', parishNumber: 'DC601' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await membersOf()).toEqual({ total: before.total + 1, active: before.active + 1 });

    const deleted = await own.app.inject({
      method: 'DELETE',
      url: `/api/members/${added.json<{ _id: string }>()._id}`,
      headers: ownAdmin.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await membersOf()).toEqual({ total: before.total + 1, active: before.active });

    await own.db.execute(
      sql`insert into members (name, mobile, parish_number) values ('Straight In', '919847066602', 'DC602')`,
    );
    expect(await membersOf()).toEqual({ total: before.total + 2, active: before.active + 1 });
  });
});
