import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  GATEWAY_MSG,
  type Dashboard,
  type ReportOf,
  type RefundActionResult,
  type RefundList,
  type VoidTestPaymentsResult,
  type WorldlineConfig,
  type WorldlineOrder,
} from '@parish/shared';

import { buildApp } from '../../../src/app.ts';
import { loadGatewaySettings, SANDBOX_SECRETS } from '../../../src/config/gateways.ts';
import { auditEvents, parishSettings, receipts } from '../../../src/db/schema/index.ts';
import { buildWorldlineResponse } from '../../../src/modules/gateways/worldline/worldline-hash.ts';
import {
  auditActions,
  due,
  expectUnpaid,
  paymentRow,
  postForm,
  transactionRow,
  worldlineBank,
} from '../../gateway-fixtures.ts';
import {
  createTestApp,
  expectError,
  loginAs,
  testConfig,
  type Session,
  type TestApp,
  type TestMember,
} from '../../helpers.ts';

/**
 * Online payments that survive real life (`docs/domain.md`, §4 "Retry after an abandoned
 * checkout", "Refunds and exceptions"; §10 "Payment mode", "Worldline S2S"): a new order after an
 * abandoned checkout, the refunds queue, the payment modes, the live CSP and the S2S answer, all
 * through the sandbox gateways' real protocol.
 */

let t: TestApp;
let member: Session & { account: TestMember };
let admin: Session;
let cashier: Session;
const SANDBOX_STATUS_URL = '/api/sandbox/worldline/api/paynimoV2.req';

beforeAll(async () => {
  t = await createTestApp({ env: { GATEWAY_RECHECK_SECONDS: '0' } });
  admin = await loginAs(t.app, 'admin');
  cashier = await loginAs(t.app, 'cashier');
});
beforeEach(async () => {
  member = await loginAs(t.app, 'customer');
  t.app.config.worldline.statusUrl = SANDBOX_STATUS_URL;
});
afterAll(async () => {
  await t.close();
});

function order(paymentIds: string[], session: Session = member) {
  return t.app.inject({
    method: 'POST',
    url: '/api/worldline/create-customer-order',
    headers: session.headers,
    payload: { paymentIds },
  });
}

async function opened(paymentIds: string[]): Promise<WorldlineOrder> {
  const response = await order(paymentIds);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WorldlineOrder>();
}

function callback(msg: string) {
  return postForm(t.app, '/api/worldline/callback', { msg });
}

async function queue(session: Session = admin, status = 'open'): Promise<RefundList> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/refunds?status=${status}`,
    headers: session.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RefundList>();
}

describe('retry after an abandoned checkout', () => {
  it('a new order for the same dues supersedes a pending checkout the gateway has no payment for, at once', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 5_000);
    const first = await opened([misc]);
    const second = await opened([misc]);
    const old = await transactionRow(t.app, first.txnId);
    expect(old.status).toBe('pending');
    expect(old.supersededBy).toBe(second.txnId);
    expect(old.supersededAt).not.toBeNull();
    expect(await auditActions(t.app, first.txnId)).toContain('transaction.superseded');
    // The new checkout now holds the dues; a third order supersedes it in turn.
    const third = await opened([misc]);
    expect((await transactionRow(t.app, second.txnId)).supersededBy).toBe(third.txnId);
  });

  it('when the gateway says the held checkout was paid, it is settled and the new order answers that the dues are paid', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 6_000);
    const first = await opened([misc]);
    // The member paid at the bank, but the return never reached us (closed the tab).
    await worldlineBank(t.app, first, 'success');
    expectError(await order([misc]), 409, 'ALREADY_PAID', GATEWAY_MSG.earlierCheckoutPaid);
    expect((await transactionRow(t.app, first.txnId)).status).toBe('success');
    expect((await paymentRow(t.app, misc)).paidAmountPaise).toBe(6_000);
  });

  it('when the status API cannot be reached, the new order still goes on (superseding the old one)', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 7_000);
    const first = await opened([misc]);
    t.app.config.worldline.statusUrl = 'http://127.0.0.1:9/api/paynimoV2.req';
    const second = await opened([misc]);
    expect((await transactionRow(t.app, first.txnId)).supersededBy).toBe(second.txnId);
  });

  it('a status API that does not answer holds the new order at most 3 s, not the 10 s gateway timeout', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer(() => undefined);
    silent.on('connection', (socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const address = silent.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const misc = await due(t.app, member.account.id, 'miscellaneous', 7_500);
      const first = await opened([misc]);
      t.app.config.worldline.statusUrl = `http://127.0.0.1:${port}/api/paynimoV2.req`;
      const started = performance.now();
      const second = await opened([misc]);
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(2_900);
      expect(elapsed).toBeLessThan(9_000);
      expect((await transactionRow(t.app, first.txnId)).supersededBy).toBe(second.txnId);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('a superseded checkout paid late never pays a due twice: it goes to the refunds queue', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 8_000);
    const first = await opened([misc]);
    const second = await opened([misc]);
    await callback(await worldlineBank(t.app, second, 'success'));
    expect((await paymentRow(t.app, misc)).transactionId).toBe(second.txnId);
    // The abandoned first checkout turns out paid after all (its bank page was still open).
    await callback(await worldlineBank(t.app, first, 'success'));
    expect((await transactionRow(t.app, first.txnId)).status).toBe('success');
    expect((await paymentRow(t.app, misc)).transactionId).toBe(second.txnId);
    const entry = (await queue()).data.find((e) => e.transactionId === first.txnId);
    expect(entry).toMatchObject({
      status: 'open',
      reason: 'superseded_paid',
      amount: 80,
      remaining: 80,
      memberId: member.account.id,
      paymentId: misc,
      gateway: 'worldline',
      isTest: true,
    });
    expect(entry?.gatewayReference).toBeTruthy();
  });
});

describe('the member dashboard: a checkout in progress, Continue / Cancel', () => {
  it('marks the dues of a checkout in progress; Cancel asks the gateway, then releases them (audited)', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 4_400);
    const checkout = await opened([misc]);
    const mine = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/customer/payments?status=pending', headers: member.headers })
      ).json<{ items: { _id: string; checkoutInProgress?: boolean }[] }>().items;
    expect((await mine()).find((i) => i._id === misc)?.checkoutInProgress).toBe(true);
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/customer/checkouts/cancel',
      headers: member.headers,
      payload: { paymentIds: [misc] },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toEqual({ cancelled: 1 });
    expect((await mine()).find((i) => i._id === misc)?.checkoutInProgress).toBeUndefined();
    const row = await transactionRow(t.app, checkout.txnId);
    expect(row).toMatchObject({ status: 'pending', supersededBy: null });
    expect(row.supersededAt).not.toBeNull();
    expect(await auditActions(t.app, checkout.txnId)).toContain('transaction.superseded');
  });

  it('Cancel of a checkout the gateway says was paid settles it instead', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 4_500);
    const checkout = await opened([misc]);
    await worldlineBank(t.app, checkout, 'success');
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/customer/checkouts/cancel',
      headers: member.headers,
      payload: { paymentIds: [misc] },
    });
    expectError(cancel, 409, 'ALREADY_PAID', GATEWAY_MSG.earlierCheckoutPaid);
    expect((await paymentRow(t.app, misc)).status).toBe('paid');
  });
});

describe('refunds and exceptions queue', () => {
  async function paidTwice(amountPaise: number): Promise<{ paymentId: string; txnId: string }> {
    const misc = await due(t.app, member.account.id, 'miscellaneous', amountPaise);
    const checkout = await opened([misc]);
    const msg = await worldlineBank(t.app, checkout, 'success');
    // The cashier collects the same due in cash while the member is on the bank page …
    const collected = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${misc}/collect`,
      headers: cashier.headers,
      payload: { collectionMode: 'manual', collectionAmount: amountPaise / 100, paymentMethod: 'cash' },
    });
    expect(collected.statusCode, collected.body).toBe(200);
    // … then the member's payment arrives.
    await callback(msg);
    return { paymentId: misc, txnId: checkout.txnId };
  }

  it('shows money received for a due already paid, with the totals; the cashier reads it and cannot act', async () => {
    const before = await queue();
    const { paymentId, txnId } = await paidTwice(9_000);
    expect((await paymentRow(t.app, paymentId)).paymentGateway).toBe('manual');
    const after = await queue(cashier);
    const entry = after.data.find((e) => e.transactionId === txnId);
    expect(entry).toMatchObject({
      reason: 'paid_twice',
      amount: 90,
      remaining: 90,
      paymentId,
      parishNumber: member.account.parishNumber,
    });
    expect(after.pending.count).toBe(before.pending.count + 1);
    expect(after.pending.amount).toBeCloseTo(before.pending.amount + 90, 2);
    const summary = await t.app.inject({ method: 'GET', url: '/api/admin/refunds/summary', headers: cashier.headers });
    expect(summary.json()).toEqual(after.pending);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/refunds/${entry?._id}/refunded`,
      headers: cashier.headers,
      payload: { refundReference: 'rfnd_1', refundDate: '2026-11-22' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it("the cashier's payment rows say when an online checkout for the due is in progress", async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 2_200);
    const other = await due(t.app, member.account.id, 'miscellaneous', 2_300);
    await opened([misc]);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/collections/members/${member.account.id}/payments`,
      headers: cashier.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<{ items: { _id: string; checkoutInProgress?: boolean }[] }>().items;
    expect(items.find((i) => i._id === misc)?.checkoutInProgress).toBe(true);
    expect(items.find((i) => i._id === other)?.checkoutInProgress).toBe(false);
  });

  it('"Refunded" records the refund made in the gateway dashboard, audited; twice is refused', async () => {
    const { txnId } = await paidTwice(4_000);
    const entry = (await queue()).data.find((e) => e.transactionId === txnId);
    const url = `/api/admin/refunds/${entry?._id}/refunded`;
    const payload = {
      refundReference: 'rfnd_29Q1',
      refundDate: '2026-11-22',
      note: 'Refunded in the Worldline dashboard',
    };
    const done = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<RefundActionResult>().entry).toMatchObject({
      status: 'refunded',
      remaining: 0,
      refundReference: 'rfnd_29Q1',
      refundDate: '2026-11-22',
    });
    expectError(await t.app.inject({ method: 'POST', url, headers: admin.headers, payload }), 409, 'NOT_PENDING');
    const audits = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, entry?._id ?? ''));
    expect(audits.map((a) => a.action)).toEqual(['refund.refunded']);
    expect((await queue()).data.some((e) => e._id === entry?._id)).toBe(false);
  });

  it('"Apply to another due of this member" is a collection with its own receipt, only when the money covers it', async () => {
    const { txnId } = await paidTwice(10_000);
    const entry = (await queue()).data.find((e) => e.transactionId === txnId);
    const url = `/api/admin/refunds/${entry?._id}/apply`;
    const tooBig = await due(t.app, member.account.id, 'miscellaneous', 12_000);
    expectError(
      await t.app.inject({ method: 'POST', url, headers: admin.headers, payload: { paymentId: tooBig } }),
      400,
      'VALIDATION_FAILED',
    );
    const other = await loginAs(t.app, 'customer');
    const foreign = await due(t.app, other.account.id, 'miscellaneous', 1_000);
    expectError(
      await t.app.inject({ method: 'POST', url, headers: admin.headers, payload: { paymentId: foreign } }),
      400,
      'VALIDATION_FAILED',
    );
    await expectUnpaid(t.app, foreign);

    const small = await due(t.app, member.account.id, 'miscellaneous', 6_000);
    const applied = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload: { paymentId: small } });
    expect(applied.statusCode, applied.body).toBe(200);
    const result = applied.json<RefundActionResult>();
    expect(result).toMatchObject({ applied: 60, entry: { status: 'open', remaining: 40 } });
    expect(result.receiptNumber).toMatch(/^\d{4}-\d{2}\/\d{6}$/);
    const paid = await paymentRow(t.app, small);
    expect(paid).toMatchObject({
      status: 'paid',
      paidAmountPaise: 6_000,
      receiptNumber: result.receiptNumber,
      transactionId: txnId,
    });
    const [receipt] = await t.app.db
      .select()
      .from(receipts)
      .where(eq(receipts.number, result.receiptNumber ?? ''));
    expect(receipt?.totalPaise).toBe(6_000);

    const rest = await due(t.app, member.account.id, 'miscellaneous', 4_000);
    const last = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload: { paymentId: rest } });
    expect(last.json<RefundActionResult>().entry).toMatchObject({ status: 'applied', remaining: 0 });
    expect((await paymentRow(t.app, rest)).status).toBe('paid');
  });
});

describe('payment mode', () => {
  it('live with credentials; without them sandbox only when PAYMENTS_SANDBOX=true, else off whatever PUBLIC_URL or HOST say', () => {
    expect(loadGatewaySettings({}).worldline.mode).toBe('off');
    expect(loadGatewaySettings({ PUBLIC_URL: 'https://dues.example.org', HOST: '0.0.0.0' }).razorpay.mode).toBe('off');
    expect(loadGatewaySettings({ PUBLIC_URL: 'http://localhost:3000', HOST: '127.0.0.1' }).worldline.mode).toBe('off');
    const sandbox = loadGatewaySettings({ PAYMENTS_SANDBOX: 'true' });
    expect([sandbox.worldline.mode, sandbox.razorpay.mode]).toEqual(['sandbox', 'sandbox']);
    const live = loadGatewaySettings({
      WORLDLINE_MERCHANT_ID: 'L123',
      WORLDLINE_SALT: 's',
      WORLDLINE_SCHEME_CODE: 'SCH1',
      PAYMENTS_SANDBOX: 'true',
    });
    expect([live.worldline.mode, live.razorpay.mode]).toEqual(['live', 'sandbox']);
  });

  it('a server without credentials nor sandbox has the gateways off: health and config say so, no order, no sandbox bank', async () => {
    const off = await createTestApp({ env: { PAYMENTS_SANDBOX: 'false', PUBLIC_URL: 'https://dues.example.org' } });
    try {
      const health = await off.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json()).toMatchObject({ payments: { worldline: 'off', razorpay: 'off' } });
      const config = (await off.app.inject({ method: 'GET', url: '/api/worldline/config' })).json<WorldlineConfig>();
      expect(config).toMatchObject({ available: false, mode: 'off' });
      const rz = (await off.app.inject({ method: 'GET', url: '/api/razorpay/config' })).json();
      expect(rz).toMatchObject({ available: false, mode: 'off' });
      const someone = await loginAs(off.app, 'customer');
      const misc = await due(off.app, someone.account.id, 'miscellaneous', 5_000_00);
      const refused = await off.app.inject({
        method: 'POST',
        url: '/api/worldline/create-customer-order',
        headers: someone.headers,
        payload: { paymentIds: [misc] },
      });
      expectError(refused, 503, 'GATEWAY_UNAVAILABLE', GATEWAY_MSG.paymentsOff);
      expect((await off.app.inject({ method: 'GET', url: '/api/sandbox/worldline/checkout.js' })).statusCode).toBe(404);
      // A response signed with the published sandbox salt verifies nothing.
      const forged = buildWorldlineResponse(
        {
          txn_status: '0300',
          txn_msg: 'success',
          txn_err_msg: '',
          clnt_txn_ref: 'WL1',
          tpsl_bank_cd: '470',
          tpsl_txn_id: 'T1',
          txn_amt: '5000.00',
          clnt_rqst_meta: '',
          tpsl_txn_time: '22-11-2026 11:00:00',
          bal_amt: '',
          card_id: '',
          alias_name: '',
          BankTransactionID: '',
          mandate_reg_no: '',
          token: '',
        },
        SANDBOX_SECRETS.worldlineSalt,
      );
      const s2s = await off.app.inject({ method: 'GET', url: `/api/worldline/s2s?msg=${encodeURIComponent(forged)}` });
      expect(s2s.body).toBe('WL1|T1|0');

      // The demo parish (npm run demo) turns the gateways without credentials to sandbox.
      await off.db.update(parishSettings).set({ demo: true });
      const demo = await buildApp({
        config: testConfig({ PAYMENTS_SANDBOX: 'false' }),
        database: off.database,
        logger: false,
      });
      try {
        const demoHealth = await demo.inject({ method: 'GET', url: '/api/health' });
        expect(demoHealth.json()).toMatchObject({ payments: { worldline: 'sandbox', razorpay: 'sandbox' } });
      } finally {
        await demo.close();
      }
    } finally {
      await off.close();
    }
  });

  it('sandbox checkouts are flagged test, and an admin voids all test payments before going live (audited)', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 3_000);
    const checkout = await opened([misc]);
    expect((await transactionRow(t.app, checkout.txnId)).isTest).toBe(true);
    await callback(await worldlineBank(t.app, checkout, 'success'));
    const receiptNumber = (await paymentRow(t.app, misc)).receiptNumber;
    expect(receiptNumber).toBeTruthy();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/test-payments/void', headers: cashier.headers }))
        .statusCode,
    ).toBe(403);
    const voided = await t.app.inject({ method: 'POST', url: '/api/admin/test-payments/void', headers: admin.headers });
    expect(voided.statusCode, voided.body).toBe(200);
    const result = voided.json<VoidTestPaymentsResult>();
    expect(result.payments).toBeGreaterThanOrEqual(1);
    expect(result.receipts).toContain(receiptNumber);
    await expectUnpaid(t.app, misc);
    const [receipt] = await t.app.db
      .select()
      .from(receipts)
      .where(eq(receipts.number, receiptNumber ?? ''));
    expect(receipt?.voidedAt).not.toBeNull();
    expect((await transactionRow(t.app, checkout.txnId)).status).toBe('failed');
    const audits = await t.app.db.select().from(auditEvents).where(eq(auditEvents.action, 'payments.test_voided'));
    expect(audits).toHaveLength(1);
    expect((await queue()).pending.count).toBe(0);
    // Nothing of the test line stays behind in the summaries.
    const dashboard = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin.headers });
    expect(dashboard.json<Dashboard>().testPayments).toEqual({ count: 0, amount: 0 });
  });
});

describe('test payments: marked on receipts, apart from every collected figure', () => {
  type Figures = { collected: number; today: number; overview: number; daily: number; test: number[] };
  async function figures(): Promise<Figures> {
    const get = async <T>(url: string, payload?: object): Promise<T> => {
      const method = payload ? 'POST' : 'GET';
      const response = await t.app.inject({ method, url, headers: admin.headers, ...(payload && { payload }) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<T>();
    };
    const dashboard = await get<Dashboard>('/api/admin/dashboard');
    const overview = await get<ReportOf<'overview'>>('/api/admin/reports', { type: 'overview' });
    const daily = await get<ReportOf<'daily'>>('/api/admin/reports', { type: 'daily' });
    return {
      collected: dashboard.amounts.totalCollected,
      today: dashboard.periods.today.amount,
      overview: overview.totalCollected,
      daily: daily.totals.amount,
      test: [dashboard.testPayments?.amount ?? 0, overview.testPayments?.amount ?? 0, daily.testPayments?.amount ?? 0],
    };
  }
  async function collectCash(paymentId: string, rupees: number, session: Session): Promise<void> {
    const collect = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${paymentId}/collect`,
      headers: session.headers,
      payload: { collectionMode: 'manual', collectionAmount: rupees, paymentMethod: 'cash' },
    });
    expect(collect.statusCode, collect.body).toBe(200);
  }
  const receiptOf = (paymentId: string, session: Session) =>
    t.app.inject({ method: 'GET', url: `/api/payments/${paymentId}/receipt`, headers: session.headers });

  it('a sandbox payment prints "TEST — no real money" (staff print, member download, bilingual); a cash one does not', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 3_300);
    const cash = await due(t.app, member.account.id, 'miscellaneous', 3_400);
    await callback(await worldlineBank(t.app, await opened([misc]), 'success'));
    await collectCash(cash, 34, cashier);
    for (const session of [admin, member]) {
      const test = await receiptOf(misc, session);
      expect(test.statusCode, test.body).toBe(200);
      expect(test.body).toContain('TEST — no real money');
      expect(test.body).toContain('<title>TEST — no real money: Receipt');
      const real = await receiptOf(cash, session);
      expect(real.statusCode, real.body).toBe(200);
      expect(real.body).not.toContain('TEST');
    }
    const receiptId = (await paymentRow(t.app, misc)).receiptId;
    const byId = await t.app.inject({ method: 'GET', url: `/api/receipts/${receiptId}/print`, headers: admin.headers });
    expect(byId.body).toContain('TEST — no real money');
    await t.app.db.update(parishSettings).set({ receiptLanguage: 'ml' });
    try {
      const bilingual = await receiptOf(misc, member);
      expect(bilingual.body).toContain('ടെസ്റ്റ് — യഥാർത്ഥ പണമില്ല');
      expect((await receiptOf(cash, member)).body).not.toContain('ടെസ്റ്റ്');
    } finally {
      await t.app.db.update(parishSettings).set({ receiptLanguage: '' });
    }
  });

  it('dashboard, overview and daily report leave a test payment out of collected and show it on its own line', async () => {
    const before = await figures();
    const misc = await due(t.app, member.account.id, 'miscellaneous', 4_100);
    await callback(await worldlineBank(t.app, await opened([misc]), 'success'));
    expect((await paymentRow(t.app, misc)).status).toBe('paid');
    const afterTest = await figures();
    expect({ ...afterTest, test: undefined }).toEqual({ ...before, test: undefined });
    expect(afterTest.test.map((v, i) => Math.round((v - (before.test[i] ?? 0)) * 100))).toEqual([4_100, 4_100, 4_100]);
    // The head's own figures: test money is not money (decision 0114): not paid, nothing
    // collected, the due still outstanding.
    const headId = (await paymentRow(t.app, misc)).paymentHeadId;
    const stats = await t.app.inject({
      method: 'GET',
      url: `/api/payment-heads/${headId}/stats`,
      headers: admin.headers,
    });
    expect(stats.json()).toMatchObject({ paid: 0, pending: 1, collected: 0, outstanding: 41 });
    const overviewCsv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/export?type=overview',
      headers: admin.headers,
    });
    expect(overviewCsv.body).toContain('Test payments (no real money)');
    const dailyCsv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/export?type=daily',
      headers: admin.headers,
    });
    expect(dailyCsv.body).toMatch(/Test payments \(no real money\),\d+,/);
    // Cash collected adds to every collected figure, and not to the test line.
    const cash = await due(t.app, member.account.id, 'miscellaneous', 1_200);
    await collectCash(cash, 12, admin);
    const afterCash = await figures();
    expect(afterCash.test).toEqual(afterTest.test);
    for (const key of ['collected', 'today', 'overview', 'daily'] as const) {
      expect(Math.round((afterCash[key] - afterTest[key]) * 100), key).toBe(1_200);
    }
    // The full export marks the test payment (and not the cash one), so a paid row of no real money is never read as money.
    const full = await t.app.inject({
      method: 'GET',
      url: '/api/admin/export?format=json&type=all',
      headers: admin.headers,
    });
    const exported = full.json<{ payments: { _id: string; status: string; testPayment: boolean }[] }>().payments;
    expect(exported.find((p) => p._id === misc)).toMatchObject({ status: 'paid', testPayment: true });
    expect(exported.find((p) => p._id === cash)).toMatchObject({ status: 'paid', testPayment: false });
    const fullCsv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/export?format=csv&type=all',
      headers: admin.headers,
    });
    const paymentHeader = fullCsv.body.split('\n').find((line) => line.startsWith('type,_id,memberId'));
    expect(paymentHeader?.trim().endsWith(',receiptNumber,testPayment')).toBe(true);
    expect(
      fullCsv.body
        .split('\n')
        .find((line) => line.startsWith(`payment,${misc},`))
        ?.trim(),
    ).toMatch(/,true$/);
  });
});

describe('live Worldline', () => {
  it("the CSP lets Paynimo's checkout work: its stylesheet and images, and a form to any https bank page", async () => {
    const live = await createTestApp({
      env: { WORLDLINE_MERCHANT_ID: 'L1000', WORLDLINE_SALT: 'live-salt', WORLDLINE_SCHEME_CODE: 'SCH1' },
    });
    try {
      // A page of the parish (the home parish's, whose gateways are the environment's): the health
      // check answers on any address, in no parish, under the base policy (decision 0134).
      const csp = String((await live.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
      const directive = (name: string) =>
        csp
          .split(';')
          .map((d) => d.trim())
          .find((d) => d.startsWith(`${name} `)) ?? '';
      expect(directive('form-action')).toBe("form-action 'self' https:");
      expect(directive('style-src')).toContain('https://www.paynimo.com');
      expect(directive('img-src')).toContain('https://www.paynimo.com');
      expect(directive('script-src')).toContain('https://www.paynimo.com');
      expect(directive('frame-src')).toContain('https://www.paynimo.com');
      expect(directive('connect-src')).toContain('https://www.paynimo.com');
    } finally {
      await live.close();
    }
    const sandboxCsp = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(sandboxCsp).toContain("form-action 'self'");
    expect(sandboxCsp).not.toContain('paynimo');
  });
});

describe('Worldline S2S', () => {
  it("answers the kits' plain text clnt_txn_ref|tpsl_txn_id|1 and settles through dual verification", async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 2_500);
    const checkout = await opened([misc]);
    const msg = await worldlineBank(t.app, checkout, 'success');
    const fields = msg.split('|');
    const response = await t.app.inject({ method: 'GET', url: `/api/worldline/s2s?msg=${encodeURIComponent(msg)}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe(`${checkout.txnId}|${fields[5]}|1`);
    expect((await paymentRow(t.app, misc)).status).toBe('paid');
    const again = await t.app.inject({ method: 'GET', url: `/api/worldline/s2s?msg=${encodeURIComponent(msg)}` });
    expect(again.body).toBe(`${checkout.txnId}|${fields[5]}|1`);
  });

  it('answers |0 for a tampered message and records the security event; nothing is paid', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 2_600);
    const checkout = await opened([misc]);
    const msg = await worldlineBank(t.app, checkout, 'success');
    const tampered = msg.replace('|26.00|', '|1.00|');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/worldline/s2s?msg=${encodeURIComponent(tampered)}`,
    });
    expect(response.body).toMatch(new RegExp(`^${checkout.txnId}\\|[^|]*\\|0$`));
    expect(await auditActions(t.app, checkout.txnId)).toContain('transaction.verification_failed');
    await expectUnpaid(t.app, misc);
    expect((await t.app.inject({ method: 'GET', url: '/api/worldline/s2s' })).body).toBe('||0');
  });
});

describe('a Worldline status answer without merchantTransactionIdentifier', () => {
  /** A stand-in status API answering Worldline's paynimoV2.req shape without the transaction id. */
  async function unnamedStatusApi(amount: string): Promise<{ url: string; close: () => Promise<void> }> {
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            merchantCode: SANDBOX_SECRETS.worldlineMerchantId,
            merchantTransactionIdentifier: null,
            paymentMethod: {
              token: '9190001',
              paymentTransaction: {
                amount,
                identifier: '9190001',
                statusCode: '0300',
                statusMessage: 'S',
                errorMessage: '',
              },
            },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return {
      url: `http://127.0.0.1:${port}/api/paynimoV2.req`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  function status(txnId: string) {
    return t.app.inject({ method: 'GET', url: `/api/worldline/payment-status/${txnId}`, headers: admin.headers });
  }

  it('is matched by our txn id and amount: paid', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 1_100);
    const checkout = await opened([misc]);
    const api = await unnamedStatusApi('11.00');
    try {
      t.app.config.worldline.statusUrl = api.url;
      expect((await status(checkout.txnId)).json()).toMatchObject({ success: true, status: 'success' });
      expect((await paymentRow(t.app, misc)).status).toBe('paid');
    } finally {
      await api.close();
    }
  });

  it('with another amount it stays pending, then after 30 minutes goes to the exceptions queue', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 1_200);
    const checkout = await opened([misc]);
    const api = await unnamedStatusApi('10.00');
    try {
      t.app.config.worldline.statusUrl = api.url;
      expect((await status(checkout.txnId)).json()).toMatchObject({ success: false, status: 'pending' });
      t.clock.advance(31 * 60 * 1000);
      admin = await loginAs(t.app, 'admin');
      expect((await status(checkout.txnId)).json()).toMatchObject({ success: false, status: 'failed' });
      await expectUnpaid(t.app, misc);
      const entry = (await queue()).data.find((e) => e.transactionId === checkout.txnId);
      expect(entry).toMatchObject({ reason: 'status_disagrees', amount: 10, status: 'open' });
    } finally {
      await api.close();
      admin = await loginAs(t.app, 'admin');
      cashier = await loginAs(t.app, 'cashier');
    }
  });
});
