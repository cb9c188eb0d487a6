import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  COLLECTION_MSG,
  ErrorCode,
  MSG,
  paise,
  type CashierCollections,
  type CollectResult,
  type MemberPayments,
  type ReverseResult,
} from '@parish/shared';

import { auditEvents, paymentHeads, payments, receiptCounters } from '../../../src/db/schema/index.ts';
import {
  createCashier,
  createMember,
  createTestApp,
  expectError,
  loginAs,
  loginStaff,
  type Session,
  type TestApp,
  type TestMember,
} from '../../helpers.ts';
import { insertHead as insertHeadRow, insertPayment as insertPaymentRow, type HeadOverrides } from '../../factories.ts';

let t: TestApp;
let admin: Session;
let cashierA: Session;
let cashierB: Session;

const insertHead = (overrides: HeadOverrides = {}) => insertHeadRow(t.db, overrides);
const insertPayment = (member: TestMember, head: { id: string; amountPaise: number }, amountPaise?: number) =>
  insertPaymentRow(t.db, member, head, amountPaise);

/** A member with one pending payment of ₹1,500 (fixed head) by default. */
async function pendingPayment(options: { amountPaise?: number; variable?: boolean; name?: string } = {}) {
  const member = await createMember(t.app, options.name ? { name: options.name } : {});
  const head = await insertHead({
    ...(options.amountPaise !== undefined && { amountPaise: options.amountPaise }),
    ...(options.variable !== undefined && { variable: options.variable }),
  });
  const payment = await insertPayment(member, head);
  return { member, head, payment };
}

function collect(session: Session, paymentId: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/collect`,
    headers: session.headers,
    payload: body,
  });
}

function reverse(session: Session, paymentId: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/payments/${paymentId}/reverse`,
    headers: session.headers,
    payload: { reason: 'wrong_amount' },
  });
}

function receipt(session: Session, paymentId: string) {
  return t.app.inject({ method: 'GET', url: `/api/payments/${paymentId}/receipt`, headers: session.headers });
}

async function auditOf(paymentId: string, action?: string) {
  const rows = await t.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, 'payment'),
        eq(auditEvents.entityId, paymentId),
        ...(action ? [eq(auditEvents.action, action)] : []),
      ),
    )
    .orderBy(auditEvents.id);
  return rows;
}

async function rowOf(paymentId: string) {
  const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!row) throw new Error('payment vanished');
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  cashierA = await loginAs(t.app, 'cashier');
  cashierB = await loginAs(t.app, 'cashier');
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/payments/:id/collect', () => {
  it('settles a pending payment once, with every detail, a receipt number and the audit event', async () => {
    const { payment } = await pendingPayment();
    const response = await collect(cashierA, payment.id, {
      collectionMode: 'manual',
      collectionAmount: 1500,
      paymentMethod: 'upi',
      pgTransactionId: ' UPI-REF-123 ',
      notes: 'Paid after Holy Qurbana',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<CollectResult>();
    expect(body.success).toBe(true);
    expect(body.message).toBe(COLLECTION_MSG.collected);
    expect(body.payment).toMatchObject({
      _id: payment.id,
      status: 'paid',
      amount: 1500,
      paidAmount: 1500,
      paidAt: t.clock.now().toISOString(),
      paymentMethod: 'upi',
      paymentGateway: 'manual',
      collectionMode: 'manual',
      transactionId: 'UPI-REF-123',
      pgTransactionId: 'UPI-REF-123',
      notes: 'Paid after Holy Qurbana',
      collectedBy: { _id: cashierA.user.id, name: cashierA.user.name },
    });
    expect(body.payment.receiptNumber).toMatch(/^2026-27\/\d{6}$/);
    const row = await rowOf(payment.id);
    expect(row.paidAmountPaise).toBe(150_000);
    expect(row.collectedBy).toBe(cashierA.user.id);
    const audit = await auditOf(payment.id, 'payment.collected');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorId).toBe(cashierA.user.id);
    expect(audit[0]?.before).toMatchObject({ status: 'pending' });
    expect(audit[0]?.after).toMatchObject({
      status: 'paid',
      paidAmount: 1500,
      receiptNumber: body.payment.receiptNumber,
    });
  });

  it('answers the payment exactly as a fresh read shows it, and audits exactly that state', async () => {
    const { member, payment } = await pendingPayment({ amountPaise: 120_000, variable: true });
    const response = await collect(cashierB, payment.id, {
      collectionMode: 'manual',
      collectionAmount: 1250.5,
      paymentMethod: 'cheque',
      pgTransactionId: 'CHQ 000123',
      notes: 'More than the due',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answered = response.json<CollectResult>().payment;
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/collections/members/${member.id}/payments`,
      headers: admin.headers,
    });
    const stored = read.json<MemberPayments>().items.find((item) => item._id === payment.id);
    expect(stored).toBeDefined();
    const { checkoutInProgress: _, ...storedRecord } = stored!;
    expect(answered).toEqual(storedRecord);
    expect(answered).toMatchObject({ status: 'paid', paidAmount: 1250.5, amount: 1200 });
    const [audit] = await auditOf(payment.id, 'payment.collected');
    expect(audit?.before).toEqual({ status: 'pending', amount: 1200, memberId: member.id });
    expect(audit?.after).toEqual({
      status: 'paid',
      amount: 1200,
      paidAmount: 1250.5,
      paidAt: storedRecord.paidAt,
      paymentMethod: 'cheque',
      paymentGateway: 'manual',
      collectionMode: 'manual',
      collectedBy: { _id: cashierB.user.id, name: cashierB.user.name },
      transactionId: 'CHQ 000123',
      pgTransactionId: 'CHQ 000123',
      notes: 'More than the due',
      receiptNumber: storedRecord.receiptNumber,
      memberId: member.id,
      paymentHeadId: storedRecord.paymentHeadId._id,
    });
    expect(audit?.actorId).toBe(cashierB.user.id);
  });

  it('reference and remarks are optional; the method defaults to cash', async () => {
    const { payment } = await pendingPayment();
    const response = await collect(admin, payment.id, { collectionMode: 'manual', collectionAmount: 1500 });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<CollectResult>();
    expect(body.payment).toMatchObject({
      paymentMethod: 'cash',
      transactionId: null,
      pgTransactionId: null,
      notes: null,
      collectedBy: { _id: admin.user.id },
    });
  });

  it('50 concurrent collections of one payment settle it exactly once', async () => {
    const { payment } = await pendingPayment();
    const sessions = [cashierA, cashierB, admin];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        collect(sessions[i % 3] as Session, payment.id, {
          collectionMode: 'manual',
          collectionAmount: 1500,
          paymentMethod: 'cash',
          pgTransactionId: `REF-${i}`,
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      expectError(r, 409, ErrorCode.NOT_PENDING, COLLECTION_MSG.notPending);
    }
    const winner = responses.find((r) => r.statusCode === 200)?.json<CollectResult>();
    const row = await rowOf(payment.id);
    expect(row.status).toBe('paid');
    expect(row.paidAmountPaise).toBe(150_000);
    expect(row.transactionId).toBe(winner?.payment.transactionId);
    expect(row.receiptNumber).toBe(winner?.payment.receiptNumber);
    expect(await auditOf(payment.id, 'payment.collected')).toHaveLength(1);
  });

  it('refuses an amount below the assigned one (400) and changes nothing', async () => {
    const { payment } = await pendingPayment();
    const before = await rowOf(payment.id);
    const response = await collect(cashierA, payment.id, { collectionMode: 'manual', collectionAmount: 1499.99 });
    expectError(
      response,
      400,
      ErrorCode.AMOUNT_BELOW_DUE,
      'The amount cannot be less than the due amount of ₹1,500.00',
    );
    expect(await rowOf(payment.id)).toEqual(before);
    expect(await auditOf(payment.id)).toHaveLength(0);
  });

  it('refuses more than the assigned amount on a fixed head (400), accepts it on a variable head', async () => {
    const fixed = await pendingPayment();
    const refused = await collect(cashierA, fixed.payment.id, { collectionMode: 'manual', collectionAmount: 2000 });
    const body = expectError(refused, 400, ErrorCode.AMOUNT_FIXED);
    expect(body.error).toContain('₹1,500.00');
    expect((await rowOf(fixed.payment.id)).status).toBe('pending');

    const variable = await pendingPayment({ variable: true, amountPaise: 200_000 });
    const accepted = await collect(cashierA, variable.payment.id, {
      collectionMode: 'manual',
      collectionAmount: 5000.5,
      paymentMethod: 'cheque',
      pgTransactionId: 'CHQ 004512',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<CollectResult>().payment).toMatchObject({ amount: 2000, paidAmount: 5000.5 });
    expect((await rowOf(variable.payment.id)).paidAmountPaise).toBe(500_050);

    const below = await pendingPayment({ variable: true, amountPaise: 200_000 });
    const belowResponse = await collect(cashierA, below.payment.id, {
      collectionMode: 'manual',
      collectionAmount: 1999,
    });
    expectError(belowResponse, 400, ErrorCode.AMOUNT_BELOW_DUE);
  });

  it('rejects a third decimal, other modes, unknown methods and mass-assigned fields (400)', async () => {
    const { payment } = await pendingPayment();
    const bodies = [
      { collectionMode: 'manual', collectionAmount: 1500.001 },
      { collectionMode: 'online', collectionAmount: 1500 },
      { collectionMode: 'manual', collectionAmount: 1500, paymentMethod: 'bitcoin' },
      { collectionMode: 'manual', collectionAmount: 1500, collectedBy: admin.user.id },
      { collectionMode: 'manual', collectionAmount: 1500, status: 'paid', receiptNumber: '2026-27/999999' },
      { collectionMode: 'manual' },
    ];
    for (const body of bodies) {
      expectError(await collect(cashierA, payment.id, body), 400, ErrorCode.VALIDATION_FAILED);
    }
    expect((await rowOf(payment.id)).status).toBe('pending');
  });

  it('answers 404 for an unknown payment and 401/403 for anonymous and members', async () => {
    const unknown = await collect(cashierA, '00000000-0000-4000-8000-000000000000', { collectionAmount: 1 });
    expectError(unknown, 404, ErrorCode.NOT_FOUND);
    const { payment, member } = await pendingPayment();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${payment.id}/collect`,
      payload: { collectionAmount: 1500 },
    });
    expectError(anonymous, 401, ErrorCode.UNAUTHORIZED);
    const memberSession = await loginAs(t.app, 'member');
    const byMember = await collect(memberSession, payment.id, { collectionAmount: 1500 });
    expectError(byMember, 403, ErrorCode.FORBIDDEN, MSG.forbidden);
    expect(member.id).toBeTruthy();
    expect((await rowOf(payment.id)).status).toBe('pending');
  });
});

describe('receipt numbers', () => {
  it('are sequential within a financial year, distinct under concurrency, and restart in April', async () => {
    // A fresh app: its counters start empty.
    const fresh = await createTestApp({ now: '2027-03-31T18:25:00.000Z' }); // 31/03/2027 23:55 IST: FY 2026-27
    try {
      const cashier = await createCashier(fresh.app);
      const session = await loginStaff(fresh.app, cashier.username, cashier.password);
      const head = (
        await fresh.db
          .insert(paymentHeads)
          .values({ name: 'Fund', amountPaise: paise(10_000), type: 'miscellaneous', year: 2026 })
          .returning()
      )[0];
      if (!head) throw new Error('no head');
      const paymentIds: string[] = [];
      for (let i = 0; i < 12; i += 1) {
        const member = await createMember(fresh.app);
        const [row] = await fresh.db
          .insert(payments)
          .values({ memberId: member.id, paymentHeadId: head.id, amountPaise: paise(10_000), year: 2026 })
          .returning({ id: payments.id });
        if (row) paymentIds.push(row.id);
      }
      const post = (id: string) =>
        fresh.app.inject({
          method: 'POST',
          url: `/api/payments/${id}/collect`,
          headers: session.headers,
          payload: { collectionMode: 'manual', collectionAmount: 100 },
        });
      const first = await post(paymentIds[0] as string);
      expect(first.json<CollectResult>().payment.receiptNumber).toBe('2026-27/000001');
      const second = await post(paymentIds[1] as string);
      expect(second.json<CollectResult>().payment.receiptNumber).toBe('2026-27/000002');
      const concurrent = await Promise.all(paymentIds.slice(2, 10).map(post));
      const numbers = concurrent.map((r) => r.json<CollectResult>().payment.receiptNumber);
      expect(new Set(numbers).size).toBe(8);
      expect([...numbers].sort()).toEqual(
        Array.from({ length: 8 }, (_, i) => `2026-27/${String(i + 3).padStart(6, '0')}`),
      );
      // 1 April 2027 00:00 IST is 31 March 18:30 UTC: a new financial year, numbered from 1.
      fresh.clock.set('2027-03-31T18:30:00.000Z');
      const april = await post(paymentIds[10] as string);
      expect(april.json<CollectResult>().payment.receiptNumber).toBe('2027-28/000001');
      const counters = await fresh.db.select().from(receiptCounters).orderBy(receiptCounters.financialYear);
      expect(counters).toEqual([
        // The home parish's series (migration 0024: receipt series are per parish).
        { parishId: 1, financialYear: 2026, lastNumber: 10 },
        { parishId: 1, financialYear: 2027, lastNumber: 1 },
      ]);
    } finally {
      await fresh.close();
    }
  });

  it('a reversed collection retires its number: the next collection gets a new one', async () => {
    const { payment } = await pendingPayment();
    const first = (await collect(cashierA, payment.id, { collectionAmount: 1500 })).json<CollectResult>();
    expect((await reverse(cashierA, payment.id)).statusCode).toBe(200);
    const again = (await collect(cashierA, payment.id, { collectionAmount: 1500 })).json<CollectResult>();
    expect(again.payment.receiptNumber).not.toBe(first.payment.receiptNumber);
    expect(again.payment.receiptNumber && first.payment.receiptNumber).toBeTruthy();
    expect(String(again.payment.receiptNumber) > String(first.payment.receiptNumber)).toBe(true);
  });
});

describe('PUT /api/payments/:id/reverse', () => {
  it('returns a paid direct collection to pending, clearing its details, which stay in the audit trail', async () => {
    const { payment } = await pendingPayment();
    const collected = (
      await collect(cashierA, payment.id, {
        collectionAmount: 1500,
        paymentMethod: 'cheque',
        pgTransactionId: 'CHQ-77',
        notes: 'Federal Bank',
      })
    ).json<CollectResult>();
    t.clock.advance(60_000);
    const response = await reverse(cashierA, payment.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ReverseResult>();
    expect(body.success).toBe(true);
    expect(body.message).toBe(COLLECTION_MSG.reversed);
    expect(body.payment).toMatchObject({
      status: 'pending',
      paidAmount: null,
      paidAt: null,
      paymentMethod: null,
      paymentGateway: null,
      collectionMode: null,
      collectedBy: null,
      transactionId: null,
      pgTransactionId: null,
      notes: null,
      receiptNumber: null,
    });
    const [event] = await auditOf(payment.id, 'payment.reversed');
    expect(event?.actorId).toBe(cashierA.user.id);
    expect(event?.before).toMatchObject({
      status: 'paid',
      paidAmount: 1500,
      paymentMethod: 'cheque',
      transactionId: 'CHQ-77',
      notes: 'Federal Bank',
      receiptNumber: collected.payment.receiptNumber,
      collectedBy: { _id: cashierA.user.id },
    });
    expect(event?.after).toMatchObject({
      status: 'pending',
      reversedBy: { _id: cashierA.user.id, role: 'cashier' },
      reversedAt: t.clock.now().toISOString(),
      retiredReceiptNumber: collected.payment.receiptNumber,
    });
  });

  it('a cashier cannot reverse another cashier’s collection (403); an admin can', async () => {
    const { payment } = await pendingPayment();
    await collect(cashierB, payment.id, { collectionAmount: 1500 });
    expectError(
      await reverse(cashierA, payment.id),
      403,
      ErrorCode.NOT_OWN_COLLECTION,
      COLLECTION_MSG.notOwnCollection,
    );
    expect((await rowOf(payment.id)).status).toBe('paid');
    expect((await reverse(admin, payment.id)).statusCode).toBe(200);
    expect((await rowOf(payment.id)).status).toBe('pending');
  });

  it('online payments (409), unpaid ones (409) and unknown ids (404) are not reversed', async () => {
    const { payment } = await pendingPayment();
    await t.db
      .update(payments)
      .set({
        status: 'paid',
        paidAmountPaise: paise(150_000),
        paidAt: t.clock.now().toISOString(),
        paymentGateway: 'worldline',
        paymentMethod: 'online',
        collectionMode: 'online',
        transactionId: 'WL123',
      })
      .where(eq(payments.id, payment.id));
    expectError(
      await reverse(admin, payment.id),
      409,
      ErrorCode.ONLINE_NOT_REVERSIBLE,
      COLLECTION_MSG.onlineNotReversible,
    );
    expect((await rowOf(payment.id)).status).toBe('paid');
    const pending = await pendingPayment();
    expectError(await reverse(admin, pending.payment.id), 409, ErrorCode.NOT_PAID, COLLECTION_MSG.notPaid);
    expectError(await reverse(admin, '00000000-0000-4000-8000-000000000000'), 404, ErrorCode.NOT_FOUND);
  });

  it('a collection racing a reversal ends in a state that its audit trail explains', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { payment } = await pendingPayment();
      await collect(cashierA, payment.id, { collectionAmount: 1500, pgTransactionId: 'FIRST' });
      const results = await Promise.all([
        reverse(cashierA, payment.id),
        collect(cashierB, payment.id, { collectionAmount: 1500, pgTransactionId: 'SECOND' }),
        reverse(cashierA, payment.id),
      ]);
      for (const r of results) expect([200, 403, 409]).toContain(r.statusCode);
      const row = await rowOf(payment.id);
      const collectedCount = (await auditOf(payment.id, 'payment.collected')).length;
      const reversedCount = (await auditOf(payment.id, 'payment.reversed')).length;
      const successes = results.filter((r) => r.statusCode === 200).length;
      expect(collectedCount + reversedCount).toBe(1 + successes);
      if (row.status === 'paid') {
        expect(collectedCount).toBe(reversedCount + 1);
        expect(row.paidAmountPaise).toBe(150_000);
        expect(row.receiptNumber).not.toBeNull();
      } else {
        expect(collectedCount).toBe(reversedCount);
        expect(row.paidAmountPaise).toBeNull();
        expect(row.receiptNumber).toBeNull();
        expect(row.collectedBy).toBeNull();
      }
    }
  });
});

describe('GET /api/payments/:id/receipt', () => {
  it('prints a paid payment: escaped values, amount with Indian grouping and in words, CSP with a nonce', async () => {
    const xss = '<img src=x onerror=alert(1)>';
    const { payment, member } = await pendingPayment({ amountPaise: 10_000_000, name: xss });
    await collect(cashierA, payment.id, {
      collectionAmount: 100000,
      pgTransactionId: '"><script>alert(2)</script>',
      notes: 'x',
    });
    const response = await receipt(cashierA, payment.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const csp = String(response.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toContain('unsafe-inline');
    const html = response.body;
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain(xss);
    expect(html).not.toContain('<script>alert(2)');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    // The only script is ours, with the nonce of the header.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain('₹1,00,000.00');
    expect(html).toContain('One Lakh Rupees Only');
    expect(html).toContain('22/11/2026');
    expect(html).toContain(member.parishNumber);
    expect(html).toContain(`+91 ${member.mobile.slice(2, 7)} ${member.mobile.slice(7)}`);
    expect(html).toContain('Cash');
    expect(html).toMatch(/2026-27\/\d{6}/);
    expect(html).toContain('Current Due');
    expect(html).toContain('St. Test Parish');
  });

  it('a member fetches their own receipt; another member’s is 404 like a missing one', async () => {
    const owner = await loginAs(t.app, 'member');
    const head = await insertHead();
    const payment = await insertPayment(owner.account, head);
    await collect(cashierA, payment.id, { collectionAmount: 1500 });
    const own = await receipt(owner, payment.id);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(owner.account.name);

    const other = await loginAs(t.app, 'member');
    const foreign = await receipt(other, payment.id);
    expectError(foreign, 404, ErrorCode.NOT_FOUND, MSG.notFound);
    expect(foreign.body).not.toContain(owner.account.name);
    const missing = await receipt(other, '00000000-0000-4000-8000-000000000000');
    expectError(missing, 404, ErrorCode.NOT_FOUND, MSG.notFound);
  });

  it('a pending payment has no receipt (404); reprints keep the number', async () => {
    const { payment } = await pendingPayment();
    expectError(await receipt(admin, payment.id), 404, ErrorCode.NO_RECEIPT, COLLECTION_MSG.noReceipt);
    const number = (await collect(admin, payment.id, { collectionAmount: 1500 })).json<CollectResult>().payment
      .receiptNumber;
    const first = await receipt(admin, payment.id);
    const second = await receipt(cashierB, payment.id);
    expect(first.body).toContain(String(number));
    expect(second.body).toContain(String(number));
  });

  it('a paid payment without a number (settled elsewhere) is numbered once, at first print', async () => {
    const { payment } = await pendingPayment();
    await t.db
      .update(payments)
      .set({
        status: 'paid',
        paidAmountPaise: paise(150_000),
        paidAt: t.clock.now().toISOString(),
        paymentGateway: 'worldline',
      })
      .where(eq(payments.id, payment.id));
    const first = await receipt(admin, payment.id);
    expect(first.statusCode).toBe(200);
    const number = (await rowOf(payment.id)).receiptNumber;
    expect(number).toMatch(/^2026-27\/\d{6}$/);
    expect(first.body).toContain(String(number));
    expect(first.body).toContain('Online');
    await receipt(admin, payment.id);
    expect((await rowOf(payment.id)).receiptNumber).toBe(number);
    expect(await auditOf(payment.id, 'payment.receipt_numbered')).toHaveLength(1);
  });
});

describe('GET /api/cashier/collections', () => {
  it('shows only the caller’s own direct collections, with search, parish-time dates and the total', async () => {
    const cashier = await createCashier(t.app);
    const own = await loginStaff(t.app, cashier.username, cashier.password);
    const other = await loginAs(t.app, 'cashier');
    // 21/11/2026 23:00 IST and 22/11/2026 00:30 IST (= 21/11 19:00 UTC): different parish days.
    t.clock.set('2026-11-21T17:30:00.000Z');
    const a = await pendingPayment({ name: 'Anna Kurian' });
    await collect(own, a.payment.id, { collectionAmount: 1500, pgTransactionId: 'UPI-AAA' });
    t.clock.set('2026-11-21T19:00:00.000Z');
    const b = await pendingPayment({ name: 'Babu Joseph', variable: true });
    await collect(own, b.payment.id, { collectionAmount: 2500.5 });
    const c = await pendingPayment({ name: 'Chacko Other' });
    await collect(other, c.payment.id, { collectionAmount: 1500 });

    const all = await t.app.inject({ method: 'GET', url: '/api/cashier/collections', headers: own.headers });
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json<CashierCollections>();
    expect(body.limit).toBe(20);
    expect(body.total).toBe(2);
    expect(body.totalCollected).toBe(4000.5);
    expect(body.items.map((i) => i.memberId.name)).toEqual(['Babu Joseph', 'Anna Kurian']);
    expect(body.items.every((i) => i.collectedBy?._id === own.user.id)).toBe(true);

    const day = async (query: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/cashier/collections?${query}`, headers: own.headers })
      ).json<CashierCollections>();
    expect((await day('from=2026-11-22&to=2026-11-22')).items.map((i) => i.memberId.name)).toEqual(['Babu Joseph']);
    expect((await day('from=2026-11-21&to=2026-11-21')).items.map((i) => i.memberId.name)).toEqual(['Anna Kurian']);
    expect((await day('to=2026-11-21')).totalCollected).toBe(1500);
    expect((await day('search=upi-aaa')).items.map((i) => i.memberId.name)).toEqual(['Anna Kurian']);
    expect((await day('search=babu')).total).toBe(1);
    expect((await day('search=chacko')).total).toBe(0);

    const others = await t.app.inject({ method: 'GET', url: '/api/cashier/collections', headers: other.headers });
    const otherBody = others.json<CashierCollections>();
    expect(otherBody.items.map((i) => i.memberId.name)).toEqual(['Chacko Other']);
    expect(others.body).not.toContain('Anna Kurian');

    // A reversed collection leaves the list.
    await reverse(own, a.payment.id);
    expect((await day('')).total).toBe(1);
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/cashier/collections?from=2026-13-01', headers: own.headers }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    t.clock.set('2026-11-22T05:30:00.000Z');
  });
});

describe('GET /api/collections/members/:id/payments', () => {
  it('lists one member’s payments with paid, pending and total in rupees', async () => {
    const member = await createMember(t.app);
    const h1 = await insertHead({ amountPaise: 100_000, variable: true });
    const h2 = await insertHead({ amountPaise: 50_050 });
    const p1 = await insertPayment(member, h1);
    await insertPayment(member, h2);
    await collect(cashierA, p1.id, { collectionAmount: 1200 });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/collections/members/${member.id}/payments`,
      headers: cashierA.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<MemberPayments>();
    expect(body.member._id).toBe(member.id);
    expect(body.items).toHaveLength(2);
    expect(body.totals).toEqual({ paid: 1200, pending: 500.5, total: 1700.5 });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/collections/members/00000000-0000-4000-8000-000000000000/payments',
      headers: admin.headers,
    });
    expectError(unknown, 404, ErrorCode.NOT_FOUND);
  });
});
