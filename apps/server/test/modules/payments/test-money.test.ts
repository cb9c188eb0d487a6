import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Dashboard, RazorpayOrder, ReportOf, ReportRequestInput, ReportType } from '@parish/shared';

import { createHead, assign, paymentRow, postForm, razorpayBank } from '../../gateway-fixtures.ts';
import {
  createTestApp,
  loginAs,
  type RoleSession,
  type Session,
  type TestApp,
  type TestMember,
} from '../../helpers.ts';

// Issue 27 item 8 (decision 0114, docs/domain.md §3 "Derived figures"): test money is not money,
// anywhere. A member with a ₹500 due collected at the office (real money) and a ₹1,500 due paid by
// a sandbox checkout (a test payment): every figure-bearing answer says ₹500 and one due paid,
// ₹1,500 and one due still owed, and shows the test payment only on its own line. Voiding the test
// payments then changes no figure but that line.

let t: TestApp;
let admin: RoleSession;
let cashier: RoleSession;
let member: Session & { account: TestMember };
let liveHead: string;
let testHead: string;

beforeAll(async () => {
  t = await createTestApp({ env: { GATEWAY_RECHECK_SECONDS: '0' } });
  t.app.config.razorpay.apiUrl = '/api/sandbox/razorpay';
  admin = await loginAs(t.app, 'admin');
  cashier = await loginAs(t.app, 'cashier');
  member = await loginAs(t.app, 'customer');
  liveHead = await createHead(t.app, { type: 'miscellaneous', amountPaise: 50_000, name: 'Live Fund' });
  testHead = await createHead(t.app, { type: 'miscellaneous', amountPaise: 150_000, name: 'Test Fund' });
  const live = await assign(t.app, member.account.id, liveHead);
  const test = await assign(t.app, member.account.id, testHead);
  const collect = await t.app.inject({
    method: 'POST',
    url: `/api/payments/${live}/collect`,
    headers: cashier.headers,
    payload: { collectionAmount: 500, paymentMethod: 'cash' },
  });
  expect(collect.statusCode, collect.body).toBe(200);
  const ordered = await t.app.inject({
    method: 'POST',
    url: '/api/razorpay/create-order',
    headers: member.headers,
    payload: { paymentIds: [test] },
  });
  expect(ordered.statusCode, ordered.body).toBe(200);
  await postForm(t.app, '/api/razorpay/callback', await razorpayBank(t.app, ordered.json<RazorpayOrder>(), 'success'));
  expect(await paymentRow(t.app, test)).toMatchObject({ status: 'paid', isTest: true });
});
afterAll(async () => {
  await t.close();
});

async function get<T>(url: string, session: Session): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url, headers: session.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

async function report<K extends ReportType>(body: ReportRequestInput & { type: K }): Promise<ReportOf<K>> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/reports',
    headers: admin.headers,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReportOf<K>>();
}

/** Every figure of the member's money, from every answer that carries one. */
async function figures() {
  const summary = await get<{ totals: { paid: number; pending: number; total: number } }>(
    `/api/collections/members/${member.account.id}/payments`,
    cashier,
  );
  const portal = await get<{ summary: Record<string, { amount: number; count: number }> }>(
    '/api/customer/payments',
    member,
  );
  const dashboard = await get<Dashboard>('/api/admin/dashboard', admin);
  const overview = await report({ type: 'overview' });
  const analysis = (await report({ type: 'member' })).items.find((row) => row.memberId === member.account.id);
  const heads = (await report({ type: 'head' })).items;
  const year = (await report({ type: 'yearwise' })).items[0];
  const due = (await report({ type: 'member-due' })).items.find((row) => row.memberId === member.account.id);
  const headStats = await Promise.all(
    [liveHead, testHead].map((id) => get<Record<string, number>>(`/api/payment-heads/${id}/stats`, admin)),
  );
  return {
    paymentSummary: summary.totals,
    portal: { paid: portal.summary['paid'], misc: portal.summary['misc'] },
    dashboard: {
      payments: dashboard.payments,
      collected: dashboard.amounts.totalCollected,
      pending: dashboard.amounts.totalPending,
      rate: dashboard.metrics.collectionRate,
    },
    overview: {
      payments: overview.payments,
      collected: overview.totalCollected,
      outstanding: overview.totalOutstanding,
      receivables: overview.totalReceivables,
      rate: overview.collectionRate,
    },
    analysis: analysis && {
      paid: analysis.amountPaid,
      pending: analysis.amountPending,
      paidCount: analysis.paidCount,
      pendingCount: analysis.pendingCount,
      rate: analysis.paymentRate,
    },
    heads: heads.map((row) => ({
      name: row.name,
      collected: row.collected,
      outstanding: row.outstanding,
      paid: row.paidCount,
      rate: row.collectionRate,
    })),
    year: year && { collected: year.collected, pending: year.pending, rate: year.collectionRate },
    memberDue: due && { totalPending: due.totalPending, pendingCount: due.pendingCount },
    headStats,
    testLine: { dashboard: dashboard.testPayments, overview: overview.testPayments },
  };
}

const MONEY = {
  paymentSummary: { paid: 500, pending: 1500, total: 2000 },
  portal: { paid: { amount: 500, count: 1 }, misc: { amount: 1500, count: 1 } },
  dashboard: {
    payments: { total: 2, paid: 1, pending: 1, failed: 0, waived: 0 },
    collected: 500,
    pending: 1500,
    rate: 50,
  },
  overview: {
    payments: { total: 2, paid: 1, unpaid: 1 },
    collected: 500,
    outstanding: 1500,
    receivables: 2000,
    rate: 50,
  },
  analysis: { paid: 500, pending: 1500, paidCount: 1, pendingCount: 1, rate: 25 },
  heads: [
    { name: 'Live Fund', collected: 500, outstanding: 0, paid: 1, rate: 100 },
    { name: 'Test Fund', collected: 0, outstanding: 1500, paid: 0, rate: 0 },
  ],
  year: { collected: 500, pending: 1500, rate: 50 },
  memberDue: { totalPending: 1500, pendingCount: 1 },
  headStats: [
    { assigned: 1, paid: 1, pending: 0, collected: 500, outstanding: 0 },
    { assigned: 1, paid: 0, pending: 1, collected: 0, outstanding: 1500 },
  ],
};

describe('test money is not money, in every figure (issue 27 item 8)', () => {
  it('a test payment counts neither as paid nor as collected: its due is still owed everywhere, the test line apart', async () => {
    const seen = await figures();
    expect(seen).toMatchObject(MONEY);
    expect(seen.testLine).toEqual({ dashboard: { count: 1, amount: 1500 }, overview: { count: 1, amount: 1500 } });
  });

  it('voiding the test payments changes no figure but the test line', async () => {
    const voided = await t.app.inject({ method: 'POST', url: '/api/admin/test-payments/void', headers: admin.headers });
    expect(voided.statusCode, voided.body).toBe(200);
    const seen = await figures();
    expect(seen).toMatchObject(MONEY);
    expect(seen.testLine).toEqual({ dashboard: { count: 0, amount: 0 }, overview: { count: 0, amount: 0 } });
  });
});
