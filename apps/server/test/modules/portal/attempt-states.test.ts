import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type {
  CustomerTransaction,
  CustomerTransactions,
  RazorpayOrder,
  RefundList,
  WorldlineOrder,
} from '@parish/shared';

import { createHead, assign, due, postForm, razorpayBank, worldlineBank } from '../../gateway-fixtures.ts';
import { createTestApp, loginAs, loginMember, type Session, type TestApp, type TestMember } from '../../helpers.ts';

/**
 * Honest states in the member portal (issue 29 item 4, decision 0142; `docs/domain.md`, §2
 * "Transactions tab"): what `GET /api/customer/transactions` says of each attempt, driven through
 * the sandbox gateways' real protocol (bank page, return, status API) and the real refunds queue.
 */

let t: TestApp;
let member: Session & { account: TestMember };
let admin: Session;
let cashier: Session;

beforeAll(async () => {
  t = await createTestApp({ env: { GATEWAY_RECHECK_SECONDS: '0' } });
});
beforeEach(async () => {
  admin = await loginAs(t.app, 'admin');
  cashier = await loginAs(t.app, 'cashier');
  member = await loginAs(t.app, 'customer');
  t.app.config.worldline.statusUrl = '/api/sandbox/worldline/api/paynimoV2.req';
});
afterAll(async () => {
  await t.close();
});

async function opened(paymentIds: string[]): Promise<WorldlineOrder> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/worldline/create-customer-order',
    headers: member.headers,
    payload: { paymentIds },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WorldlineOrder>();
}

function returned(msg: string) {
  return postForm(t.app, '/api/worldline/callback', { msg });
}

/** The member's own transaction with our txn id, as the portal answers it. */
async function attempt(txnId: string): Promise<CustomerTransaction> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/customer/transactions?limit=100',
    headers: member.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const found = response.json<CustomerTransactions>().items.find((item) => item.transactionId === txnId);
  if (!found) throw new Error(`no transaction ${txnId}`);
  return found;
}

describe('a cancelled or failed attempt shows so at once', () => {
  it('Worldline: Cancel on the bank page → cancelled; Failure → failed', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 3_100);
    const first = await opened([misc]);
    expect(await attempt(first.txnId)).toMatchObject({ state: 'pending', paidTwice: null });
    await returned(await worldlineBank(t.app, first, 'cancel'));
    expect(await attempt(first.txnId)).toMatchObject({ status: 'failed', state: 'cancelled' });
    const second = await opened([misc]);
    await returned(await worldlineBank(t.app, second, 'failure'));
    expect(await attempt(second.txnId)).toMatchObject({ status: 'failed', state: 'failed' });
  });

  it('Razorpay: Cancel on the payment page → cancelled', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 3_200);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: member.headers,
      payload: { paymentIds: [misc] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const order = response.json<RazorpayOrder>();
    await postForm(t.app, '/api/razorpay/callback', await razorpayBank(t.app, order, 'cancel'));
    expect(await attempt(order.txnId)).toMatchObject({ status: 'failed', state: 'cancelled' });
  });

  it("the dashboard's Cancel → cancelled at once, while it is still pending and re-checked", async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 3_300);
    const checkout = await opened([misc]);
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/customer/checkouts/cancel',
      headers: member.headers,
      payload: { paymentIds: [misc] },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await attempt(checkout.txnId)).toMatchObject({ status: 'pending', state: 'cancelled' });
  });

  it("the in-page checkout's cancel, posted by the member's dashboard, shows cancelled at once (decision 0144)", async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 3_350);
    const checkout = await opened([misc]);
    // checkout.js hands the response handler the same signed pipe string the return URL gets.
    const msg = await worldlineBank(t.app, checkout, 'cancel');
    const verify = (headers: Record<string, string>, body: object) =>
      t.app.inject({ method: 'POST', url: '/api/worldline/verify-payment', headers, payload: body });
    const posted = { txnId: checkout.txnId, statusCode: '0392', msg };

    // Another signed-in member cannot post it: not found, nothing changes.
    const other = await loginAs(t.app, 'customer');
    const refused = await verify(other.headers, posted);
    expect(refused.statusCode, refused.body).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'TRANSACTION_NOT_FOUND' });
    expect(await attempt(checkout.txnId)).toMatchObject({ status: 'pending', state: 'pending' });

    const answer = await verify(member.headers, posted);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ success: false, status: 'failed', statusCode: '0392' });
    expect(await attempt(checkout.txnId)).toMatchObject({ status: 'failed', state: 'cancelled' });
  });

  it('a posted cancel never undoes a paid order: the status API decides, a forged response is refused', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 3_360);
    const checkout = await opened([misc]);
    const paidMsg = await worldlineBank(t.app, checkout, 'success');
    const verify = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/worldline/verify-payment', headers: member.headers, payload: body });

    // A cancel with the fields of a success response but the code changed: its hash no longer verifies.
    const forged = ['0392', ...paidMsg.split('|').slice(1)].join('|');
    const refused = await verify({ txnId: checkout.txnId, statusCode: '0392', msg: forged });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(await attempt(checkout.txnId)).toMatchObject({ status: 'pending' });

    // The browser's word alone (no response): the gateway says paid, so it is paid.
    const claimed = await verify({ txnId: checkout.txnId, statusCode: '0392' });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({ success: true, status: 'success' });
    expect(await attempt(checkout.txnId)).toMatchObject({ status: 'success', state: 'paid' });
  });

  it('a checkout the gateway never saw is expired after the checkout hold', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 3_400);
    const checkout = await opened([misc]);
    t.clock.advance(31 * 60 * 1000);
    member = { ...(await loginMember(t.app, member.account.mobile, member.account.password)), account: member.account };
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/worldline/payment-status/${checkout.txnId}`,
      headers: member.headers,
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(await attempt(checkout.txnId)).toMatchObject({ status: 'failed', state: 'expired' });
  });
});

describe('a superseded attempt', () => {
  it('reads "replaced" beside the newer one, also once the newer one is paid', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 4_100);
    const first = await opened([misc]);
    const second = await opened([misc]);
    expect(await attempt(first.txnId)).toMatchObject({ status: 'pending', state: 'superseded' });
    expect(await attempt(second.txnId)).toMatchObject({ state: 'pending' });
    await returned(await worldlineBank(t.app, second, 'success'));
    expect(await attempt(second.txnId)).toMatchObject({ state: 'paid', paidTwice: null });
    expect(await attempt(first.txnId)).toMatchObject({ state: 'superseded' });
  });

  it('paid late after all: paid, with the money paid twice for the due the newer one paid', async () => {
    const head = await createHead(t.app, { type: 'miscellaneous', amountPaise: 4_200, name: 'Feast Offering' });
    const misc = await assign(t.app, member.account.id, head);
    const first = await opened([misc]);
    const second = await opened([misc]);
    await returned(await worldlineBank(t.app, second, 'success'));
    await returned(await worldlineBank(t.app, first, 'success'));
    expect(await attempt(first.txnId)).toMatchObject({
      status: 'success',
      state: 'paid',
      paidTwice: { amount: 42, dues: [{ name: 'Feast Offering', amount: 42 }], outcome: 'open', refundedOn: null },
    });
  });
});

describe('a double payment', () => {
  it('names what was paid twice and the amount; once refunded, the date of the refund', async () => {
    const head = await createHead(t.app, { type: 'miscellaneous', amountPaise: 10_000, name: 'Building Fund' });
    const twice = await assign(t.app, member.account.id, head);
    const other = await due(t.app, member.account.id, 'miscellaneous', 5_000);
    const third = await due(t.app, member.account.id, 'miscellaneous', 2_500);
    const checkout = await opened([twice, other, third]);
    const msg = await worldlineBank(t.app, checkout, 'success');
    // The cashier collects the Building Fund in cash while the member is on the bank page …
    const collected = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${twice}/collect`,
      headers: cashier.headers,
      payload: { collectionMode: 'manual', collectionAmount: 100, paymentMethod: 'cash' },
    });
    expect(collected.statusCode, collected.body).toBe(200);
    // … then the member's payment of all three arrives.
    const answer = await returned(msg);
    expect(answer.statusCode).toBeLessThan(400);
    const paid = await attempt(checkout.txnId);
    expect(paid).toMatchObject({
      status: 'success',
      state: 'paid',
      amount: 175,
      paidTwice: { amount: 100, dues: [{ name: 'Building Fund', amount: 100 }], outcome: 'open', refundedOn: null },
    });
    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/refunds?status=open', headers: admin.headers });
    const entry = queue.json<RefundList>().data.find((e) => e.transactionId === checkout.txnId);
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/refunds/${entry?._id}/refunded`,
      headers: admin.headers,
      payload: { refundReference: 'rfnd_42', refundDate: '2026-11-25' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await attempt(checkout.txnId)).paidTwice).toEqual({
      amount: 100,
      dues: [{ name: 'Building Fund', amount: 100 }],
      outcome: 'refunded',
      refundedOn: '2026-11-25',
    });
    // Another member never sees it.
    const stranger = await loginAs(t.app, 'customer');
    const theirs = await t.app.inject({ method: 'GET', url: '/api/customer/transactions', headers: stranger.headers });
    expect(theirs.json<CustomerTransactions>().items).toEqual([]);
  });
});
