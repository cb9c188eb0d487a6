import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  DEPOSIT_MSG,
  ErrorCode,
  type ChequeList,
  type CollectDuesResult,
  type DaySheet,
  type Deposit,
  type DepositList,
  type PendingDeposits,
} from '@parish/shared';

import { queryRows } from '../../../src/db/client.ts';
import { auditEvents, payments, receipts } from '../../../src/db/schema/index.ts';
import {
  createMember,
  createTestApp,
  expectError,
  loginAs,
  loginStaff,
  type Session,
  type TestApp,
} from '../../helpers.ts';
import { insertHead, insertPayment } from '../../factories.ts';

/*
 * Bank deposits (docs/domain.md, "Bank deposits"; decision 0147): a pay-in slip from closed day
 * sheets (cash with its notes and coins, cheques with their list), totals to the paisa, nothing
 * deposited twice (also when two deposits race), the cheque's life (received -> deposited ->
 * cleared or bounced), the printable slip and who may do what.
 */

let t: TestApp;
let admin: Session;
let slipSeq = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

function post(session: Session, url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url, headers: session.headers, ...(payload ? { payload } : {}) });
}

function get(session: Session, url: string) {
  return t.app.inject({ method: 'GET', url, headers: session.headers });
}

/** Today, parish date (the test clock). */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: t.config.parishTimezone }).format(t.clock.now());
}

/** One collection of a new due of `rupees` by `session`, by the method given. */
async function collect(session: Session, rupees: number, method: 'cash' | 'upi' | 'cheque', chequeNumber = '000001') {
  const member = await createMember(t.app);
  const due = await insertPayment(t.db, member, await insertHead(t.db, { amountPaise: Math.round(rupees * 100) }));
  const response = await post(session, '/api/collections', {
    memberId: member.id,
    items: [{ paymentId: due.id, amount: rupees }],
    paymentMethod: method,
    ...(method === 'cheque' ? { cheque: { bank: 'Federal Bank, Pala', number: chequeNumber, date: today() } } : {}),
    ...(method === 'upi' ? { utr: String(100000000000 + Math.floor(Math.random() * 899999999999)) } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { member, due, receiptId: response.json<CollectDuesResult>().receiptId };
}

/** A new cashier's day: cash ₹1,500.50 and ₹500, a cheque of ₹2,000.25 and UPI ₹300, not closed. */
async function cashierDay() {
  const cashier = await loginAs(t.app, 'cashier');
  await collect(cashier, 1500.5, 'cash');
  await collect(cashier, 500, 'cash');
  const cheque = await collect(cashier, 2000.25, 'cheque', `${100000 + slipSeq}`);
  await collect(cashier, 300, 'upi');
  return { cashier, cashierId: cashier.account.id, cheque };
}

function close(session: Session, denominations?: Record<string, unknown>) {
  return post(session, '/api/day-sheets/close', denominations ? { denominations } : {});
}

function deposit(session: Session, body: Record<string, unknown>) {
  slipSeq += 1;
  return post(session, '/api/deposits', {
    bankAccount: 'SBI Current A/c 1234',
    depositDate: today(),
    slipNumber: `S${slipSeq}`,
    ...body,
  });
}

const depositCount = async () =>
  Number((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from bank_deposits`))[0]?.n);

describe('a deposit slip from closed days', () => {
  it('lists a closed day’s cash and cheques, records the slip to the paisa, prints it, and the day leaves the list', async () => {
    const d = await cashierDay();
    const mine = (session: Session) =>
      get(session, '/api/deposits/pending').then((r) =>
        r.json<PendingDeposits>().days.find((x) => x.cashier._id === d.cashierId),
      );
    expect(await mine(admin)).toBeUndefined(); // an open day is not listed
    const closed = await close(d.cashier, { notes: { '500': 4 }, coins: 0.5 });
    expect(closed.statusCode, closed.body).toBe(200);
    const sheet = closed.json<DaySheet>();
    const pending = await mine(admin);
    expect(pending).toMatchObject({
      day: today(),
      cash: 2000.5,
      cashCount: { notes: { '500': 4 }, coins: 0.5 },
      total: 4000.75,
    });
    expect(pending?.cash).toBe(sheet.net.cash);
    expect(pending?.cheques).toEqual([
      expect.objectContaining({
        receiptId: d.cheque.receiptId,
        bank: 'Federal Bank, Pala',
        amount: 2000.25,
        status: 'received',
      }),
    ]);
    // The cashier sees their own day; another cashier does not.
    expect(await mine(d.cashier)).toEqual(pending);
    const other = await loginAs(t.app, 'cashier');
    expect(await mine(other)).toBeUndefined();

    const response = await deposit(admin, {
      days: [{ cashierId: d.cashierId, day: today() }],
      chequeReceiptIds: [d.cheque.receiptId],
    });
    expect(response.statusCode, response.body).toBe(200);
    const slip = response.json<Deposit>();
    expect(slip).toMatchObject({
      cash: 2000.5,
      chequeTotal: 2000.25,
      total: 4000.75,
      denominations: { notes: { '500': 4 }, coins: 0.5 },
      days: [{ cashier: { _id: d.cashierId }, day: today(), cash: 2000.5 }],
      cheques: [expect.objectContaining({ receiptId: d.cheque.receiptId, status: 'deposited' })],
    });
    const [row] = await queryRows<{ total_paise: string; cash_paise: string }>(
      t.db,
      sql`select total_paise, cash_paise from bank_deposits where id = ${slip._id}`,
    );
    expect(Number(row?.total_paise)).toBe(400_075);
    expect(Number(row?.cash_paise)).toBe(200_050);
    expect(await mine(admin)).toBeUndefined();
    expect(await mine(d.cashier)).toBeUndefined();

    // The cheque is deposited, with its slip, on the Cheques page; its dues stay paid.
    const cheque = (await get(admin, '/api/cheques'))
      .json<ChequeList>()
      .items.find((c) => c.receiptId === d.cheque.receiptId);
    expect(cheque).toMatchObject({ status: 'deposited', slipNumber: slip.slipNumber });
    const [receipt] = await t.db.select().from(receipts).where(eq(receipts.id, d.cheque.receiptId));
    expect(receipt).toMatchObject({ chequeStatus: 'deposited', chequeStatusBy: admin.user.id });

    // Audited in the same transaction.
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'deposit.recorded'), eq(auditEvents.entityId, slip._id)));
    expect(event?.after).toMatchObject({
      slipNumber: slip.slipNumber,
      cash: 2000.5,
      chequeTotal: 2000.25,
      amount: 4000.75,
    });

    // Queryable by slip number and date (bank statements are matched by them).
    const found = (
      await get(admin, `/api/deposits?slipNumber=${slip.slipNumber}&from=${today()}&to=${today()}`)
    ).json<DepositList>();
    expect(found.items.map((x) => x._id)).toEqual([slip._id]);

    const html = await get(admin, `/api/deposits/${slip._id}/print`);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('Pay-in slip');
    expect(html.body).toContain('SBI Current A/c 1234');
    expect(html.body).toContain('₹4,000.75');
    expect(html.body).toContain('₹2,000.00'); // ₹500 × 4
    expect(html.body).toContain('Four Thousand Rupees And Seventy Five Paise Only');
    expect(html.body).toContain('Federal Bank, Pala');
  });

  it('takes notes and coins typed for the slip when they add up to the cash, and refuses them otherwise', async () => {
    const d = await cashierDay();
    expect((await close(d.cashier)).statusCode).toBe(200);
    const days = [{ cashierId: d.cashierId, day: today() }];
    const before = await depositCount();
    expectError(
      await deposit(admin, { days, denominations: { notes: { '500': 4 }, coins: 0 } }),
      400,
      ErrorCode.VALIDATION_FAILED,
      DEPOSIT_MSG.denominationsMismatch,
    );
    expect(await depositCount()).toBe(before);
    const ok = await deposit(admin, { days, denominations: { notes: { '200': 10 }, coins: 0.5 } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Deposit>()).toMatchObject({ cash: 2000.5, chequeTotal: 0, denominations: { notes: { '200': 10 } } });
    // The cheque of that day is still awaiting deposit, on its own.
    const pending = (await get(admin, '/api/deposits/pending')).json<PendingDeposits>();
    expect(pending.days.find((x) => x.cashier._id === d.cashierId)).toMatchObject({ cash: null, total: 2000.25 });
  });
});

describe('nothing is deposited twice, nothing open is deposited', () => {
  it('refuses an open day, a cheque of an open day, a day or cheque already on a slip, a slip number taken, a date after today', async () => {
    const d = await cashierDay();
    const days = [{ cashierId: d.cashierId, day: today() }];
    const before = await depositCount();
    expectError(await deposit(admin, { days }), 409, ErrorCode.DAY_NOT_CLOSED, DEPOSIT_MSG.dayNotClosed);
    expectError(
      await deposit(admin, { chequeReceiptIds: [d.cheque.receiptId] }),
      409,
      ErrorCode.DAY_NOT_CLOSED,
      DEPOSIT_MSG.dayNotClosed,
    );
    expect(await depositCount()).toBe(before);
    expect((await close(d.cashier)).statusCode).toBe(200);
    expectError(
      await deposit(admin, { days, depositDate: '2099-01-01' }),
      400,
      ErrorCode.VALIDATION_FAILED,
      DEPOSIT_MSG.futureDate,
    );
    expectError(await deposit(admin, {}), 400, ErrorCode.VALIDATION_FAILED);
    expectError(await deposit(admin, { days: [...days, ...days] }), 400, ErrorCode.VALIDATION_FAILED);
    const first = await deposit(admin, { days, chequeReceiptIds: [d.cheque.receiptId] });
    expect(first.statusCode, first.body).toBe(200);
    const taken = first.json<Deposit>().slipNumber;
    expectError(await deposit(admin, { days }), 409, ErrorCode.ALREADY_DEPOSITED, DEPOSIT_MSG.alreadyDeposited);
    expectError(
      await deposit(admin, { chequeReceiptIds: [d.cheque.receiptId] }),
      409,
      ErrorCode.ALREADY_DEPOSITED,
      DEPOSIT_MSG.alreadyDeposited,
    );
    // A slip number is unique per bank account.
    const e = await cashierDay();
    expect((await close(e.cashier)).statusCode).toBe(200);
    const eDays = [{ cashierId: e.cashierId, day: today() }];
    expectError(
      await deposit(admin, { days: eDays, slipNumber: taken }),
      409,
      ErrorCode.DUPLICATE_SLIP,
      DEPOSIT_MSG.slipTaken,
    );
    const otherAccount = await deposit(admin, { days: eDays, slipNumber: taken, bankAccount: 'Federal Bank SB 99' });
    expect(otherAccount.statusCode, otherAccount.body).toBe(200);
    // A receipt that is not a cheque is not found as one.
    const cash = await collect(await loginAs(t.app, 'cashier'), 100, 'cash');
    expectError(await deposit(admin, { chequeReceiptIds: [cash.receiptId] }), 404, ErrorCode.NOT_FOUND);
    // A deposited day stays closed: the slip keeps matching its day sheet.
    expectError(
      await post(admin, '/api/day-sheets/reopen', { cashierId: d.cashierId, day: today() }),
      409,
      ErrorCode.DAY_DEPOSITED,
      DEPOSIT_MSG.dayDeposited,
    );
  });

  it('of two deposits of one day racing, one wins and the other is 409; the database refuses a second row', async () => {
    const d = await cashierDay();
    expect((await close(d.cashier)).statusCode).toBe(200);
    const days = [{ cashierId: d.cashierId, day: today() }];
    const answers = await Promise.all([
      deposit(admin, { days, chequeReceiptIds: [d.cheque.receiptId] }),
      deposit(admin, { days, chequeReceiptIds: [d.cheque.receiptId] }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409);
    expect(loser?.json<{ code: string }>().code).toBe(ErrorCode.ALREADY_DEPOSITED);
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from bank_deposit_days where cashier_id = ${d.cashierId}`,
    );
    expect(rows[0]?.n).toBe(1);
    const winner = answers.find((a) => a.statusCode === 200)!.json<Deposit>();
    await expect(
      t.db.execute(sql`insert into bank_deposit_cheques (receipt_id, deposit_id, amount_paise)
                       values (${d.cheque.receiptId}, ${winner._id}, 1)`),
    ).rejects.toThrow();
  });
});

describe('a cheque’s life: received -> deposited -> cleared or bounced', () => {
  it('a deposited cheque clears; a cleared cheque is not cleared, bounced or deposited again', async () => {
    const d = await cashierDay();
    expect((await close(d.cashier)).statusCode).toBe(200);
    expect((await deposit(admin, { chequeReceiptIds: [d.cheque.receiptId] })).statusCode).toBe(200);
    const cleared = await post(admin, `/api/receipts/${d.cheque.receiptId}/cheque`, { status: 'cleared' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const [receipt] = await t.db.select().from(receipts).where(eq(receipts.id, d.cheque.receiptId));
    expect(receipt?.chequeStatus).toBe('cleared');
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'cheque.cleared'), eq(auditEvents.entityId, d.cheque.receiptId)));
    expect(event?.before).toEqual({ chequeStatus: 'deposited' });
    for (const status of ['cleared', 'bounced']) {
      expectError(
        await post(admin, `/api/receipts/${d.cheque.receiptId}/cheque`, { status }),
        409,
        ErrorCode.CHEQUE_NOT_RECEIVED,
      );
    }
    expectError(await deposit(admin, { chequeReceiptIds: [d.cheque.receiptId] }), 409, ErrorCode.ALREADY_DEPOSITED);
    expectError(
      await post(admin, `/api/receipts/${d.cheque.receiptId}/cheque`, { status: 'deposited' }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
  });

  it('a deposited cheque that bounces is reversed ("Cheque bounced"): dues pending again, the slip keeps it as bounced', async () => {
    const d = await cashierDay();
    expect((await close(d.cashier)).statusCode).toBe(200);
    const slip = (await deposit(admin, { chequeReceiptIds: [d.cheque.receiptId] })).json<Deposit>();
    // The bank returns it two days later: the reversal goes on the collector's sheet of that day
    // (a closed day's sheet never changes; decision 0023).
    const start = t.clock.now();
    t.clock.advance(2 * 24 * 3600_000);
    try {
      const later = await loginAs(t.app, 'admin');
      const bounced = await post(later, `/api/receipts/${d.cheque.receiptId}/cheque`, { status: 'bounced' });
      expect(bounced.statusCode, bounced.body).toBe(200);
    } finally {
      t.clock.set(start);
    }
    const [receipt] = await t.db.select().from(receipts).where(eq(receipts.id, d.cheque.receiptId));
    expect(receipt).toMatchObject({ chequeStatus: 'bounced', voidReason: 'cheque_bounced' });
    expect(receipt?.voidedAt).not.toBeNull();
    const [due] = await t.db.select({ status: payments.status }).from(payments).where(eq(payments.id, d.cheque.due.id));
    expect(due?.status).toBe('pending');
    const again = (await get(admin, `/api/deposits/${slip._id}`)).json<Deposit>();
    expect(again.cheques[0]).toMatchObject({ receiptId: d.cheque.receiptId, status: 'bounced' });
    expect(again.total).toBe(2000.25);
    expectError(await deposit(admin, { chequeReceiptIds: [d.cheque.receiptId] }), 409, ErrorCode.ALREADY_DEPOSITED);
    expect(
      (await get(admin, '/api/cheques')).json<ChequeList>().items.find((c) => c.receiptId === d.cheque.receiptId),
    ).toBeUndefined();
  });
});

describe('who may do what', () => {
  it('a cashier sees their own days not yet deposited but records, lists and prints no deposit; a member reaches nothing', async () => {
    const d = await cashierDay();
    expect((await close(d.cashier)).statusCode).toBe(200);
    const days = [{ cashierId: d.cashierId, day: today() }];
    expectError(await deposit(d.cashier, { days }), 403, ErrorCode.FORBIDDEN);
    const ok = (await deposit(admin, { days })).json<Deposit>();
    expectError(await get(d.cashier, '/api/deposits'), 403, ErrorCode.FORBIDDEN);
    expectError(await get(d.cashier, `/api/deposits/${ok._id}`), 403, ErrorCode.FORBIDDEN);
    expectError(await get(d.cashier, `/api/deposits/${ok._id}/print`), 403, ErrorCode.FORBIDDEN);
    const member = await loginAs(t.app, 'member');
    expectError(await get(member, '/api/deposits/pending'), 403, ErrorCode.FORBIDDEN);
    expectError(await get(admin, '/api/deposits/00000000-0000-4000-8000-000000000000'), 404, ErrorCode.NOT_FOUND);
  });

  it('an accountant (ACCOUNTS_ROLES, decision 0145) sees every cashier’s days and records a deposit, but marks no cheque', async () => {
    const created = await post(admin, '/api/admin/users', {
      username: `accountant${Date.now()}`,
      password: 'Accountant-Pass-1',
      name: 'Parish Accountant',
      role: 'accountant',
    });
    expect(created.statusCode, created.body).toBe(201);
    const accountant = await loginStaff(t.app, created.json<{ username: string }>().username, 'Accountant-Pass-1');
    const d = await cashierDay();
    expect((await close(d.cashier)).statusCode).toBe(200);
    const pending = (await get(accountant, '/api/deposits/pending')).json<PendingDeposits>();
    expect(pending.days.some((x) => x.cashier._id === d.cashierId)).toBe(true);
    const ok = await deposit(accountant, {
      days: [{ cashierId: d.cashierId, day: today() }],
      chequeReceiptIds: [d.cheque.receiptId],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await get(accountant, `/api/deposits/${ok.json<Deposit>()._id}/print`)).statusCode).toBe(200);
    expectError(
      await post(accountant, `/api/receipts/${d.cheque.receiptId}/cheque`, { status: 'bounced' }),
      403,
      ErrorCode.FORBIDDEN,
    );
  });
});
