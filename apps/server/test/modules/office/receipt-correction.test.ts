import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ErrorCode,
  OFFICE_MSG,
  type CollectDuesResult,
  type CorrectReceiptResult,
  type DaySheet,
  type InactiveMemberDues,
  type Payment,
  type ReceiptSummary,
} from '@parish/shared';

import { auditEvents, payments, receipts } from '../../../src/db/schema/index.ts';
import { createMember, createTestApp, expectError, loginAs, type Session, type TestApp } from '../../helpers.ts';
import { insertHead, insertPayment } from '../../factories.ts';

/*
 * Issue 27 items 1, 9 and 13 (docs/domain.md, "Reversal with a reason", "Correcting a receipt";
 * decisions 0100 and 0101): the receipt a reversal voids, shown whole before Confirm
 * (GET /api/receipts/{id}); "Correct this receipt" voids it and re-issues the lines that stand on a
 * new receipt in one step; a reversal of an inactive member's receipt is flagged and its dues are
 * listed; GET /api/payments/{id} carries the receipt number.
 */

let t: TestApp;
let admin: Session;
let cashierA: Session;
let cashierB: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  cashierA = await loginAs(t.app, 'cashier');
  cashierB = await loginAs(t.app, 'cashier');
});
afterAll(async () => {
  await t.close();
});

function post(session: Session, url: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url, headers: session.headers, payload });
}

function get(session: Session, url: string) {
  return t.app.inject({ method: 'GET', url, headers: session.headers });
}

/** SM001's ₹500 + ₹1,500 + ₹2,500 (a variable head) collected by `session` on one receipt, paid by UPI with a UTR. */
async function threeLines(session: Session, utr = String(Date.now()).slice(-12).padStart(12, '7')) {
  const member = await createMember(t.app);
  const arrear = await insertPayment(
    t.db,
    member,
    await insertHead(t.db, { type: 'arrear', amountPaise: 50_000, year: 2025 }),
  );
  const tax = await insertPayment(t.db, member, await insertHead(t.db, { amountPaise: 150_000 }));
  const fund = await insertPayment(t.db, member, await insertHead(t.db, { amountPaise: 200_000, variable: true }));
  const response = await post(session, '/api/collections', {
    memberId: member.id,
    items: [
      { paymentId: arrear.id, amount: 500 },
      { paymentId: tax.id, amount: 1500 },
      { paymentId: fund.id, amount: 2500 },
    ],
    paymentMethod: 'upi',
    utr,
    notes: 'After Holy Qurbana',
  });
  expect(response.statusCode, response.body).toBe(200);
  return { member, arrear, tax, fund, utr, receipt: response.json<CollectDuesResult>() };
}

async function paymentRow(id: string) {
  const [row] = await t.db.select().from(payments).where(eq(payments.id, id));
  return row;
}

describe('GET /api/receipts/{id}: what a reversal voids, before Confirm', () => {
  it('answers the number, every line, the total, the method and the member', async () => {
    const c = await threeLines(cashierA);
    const response = await get(cashierA, `/api/receipts/${c.receipt.receiptId}`);
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json<ReceiptSummary>();
    expect(summary).toMatchObject({
      receiptNumber: c.receipt.receiptNumber,
      total: 4500,
      paymentMethod: 'upi',
      voided: false,
      member: { _id: c.member.id, active: true },
      collectedBy: { _id: cashierA.user.id },
    });
    expect(summary.lines.map((line) => [line.paymentId, line.amount])).toEqual(
      expect.arrayContaining([
        [c.arrear.id, 500],
        [c.tax.id, 1500],
        [c.fund.id, 2500],
      ]),
    );
    expect(summary.lines).toHaveLength(3);
    expect(summary.issuedDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await get(cashierA, '/api/receipts/6a1e9c7e-2b1f-4f0e-8a55-3b2d1c000099')).statusCode).toBe(404);
  });
});

describe('POST /api/receipts/{id}/correct', () => {
  it('voids the receipt and re-issues the lines kept on a new receipt: same method, UTR, remarks, collector', async () => {
    const c = await threeLines(cashierA);
    const url = `/api/receipts/${c.receipt.receiptId}/correct`;
    const response = await post(cashierA, url, { reason: 'wrong_amount', keep: [c.arrear.id, c.tax.id] });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<CorrectReceiptResult>();
    expect(body.message).toBe(OFFICE_MSG.corrected);
    expect(body.receiptNumber).toBe(c.receipt.receiptNumber);
    expect(body.newReceipt.receiptNumber).not.toBe(c.receipt.receiptNumber);
    expect(body.newReceipt.total).toBe(2000);
    expect(body.newReceipt.items.map((item) => item.paymentId).sort()).toEqual([c.arrear.id, c.tax.id].sort());

    const [old] = await t.db.select().from(receipts).where(eq(receipts.id, c.receipt.receiptId));
    expect(old?.voidedAt).not.toBeNull();
    expect(old?.voidReason).toBe('wrong_amount');
    const [fresh] = await t.db.select().from(receipts).where(eq(receipts.id, body.newReceipt.receiptId));
    expect(fresh).toMatchObject({
      paymentMethod: 'upi',
      utr: c.utr,
      notes: 'After Holy Qurbana',
      collectedBy: cashierA.user.id,
      totalPaise: 200_000,
    });
    expect(await paymentRow(c.fund.id)).toMatchObject({ status: 'pending', receiptId: null });
    expect(await paymentRow(c.tax.id)).toMatchObject({
      status: 'paid',
      paidAmountPaise: 150_000,
      receiptId: body.newReceipt.receiptId,
      receiptNumber: body.newReceipt.receiptNumber,
    });

    // The day sheet shows both: the reversal of the old receipt and the new receipt.
    const sheet = (await get(cashierA, '/api/day-sheets')).json<DaySheet>();
    expect(sheet.reversals.map((r) => r.number)).toContain(c.receipt.receiptNumber);
    expect(sheet.receipts.map((r) => r.number)).toContain(body.newReceipt.receiptNumber);

    // Audited both ways.
    const reversed = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, c.receipt.receiptId));
    expect(reversed.find((e) => e.action === 'receipt.reversed')?.after).toMatchObject({
      reissuedAs: body.newReceipt.receiptNumber,
      reason: 'wrong_amount',
    });
    const issued = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, body.newReceipt.receiptId));
    expect(issued.find((e) => e.action === 'receipt.collected')?.after).toMatchObject({
      correctionOf: c.receipt.receiptNumber,
      total: 2000,
    });

    // A repeat finds the receipt voided.
    expectError(
      await post(cashierA, url, { reason: 'wrong_amount', keep: [c.arrear.id] }),
      409,
      ErrorCode.RECEIPT_VOIDED,
    );
  });

  it('refuses a kept line not on the receipt, every line kept, no line kept and a cheque bounce as the reason', async () => {
    const c = await threeLines(cashierA);
    const other = await threeLines(cashierA);
    const url = `/api/receipts/${c.receipt.receiptId}/correct`;
    expectError(
      await post(cashierA, url, { reason: 'duplicate', keep: [other.tax.id] }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    expectError(
      await post(cashierA, url, { reason: 'duplicate', keep: [c.arrear.id, c.tax.id, c.fund.id] }),
      400,
      ErrorCode.VALIDATION_FAILED,
      OFFICE_MSG.keepEveryLine,
    );
    expectError(await post(cashierA, url, { reason: 'duplicate', keep: [] }), 400, ErrorCode.VALIDATION_FAILED);
    expectError(
      await post(cashierA, url, { reason: 'cheque_bounced', keep: [c.tax.id] }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    expectError(await post(cashierA, url, { reason: 'other', keep: [c.tax.id] }), 400, ErrorCode.VALIDATION_FAILED);
    // Nothing changed.
    expect(await paymentRow(c.fund.id)).toMatchObject({ status: 'paid', receiptId: c.receipt.receiptId });
  });

  it('has the permissions of a reversal: a cashier only their own; an admin any, on the collector’s sheet', async () => {
    const c = await threeLines(cashierB);
    const url = `/api/receipts/${c.receipt.receiptId}/correct`;
    expectError(
      await post(cashierA, url, { reason: 'duplicate', keep: [c.tax.id] }),
      403,
      ErrorCode.NOT_OWN_COLLECTION,
    );
    const done = await post(admin, url, { reason: 'wrong_member', keep: [c.tax.id] });
    expect(done.statusCode, done.body).toBe(200);
    const [fresh] = await t.db
      .select()
      .from(receipts)
      .where(eq(receipts.id, done.json<CorrectReceiptResult>().newReceipt.receiptId));
    expect(fresh?.collectedBy).toBe(cashierB.user.id);
  });
});

describe('a reversal of an inactive member’s receipt (item 9)', () => {
  it('flags the member inactive before Confirm and lists the dues it reopens', async () => {
    const c = await threeLines(cashierA);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/members/${c.member.id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const summary = (await get(cashierA, `/api/receipts/${c.receipt.receiptId}`)).json<ReceiptSummary>();
    expect(summary.member.active).toBe(false);
    const before = (await get(admin, '/api/office/inactive-member-dues')).json<InactiveMemberDues>();
    expect(before.items.filter((item) => item.memberId === c.member.id)).toEqual([]);
    const reversed = await post(cashierA, `/api/receipts/${c.receipt.receiptId}/reverse`, { reason: 'wrong_member' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const after = (await get(admin, '/api/office/inactive-member-dues')).json<InactiveMemberDues>();
    const mine = after.items.filter((item) => item.memberId === c.member.id);
    expect(mine.map((item) => item.amount).sort((a, b) => a - b)).toEqual([1500, 2000, 500].sort((a, b) => a - b));
    expect(after.total).toBeGreaterThanOrEqual(4000);
  });
});

describe('GET /api/payments/{id} carries receiptNumber (item 13)', () => {
  it('is the receipt number while paid, null while pending', async () => {
    const c = await threeLines(cashierA);
    const paid = await get(admin, `/api/payments/${c.tax.id}`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<Payment>()).toMatchObject({
      receiptNumber: c.receipt.receiptNumber,
      receiptId: c.receipt.receiptId,
    });
    await post(admin, `/api/receipts/${c.receipt.receiptId}/reverse`, { reason: 'duplicate' });
    expect((await get(admin, `/api/payments/${c.tax.id}`)).json<Payment>().receiptNumber).toBeNull();
  });
});
