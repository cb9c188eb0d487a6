import { createHmac } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  GATEWAY_MSG,
  type RazorpayConfig,
  type RazorpayOrder,
  type RefundList,
  type RefundSummary,
  type VerifyResult,
} from '@parish/shared';

import { SANDBOX_SECRETS } from '../../../src/config/gateways.ts';
import { systemContext } from '../../../src/context.ts';
import { recheckPendingTransactions } from '../../../src/modules/gateways/recheck.ts';
import { sandboxStoreOf } from '../../../src/modules/gateways/sandbox/sandbox-store.ts';
import {
  auditActions,
  due,
  expectUnpaid,
  paidPaise,
  paymentRow,
  postForm,
  razorpayBank,
  transactionRow,
} from '../../gateway-fixtures.ts';
import { createTestApp, expectError, loginAs, type Session, type TestApp, type TestMember } from '../../helpers.ts';

let t: TestApp;
let member: Session & { account: TestMember };
const SANDBOX_API = '/api/sandbox/razorpay';

beforeAll(async () => {
  t = await createTestApp({ env: { GATEWAY_RECHECK_SECONDS: '0' } });
});
beforeEach(async () => {
  member = await loginAs(t.app, 'customer');
  t.app.config.razorpay.apiUrl = SANDBOX_API;
});
afterAll(async () => {
  await t.close();
});

async function createOrder(paymentIds: string[], session: Session = member): Promise<RazorpayOrder> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/razorpay/create-order',
    headers: session.headers,
    payload: { paymentIds },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RazorpayOrder>();
}

function verify(payload: Record<string, string>, session: Session = member) {
  return t.app.inject({ method: 'POST', url: '/api/razorpay/verify-payment', headers: session.headers, payload });
}

function webhook(body: string, signature: string, eventId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/razorpay/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
    payload: body,
  });
}

/** A Razorpay webhook body about the payment `fields` names, of `order`, for `amount` paise. */
function paymentEvent(
  event: string,
  order: RazorpayOrder,
  fields: Record<string, string>,
  amount: number,
  status: string,
): string {
  const entity = { id: fields['razorpay_payment_id'], order_id: order.order.id, amount, status };
  return JSON.stringify({ entity: 'event', event, payload: { payment: { entity } } });
}

const sign = (body: string) => createHmac('sha256', SANDBOX_SECRETS.razorpayWebhookSecret).update(body).digest('hex');

describe('Razorpay', () => {
  it('config: sandbox mode and key id, never a secret', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/razorpay/config' });
    expect(response.json<RazorpayConfig>()).toMatchObject({
      available: true,
      mode: 'sandbox',
      keyId: SANDBOX_SECRETS.razorpayKeyId,
    });
    expect(response.body).not.toContain(SANDBOX_SECRETS.razorpayKeySecret);
    expect(response.body).not.toContain(SANDBOX_SECRETS.razorpayWebhookSecret);
  });

  it('creates an order in paise with receipt = our txn id and the checkout options; verify settles once', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 29_550);
    const order = await createOrder([misc]);
    expect(order.order).toMatchObject({ amount: 29_550, currency: 'INR', receipt: order.txnId });
    expect(order.checkout).toMatchObject({
      key: SANDBOX_SECRETS.razorpayKeyId,
      amount: 29_550,
      currency: 'INR',
      order_id: order.order.id,
    });
    expect(order.amount).toBe(295.5);
    expect((await transactionRow(t.app, order.txnId)).gatewayOrderId).toBe(order.order.id);

    const fields = await razorpayBank(t.app, order, 'success');
    const body = {
      razorpay_order_id: fields['razorpay_order_id'] ?? '',
      razorpay_payment_id: fields['razorpay_payment_id'] ?? '',
      razorpay_signature: fields['razorpay_signature'] ?? '',
    };
    const answers = await Promise.all([verify(body), verify(body), postForm(t.app, '/api/razorpay/callback', fields)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 303]);
    expect(answers[0]?.json<VerifyResult>()).toMatchObject({
      success: true,
      paymentsUpdated: 1,
      transactionId: order.txnId,
    });
    const target = new URL(String(answers[2]?.headers['location']), 'http://x');
    expect(target.pathname).toBe('/payment/callback/razorpay');
    expect(target.searchParams.get('status')).toBe('success');
    const row = await paymentRow(t.app, misc);
    expect(row).toMatchObject({
      status: 'paid',
      paidAmountPaise: 29_550,
      paymentGateway: 'razorpay',
      transactionId: order.txnId,
      pgTransactionId: body.razorpay_payment_id,
    });
    expect(await auditActions(t.app, order.txnId)).toEqual(['transaction.created', 'transaction.settled']);
  });

  it('refuses a signature of another order (replay) and a changed character; nothing is paid', async () => {
    const x = await due(t.app, member.account.id, 'miscellaneous', 10_000);
    const y = await due(t.app, member.account.id, 'miscellaneous', 500_000);
    const orderX = await createOrder([x]);
    const orderY = await createOrder([y]);
    const fx = await razorpayBank(t.app, orderX, 'success');
    const replay = {
      razorpay_order_id: orderY.order.id,
      razorpay_payment_id: fx['razorpay_payment_id'] ?? '',
      razorpay_signature: fx['razorpay_signature'] ?? '',
    };
    expectError(await verify(replay), 400, 'VERIFICATION_FAILED', GATEWAY_MSG.hashMismatch);
    const sig = fx['razorpay_signature'] ?? '';
    const changed = {
      ...replay,
      razorpay_order_id: orderX.order.id,
      razorpay_signature: `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`,
    };
    expectError(await verify(changed), 400, 'VERIFICATION_FAILED');
    await expectUnpaid(t.app, x);
    await expectUnpaid(t.app, y);
    expect(await auditActions(t.app, orderY.txnId)).toContain('transaction.verification_failed');
  });

  it("refuses another member's order with 404", async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 10_000);
    const order = await createOrder([misc]);
    const fields = await razorpayBank(t.app, order, 'success');
    const other = await loginAs(t.app, 'customer');
    expectError(
      await verify(
        {
          razorpay_order_id: fields['razorpay_order_id'] ?? '',
          razorpay_payment_id: fields['razorpay_payment_id'] ?? '',
          razorpay_signature: fields['razorpay_signature'] ?? '',
        },
        other,
      ),
      404,
      'TRANSACTION_NOT_FOUND',
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/razorpay/create-order',
        headers: other.headers,
        payload: { paymentIds: [misc] },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('webhook: 401 on a bad signature, settles on payment.captured, ignores a duplicate event', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 45_600);
    const order = await createOrder([misc]);
    const fields = await razorpayBank(t.app, order, 'success');
    const body = paymentEvent('payment.captured', order, fields, 45_600, 'captured');
    expectError(await webhook(body, sign(`${body} `), 'evt_bad'), 401, 'UNAUTHORIZED');
    // Re-serialised JSON with the original signature is refused (raw body, `docs/domain.md`, "PG-08").
    expectError(
      await webhook(JSON.stringify(JSON.parse(body), null, 2), sign(body), 'evt_reserialised'),
      401,
      'UNAUTHORIZED',
    );
    await expectUnpaid(t.app, misc);
    const first = await webhook(body, sign(body), 'evt_1');
    expect(first.json()).toEqual({ success: true, duplicate: false });
    expect((await paymentRow(t.app, misc)).status).toBe('paid');
    const second = await webhook(body, sign(body), 'evt_1');
    expect(second.json()).toEqual({ success: true, duplicate: true });
    expect(await auditActions(t.app, order.txnId)).toEqual(['transaction.created', 'transaction.settled']);
    expect(await paidPaise(t.app, member.account.id)).toBe(45_600);
  });

  it('failure and cancel leave the dues pending; the API down keeps a success pending until a re-check', async () => {
    const a = await due(t.app, member.account.id, 'miscellaneous', 10_000);
    const orderA = await createOrder([a]);
    const failed = await postForm(t.app, '/api/razorpay/callback', await razorpayBank(t.app, orderA, 'failure'));
    expect(new URL(String(failed.headers['location']), 'http://x').searchParams.get('status')).toBe('failed');
    expect((await transactionRow(t.app, orderA.txnId)).status).toBe('failed');
    await expectUnpaid(t.app, a);

    const orderA2 = await createOrder([a]);
    const cancelled = await postForm(t.app, '/api/razorpay/callback', await razorpayBank(t.app, orderA2, 'cancel'));
    const query = new URL(String(cancelled.headers['location']), 'http://x').searchParams;
    expect(query.get('status')).toBe('failed');
    expect(query.get('message')).toBe(GATEWAY_MSG.cancelledByUser);
    await expectUnpaid(t.app, a);

    const orderA3 = await createOrder([a]);
    const fields = await razorpayBank(t.app, orderA3, 'success');
    t.app.config.razorpay.apiUrl = 'http://127.0.0.1:9';
    const pending = await postForm(t.app, '/api/razorpay/callback', fields);
    expect(new URL(String(pending.headers['location']), 'http://x').searchParams.get('status')).toBe('pending');
    await expectUnpaid(t.app, a);
    t.app.config.razorpay.apiUrl = SANDBOX_API;
    t.clock.advance(3 * 60 * 1000);
    await recheckPendingTransactions(systemContext(t.app.deps));
    expect((await paymentRow(t.app, a)).status).toBe('paid');
    expect((await transactionRow(t.app, orderA3.txnId)).status).toBe('success');
  });
});

describe('Razorpay capture of a payment left authorized (auto-capture off)', () => {
  let origin = '';
  let proxy: Server | undefined;
  const captures: string[] = [];

  beforeAll(async () => {
    // Over real HTTP: the app listens, and the adapter calls its sandbox API by URL (fetch).
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    sandboxStoreOf(t.app).razorpayAutoCapture = false;
    t.app.config.razorpay.apiUrl = `${origin}${SANDBOX_API}`;
  });
  afterAll(async () => {
    sandboxStoreOf(t.app).razorpayAutoCapture = true;
    await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  });

  /** Sends one request to the listening app: status and JSON body. */
  async function send(method: string, path: string, body?: object) {
    const auth = Buffer.from(`${SANDBOX_SECRETS.razorpayKeyId}:${SANDBOX_SECRETS.razorpayKeySecret}`).toString(
      'base64',
    );
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
      ...(body && { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('the callback captures the authorized payment for the order amount in INR, then settles once', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 12_300);
    const order = await createOrder([misc]);
    const fields = await razorpayBank(t.app, order, 'success');
    const paymentId = fields['razorpay_payment_id'] ?? '';
    expect((await send('GET', `${SANDBOX_API}/v1/payments/${paymentId}`)).body).toMatchObject({ status: 'authorized' });
    const settled = await postForm(t.app, '/api/razorpay/callback', fields);
    expect(new URL(String(settled.headers['location']), 'http://x').searchParams.get('status')).toBe('success');
    expect(await paymentRow(t.app, misc)).toMatchObject({ status: 'paid', pgTransactionId: paymentId });
    expect((await send('GET', `${SANDBOX_API}/v1/payments/${paymentId}`)).body).toMatchObject({
      status: 'captured',
      captured: true,
      amount: 12_300,
    });
    // A second capture is refused as Razorpay refuses it; a later check stays settled once.
    const again = await send('POST', `${SANDBOX_API}/v1/payments/${paymentId}/capture`, {
      amount: 12_300,
      currency: 'INR',
    });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain('already been captured');
    await postForm(t.app, '/api/razorpay/callback', fields);
    expect(await auditActions(t.app, order.txnId)).toEqual(['transaction.created', 'transaction.settled']);
    expect(await paidPaise(t.app, member.account.id)).toBeGreaterThanOrEqual(12_300);
  });

  it('the webhook payment.authorized captures and settles', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 12_400);
    const order = await createOrder([misc]);
    const fields = await razorpayBank(t.app, order, 'success');
    const body = paymentEvent('payment.authorized', order, fields, 12_400, 'authorized');
    expect((await webhook(body, sign(body), 'evt_authorized')).json()).toEqual({ success: true, duplicate: false });
    expect((await paymentRow(t.app, misc)).status).toBe('paid');
    const state = await send('GET', `${SANDBOX_API}/v1/payments/${fields['razorpay_payment_id']}`);
    expect(state.body).toMatchObject({ status: 'captured' });
  });

  it('a capture answered "already been captured" (captured meanwhile elsewhere) settles after a status fetch', async () => {
    // A stand-in in front of Razorpay that, at our first capture, lets the merchant's dashboard
    // capture the payment first: ours then gets Razorpay's "already been captured".
    proxy = createServer((incoming: IncomingMessage, outgoing) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const forward = () => {
          const upstream = httpRequest(
            `${origin}${incoming.url ?? ''}`,
            { method: incoming.method, headers: incoming.headers },
            (answer) => {
              outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(outgoing);
            },
          );
          upstream.end(Buffer.concat(chunks));
        };
        if (incoming.method === 'POST' && incoming.url?.endsWith('/capture')) {
          captures.push(incoming.url);
          void send('POST', incoming.url, JSON.parse(Buffer.concat(chunks).toString()) as object).then(forward);
        } else forward();
      });
    });
    await new Promise<void>((resolve) => proxy?.listen(0, '127.0.0.1', resolve));
    t.app.config.razorpay.apiUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${SANDBOX_API}`;
    const misc = await due(t.app, member.account.id, 'miscellaneous', 12_500);
    const order = await createOrder([misc]);
    const fields = await razorpayBank(t.app, order, 'success');
    const settled = await postForm(t.app, '/api/razorpay/callback', fields);
    expect(new URL(String(settled.headers['location']), 'http://x').searchParams.get('status')).toBe('success');
    expect(captures).toHaveLength(1);
    expect(await paymentRow(t.app, misc)).toMatchObject({ status: 'paid', paidAmountPaise: 12_500 });
    expect(await auditActions(t.app, order.txnId)).toEqual(['transaction.created', 'transaction.settled']);
  });
  it('a late payment.authorized for a due paid at the counter is left uncaptured and listed as returned by Razorpay (decision 0120)', async () => {
    const admin = await loginAs(t.app, 'admin');
    const cashier = await loginAs(t.app, 'cashier');
    const misc = await due(t.app, member.account.id, 'miscellaneous', 12_600);
    const order = await createOrder([misc]);
    const fields = await razorpayBank(t.app, order, 'success');
    // The cashier collects the same due in cash while the member is on Razorpay's page …
    const collected = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${misc}/collect`,
      headers: cashier.headers,
      payload: { collectionMode: 'manual', collectionAmount: 126, paymentMethod: 'cash' },
    });
    expect(collected.statusCode, collected.body).toBe(200);
    const pendingBefore = (
      await t.app.inject({ method: 'GET', url: '/api/admin/refunds/summary', headers: admin.headers })
    ).json<RefundSummary>();
    // … then Razorpay's late news of the authorized payment arrives.
    const body = paymentEvent('payment.authorized', order, fields, 12_600, 'authorized');
    expect((await webhook(body, sign(body), 'evt_late_authorized')).statusCode).toBe(200);
    const state = await send('GET', `${SANDBOX_API}/v1/payments/${fields['razorpay_payment_id']}`);
    expect(state.body).toMatchObject({ status: 'authorized' });
    expect(await paymentRow(t.app, misc)).toMatchObject({ status: 'paid', paymentGateway: 'manual' });
    expect(await transactionRow(t.app, order.txnId)).toMatchObject({
      status: 'failed',
      statusCode: 'authorized',
      errorMessage: GATEWAY_MSG.notCaptured,
      pgReferenceId: fields['razorpay_payment_id'],
    });
    const all = (
      await t.app.inject({ method: 'GET', url: '/api/admin/refunds?status=all', headers: admin.headers })
    ).json<RefundList>();
    expect(all.data.filter((entry) => entry.transactionId === order.txnId)).toEqual([
      expect.objectContaining({
        reason: 'not_captured',
        status: 'refunded',
        amount: 126,
        remaining: 0,
        gatewayReference: fields['razorpay_payment_id'],
        note: GATEWAY_MSG.notCaptured,
      }),
    ]);
    // Nobody has to refund it: the pending refunds stay as they were.
    const pendingAfter = (
      await t.app.inject({ method: 'GET', url: '/api/admin/refunds/summary', headers: admin.headers })
    ).json<RefundSummary>();
    expect(pendingAfter).toEqual(pendingBefore);
    // The browser's own return afterwards captures nothing either.
    await postForm(t.app, '/api/razorpay/callback', fields);
    expect((await send('GET', `${SANDBOX_API}/v1/payments/${fields['razorpay_payment_id']}`)).body).toMatchObject({
      status: 'authorized',
    });
    expect(await auditActions(t.app, order.txnId)).toEqual(['transaction.created', 'transaction.failed']);
  });
});
