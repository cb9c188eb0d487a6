import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';

import { XMLParser } from 'fast-xml-parser';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ACCOUNTS_MSG,
  ErrorCode,
  paise,
  type CollectDuesResult,
  type LedgerMapping,
  type ReceiptsPayments,
} from '@parish/shared';

import { systemContext } from '../../../src/context.ts';
import { transactionItems, transactions } from '../../../src/db/schema/index.ts';
import { settleOnlinePayment } from '../../../src/modules/payments/commands/settle-online-payment.ts';
import { insertHead, insertPayment } from '../../factories.ts';
import { transactionRow } from '../../gateway-fixtures.ts';
import {
  createMember,
  createTestApp,
  expectError,
  loginAs,
  loginStaff,
  TEST_PARISH_NAME,
  type Session,
  type TestApp,
} from '../../helpers.ts';

/*
 * The receipts side of the Receipts and Payments account (issue 30 item 7, decision 0153;
 * docs/domain.md, "Receipts and Payments account"). A small fixture across two financial years:
 *
 * 20/03/2026 (2025-26): cash ₹1,000.50 (Church Tax 2025), cheque ₹2,000 (Feast Offering), UPI ₹300
 *   (Church Tax 2025), online (Razorpay) ₹450.25 (Feast Offering); the cashier closes the day.
 * 10/04/2026 (2026-27, "today"): cash ₹700 (Church Tax 2026), cash ₹99.99 (Feast Offering) voided
 *   the same day, cheque ₹400.25 (Church Tax 2026), UPI ₹150 (Feast Offering); a deposit slip dated
 *   10/04/2026 takes the cash of 20/03 and its cheque. Church Tax 2025 and 2026 share the ledger
 *   "Church Tax" (the ledger mapping).
 */

let t: TestApp;
let admin: Session;
let cashier: Session;
let accountant: Session;
let cashierAccount: { username: string; password: string };
let work: string;
const ACCOUNTANT_PASSWORD = 'Accountant-Password-1';
const heads: Record<'tax25' | 'tax26' | 'feast', { id: string; amountPaise: number; year: number }> = {} as never;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'rp-'));
  t = await createTestApp({ now: '2026-03-20T05:30:00.000Z' });
  admin = await loginAs(t.app, 'admin');
  const cashierSession = await loginAs(t.app, 'cashier');
  cashier = cashierSession;
  cashierAccount = cashierSession.account as { username: string; password: string };
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/users',
    headers: admin.headers,
    payload: { username: 'rp.accountant', name: 'R&P Accountant', role: 'accountant', password: ACCOUNTANT_PASSWORD },
  });
  expect(created.statusCode, created.body).toBe(201);
  accountant = await loginStaff(t.app, 'rp.accountant', ACCOUNTANT_PASSWORD);
  heads.tax25 = await insertHead(t.db, { name: 'Church Tax 2025', year: 2025, amountPaise: 100_000 });
  heads.tax26 = await insertHead(t.db, { name: 'Church Tax 2026', year: 2026, amountPaise: 100_000 });
  heads.feast = await insertHead(t.db, { name: 'Feast Offering', year: 2025, amountPaise: 100_000 });
  const { updatedAt: _updatedAt, ...mapping } = (
    await get(admin, '/api/accounts/ledger-mapping')
  ).json<LedgerMapping>();
  const mapped = await t.app.inject({
    method: 'PUT',
    url: '/api/accounts/ledger-mapping',
    headers: admin.headers,
    payload: {
      ...mapping,
      heads: [heads.tax25, heads.tax26].map((head) => ({
        paymentHeadId: head.id,
        ledger: 'Church Tax',
        parent: 'Indirect Incomes',
      })),
    },
  });
  expect(mapped.statusCode, mapped.body).toBe(200);

  // 20/03/2026, financial year 2025-26.
  await collect(heads.tax25, 100_050, 'cash');
  const cheque = await collect(heads.feast, 200_000, 'cheque');
  await collect(heads.tax25, 30_000, 'upi');
  await payOnline(heads.feast, 45_025);
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/day-sheets/close', headers: cashier.headers, payload: {} }))
      .statusCode,
  ).toBe(200);

  // 10/04/2026, financial year 2026-27: everyone signs in again.
  t.clock.set('2026-04-10T05:30:00.000Z');
  admin = await loginAs(t.app, 'admin');
  cashier = await loginStaff(t.app, cashierAccount.username, cashierAccount.password);
  accountant = await loginStaff(t.app, 'rp.accountant', ACCOUNTANT_PASSWORD);
  await collect(heads.tax26, 70_000, 'cash');
  const voided = await collect(heads.feast, 9_999, 'cash');
  await collect(heads.tax26, 40_025, 'cheque');
  await collect(heads.feast, 15_000, 'upi');
  const reversed = await t.app.inject({
    method: 'POST',
    url: `/api/receipts/${voided.receiptId}/reverse`,
    headers: admin.headers,
    payload: { reason: 'wrong_member' },
  });
  expect(reversed.statusCode, reversed.body).toBe(200);
  const deposit = await t.app.inject({
    method: 'POST',
    url: '/api/deposits',
    headers: accountant.headers,
    payload: {
      bankAccount: 'SBI Current A/c 1234',
      depositDate: '2026-04-10',
      slipNumber: 'RP1',
      days: [{ cashierId: cashier.user.id, day: '2026-03-20' }],
      chequeReceiptIds: [cheque.receiptId],
    },
  });
  expect(deposit.statusCode, deposit.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

function get(session: Session, url: string) {
  return t.app.inject({ method: 'GET', url, headers: session.headers });
}

let serial = 0;
/** The cashier collects one new due of `amountPaise` of the head, by the method given. */
async function collect(
  head: { id: string; amountPaise: number; year: number },
  amountPaise: number,
  method: 'cash' | 'upi' | 'cheque',
) {
  serial += 1;
  const member = await createMember(t.app, { name: `Member ${serial}` });
  const due = await insertPayment(t.db, member, head, amountPaise);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: t.config.parishTimezone }).format(t.clock.now());
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/collections',
    headers: cashier.headers,
    payload: {
      memberId: member.id,
      items: [{ paymentId: due.id, amount: amountPaise / 100 }],
      paymentMethod: method,
      ...(method === 'cheque' ? { cheque: { bank: 'Federal Bank', number: `${200000 + serial}`, date: day } } : {}),
      ...(method === 'upi' ? { utr: `${600000000000 + serial}` } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CollectDuesResult>();
}

/** A member's online (Razorpay) payment of a new due, settled by the ledger's command as the gateway's confirmation would. */
async function payOnline(head: { id: string; amountPaise: number; year: number }, amountPaise: number) {
  const member = await createMember(t.app, { name: 'Online Member' });
  const due = await insertPayment(t.db, member, head, amountPaise);
  const txnId = `RP-${due.id}`;
  const [order] = await t.db
    .insert(transactions)
    .values({ memberId: member.id, amountPaise: paise(amountPaise), paymentGateway: 'razorpay', transactionId: txnId })
    .returning({ id: transactions.id });
  await t.db
    .insert(transactionItems)
    .values({ transactionId: order!.id, paymentId: due.id, amountPaise: paise(amountPaise) });
  const settled = await settleOnlinePayment(systemContext(t.app.deps), await transactionRow(t.app, txnId), {
    statusCode: 'captured',
    pgReferenceId: `pay_${serial}`,
    method: 'upi',
    via: 'webhook',
    queueNotice: async () => undefined,
  });
  expect(settled).not.toBeNull();
}

async function statement(fy: string, session = accountant): Promise<ReceiptsPayments> {
  const response = await get(session, `/api/accounts/receipts-and-payments?fy=${fy}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReceiptsPayments>();
}

/** Income per ledger from the Tally XML of a range (credits less debits of the income ledgers), in paise. */
async function tallyIncome(from: string, to: string): Promise<Map<string, number>> {
  const response = await get(accountant, `/api/accounts/tally.xml?from=${from}&to=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  const parser = new XMLParser({
    parseTagValue: false,
    isArray: (name) => name === 'TALLYMESSAGE' || name === 'ALLLEDGERENTRIES.LIST',
  });
  const doc = parser.parse(response.body) as {
    ENVELOPE: { BODY: { IMPORTDATA: { REQUESTDATA: { TALLYMESSAGE?: Record<string, unknown>[] } } } };
  };
  const incomes = new Map<string, number>();
  for (const message of doc.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE ?? []) {
    const voucher = message.VOUCHER as
      { 'ALLLEDGERENTRIES.LIST': { LEDGERNAME: string; AMOUNT: string }[] } | undefined;
    // The first entry is the asset ledger; the others are income (credit positive, a reversal's debit negative).
    for (const entry of voucher?.['ALLLEDGERENTRIES.LIST'].slice(1) ?? []) {
      const [whole = '0', fraction = '0'] = entry.AMOUNT.replace('-', '').split('.');
      const amount = (entry.AMOUNT.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(fraction));
      incomes.set(entry.LEDGERNAME, (incomes.get(entry.LEDGERNAME) ?? 0) + amount);
    }
  }
  return incomes;
}

const rupeesOf = (paiseAmount: number) => paiseAmount / 100;

/** One file of a zip (an .xlsx), read by its central directory (APPNOTE.TXT 4.3) and inflated with node:zlib. */
function zipEntry(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let index = 0; index < zip.readUInt16LE(end + 10); index += 1) {
    const [method, size, nameLength] = [
      zip.readUInt16LE(at + 10),
      zip.readUInt32LE(at + 20),
      zip.readUInt16LE(at + 28),
    ];
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      const local = zip.readUInt32LE(at + 42);
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      return (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    }
    at += 46 + skip;
  }
  throw new Error(`${name} is not in the zip`);
}

describe('the Receipts and Payments account, receipts side', () => {
  it('2025-26: nothing at the opening, the year’s income by ledger and head, the money where it sat on 31 March', async () => {
    const year = await statement('2025-26');
    expect(year).toMatchObject({
      parish: TEST_PARISH_NAME,
      financialYear: '2025-26',
      from: '2025-04-01',
      to: '2026-03-31',
      closingOn: '2026-03-31',
      running: false,
      opening: { cashInHand: 0, chequesInHand: 0, bank: 0, withGateway: 0, total: 0 },
      income: [
        { ledger: 'Church Tax', amount: 1300.5, heads: [{ head: 'Church Tax 2025', year: 2025, amount: 1300.5 }] },
        { ledger: 'Feast Offering', amount: 2450.25, heads: [{ head: 'Feast Offering', year: 2025, amount: 2450.25 }] },
      ],
      totalIncome: 3750.75,
      // The cash and the cheque went to the bank only on 10/04: on 31/03 they were in hand.
      closing: { cashInHand: 1000.5, chequesInHand: 2000, bank: 300, withGateway: 450.25, total: 3750.75 },
    });
  });

  it('2026-27 while it runs: opening = the closing of 2025-26, income net of the void, closing today; opening + income = closing', async () => {
    const before = await statement('2025-26');
    const year = await statement('2026-27', admin);
    expect(year.opening).toEqual(before.closing);
    expect(year).toMatchObject({
      financialYear: '2026-27',
      closingOn: '2026-04-10',
      running: true,
      income: [
        { ledger: 'Church Tax', amount: 1100.25, heads: [{ head: 'Church Tax 2026', year: 2026, amount: 1100.25 }] },
        // The ₹99.99 cash receipt voided the same day nets to nothing; the UPI ₹150 stays.
        { ledger: 'Feast Offering', amount: 150, heads: [{ head: 'Feast Offering', year: 2025, amount: 150 }] },
      ],
      totalIncome: 1250.25,
      // Cash: 1,000.50 + 700 received, 1,000.50 on the slip. Bank: UPI 300 + 150, the slip's 1,000.50 + 2,000.
      closing: { cashInHand: 700, chequesInHand: 400.25, bank: 3450.5, withGateway: 450.25, total: 5001 },
    });
    expect(Math.round((year.opening.total + year.totalIncome) * 100)).toBe(Math.round(year.closing.total * 100));
  });

  it('agrees to the paisa with the Tally export and the daily collections report of the same year', async () => {
    for (const [fy, from, to] of [
      ['2025-26', '2025-04-01', '2026-03-31'],
      ['2026-27', '2026-04-01', '2026-04-10'],
    ] as const) {
      const year = await statement(fy);
      const tally = await tallyIncome(from, to);
      expect(
        Object.fromEntries(
          [...tally].filter(([, amount]) => amount !== 0).map(([ledger, amount]) => [ledger, rupeesOf(amount)]),
        ),
      ).toEqual(Object.fromEntries(year.income.map((ledger) => [ledger.ledger, ledger.amount])));
      const report = await t.app.inject({
        method: 'POST',
        url: '/api/admin/reports',
        headers: accountant.headers,
        payload: { type: 'daily', from, to },
      });
      expect(report.statusCode, report.body).toBe(200);
      expect(report.json<{ totals: { amount: number } }>().totals.amount).toBe(year.totalIncome);
    }
  });

  it('the PDF: A4, the parish, the year, the figures in ₹ with Indian grouping, the payments note and the signatures', async () => {
    const response = await get(accountant, '/api/accounts/receipts-and-payments?fy=2026-27&format=pdf');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="receipts_and_payments_2026-27.pdf"');
    const file = path.join(work, 'rp.pdf');
    writeFileSync(file, response.rawPayload);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const expected of [
      TEST_PARISH_NAME,
      'Receipts and Payments Account, financial year 2026-27: receipts side',
      'From 01/04/2026 to 10/04/2026 (today: the year is still running)',
      'Generated at 10/04/2026 11:00',
      'Opening balances at 01/04/2026',
      'Cash in hand (not yet deposited) ₹1,000.50',
      'Church Tax ₹1,100.25',
      'Church Tax 2026 (2026) ₹1,100.25',
      'Total receipts ₹1,250.25',
      'Total: opening balances and receipts ₹5,001.00',
      'Closing balances at 10/04/2026 (today)',
      'Bank ₹3,450.50',
      'Payments side: kept in the parish’s own books.',
      'Accountant',
      'Treasurer / Trustee',
      'Parish Priest',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('the Excel workbook: the same lines, amounts as numbers in a rupee format', async () => {
    const response = await get(accountant, '/api/accounts/receipts-and-payments?fy=2025-26&format=xlsx');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="receipts_and_payments_2025-26.xlsx"');
    const rows = (await readXlsxFile(response.rawPayload))[0]!.data;
    expect(rows[0]?.[0]).toBe(TEST_PARISH_NAME);
    const amountOf = (label: string, column = 0) => rows.find((row) => row[column] === label)?.[2];
    expect(amountOf('Total receipts')).toBe(3750.75);
    expect(amountOf('Feast Offering')).toBe(2450.25);
    expect(amountOf('Feast Offering (2025)', 1)).toBe(2450.25);
    expect(amountOf('Cheques received, not yet deposited')).toBe(0);
    expect(rows.filter((row) => row[0] === 'Cash in hand (not yet deposited)').map((row) => row[2])).toEqual([
      0, 1000.5,
    ]);
    const numbers = rows.flatMap((row) =>
      row[2] === null || row[2] === undefined || row[2] === 'Amount (₹)' ? [] : [row[2]],
    );
    expect(numbers.length).toBeGreaterThan(10);
    expect(numbers.every((value) => typeof value === 'number')).toBe(true);
    // The rupee format with Indian grouping is in the workbook's styles.
    expect(zipEntry(response.rawPayload, 'xl/styles.xml')).toContain('##\\,##\\,##0.00');
  });

  it('refuses a cashier, a bad or not yet begun year and an unknown format', async () => {
    expectError(await get(cashier, '/api/accounts/receipts-and-payments?fy=2026-27'), 403, ErrorCode.FORBIDDEN);
    for (const fy of ['2026-28', '26-27', 'abc', '']) {
      expectError(
        await get(accountant, `/api/accounts/receipts-and-payments?fy=${fy}`),
        400,
        ErrorCode.VALIDATION_FAILED,
        ACCOUNTS_MSG.financialYear,
      );
    }
    expectError(await get(accountant, '/api/accounts/receipts-and-payments'), 400, ErrorCode.VALIDATION_FAILED);
    expectError(
      await get(accountant, '/api/accounts/receipts-and-payments?fy=2027-28'),
      400,
      ErrorCode.VALIDATION_FAILED,
      ACCOUNTS_MSG.yearNotBegun,
    );
    expectError(
      await get(accountant, '/api/accounts/receipts-and-payments?fy=2026-27&format=doc'),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
  });
});
