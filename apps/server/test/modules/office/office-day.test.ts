import { eq, sql } from 'drizzle-orm';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ErrorCode,
  OFFICE_MSG,
  type ChequeList,
  type CollectDuesResult,
  type DaySheet,
  type MemberPayments,
} from '@parish/shared';

import { payments, receipts } from '../../../src/db/schema/index.ts';
import { queryRows } from '../../../src/db/client.ts';
import { createMember, createTestApp, expectError, loginAs, type Session, type TestApp } from '../../helpers.ts';
import { insertHead, insertPayment } from '../../factories.ts';

/*
 * The parish office day (docs/domain.md, "The office day"): several dues under one receipt,
 * idempotent submits, the counter's amount rule, reversals with a reason and the voided receipt,
 * cheques, UPI UTRs and the cashier's day sheet.
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

/** A member with an arrear (₹500), a current due (₹1,500.50) and a variable Building Fund (min ₹2,000). */
async function family() {
  const member = await createMember(t.app);
  const arrear = await insertPayment(
    t.db,
    member,
    await insertHead(t.db, { type: 'arrear', amountPaise: 50_000, year: 2025 }),
  );
  const tax = await insertPayment(t.db, member, await insertHead(t.db, { amountPaise: 150_050 }));
  const fund = await insertPayment(t.db, member, await insertHead(t.db, { amountPaise: 200_000, variable: true }));
  return { member, arrear, tax, fund };
}

function collectDues(session: Session, body: Record<string, unknown>, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/collections',
    headers: { ...session.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

function post(session: Session, url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url, headers: session.headers, ...(payload ? { payload } : {}) });
}

function get(session: Session, url: string) {
  return t.app.inject({ method: 'GET', url, headers: session.headers });
}

async function statusOf(id: string) {
  const [row] = await t.db.select({ status: payments.status }).from(payments).where(eq(payments.id, id));
  return row?.status;
}

describe('POST /api/collections', () => {
  it('collects three dues under one receipt: one number, every line, the total, the remarks', async () => {
    const f = await family();
    const response = await collectDues(cashierA, {
      memberId: f.member.id,
      items: [
        { paymentId: f.arrear.id, amount: 500 },
        { paymentId: f.tax.id, amount: 1500.5 },
        { paymentId: f.fund.id, amount: 2500 },
      ],
      paymentMethod: 'cash',
      notes: 'Paid after Holy Qurbana',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<CollectDuesResult>();
    expect(body.receiptNumber).toMatch(/^2026-27\/\d{6}$/);
    expect(body.total).toBe(4500.5);
    expect(body.items.map((i) => i.amount).sort()).toEqual([1500.5, 2500, 500].sort());
    const rows = await t.db.select().from(payments).where(eq(payments.receiptId, body.receiptId));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.status).toBe('paid');
      expect(row.receiptNumber).toBe(body.receiptNumber);
    }
    const [receipt] = await t.db.select().from(receipts).where(eq(receipts.id, body.receiptId));
    expect(receipt).toMatchObject({
      totalPaise: 450_050,
      notes: 'Paid after Holy Qurbana',
      number: body.receiptNumber,
    });
    const html = await get(cashierA, `/api/receipts/${body.receiptId}/print`);
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('₹4,500.50');
    expect(html.body).toContain('Four Thousand Five Hundred Rupees And Fifty Paise Only');
    expect(html.body).toContain('Paid after Holy Qurbana');
    expect(html.body.match(/<tr><td><bdi>/g)).toHaveLength(3);
    // The member's "Download Receipt" of one due prints the receipt that holds it.
    const viaPayment = await get(cashierA, `/api/payments/${f.tax.id}/receipt`);
    expect(viaPayment.body).toContain('₹4,500.50');
  });

  it('any pending due may be collected at the counter, even a current due while an arrear is pending', async () => {
    const f = await family();
    const response = await collectDues(cashierA, {
      memberId: f.member.id,
      items: [{ paymentId: f.tax.id, amount: 1500.5 }],
      paymentMethod: 'cash',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await statusOf(f.arrear.id)).toBe('pending');
  });

  it('is all or nothing: a short amount on one line refuses the whole collection and changes nothing', async () => {
    const f = await family();
    const response = await collectDues(cashierA, {
      memberId: f.member.id,
      items: [
        { paymentId: f.arrear.id, amount: 500 },
        { paymentId: f.fund.id, amount: 1500 },
      ],
      paymentMethod: 'cash',
    });
    expectError(
      response,
      400,
      ErrorCode.AMOUNT_BELOW_DUE,
      'The amount cannot be less than the due amount of ₹2,000.00',
    );
    expect(await statusOf(f.arrear.id)).toBe('pending');
    expect(await statusOf(f.fund.id)).toBe('pending');
  });

  it('refuses a due of another member (404) and a due named twice (400)', async () => {
    const f = await family();
    const other = await family();
    expectError(
      await collectDues(cashierA, {
        memberId: f.member.id,
        items: [{ paymentId: other.tax.id, amount: 1500.5 }],
        paymentMethod: 'cash',
      }),
      404,
      ErrorCode.NOT_FOUND,
      OFFICE_MSG.notMemberDue,
    );
    expectError(
      await collectDues(cashierA, {
        memberId: f.member.id,
        items: [
          { paymentId: f.tax.id, amount: 1500.5 },
          { paymentId: f.tax.id, amount: 1500.5 },
        ],
        paymentMethod: 'cash',
      }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    expect(await statusOf(other.tax.id)).toBe('pending');
  });

  it('Idempotency-Key: the same key and body answer the first answer again; another body is 422', async () => {
    const f = await family();
    const body = { memberId: f.member.id, items: [{ paymentId: f.tax.id, amount: 1500.5 }], paymentMethod: 'cash' };
    const first = await collectDues(cashierA, body, 'key-1');
    expect(first.statusCode, first.body).toBe(200);
    const again = await collectDues(cashierA, body, 'key-1');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expectError(
      await collectDues(cashierA, { ...body, notes: 'different' }, 'key-1'),
      422,
      ErrorCode.IDEMPOTENCY_KEY_REUSED,
      OFFICE_MSG.idempotencyMismatch,
    );
    const [count] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from receipts where member_id = ${f.member.id}`,
    );
    expect(count?.n).toBe(1);
  });

  it('a concurrent double submit with one key collects once and answers both alike', async () => {
    for (let round = 0; round < 3; round += 1) {
      const f = await family();
      const body = {
        memberId: f.member.id,
        items: [
          { paymentId: f.arrear.id, amount: 500 },
          { paymentId: f.tax.id, amount: 1500.5 },
        ],
        paymentMethod: 'cash',
      };
      const [a, b] = await Promise.all([
        collectDues(cashierA, body, `double-${round}`),
        collectDues(cashierA, body, `double-${round}`),
      ]);
      expect(a.statusCode, a.body).toBe(200);
      expect(b.statusCode, b.body).toBe(200);
      expect(a.json<CollectDuesResult>().receiptNumber).toBe(b.json<CollectDuesResult>().receiptNumber);
      const [count] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from receipts where member_id = ${f.member.id}`,
      );
      expect(count?.n).toBe(1);
    }
  });

  it('a concurrent double submit without a key collects once: the second is 409 NOT_PENDING', async () => {
    const f = await family();
    const body = { memberId: f.member.id, items: [{ paymentId: f.tax.id, amount: 1500.5 }], paymentMethod: 'cash' };
    const results = await Promise.all([collectDues(cashierA, body), collectDues(cashierB, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('UPI at the counter', () => {
  it('checks the UTR: 12 digits, and not on another receipt that stands', async () => {
    const f = await family();
    const g = await family();
    const upi = (memberId: string, paymentId: string, amount: number, utr: string) =>
      collectDues(cashierA, { memberId, items: [{ paymentId, amount }], paymentMethod: 'upi', utr });
    expectError(await upi(f.member.id, f.tax.id, 1500.5, '12345'), 400, ErrorCode.VALIDATION_FAILED);
    const utr = `4${String(Date.now()).slice(-11)}`;
    const first = await upi(f.member.id, f.tax.id, 1500.5, utr);
    expect(first.statusCode, first.body).toBe(200);
    expectError(await upi(g.member.id, g.tax.id, 1500.5, utr), 409, ErrorCode.DUPLICATE_UTR, OFFICE_MSG.utrTaken);
    // Once that receipt is voided, the UTR may be used again (the member was wrong).
    const reversed = await post(cashierA, `/api/receipts/${first.json<CollectDuesResult>().receiptId}/reverse`, {
      reason: 'wrong_member',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect((await upi(g.member.id, g.tax.id, 1500.5, utr)).statusCode).toBe(200);
  });

  it('the admin sets the parish UPI ID; a malformed one is refused', async () => {
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/office/upi',
          headers: admin.headers,
          payload: { vpa: 'no-at-sign' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/office/upi',
          headers: cashierA.headers,
          payload: { vpa: 'stmarys@sbi' },
        })
      ).statusCode,
    ).toBe(403);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/office/upi',
      headers: admin.headers,
      payload: { vpa: 'stmarys@sbi' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await get(cashierA, '/api/office/upi')).json()).toMatchObject({ vpa: 'stmarys@sbi' });
  });
});

describe('reversal with a reason', () => {
  async function collected(session: Session) {
    const f = await family();
    const response = await collectDues(session, {
      memberId: f.member.id,
      items: [
        { paymentId: f.arrear.id, amount: 500 },
        { paymentId: f.tax.id, amount: 1500.5 },
      ],
      paymentMethod: 'cash',
    });
    expect(response.statusCode, response.body).toBe(200);
    return { ...f, receipt: response.json<CollectDuesResult>() };
  }

  it('requires a reason (and the text for "other"), reverses the whole receipt and reprints it VOID', async () => {
    const c = await collected(cashierA);
    const url = `/api/receipts/${c.receipt.receiptId}/reverse`;
    expect((await post(cashierA, url, {})).statusCode).toBe(400);
    expectError(await post(cashierA, url, { reason: 'other' }), 400, ErrorCode.VALIDATION_FAILED);
    const done = await post(cashierA, url, { reason: 'other', note: 'Member changed mind' });
    expect(done.statusCode, done.body).toBe(200);
    expect(await statusOf(c.arrear.id)).toBe('pending');
    expect(await statusOf(c.tax.id)).toBe('pending');
    expectError(
      await post(admin, url, { reason: 'duplicate' }),
      409,
      ErrorCode.RECEIPT_VOIDED,
      OFFICE_MSG.alreadyVoided,
    );
    const html = await get(cashierA, `/api/receipts/${c.receipt.receiptId}/print`);
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('VOID');
    expect(html.body).toContain('Reason: Other');
    expect(html.body).toContain('Member changed mind');
    expect(html.body).toContain(c.receipt.receiptNumber);
    // The day sheet's files carry the reversal as a negative amount (they once answered 500 on it).
    const csv = await get(cashierA, '/api/day-sheets/csv');
    expect(csv.statusCode, csv.body).toBe(200);
    const reversal = csv.body.split('\r\n').find((line) => line.startsWith(`Reversal,${c.receipt.receiptNumber},`));
    // Negative, and a number, not text (issue 27 item 10; docs/domain.md, "EX-01 CSV injection").
    expect(reversal).toMatch(/,-\d+\.\d{2},Other$/);
    expect((await get(cashierA, '/api/day-sheets/xlsx')).statusCode).toBe(200);
    expect((await get(cashierA, '/api/day-sheets/print')).statusCode).toBe(200);
  });

  it('PUT /api/payments/{id}/reverse reverses the receipt holding the payment and needs the reason', async () => {
    const c = await collected(cashierA);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/payments/${c.tax.id}/reverse`, headers: cashierA.headers }))
        .statusCode,
    ).toBe(400);
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/payments/${c.tax.id}/reverse`,
      headers: cashierA.headers,
      payload: { reason: 'wrong_amount' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await statusOf(c.arrear.id)).toBe('pending');
  });

  it('a cashier reverses only own collections of a day not closed; an admin any', async () => {
    const c = await collected(cashierB);
    const url = `/api/receipts/${c.receipt.receiptId}/reverse`;
    expectError(await post(cashierA, url, { reason: 'duplicate' }), 403, ErrorCode.NOT_OWN_COLLECTION);
    const d = await collected(cashierB);
    // d was collected yesterday (the receipt and its payments moved back one day, as if it had been).
    await t.db.execute(
      sql`update receipts set issued_at = issued_at - interval '1 day' where id = ${d.receipt.receiptId}`,
    );
    await t.db.execute(
      sql`update payments set paid_at = paid_at - interval '1 day' where receipt_id = ${d.receipt.receiptId}`,
    );
    const yesterday = new Date(t.clock.now().getTime() - 24 * 3600_000);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: t.config.parishTimezone }).format(yesterday);
    // cashierB closes yesterday: their own collection of it can no longer be reversed by them.
    expect((await post(cashierB, '/api/day-sheets/close', { day })).statusCode).toBe(200);
    expectError(
      await post(cashierB, `/api/receipts/${d.receipt.receiptId}/reverse`, { reason: 'duplicate' }),
      403,
      ErrorCode.DAY_CLOSED,
      OFFICE_MSG.dayClosed,
    );
    // An admin may; the reversal is recorded today: yesterday's closed sheet does not change.
    expect(
      (await post(admin, `/api/receipts/${d.receipt.receiptId}/reverse`, { reason: 'duplicate' })).statusCode,
    ).toBe(200);
    expect((await post(admin, url, { reason: 'duplicate' })).statusCode).toBe(200);
    const closed = (await get(admin, `/api/day-sheets?cashierId=${cashierB.user.id}&day=${day}`)).json<DaySheet>();
    expect(closed.status).toBe('closed');
    expect(closed.receipts.map((r) => r.number)).toContain(d.receipt.receiptNumber);
    expect(closed.reversals).toHaveLength(0);
    const today = (await get(admin, `/api/day-sheets?cashierId=${cashierB.user.id}`)).json<DaySheet>();
    const reversal = today.reversals.find((r) => r.number === d.receipt.receiptNumber);
    expect(reversal).toMatchObject({ originalDate: day, reason: 'duplicate' });
    expect(today.reversed.total).toBe(4001);
    // Reopened by the admin (audited), the day is open again.
    const reopened = await post(admin, '/api/day-sheets/reopen', { cashierId: cashierB.user.id, day });
    expect(reopened.json<DaySheet>().status).toBe('open');
  });
});

describe('cheques', () => {
  it('a cheque is received (dues paid, portal says so), then bounces: reversed, dues pending again, history shows it', async () => {
    const f = await family();
    const cheque = await collectDues(cashierA, {
      memberId: f.member.id,
      items: [{ paymentId: f.tax.id, amount: 1500.5 }],
      paymentMethod: 'cheque',
      cheque: { bank: 'State Bank of India', number: '004512', date: '2026-11-20' },
    });
    expect(cheque.statusCode, cheque.body).toBe(200);
    const { receiptId } = cheque.json<CollectDuesResult>();
    expect(await statusOf(f.tax.id)).toBe('paid');
    const summary = (await get(cashierA, `/api/collections/members/${f.member.id}/payments`)).json<MemberPayments>();
    expect(summary.items.find((p) => p._id === f.tax.id)?.chequeStatus).toBe('received');
    const list = (await get(cashierA, '/api/cheques')).json<ChequeList>();
    expect(list.items.find((c) => c.receiptId === receiptId)).toMatchObject({
      bank: 'State Bank of India',
      number: '004512',
      ageDays: 0,
    });
    expectError(
      await collectDues(cashierA, {
        memberId: f.member.id,
        items: [{ paymentId: f.arrear.id, amount: 500 }],
        paymentMethod: 'cheque',
      }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    const bounced = await post(cashierA, `/api/receipts/${receiptId}/cheque`, { status: 'bounced' });
    expect(bounced.statusCode, bounced.body).toBe(200);
    expect(await statusOf(f.tax.id)).toBe('pending');
    const [row] = await t.db.select().from(receipts).where(eq(receipts.id, receiptId));
    expect(row).toMatchObject({ chequeStatus: 'bounced', voidReason: 'cheque_bounced' });
    expect(
      (await get(cashierA, '/api/cheques')).json<ChequeList>().items.find((c) => c.receiptId === receiptId),
    ).toBeUndefined();
    expectError(
      await post(cashierA, `/api/receipts/${receiptId}/cheque`, { status: 'cleared' }),
      409,
      ErrorCode.CHEQUE_NOT_RECEIVED,
    );
    const html = await get(cashierA, `/api/receipts/${receiptId}/print`);
    expect(html.body).toContain('Reason: Cheque bounced');
  });

  it('a cleared cheque leaves the list and its dues stay paid', async () => {
    const f = await family();
    const cheque = await collectDues(cashierA, {
      memberId: f.member.id,
      items: [{ paymentId: f.arrear.id, amount: 500 }],
      paymentMethod: 'cheque',
      cheque: { bank: 'Federal Bank', number: '100200', date: '2026-11-21' },
    });
    const { receiptId } = cheque.json<CollectDuesResult>();
    expect((await post(admin, `/api/receipts/${receiptId}/cheque`, { status: 'cleared' })).statusCode).toBe(200);
    expect(await statusOf(f.arrear.id)).toBe('paid');
    expect(
      (await get(cashierA, '/api/cheques')).json<ChequeList>().items.find((c) => c.receiptId === receiptId),
    ).toBeUndefined();
  });
});

describe('day close', () => {
  it('day totals by method equal the sum of the day’s receipts to the paisa; close, then refused collections; reopen', async () => {
    const cashier = await loginAs(t.app, 'cashier');
    const methods = ['cash', 'upi', 'cheque', 'cash'] as const;
    let utr = 700_000_000_000 + (Date.now() % 1_000_000);
    for (const method of methods) {
      const f = await family();
      const response = await collectDues(cashier, {
        memberId: f.member.id,
        items: [
          { paymentId: f.tax.id, amount: 1500.5 },
          { paymentId: f.fund.id, amount: 2000.25 },
        ],
        paymentMethod: method,
        ...(method === 'upi' ? { utr: String((utr += 1)) } : {}),
        ...(method === 'cheque' ? { cheque: { bank: 'SBI', number: '1', date: '2026-11-22' } } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const sheet = (await get(cashier, '/api/day-sheets')).json<DaySheet>();
    const [sum] = await queryRows<{ paise: string }>(
      t.db,
      sql`select sum(total_paise) as paise from receipts where collected_by = ${cashier.user.id}`,
    );
    expect(Math.round(sheet.collected.total * 100)).toBe(Number(sum?.paise));
    expect(sheet.collected).toEqual({ cash: 7001.5, upi: 3500.75, cheque: 3500.75, total: 14003 });
    expect(sheet.receiptCount).toBe(4);
    const closed = await post(cashier, '/api/day-sheets/close', {
      denominations: { notes: { '500': 14, '2': 0 }, coins: 1.5 },
    });
    expect(closed.statusCode).toBe(400);
    const ok = await post(cashier, '/api/day-sheets/close', { denominations: { notes: { '500': 14 }, coins: 1.5 } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<DaySheet>()).toMatchObject({ status: 'closed', cashCount: { counted: 7001.5, difference: 0 } });
    expectError(await post(cashier, '/api/day-sheets/close', {}), 409, ErrorCode.CONFLICT, OFFICE_MSG.alreadyClosed);
    const f = await family();
    expectError(
      await collectDues(cashier, {
        memberId: f.member.id,
        items: [{ paymentId: f.tax.id, amount: 1500.5 }],
        paymentMethod: 'cash',
      }),
      409,
      ErrorCode.SHEET_CLOSED,
    );
    const csv = await get(cashier, '/api/day-sheets/csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Net,,,,,Total,,14003.00');
    // The same rows as an Excel workbook: receipt and parish numbers text, amounts numbers.
    const xlsx = await get(cashier, '/api/day-sheets/xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="day_sheet_${sheet.day}.xlsx"`);
    const [book] = await readXlsxFile(xlsx.rawPayload);
    const rows = book?.data ?? [];
    expect(rows[0]?.slice(0, 8)).toEqual([
      'Entry',
      'Receipt No.',
      'Date',
      'Member Name',
      'Parish Number',
      'Method',
      'Reference',
      'Amount',
    ]);
    const receiptRow = rows.find((cells) => cells[0] === 'Receipt');
    expect(typeof receiptRow?.[1]).toBe('string');
    expect(typeof receiptRow?.[4]).toBe('string');
    const total = rows.find((cells) => cells[0] === 'Net' && cells[5] === 'Total');
    expect(total?.[7]).toBe(14003);
    const print = await get(cashier, '/api/day-sheets/print');
    expect(print.body).toContain('Day sheet');
    expect(
      (await post(cashier, '/api/day-sheets/reopen', { cashierId: cashier.user.id, day: sheet.day })).statusCode,
    ).toBe(403);
    expect((await get(cashier, `/api/day-sheets?cashierId=${admin.user.id}`)).statusCode).toBe(403);
    const reopened = await post(admin, '/api/day-sheets/reopen', { cashierId: cashier.user.id, day: sheet.day });
    expect(reopened.json<DaySheet>().status).toBe('open');
    const days = (await get(admin, '/api/day-sheets/days')).json<{ items: { cashier: { _id: string } }[] }>();
    expect(days.items.some((d) => d.cashier._id === cashier.user.id)).toBe(true);
  });
});
