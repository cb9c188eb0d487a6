import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { GATEWAY_MSG, type AssignPaymentsResult, type PaymentHead, type RazorpayOrder } from '@parish/shared';

import { and, eq } from 'drizzle-orm';

import { systemContext } from '../../../src/context.ts';
import { auditEvents, paymentExceptions } from '../../../src/db/schema/index.ts';
import { settleOnlinePayment } from '../../../src/modules/payments/commands/settle-online-payment.ts';
import { paymentRow, postForm, razorpayBank, transactionRow } from '../../gateway-fixtures.ts';
import {
  createTestApp,
  loginAs,
  type RoleSession,
  type Session,
  type TestApp,
  type TestMember,
} from '../../helpers.ts';

// Issue 27 item 7 (decision 0113, docs/domain.md §4 "Checkout hold"): one rule of a checkout holding
// its dues. A checkout the gateway answered failed holds nothing; a pending one, superseded or not,
// holds the due against re-pricing, Cancel tags and a concession, and staff see it.

let t: TestApp;
let admin: RoleSession;
let cashier: RoleSession;
let member: Session & { account: TestMember };

beforeAll(async () => {
  t = await createTestApp({ env: { GATEWAY_RECHECK_SECONDS: '0' } });
  admin = await loginAs(t.app, 'admin');
  cashier = await loginAs(t.app, 'cashier');
});
beforeEach(async () => {
  member = await loginAs(t.app, 'customer');
  t.app.config.razorpay.apiUrl = '/api/sandbox/razorpay';
});
afterAll(async () => {
  await t.close();
});

let heads = 0;
/** A ₹300 miscellaneous head tagged to the member through the API; returns the head and the due's id. */
async function taggedHead(): Promise<{ head: PaymentHead; dueId: string }> {
  heads += 1;
  const created = await inject('POST', '/api/payment-heads', admin, {
    name: `Hold Fund ${heads}`,
    amount: 300,
    type: 'miscellaneous',
  });
  expect(created.statusCode, created.body).toBe(201);
  const head = created.json<PaymentHead>();
  const tagged = await tag(head._id, 300);
  expect(tagged.assigned).toBe(1);
  const items = (await summary()).items;
  const dueId = items.find((item) => item.paymentHeadId._id === head._id)?._id;
  if (!dueId) throw new Error('no due');
  return { head, dueId };
}

function inject(method: 'GET' | 'POST' | 'DELETE', url: string, session: Session, payload?: object) {
  return t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
}

async function tag(headId: string, amount: number): Promise<AssignPaymentsResult> {
  const response = await inject('POST', '/api/payments/assign', admin, {
    paymentHeadId: headId,
    assignments: [{ memberId: member.account.id, amount }],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AssignPaymentsResult>();
}

async function revoke(headId: string): Promise<{ revoked: number }> {
  const response = await inject('POST', '/api/payments/revoke', admin, {
    paymentHeadId: headId,
    memberIds: [member.account.id],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ revoked: number }>();
}

/** The staff's Payment Summary of the member. */
async function summary() {
  const response = await inject('GET', `/api/collections/members/${member.account.id}/payments`, cashier);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    items: { _id: string; paymentHeadId: { _id: string }; checkoutInProgress: boolean }[];
  }>();
}

async function staffFlag(dueId: string): Promise<boolean | undefined> {
  return (await summary()).items.find((item) => item._id === dueId)?.checkoutInProgress;
}

async function portalFlag(dueId: string): Promise<boolean | undefined> {
  const response = await inject('GET', '/api/customer/payments', member);
  return response
    .json<{ items: { _id: string; checkoutInProgress?: boolean }[] }>()
    .items.find((item) => item._id === dueId)?.checkoutInProgress;
}

async function order(dueId: string): Promise<RazorpayOrder> {
  const response = await inject('POST', '/api/razorpay/create-order', member, { paymentIds: [dueId] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RazorpayOrder>();
}

function concession(dueId: string): Promise<LightMyRequestResponse> {
  return inject('POST', `/api/payments/${dueId}/concession`, admin, { kind: 'lower', amount: 100, reason: 'widow' });
}

describe('one rule of a checkout holding its dues (issue 27 item 7)', () => {
  it('a checkout the sandbox failed holds nothing: re-price assigns, the next order charges the new amount, revoke revokes', async () => {
    const { head, dueId } = await taggedHead();
    const first = await order(dueId);
    expect(first.order.amount).toBe(30_000);
    const failed = await postForm(t.app, '/api/razorpay/callback', await razorpayBank(t.app, first, 'failure'));
    expect(new URL(String(failed.headers['location']), 'http://x').searchParams.get('status')).toBe('failed');
    expect((await transactionRow(t.app, first.txnId)).status).toBe('failed');

    expect(await staffFlag(dueId)).toBe(false);
    expect(await portalFlag(dueId)).toBeUndefined();
    const repriced = await tag(head._id, 450);
    expect(repriced).toMatchObject({ assigned: 1, skipped: [] });
    expect((await paymentRow(t.app, dueId)).amountPaise).toBe(45_000);

    const next = await order(dueId);
    expect(next.order.amount).toBe(45_000);
    await postForm(t.app, '/api/razorpay/callback', await razorpayBank(t.app, next, 'failure'));

    expect(await revoke(head._id)).toEqual({ success: true, revoked: 1 });
    expect(await staffFlag(dueId)).toBeUndefined();
    // The failed checkouts stay on record, with their amounts.
    expect((await transactionRow(t.app, first.txnId)).amountPaise).toBe(30_000);
    expect((await transactionRow(t.app, next.txnId)).status).toBe('failed');
  });

  it('a failed checkout does not stop a concession either, nor the head being deleted', async () => {
    const { head, dueId } = await taggedHead();
    const attempt = await order(dueId);
    await postForm(t.app, '/api/razorpay/callback', await razorpayBank(t.app, attempt, 'cancel'));
    expect((await transactionRow(t.app, attempt.txnId)).status).toBe('failed');
    const lowered = await concession(dueId);
    expect(lowered.statusCode, lowered.body).toBe(200);
    const deleted = await inject('DELETE', `/api/payment-heads/${head._id}`, admin);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
  });

  it('a pending checkout holds the due everywhere alike: re-price, revoke and concession refuse, staff and member see it', async () => {
    const { head, dueId } = await taggedHead();
    await order(dueId);
    expect(await staffFlag(dueId)).toBe(true);
    expect(await portalFlag(dueId)).toBe(true);
    expect(await tag(head._id, 450)).toMatchObject({
      assigned: 0,
      skipped: [{ memberId: member.account.id, reason: 'online payment in progress' }],
    });
    expect(await revoke(head._id)).toEqual({ success: true, revoked: 0 });
    expect((await concession(dueId)).statusCode).toBe(409);
    expect((await paymentRow(t.app, dueId)).amountPaise).toBe(30_000);
  });

  it('a cancelled (superseded) checkout that may still be paid keeps holding; only the member stops seeing it as theirs to continue', async () => {
    const { head, dueId } = await taggedHead();
    const attempt = await order(dueId);
    const cancel = await inject('POST', '/api/customer/checkouts/cancel', member, { paymentIds: [dueId] });
    expect(cancel.json()).toEqual({ cancelled: 1 });
    expect((await transactionRow(t.app, attempt.txnId)).supersededAt).not.toBeNull();
    expect(await portalFlag(dueId)).toBeUndefined();
    expect(await staffFlag(dueId)).toBe(true);
    expect((await tag(head._id, 450)).assigned).toBe(0);
    expect(await revoke(head._id)).toEqual({ success: true, revoked: 0 });
    expect((await concession(dueId)).statusCode).toBe(409);
  });

  it('money that arrives after all for a failed checkout whose due changed since goes to the refunds queue, not onto the due', async () => {
    const { head, dueId } = await taggedHead();
    const first = await order(dueId);
    await postForm(t.app, '/api/razorpay/callback', await razorpayBank(t.app, first, 'failure'));
    expect((await tag(head._id, 450)).assigned).toBe(1);
    // The gateway later reports the failed checkout paid (a success is reached from failed too).
    const row = await transactionRow(t.app, first.txnId);
    const settled = await settleOnlinePayment(systemContext(t.app.deps), row, {
      statusCode: 'captured',
      pgReferenceId: 'pay_late_1',
      method: 'upi',
      via: 'recheck',
      queueNotice: async () => undefined,
    });
    expect(settled).not.toBeNull();
    expect(await paymentRow(t.app, dueId)).toMatchObject({ status: 'pending', amountPaise: 45_000 });
    const queued = await t.app.db
      .select()
      .from(paymentExceptions)
      .where(eq(paymentExceptions.transactionRowId, row.id));
    expect(queued).toMatchObject([{ paymentId: dueId, reason: 'due_changed', amountPaise: 30_000 }]);
    // The note the member and staff read says the due changed, not that it was paid twice.
    expect(settled?.errorMessage).toBe(`${GATEWAY_MSG.dueChanged}: ${dueId}`);
    expect((await transactionRow(t.app, first.txnId)).errorMessage).not.toContain(GATEWAY_MSG.paidTwice);
    const [audit] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'transaction.paid_twice'), eq(auditEvents.entityId, first.txnId)));
    expect(audit?.after).toMatchObject({ conflicts: [{ paymentId: dueId, reason: 'due_changed' }], refundDue: 300 });
  });
});
