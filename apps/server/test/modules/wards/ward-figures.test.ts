import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ErrorCode, MSG, WARD_MSG, type Dashboard, type Ward, type WardReportRow } from '@parish/shared';

import { insertHead, insertPayment } from '../../factories.ts';
import {
  createMember,
  createTestApp,
  expectError,
  loginAs,
  loginStaff,
  type Session,
  type TestApp,
} from '../../helpers.ts';

/*
 * One ward's figures (issue 28 item 7, decision 0136): the dashboard filtered by ward (every figure
 * the sum of the ward's members' payments), and the ward-wise report of a ward leader, who gets
 * their own ward's row and nothing of another ward whatever they ask for.
 */

const LEADER_PASSWORD = 'Leader-Test-Password-1';

let t: TestApp;
let admin: Session;
let cashier: Session;
let leader: Session;
let north: Ward;
let south: Ward;

function get(url: string, session: Session): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: session.headers });
}

async function ok<T>(response: Promise<LightMyRequestResponse>, status = 200): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json<T>();
}

async function setWard(memberId: string, wardId: string): Promise<void> {
  await t.app.db.execute(sql`update members set ward_id = ${wardId}::uuid where id = ${memberId}::uuid`);
}

async function collect(session: Session, paymentId: string, rupees: number): Promise<void> {
  await ok(
    t.app.inject({
      method: 'POST',
      url: `/api/payments/${paymentId}/collect`,
      headers: session.headers,
      payload: { collectionMode: 'manual', collectionAmount: rupees },
    }),
  );
}

const dashboard = (session: Session, ward?: string) =>
  ok<Dashboard>(get(`/api/admin/dashboard${ward === undefined ? '' : `?wardId=${ward}`}`, session));

const report = (session: Session, ward?: string) =>
  ok<{ items: WardReportRow[] }>(get(`/api/reports/wards${ward === undefined ? '' : `?wardId=${ward}`}`, session));

/** Expects `url?wardId=` a ward of no parish to answer 400 with the missing ward's text (for an admin). */
async function refusesUnknownWard(url: string): Promise<void> {
  const answer = await get(`${url}?wardId=00000000-0000-4000-8000-000000000000`, admin);
  expectError(answer, 400, ErrorCode.VALIDATION_FAILED, WARD_MSG.notFound);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  cashier = await loginAs(t.app, 'cashier');
  const add = (name: string) =>
    ok<Ward>(t.app.inject({ method: 'POST', url: '/api/wards', headers: admin.headers, payload: { name } }), 201);
  north = await add('North');
  south = await add('South');
  // North: two members, three dues (₹1,500 current and ₹500 arrear for Anna, ₹1,500 for Asha),
  // Anna's current due collected by the admin. South: one member, ₹1,500 collected by the cashier.
  // No ward: one member with a ₹500 arrear.
  const current = await insertHead(t.app.db, { amountPaise: 150_000 });
  const arrear = await insertHead(t.app.db, { amountPaise: 50_000, type: 'arrear', year: 2025 });
  const anna = await createMember(t.app, { name: 'Anna North' });
  const asha = await createMember(t.app, { name: 'Asha North' });
  const ben = await createMember(t.app, { name: 'Ben South' });
  const cyril = await createMember(t.app, { name: 'Cyril Nowhere' });
  for (const member of [anna, asha]) await setWard(member.id, north.id);
  await setWard(ben.id, south.id);
  const annaCurrent = await insertPayment(t.app.db, anna, current);
  await insertPayment(t.app.db, anna, arrear);
  await insertPayment(t.app.db, asha, current);
  const benCurrent = await insertPayment(t.app.db, ben, current);
  await insertPayment(t.app.db, cyril, arrear);
  await collect(admin, annaCurrent.id, 1500);
  await collect(cashier, benCurrent.id, 1500);
  await ok(
    t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: admin.headers,
      payload: {
        username: 'north.figures',
        name: 'North Figures',
        role: 'ward_leader',
        password: LEADER_PASSWORD,
        wardId: north.id,
      },
    }),
    201,
  );
  leader = await loginStaff(t.app, 'north.figures', LEADER_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

describe('the dashboard of one ward (GET /api/admin/dashboard?wardId=)', () => {
  it('counts only the ward’s members and their payments', async () => {
    const figures = await dashboard(admin, north.id);
    expect(figures.wardId).toBe(north.id);
    expect(figures.members).toEqual({ total: 2, active: 2 });
    expect(figures.payments).toMatchObject({ total: 3, paid: 1, pending: 2, failed: 0 });
    expect(figures.amounts).toMatchObject({ totalCollected: 1500, totalPending: 2000, todaysCollection: 1500 });
    expect(figures.byType.current).toEqual({ paidAmount: 1500, paidCount: 1, pendingAmount: 1500, pendingCount: 1 });
    expect(figures.byType.arrears).toEqual({ paidAmount: 0, paidCount: 0, pendingAmount: 500, pendingCount: 1 });
    expect(figures.periods.today).toEqual({ count: 1, amount: 1500 });
    expect(figures.periods.ytd).toEqual({ count: 1, amount: 1500 });
    expect(figures.collections.methodsYtd.direct).toEqual({ count: 1, amount: 1500 });
    expect(figures.metrics.collectionRate).toBeCloseTo(33.3, 1);
    // The same money as the ward-wise report's row of the ward.
    const [row] = (await report(admin, north.id)).items;
    expect(row).toMatchObject({ wardId: north.id, members: 2, collected: 1500, pending: 2000, raised: 3500 });
  });

  it('the wards and the members without one add up to the parish’s figures', async () => {
    const whole = await dashboard(admin);
    expect(whole.wardId).toBeUndefined();
    const parts = await Promise.all([north.id, south.id, 'none'].map((ward) => dashboard(admin, ward)));
    const sum = (pick: (figures: Dashboard) => number) => parts.reduce((total, part) => total + pick(part), 0);
    expect(sum((f) => f.members.total)).toBe(whole.members.total);
    expect(sum((f) => f.payments.total)).toBe(whole.payments.total);
    expect(sum((f) => f.payments.paid)).toBe(whole.payments.paid);
    expect(sum((f) => f.amounts.totalCollected)).toBe(whole.amounts.totalCollected);
    expect(sum((f) => f.amounts.totalPending)).toBe(whole.amounts.totalPending);
    expect(sum((f) => f.periods.ytd.amount)).toBe(whole.periods.ytd.amount);
    expect(sum((f) => f.byType.arrears.pendingAmount)).toBe(whole.byType.arrears.pendingAmount);
    expect(parts[2]).toMatchObject({ wardId: 'none', members: { total: 1 }, amounts: { totalPending: 500 } });
    // The payment heads are the parish's whatever the ward.
    for (const part of parts) expect(part.paymentHeads).toEqual(whole.paymentHeads);
  });

  it('a cashier’s today counts their own collections in the ward', async () => {
    expect((await dashboard(cashier, south.id)).periods.today).toEqual({ count: 1, amount: 1500 });
    const northForCashier = await dashboard(cashier, north.id);
    expect(northForCashier.scope).toBe('own');
    expect(northForCashier.periods.today).toEqual({ count: 0, amount: 0 });
    expect(northForCashier.amounts.totalCollected).toBe(1500);
  });

  it('refuses a ward not of the parish and a value that is not a ward (400)', async () => {
    await refusesUnknownWard('/api/admin/dashboard');
    expectError(
      await get('/api/admin/dashboard?wardId=north', admin),
      400,
      ErrorCode.VALIDATION_FAILED,
      WARD_MSG.choose,
    );
  });

  it('stays closed to a ward leader (403)', async () => {
    expectError(await get(`/api/admin/dashboard?wardId=${north.id}`, leader), 403, ErrorCode.FORBIDDEN, MSG.forbidden);
  });
});

describe('the ward-wise report of one ward (GET /api/reports/wards?wardId=)', () => {
  it('gives staff the row asked for: a ward, or the members without one', async () => {
    expect((await report(cashier, south.id)).items).toEqual([
      { wardId: south.id, name: 'South', members: 1, raised: 1500, collected: 1500, pending: 0, collectionRate: 100 },
    ]);
    expect((await report(admin, 'none')).items).toEqual([
      { wardId: null, name: null, members: 1, raised: 500, collected: 0, pending: 500, collectionRate: 0 },
    ]);
    await refusesUnknownWard('/api/reports/wards');
  });

  it('gives a ward leader their own ward’s row only, whatever ward is asked for', async () => {
    const own = [
      {
        wardId: north.id,
        name: 'North',
        members: 2,
        raised: 3500,
        collected: 1500,
        pending: 2000,
        collectionRate: 42.9,
      },
    ];
    expect((await report(leader)).items).toEqual(own);
    for (const asked of [south.id, 'none', '00000000-0000-4000-8000-000000000000']) {
      const answer = await get(`/api/reports/wards?wardId=${asked}`, leader);
      expect(answer.statusCode, asked).toBe(200);
      expect(answer.json<{ items: WardReportRow[] }>().items, asked).toEqual(own);
      expect(answer.body).not.toContain(south.id);
      expect(answer.body).not.toContain('South');
    }
  });
});

describe('the member-due list of one ward (GET /api/reports/wards/dues)', () => {
  const dues = async (session: Session, ward?: string) =>
    (
      await ok<{ items: { name: string; totalPending: number; arrears: number; current: number }[] }>(
        get(`/api/reports/wards/dues${ward === undefined ? '' : `?wardId=${ward}`}`, session),
      )
    ).items.map((row) => [row.name, row.totalPending, row.arrears, row.current]);

  it('lists the ward’s members who owe, largest first; staff choose the ward', async () => {
    expect(await dues(admin, north.id)).toEqual([
      ['Asha North', 1500, 0, 1500],
      ['Anna North', 500, 500, 0],
    ]);
    expect(await dues(cashier, south.id)).toEqual([]);
    expect(await dues(admin, 'none')).toEqual([['Cyril Nowhere', 500, 500, 0]]);
    await refusesUnknownWard('/api/reports/wards/dues');
  });

  it('gives a ward leader their own ward’s, whatever ward is asked for', async () => {
    const own = await dues(leader);
    expect(own.map(([name]) => name)).toEqual(['Asha North', 'Anna North']);
    for (const asked of [south.id, 'none', '00000000-0000-4000-8000-000000000000']) {
      expect(await dues(leader, asked), asked).toEqual(own);
    }
  });
});
