import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ErrorCode,
  LIMIT_MSG,
  MSG,
  cashLimitMessage,
  lineAboveLimitMessage,
  type AssignPaymentsResult,
  type ParishSettings,
} from '@parish/shared';

import { payments } from '../../../src/db/schema/index.ts';
import { insertHead, insertPayment } from '../../factories.ts';
import { createMember, createTestApp, expectError, loginAs, type Session, type TestApp } from '../../helpers.ts';

/**
 * The limits on money (`docs/domain.md`, §4 "Limits on one line", "Cash of ₹2,00,000 or more",
 * "Dues under ₹1", "Day close" and §5 "Tagging"; decisions 0105–0109; issue 27 items 3, 4, 12):
 * each refusal and its boundary, through the API.
 */

let t: TestApp;
let admin: Session;
let cashier: Session;

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-20T05:00:00Z') });
  admin = await loginAs(t.app, 'admin');
  cashier = await loginAs(t.app, 'cashier');
});
afterAll(async () => {
  await t.close();
});

const CRORE = 1_00_00_000;

/** A member with one pending payment of a variable-amount head (₹1.00 due unless said). */
async function pendingDue(amountPaise = 100, variable = true) {
  const member = await createMember(t.app);
  const head = await insertHead(t.db, { amountPaise, variable });
  const payment = await insertPayment(t.db, member, head);
  return { member, head, payment };
}

function collect(session: Session, paymentId: string, collectionAmount: number, paymentMethod = 'cash') {
  const payload: Record<string, unknown> = { collectionAmount, paymentMethod };
  return t.app.inject({ method: 'POST', url: `/api/payments/${paymentId}/collect`, headers: session.headers, payload });
}

function collectDues(session: Session, memberId: string, items: { paymentId: string; amount: number }[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/collections',
    headers: session.headers,
    payload: { memberId, items, paymentMethod: 'cash' },
  });
}

function putSettings(payload: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: admin.headers,
    payload: { name: 'St. Mary’s', address: '', contact: '', logoUrl: '', ...payload },
  });
}

describe('one line at most ₹1,00,00,000 (decision 0105)', () => {
  it('collects exactly one crore by UPI and refuses one paisa more', async () => {
    const at = await pendingDue();
    const above = await pendingDue();
    const refused = await collect(admin, above.payment.id, CRORE + 0.01, 'upi');
    const body = expectError(refused, 400, ErrorCode.AMOUNT_ABOVE_LIMIT, lineAboveLimitMessage('₹1,00,00,000.00'));
    expect(body.details).toEqual([{ field: 'collectionAmount', message: lineAboveLimitMessage('₹1,00,00,000.00') }]);
    const [still] = await t.db.select().from(payments).where(eq(payments.id, above.payment.id));
    expect(still?.status).toBe('pending');
    const ok = await collect(admin, at.payment.id, CRORE, 'upi');
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a parish setting lowers the bound for the counter; it may not raise it', async () => {
    expectError(await putSettings({ maxLineAmount: CRORE + 1 }), 400, ErrorCode.VALIDATION_FAILED);
    const set = await putSettings({ maxLineAmount: 50_000 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<ParishSettings>().maxLineAmount).toBe(50_000);
    try {
      const due = await pendingDue();
      expectError(
        await collect(admin, due.payment.id, 50_000.01, 'upi'),
        400,
        ErrorCode.AMOUNT_ABOVE_LIMIT,
        lineAboveLimitMessage('₹50,000.00'),
      );
      expect((await collect(admin, due.payment.id, 50_000, 'upi')).statusCode).toBe(200);
      // A PUT without it keeps it.
      const kept = await putSettings({});
      expect(kept.json<ParishSettings>().maxLineAmount).toBe(50_000);
    } finally {
      expect((await putSettings({ maxLineAmount: CRORE })).statusCode).toBe(200);
    }
  });

  it('a payment head above one crore is refused; exactly one crore is accepted', async () => {
    const create = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment-heads',
        headers: admin.headers,
        payload: { name: `Big ${amount}`, amount, type: 'miscellaneous' },
      });
    const refused = await create(CRORE + 0.01);
    expectError(refused, 400, ErrorCode.VALIDATION_FAILED, lineAboveLimitMessage('₹1,00,00,000.00'));
    expectError(await create(1_00_00_00_000), 400, ErrorCode.VALIDATION_FAILED);
    expect((await create(CRORE)).statusCode).toBe(201);
  });

  it('an online order with a line above the bound is refused before the gateway', async () => {
    const member = await loginAs(t.app, 'customer');
    const head = await insertHead(t.db, { amountPaise: 100, variable: true, type: 'miscellaneous' });
    const payment = await insertPayment(t.db, member.account, head);
    const order = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/worldline/create-customer-order',
        headers: member.headers,
        payload: { paymentIds: [payment.id], customAmounts: { [payment.id]: amount } },
      });
    expectError(await order(CRORE + 0.01), 400, ErrorCode.AMOUNT_ABOVE_LIMIT, lineAboveLimitMessage('₹1,00,00,000.00'));
    const ok = await order(CRORE);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('cash of ₹2,00,000 or more from one member in one day (section 269ST, decision 0106)', () => {
  it('₹1,99,999.99 in cash, then ₹0.01 more in cash is refused; by UPI it is taken', async () => {
    const member = await createMember(t.app);
    const head = await insertHead(t.db, { amountPaise: 100, variable: true });
    const other = await insertHead(t.db, { amountPaise: 1, variable: true });
    const first = await insertPayment(t.db, member, head);
    const second = await insertPayment(t.db, member, other);
    const ok = await collect(cashier, first.id, 1_99_999.99);
    expect(ok.statusCode, ok.body).toBe(200);
    const refused = await collect(cashier, second.id, 0.01);
    const body = expectError(refused, 400, ErrorCode.CASH_LIMIT_269ST, cashLimitMessage('₹1,99,999.99'));
    expect(body.details).toEqual([{ field: 'paymentMethod', message: cashLimitMessage('₹1,99,999.99') }]);
    // Another cashier's collection counts too (the member's cash, not the cashier's).
    expectError(await collect(admin, second.id, 0.01), 400, ErrorCode.CASH_LIMIT_269ST);
    expect((await collect(cashier, second.id, 0.01, 'upi')).statusCode).toBe(200);
  });

  it('one receipt of several lines is summed; ₹1,99,999.99 in one collection is taken', async () => {
    const member = await createMember(t.app);
    const a = await insertPayment(t.db, member, await insertHead(t.db, { amountPaise: 100, variable: true }));
    const b = await insertPayment(t.db, member, await insertHead(t.db, { amountPaise: 100, variable: true }));
    const refused = await collectDues(cashier, member.id, [
      { paymentId: a.id, amount: 1_00_000 },
      { paymentId: b.id, amount: 1_00_000 },
    ]);
    expectError(refused, 400, ErrorCode.CASH_LIMIT_269ST, cashLimitMessage('₹0.00'));
    const ok = await collectDues(cashier, member.id, [
      { paymentId: a.id, amount: 1_00_000 },
      { paymentId: b.id, amount: 99_999.99 },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a voided cash receipt does not count', async () => {
    const member = await createMember(t.app);
    const first = await insertPayment(t.db, member, await insertHead(t.db, { amountPaise: 100, variable: true }));
    const second = await insertPayment(t.db, member, await insertHead(t.db, { amountPaise: 100, variable: true }));
    expect((await collect(cashier, first.id, 1_50_000)).statusCode).toBe(200);
    const reversed = await t.app.inject({
      method: 'PUT',
      url: `/api/payments/${first.id}/reverse`,
      headers: cashier.headers,
      payload: { reason: 'wrong_amount' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect((await collect(cashier, second.id, 1_50_000)).statusCode).toBe(200);
  });

  it('two cashiers taking cash from one member at the same instant: the second waits and is refused', async () => {
    // On PostgreSQL the two requests run on two connections at once; without the per-member lock
    // both read ₹0.00 of cash today and both were taken (₹3,00,000 in cash from one member).
    for (let round = 0; round < 4; round++) {
      const member = await createMember(t.app);
      const dues = await Promise.all(
        [0, 1].map(async () =>
          insertPayment(t.db, member, await insertHead(t.db, { amountPaise: 100, variable: true })),
        ),
      );
      const answers = await Promise.all([
        collect(cashier, dues[0]!.id, 1_50_000),
        collect(admin, dues[1]!.id, 1_50_000),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
      const refused = answers.find((answer) => answer.statusCode === 400)!;
      expectError(refused, 400, ErrorCode.CASH_LIMIT_269ST, cashLimitMessage('₹1,50,000.00'));
    }
  });
});

describe('an online order under ₹1.00 is paid at the office (decision 0108)', () => {
  it('refuses ₹0.99 with the product’s words, takes ₹1.00', async () => {
    const member = await loginAs(t.app, 'customer');
    const small = await insertPayment(
      t.db,
      member.account,
      await insertHead(t.db, { amountPaise: 99, type: 'miscellaneous' }),
    );
    const one = await insertPayment(
      t.db,
      member.account,
      await insertHead(t.db, { amountPaise: 100, type: 'miscellaneous' }),
    );
    const order = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/razorpay/create-order',
        headers: member.headers,
        payload: { paymentIds: [id] },
      });
    const refused = await order(small.id);
    const body = expectError(refused, 400, ErrorCode.PAY_AT_OFFICE, MSG.payAtOffice);
    expect(body.details).toEqual([{ field: 'paymentIds', message: MSG.payAtOffice }]);
    const ok = await order(one.id);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('a day in the future cannot be closed (decision 0107)', () => {
  it('refuses tomorrow and 2099-12-31 (parish date); closes today', async () => {
    const close = (day?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/day-sheets/close',
        headers: cashier.headers,
        payload: day ? { day } : {},
      });
    for (const day of ['2026-11-21', '2099-12-31']) {
      const body = expectError(await close(day), 400, ErrorCode.VALIDATION_FAILED, LIMIT_MSG.futureDay);
      expect(body.details).toEqual([{ field: 'day', message: LIMIT_MSG.futureDay }]);
    }
    const closed = await close('2026-11-20');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<{ status: string }>().status).toBe('closed');
    const due = await pendingDue();
    expectError(await collect(cashier, due.payment.id, 1), 409, ErrorCode.SHEET_CLOSED);
  });
});

describe('a tag amount of 0 means no due (decision 0109)', () => {
  it('creates no due, removes a pending one, and counts them in noDue', async () => {
    const head = await insertHead(t.db, { amountPaise: 30_000 });
    const fresh = await createMember(t.app);
    const tagged = await createMember(t.app);
    const kept = await createMember(t.app);
    const big = await createMember(t.app);
    await insertPayment(t.db, tagged, head);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/assign',
      headers: admin.headers,
      payload: {
        paymentHeadId: head.id,
        assignments: [
          { memberId: fresh.id, amount: 0 },
          { memberId: tagged.id, amount: '0' },
          { memberId: kept.id, amount: 450 },
          { memberId: big.id, amount: CRORE + 0.01 },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<AssignPaymentsResult>();
    expect(result).toMatchObject({ assigned: 2, revoked: 0, noDue: 2, skipped: [] });
    const rows = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.paymentHeadId, head.id)));
    // A custom amount above one crore is not used: the head's amount applies (decision 0105).
    expect(new Map(rows.map((row) => [row.memberId, row.amountPaise]))).toEqual(
      new Map([
        [kept.id, 45_000],
        [big.id, 30_000],
      ]),
    );
  });
});
