import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  GATEWAY_MSG,
  type PaymentStatusResult,
  type VerifyResult,
  type WorldlineConfig,
  type WorldlineOrder,
} from '@parish/shared';

import type { AppEvent } from '../../../src/lib/events.ts';
import { SANDBOX_SECRETS } from '../../../src/config/gateways.ts';
import { systemContext } from '../../../src/context.ts';
import { recheckPendingTransactions } from '../../../src/modules/gateways/recheck.ts';
import { sandboxStoreOf } from '../../../src/modules/gateways/sandbox/sandbox-store.ts';
import {
  buildWorldlineResponse,
  verifyWorldlineResponse,
} from '../../../src/modules/gateways/worldline/worldline-hash.ts';
import {
  auditActions,
  due,
  expectUnpaid,
  paidPaise,
  paymentRow,
  postForm,
  transactionRow,
  worldlineBank,
} from '../../gateway-fixtures.ts';
import { createTestApp, expectError, loginAs, type Session, type TestApp, type TestMember } from '../../helpers.ts';

let t: TestApp;
let member: Session & { account: TestMember };
let admin: Session;
const events: AppEvent[] = [];
const SANDBOX_STATUS_URL = '/api/sandbox/worldline/api/paynimoV2.req';

beforeAll(async () => {
  t = await createTestApp({ env: { GATEWAY_RECHECK_SECONDS: '0' } });
  t.app.events.subscribe((event) => events.push(event));
  admin = await loginAs(t.app, 'admin');
});
beforeEach(async () => {
  member = await loginAs(t.app, 'customer');
  t.app.config.worldline.statusUrl = SANDBOX_STATUS_URL;
  events.length = 0;
});
afterAll(async () => {
  await t.close();
});

async function createOrder(paymentIds: string[], session: Session = member): Promise<WorldlineOrder> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/worldline/create-customer-order',
    headers: session.headers,
    payload: { paymentIds },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WorldlineOrder>();
}

function callback(msg: string) {
  return postForm(t.app, '/api/worldline/callback', { msg });
}

function verify(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/worldline/verify-payment', payload });
}

function location(response: { headers: Record<string, unknown> }): URL {
  return new URL(String(response.headers['location']), 'http://localhost');
}

describe('Worldline config', () => {
  it('says sandbox, gives the merchant code and script, never the salt', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/worldline/config' });
    const body = response.json<WorldlineConfig>();
    expect(body).toMatchObject({
      available: true,
      mode: 'sandbox',
      merchantId: SANDBOX_SECRETS.worldlineMerchantId,
      currency: 'INR',
    });
    expect(body.checkoutScriptUrl).toBe('/api/sandbox/worldline/checkout.js');
    expect(response.body).not.toContain(SANDBOX_SECRETS.worldlineSalt);
    const script = await t.app.inject({ method: 'GET', url: body.checkoutScriptUrl });
    expect(script.body).toContain('$.pnCheckout');
  });
});

describe('Worldline order', () => {
  it('answers the SHA-512 request token over the documented fields and the checkout configuration', async () => {
    const payment = await due(t.app, member.account.id, 'miscellaneous', 150_000);
    const order = await createOrder([payment]);
    const c = order.worldlineOrder.consumerData;
    expect(order.token).toBe(c.token);
    expect(c.token).toMatch(/^[0-9a-f]{128}$/);
    expect(c.deviceId).toBe('WEBSH2');
    expect(c.items).toEqual([{ itemId: 'FIRST', amount: '1500.00', comAmt: '0' }]);
    expect(c.returnUrl).toMatch(/\/api\/worldline\/callback$/);
    expect(JSON.stringify(order)).not.toContain(SANDBOX_SECRETS.worldlineSalt);
    expect(await auditActions(t.app, order.txnId)).toEqual(['transaction.created']);
    // The sandbox bank refuses a tampered amount (the token no longer matches).
    const tampered = await t.app.inject({
      method: 'GET',
      url: `/api/sandbox/worldline/bank?${new URLSearchParams({
        merchantId: c.merchantId,
        txnId: c.txnId,
        amount: '1.00',
        consumerId: c.consumerId,
        consumerMobileNo: c.consumerMobileNo,
        consumerEmailId: c.consumerEmailId,
        token: c.token,
      })}`,
    });
    expect(tampered.statusCode).toBe(400);
  });
});

describe('Worldline settling', () => {
  it('pays every payment of the transaction exactly once through the return URL, with receipts and an event', async () => {
    const arrear = await due(t.app, member.account.id, 'arrear', 50_000);
    const misc = await due(t.app, member.account.id, 'miscellaneous', 20_000);
    const order = await createOrder([arrear, misc]);
    const msg = await worldlineBank(t.app, order, 'success');
    const response = await callback(msg);
    expect(response.statusCode).toBe(303);
    const target = location(response);
    expect(target.pathname).toBe('/payment-callback');
    expect(target.searchParams.get('txn_id')).toBe(order.txnId);
    expect(target.searchParams.get('status')).toBe('success');
    expect(target.searchParams.get('status_code')).toBe('0300');
    expect(target.searchParams.get('amount')).toBe('700.00');
    expect(target.search).not.toContain(order.token);
    expect(target.searchParams.has('hash')).toBe(false);

    const txn = await transactionRow(t.app, order.txnId);
    expect(txn.status).toBe('success');
    expect(txn.pgReferenceId).toBe(verifyWorldlineResponse(msg, SANDBOX_SECRETS.worldlineSalt)?.tpsl_txn_id);
    for (const [id, paise] of [
      [arrear, 50_000],
      [misc, 20_000],
    ] as const) {
      const row = await paymentRow(t.app, id);
      expect(row).toMatchObject({
        status: 'paid',
        paidAmountPaise: paise,
        paymentGateway: 'worldline',
        paymentMethod: 'online',
        collectionMode: 'online',
        transactionId: order.txnId,
        pgTransactionId: txn.pgReferenceId,
      });
      expect(row.receiptNumber).toMatch(/^\d{4}-\d{2}\/\d{6}$/);
    }
    expect(await auditActions(t.app, order.txnId)).toEqual(['transaction.created', 'transaction.settled']);
    expect(events).toEqual([
      {
        type: 'payment.updated',
        memberId: member.account.id,
        data: { paymentIds: [arrear, misc].sort(), status: 'paid', via: 'worldline' },
        parishId: 1,
      },
    ]);
    events.length = 0;

    // A duplicate delivery (return URL again, verify with and without msg) answers the same and changes nothing.
    const receipts = [(await paymentRow(t.app, arrear)).receiptNumber, (await paymentRow(t.app, misc)).receiptNumber];
    expect(location(await callback(msg)).searchParams.get('status')).toBe('success');
    const again = await verify({ txnId: order.txnId, msg, statusCode: '0300' });
    expect(again.json<VerifyResult>()).toMatchObject({ success: true, paymentsUpdated: 2, transactionId: order.txnId });
    const bare = await verify({ txnId: order.txnId, status: 'success', statusCode: '0300', amount: '1' });
    expect(bare.json<VerifyResult>()).toMatchObject({ success: true, paymentsUpdated: 2, amount: 700 });
    expect([(await paymentRow(t.app, arrear)).receiptNumber, (await paymentRow(t.app, misc)).receiptNumber]).toEqual(
      receipts,
    );
    expect(await auditActions(t.app, order.txnId)).toEqual(['transaction.created', 'transaction.settled']);
    expect(events).toEqual([]);
    expect(await paidPaise(t.app, member.account.id)).toBe(70_000);
  });

  it('settles once when the return URL and the verify call arrive at the same time', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 33_300);
    const order = await createOrder([misc]);
    const msg = await worldlineBank(t.app, order, 'success');
    const answers = await Promise.all([
      callback(msg),
      verify({ txnId: order.txnId, msg }),
      callback(msg),
      verify({ txnId: order.txnId, msg }),
      verify({ txnId: order.txnId }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 303, 303]);
    expect(await auditActions(t.app, order.txnId)).toEqual(['transaction.created', 'transaction.settled']);
    expect(await paidPaise(t.app, member.account.id)).toBe(33_300);
    expect(events.filter((e) => e.type === 'payment.updated')).toHaveLength(1);
  });

  it('refuses a wrong hash: 400 on verify, a failed redirect on the return URL, nothing paid, a security event', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 10_000);
    const order = await createOrder([misc]);
    const msg = await worldlineBank(t.app, order, 'success');
    const flipped = `${msg.slice(0, -1)}${msg.endsWith('0') ? '1' : '0'}`;
    expectError(
      await verify({ txnId: order.txnId, msg: flipped }),
      400,
      'VERIFICATION_FAILED',
      GATEWAY_MSG.hashMismatch,
    );
    const redirected = location(await callback(flipped));
    expect(redirected.searchParams.get('status')).toBe('failed');
    expect(redirected.searchParams.get('message')).toBe(GATEWAY_MSG.hashMismatch);
    const wrongSalt = buildWorldlineResponse(
      verifyWorldlineResponse(msg, SANDBOX_SECRETS.worldlineSalt)!,
      'guessed-salt',
    );
    expectError(await verify({ txnId: order.txnId, msg: wrongSalt }), 400, 'VERIFICATION_FAILED');
    await expectUnpaid(t.app, misc);
    expect((await transactionRow(t.app, order.txnId)).status).toBe('pending');
    expect(
      (await auditActions(t.app, order.txnId)).filter((a) => a === 'transaction.verification_failed'),
    ).toHaveLength(3);
  });

  it('refuses a tampered amount: re-hashed responses and a gateway reporting another amount are never paid', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 500_000);
    const order = await createOrder([misc]);
    const msg = await worldlineBank(t.app, order, 'success');
    // The amount changed without the salt: the hash fails.
    expectError(
      await verify({ txnId: order.txnId, msg: msg.replace('|5000.00|', '|1.00|') }),
      400,
      'VERIFICATION_FAILED',
    );
    // The gateway's status API reports ₹1 for this transaction: not paid, flagged for review.
    const store = sandboxStoreOf(t.app);
    const entry = store.worldlineByTxnId(order.txnId);
    if (!entry) throw new Error('sandbox has no entry');
    entry.amount = '1.00';
    const result = (await verify({ txnId: order.txnId, msg })).json<VerifyResult>();
    expect(result).toMatchObject({
      success: false,
      status: 'failed',
      paymentsUpdated: 0,
      message: GATEWAY_MSG.amountMismatch,
    });
    await expectUnpaid(t.app, misc);
    const txn = await transactionRow(t.app, order.txnId);
    expect(txn.errorMessage).toBe(GATEWAY_MSG.amountMismatch);
    expect(await auditActions(t.app, order.txnId)).toContain('transaction.verification_mismatch');
  });

  it('refuses a tampered status: a success response the status API does not confirm stays pending', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 10_000);
    const order = await createOrder([misc]);
    const failure = await worldlineBank(t.app, order, 'failure');
    const fields = verifyWorldlineResponse(failure, SANDBOX_SECRETS.worldlineSalt)!;
    // Even a correctly hashed 0300 (as if the salt leaked) is not enough: the gateway says 0399.
    const forged = buildWorldlineResponse(
      { ...fields, txn_status: '0300', txn_msg: 'success' },
      SANDBOX_SECRETS.worldlineSalt,
    );
    const result = (await verify({ txnId: order.txnId, msg: forged })).json<VerifyResult>();
    expect(result).toMatchObject({ success: false, status: 'pending', paymentsUpdated: 0 });
    await expectUnpaid(t.app, misc);
    expect(await auditActions(t.app, order.txnId)).toContain('transaction.verification_mismatch');
    // The genuine failure response then fails it: 'Payment failed'.
    const failed = (await verify({ txnId: order.txnId, msg: failure })).json<VerifyResult>();
    expect(failed).toMatchObject({ success: false, status: 'failed', message: GATEWAY_MSG.paymentFailed });
    await expectUnpaid(t.app, misc);
  });

  it('refuses a success response replayed for another order', async () => {
    const x = await due(t.app, member.account.id, 'miscellaneous', 10_000);
    const y = await due(t.app, member.account.id, 'miscellaneous', 90_000);
    const orderX = await createOrder([x]);
    const orderY = await createOrder([y]);
    const msgX = await worldlineBank(t.app, orderX, 'success');
    expectError(await verify({ txnId: orderY.txnId, msg: msgX }), 400, 'VERIFICATION_FAILED', GATEWAY_MSG.hashMismatch);
    await expectUnpaid(t.app, y);
    expect((await transactionRow(t.app, orderY.txnId)).status).toBe('pending');
    // The replayed msg can only ever settle its own order X.
    location(await callback(msgX));
    expect((await paymentRow(t.app, x)).status).toBe('paid');
    await expectUnpaid(t.app, y);
    expect(await paidPaise(t.app, member.account.id)).toBe(10_000);
  });

  it('never pays on the callback alone: with the status API down it stays pending; a re-check settles it later', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 12_345);
    const order = await createOrder([misc]);
    const msg = await worldlineBank(t.app, order, 'success');
    t.app.config.worldline.statusUrl = 'http://127.0.0.1:9/api/paynimoV2.req';
    const redirected = location(await callback(msg));
    expect(redirected.searchParams.get('status')).toBe('pending');
    expect(redirected.searchParams.get('status_code')).toBe('0398');
    const verified = (await verify({ txnId: order.txnId, msg })).json<VerifyResult>();
    expect(verified).toMatchObject({ success: false, status: 'pending', message: GATEWAY_MSG.paymentPending });
    await expectUnpaid(t.app, misc);
    expect((await transactionRow(t.app, order.txnId)).status).toBe('pending');

    // The status API is back: the owner's status check settles it (offline verification by txnId).
    t.app.config.worldline.statusUrl = SANDBOX_STATUS_URL;
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/worldline/payment-status/${order.txnId}`,
      headers: member.headers,
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json<PaymentStatusResult>()).toMatchObject({ success: true, status: 'success' });
    expect((await paymentRow(t.app, misc)).paidAmountPaise).toBe(12_345);
  });

  it('the background re-check settles a pending transaction older than 2 minutes', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 4_200);
    const order = await createOrder([misc]);
    t.app.config.worldline.statusUrl = 'http://127.0.0.1:9/api/paynimoV2.req';
    await callback(await worldlineBank(t.app, order, 'success'));
    await expectUnpaid(t.app, misc);
    t.app.config.worldline.statusUrl = SANDBOX_STATUS_URL;
    t.clock.advance(3 * 60 * 1000);
    expect(await recheckPendingTransactions(systemContext(t.app.deps))).toBeGreaterThanOrEqual(1);
    expect((await paymentRow(t.app, misc)).status).toBe('paid');
    expect((await transactionRow(t.app, order.txnId)).status).toBe('success');
  });

  it('keeps 0398/0396 pending (not failed), maps 0392 to cancelled and 0399 to failed', async () => {
    const a = await due(t.app, member.account.id, 'miscellaneous', 1_000);
    const orderA = await createOrder([a]);
    const msgA = await worldlineBank(t.app, orderA, 'success');
    const entry = sandboxStoreOf(t.app).worldlineByTxnId(orderA.txnId)!;
    entry.statusCode = '0396';
    expect((await verify({ txnId: orderA.txnId, msg: msgA })).json<VerifyResult>()).toMatchObject({
      status: 'pending',
    });
    entry.statusCode = '0398';
    expect(location(await callback(msgA)).searchParams.get('status')).toBe('pending');
    await expectUnpaid(t.app, a);
    entry.statusCode = '0300';
    expect((await verify({ txnId: orderA.txnId, msg: msgA })).json<VerifyResult>()).toMatchObject({
      status: 'success',
    });

    const b = await due(t.app, member.account.id, 'miscellaneous', 1_000);
    const orderB = await createOrder([b]);
    const cancelled = location(await callback(await worldlineBank(t.app, orderB, 'cancel')));
    expect(cancelled.searchParams.get('status')).toBe('failed');
    expect(cancelled.searchParams.get('status_code')).toBe('0392');
    expect(cancelled.searchParams.get('message')).toBe(GATEWAY_MSG.cancelledByUser);
    await expectUnpaid(t.app, b);
    expect(await auditActions(t.app, orderB.txnId)).toEqual(['transaction.created', 'transaction.failed']);
    // A failed checkout does not hold the payment: a new order is accepted at once.
    const retry = await createOrder([b]);
    expect(retry.txnId).not.toBe(orderB.txnId);
  });

  it('does not pay twice a payment collected in cash meanwhile: records the conflict for a refund', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 80_000);
    const order = await createOrder([misc]);
    const cash = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${misc}/collect`,
      headers: admin.headers,
      payload: { collectionAmount: 800, paymentMethod: 'cash' },
    });
    expect(cash.statusCode, cash.body).toBe(200);
    const receipt = (await paymentRow(t.app, misc)).receiptNumber;
    await callback(await worldlineBank(t.app, order, 'success'));
    const row = await paymentRow(t.app, misc);
    expect(row).toMatchObject({
      status: 'paid',
      paymentGateway: 'manual',
      paidAmountPaise: 80_000,
      receiptNumber: receipt,
    });
    const txn = await transactionRow(t.app, order.txnId);
    expect(txn.status).toBe('success');
    expect(txn.errorMessage).toContain(GATEWAY_MSG.paidTwice);
    expect(await auditActions(t.app, order.txnId)).toEqual([
      'transaction.created',
      'transaction.paid_twice',
      'transaction.settled',
    ]);
    expect(await paidPaise(t.app, member.account.id)).toBe(80_000);
  });

  it('payment-status: the owner and staff see it; another member gets 404', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 1_000);
    const order = await createOrder([misc]);
    const other = await loginAs(t.app, 'customer');
    const url = `/api/worldline/payment-status/${order.txnId}`;
    expectError(await t.app.inject({ method: 'GET', url, headers: other.headers }), 404, 'TRANSACTION_NOT_FOUND');
    const staff = await t.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(staff.json<PaymentStatusResult>()).toMatchObject({
      status: 'pending',
      transaction: { transactionId: order.txnId },
    });
    expectError(await verify({ txnId: 'WL-unknown' }), 404, 'TRANSACTION_NOT_FOUND', GATEWAY_MSG.transactionNotFound);
  });
});

describe('PG-14 the public verify-payment answer and unguessable transaction ids', () => {
  /** The specification's fields of the verify answer (`docs/domain.md`, "PG-14 Unguessable transaction ids"). */
  const SPEC_FIELDS = [
    'amount',
    'message',
    'paymentIds',
    'paymentsUpdated',
    'status',
    'statusCode',
    'success',
    'transactionId',
  ];

  it('answers exactly the specification fields, pending, paid and failed, with nothing of the member', async () => {
    const account = member.account;
    const memberData = [account.id, account.name, account.mobile, account.mobile.slice(2), account.parishNumber];
    const paidOrder = await createOrder([await due(t.app, account.id, 'miscellaneous', 12_300)]);
    const failedOrder = await createOrder([await due(t.app, account.id, 'miscellaneous', 4_500)]);
    const answers = [
      await verify({ txnId: paidOrder.txnId }),
      await verify({ txnId: paidOrder.txnId, msg: await worldlineBank(t.app, paidOrder, 'success') }),
      await verify({ txnId: failedOrder.txnId, msg: await worldlineBank(t.app, failedOrder, 'failure') }),
    ];
    expect(answers.map((answer) => answer.json<VerifyResult>().status)).toEqual(['pending', 'success', 'failed']);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(Object.keys(answer.json<Record<string, unknown>>()).sort()).toEqual(SPEC_FIELDS);
      for (const value of memberData) expect(answer.body.toLowerCase()).not.toContain(value.toLowerCase());
    }
  });

  it('gives every order of either gateway a txnId with 96 random bits after its prefix and second', async () => {
    const orders: WorldlineOrder[] = [];
    for (let n = 0; n < 12; n += 1)
      orders.push(await createOrder([await due(t.app, member.account.id, 'miscellaneous', 100)]));
    const razorpay = await t.app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: member.headers,
      payload: { paymentIds: [await due(t.app, member.account.id, 'miscellaneous', 100)] },
    });
    expect(razorpay.statusCode, razorpay.body).toBe(200);
    const ids = [...orders.map((order) => order.txnId), razorpay.json<{ txnId: string }>().txnId];
    for (const id of ids) expect(id).toMatch(/^(WL|RP)\d{14}[0-9A-F]{24}$/);
    // The 24 hex digits of any two ids differ: no counter, no shared part.
    const randomParts = ids.map((id) => id.slice(16));
    expect(new Set(randomParts).size).toBe(ids.length);
    const sharedPrefix = (a: string, b: string) => [...a].findIndex((c, i) => c !== b[i]);
    for (const part of randomParts.slice(1)) expect(sharedPrefix(part, randomParts[0] ?? '')).toBeLessThan(8);
  });
});
