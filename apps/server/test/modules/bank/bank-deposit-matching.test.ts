import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  BANK_MSG,
  ErrorCode,
  type BankAccount,
  type ColumnMapping,
  type CollectDuesResult,
  type Reconciliation,
  type StatementImportResult,
} from '@parish/shared';

import { queryRows } from '../../../src/db/client.ts';
import { registerParishHost } from '../../../src/modules/parishes/parish-hosts.ts';
import {
  addParish,
  createMember,
  createTestApp,
  expectError,
  inParish,
  loginAs,
  loginStaff,
  TEST_ADMIN_PASSWORD,
  TEST_ADMIN_USERNAME,
  type Session,
  type TestApp,
} from '../../helpers.ts';
import { insertHead, insertPayment } from '../../factories.ts';

/*
 * Deposit slips found on the bank statement (issue 30 item 4, decision 0152; docs/domain.md,
 * "Bank-statement reconciliation"): a credit of the slip's account matched by the slip number as a
 * whole token, else by amount and date when unambiguous; ambiguity left as suggestions; a second
 * upload changes nothing; nothing matched twice; a slip-number match clears the slip's cheques;
 * manual match and undo of a slip; another parish's slips are never seen.
 */

let t: TestApp;
let admin: Session;
let stamp = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

const send = (session: Session, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { 'x-requested-with': 'fetch', ...session.headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** A made-up statement layout: one header row, ISO dates, the reference in column 2. */
const MAPPING: ColumnMapping = {
  dateColumn: 1,
  dateFormat: 'YYYY-MM-DD',
  referenceColumn: 2,
  narrationColumn: 3,
  debitColumn: 4,
  creditColumn: 5,
  balanceColumn: 6,
  skipRows: 1,
  footerRows: 0,
};

/** Today, parish date (the test clock). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: t.config.parishTimezone }).format(t.clock.now());
/** `date` plus `days`, a calendar date. */
const plus = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function addAccount(session: Session, name: string): Promise<BankAccount> {
  const response = await send(session, 'POST', '/api/bank/accounts', { name, preset: null, mapping: MAPPING });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BankAccount>();
}

/** One collection by a new cashier of a new due of `rupees`; the cashier's session and the receipt id. */
async function collect(cashier: Session, rupees: number, method: 'cash' | 'cheque' | 'upi', extra = {}) {
  const member = await createMember(t.app);
  const due = await insertPayment(t.db, member, await insertHead(t.db, { amountPaise: Math.round(rupees * 100) }));
  const response = await send(cashier, 'POST', '/api/collections', {
    memberId: member.id,
    items: [{ paymentId: due.id, amount: rupees }],
    paymentMethod: method,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CollectDuesResult>().receiptId;
}

/**
 * A deposit slip into `account` of a new cashier's closed day: cash of `cash` rupees and, when
 * `cheque` is given, a cheque of that many rupees. Dated `depositDate` (today by default).
 * @returns the deposit's id and its cheque's receipt id
 */
async function depositSlip(
  session: Session,
  account: string,
  slipNumber: string,
  cash: number,
  cheque?: number,
): Promise<{ depositId: string; chequeReceiptId: string | null }> {
  const cashier = await loginAs(t.app, 'cashier');
  await collect(cashier, cash, 'cash');
  stamp += 1;
  const chequeReceiptId =
    cheque === undefined
      ? null
      : await collect(cashier, cheque, 'cheque', {
          cheque: { bank: 'Federal Bank, Pala', number: `${200000 + stamp}`, date: today() },
        });
  const closed = await send(cashier, 'POST', '/api/day-sheets/close', {});
  expect(closed.statusCode, closed.body).toBe(200);
  const response = await send(session, 'POST', '/api/deposits', {
    bankAccount: account,
    depositDate: today(),
    slipNumber,
    days: [{ cashierId: cashier.account.id, day: today() }],
    chequeReceiptIds: chequeReceiptId ? [chequeReceiptId] : [],
  });
  expect(response.statusCode, response.body).toBe(200);
  return { depositId: response.json<{ _id: string }>()._id, chequeReceiptId };
}

/** A CSV statement of `lines`: [date, reference, narration, credit in rupees]; balances running. */
function statement(lines: [string, string, string, number][]) {
  let balance = 100_000;
  const rows = lines.map(([date, reference, narration, credit]) => {
    balance += credit;
    return `${date},${reference},${narration},,${credit.toFixed(2)},${balance.toFixed(2)}`;
  });
  const csv = ['Date,Reference,Narration,Debit,Credit,Balance', ...rows].join('\n');
  return { fileName: 'made-up-statement.csv', content: Buffer.from(csv).toString('base64') };
}

async function importInto(session: Session, account: BankAccount, body: ReturnType<typeof statement>) {
  const response = await send(session, 'POST', `/api/bank/accounts/${account._id}/statements`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatementImportResult>();
}

const reconciliation = async (session: Session, account: BankAccount) => {
  const response = await send(session, 'GET', `/api/bank/accounts/${account._id}/reconciliation`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Reconciliation>();
};

const chequeStatus = async (receiptId: string) =>
  (await queryRows<{ s: string }>(t.db, sql`select cheque_status as s from receipts where id = ${receiptId}`))[0]?.s;

const counts = async () =>
  (
    await queryRows<{ matches: number; audits: number; cleared: number }>(
      t.db,
      sql`select (select count(*)::int from bank_matches) as matches,
                 (select count(*)::int from audit_events where action like 'bank.%' or action like 'cheque.%') as audits,
                 (select count(*)::int from receipts where cheque_status = 'cleared') as cleared`,
    )
  )[0];

describe('deposit slips found on the statement', () => {
  it('by slip number (a whole token, any case; the account named as the slip names it): its cheque cleared, audited; a second upload changes nothing', async () => {
    const account = await addAccount(admin, 'Federal Current 5501');
    const slip = await depositSlip(admin, ' federal current 5501 ', 'PS-4512', 1000, 2500.5);
    const other = await depositSlip(admin, 'Federal Current 5501', '4512', 900);
    const file = statement([
      [today(), '', 'BY CASH ps-4512 ST THOMAS CHURCH', 3500.5],
      // 4512 only inside a longer number: not its slip number; the amount alone, today, matches it.
      [today(), '0045120', 'CASH DEP 045123', 900],
    ]);
    expect(await importInto(admin, account, file)).toMatchObject({ lines: 2, added: 2, matched: 2 });
    const recon = await reconciliation(admin, account);
    expect(recon.matched.map((m) => [m.deposit?.slipNumber, m.method, m.line.credit]).sort()).toEqual([
      ['4512', 'amount_date', 900],
      ['PS-4512', 'slip', 3500.5],
    ]);
    expect(recon.matched.find((m) => m.method === 'slip')?.deposit).toMatchObject({
      depositId: slip.depositId,
      amount: 3500.5,
      cheques: 1,
      depositDate: today(),
    });
    expect(recon.matched.every((m) => m.receipt === null && m.matchedBy === null)).toBe(true);
    expect(recon.unmatchedDeposits.map((d) => d.depositId)).not.toContain(other.depositId);
    // The slip number's match clears its cheque (who: the uploader), audited with the slip.
    expect(await chequeStatus(slip.chequeReceiptId!)).toBe('cleared');
    const [audit] = await queryRows<{ after: { slipNumber: string; bankLineId: string }; actor_id: string }>(
      t.db,
      sql`select after, actor_id from audit_events where action = 'cheque.cleared' and entity_id = ${slip.chequeReceiptId}`,
    );
    expect(audit).toMatchObject({ after: { slipNumber: 'PS-4512' }, actor_id: admin.user.id });

    const before = await counts();
    expect(await importInto(admin, account, file)).toMatchObject({ lines: 2, added: 0, matched: 0 });
    expect(await counts()).toEqual(before);
  });

  it('a slip number with the wrong amount is not matched; the amount and date match only when unambiguous; ambiguity is offered as suggestions', async () => {
    const account = await addAccount(admin, 'SBI Current 7001');
    const a = await depositSlip(admin, 'SBI Current 7001', 'A-1', 1200);
    const b = await depositSlip(admin, 'SBI Current 7001', 'B-1', 1200);
    const c = await depositSlip(admin, 'SBI Current 7001', 'C-1', 700, 300);
    const late = await depositSlip(admin, 'SBI Current 7001', 'L-1', 650);
    const upiUtr = '561200000001';
    const file = statement([
      // Two slips of ₹1,200 on the day and one line of ₹1,200: ambiguous, left unmatched.
      [today(), '', 'CASH DEPOSIT SELF', 1200],
      // Slip C-1's number, but not its total: no match by number, and no other line is ₹999.
      [today(), 'C-1', 'CASH DEP', 999],
      // ₹650 four days after its slip: too late for amount and date.
      [plus(today(), 4), '', 'CASH DEPOSIT', 650],
      // A UPI credit of C-1's total is not a pay-in slip.
      [plus(today(), 1), upiUtr, `UPI/CR/${upiUtr}/JOHN`, 1000],
    ]);
    expect(await importInto(admin, account, file)).toMatchObject({ lines: 4, added: 4, matched: 0 });
    const recon = await reconciliation(admin, account);
    expect(recon.matched).toEqual([]);
    const line1200 = recon.unmatchedLines.find((l) => l.credit === 1200)!;
    expect(line1200.depositSuggestions.map((d) => d.slipNumber).sort()).toEqual(['A-1', 'B-1']);
    expect(line1200.suggestions).toEqual([]);
    const ours = recon.unmatchedDeposits.map((d) => d.depositId);
    expect(ours).toEqual(expect.arrayContaining([a.depositId, b.depositId, c.depositId, late.depositId]));
    expect(recon.unmatchedDeposits.find((d) => d.depositId === c.depositId)).toMatchObject({
      amount: 1000,
      cheques: 1,
      suggestions: [expect.objectContaining({ credit: 1000, utr: upiUtr })],
    });
    expect(await chequeStatus(c.chequeReceiptId!)).toBe('deposited');

    // A person confirms a suggestion: audited, and nothing is matched twice.
    const before = await counts();
    const confirmed = await send(admin, 'POST', '/api/bank/matches', {
      lineId: line1200.lineId,
      depositId: a.depositId,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await counts())?.matches).toBe((before?.matches ?? 0) + 1);
    const again = await send(admin, 'POST', '/api/bank/matches', { lineId: line1200.lineId, depositId: b.depositId });
    expectError(again, 409, ErrorCode.CONFLICT, BANK_MSG.lineMatched);
    const line650 = recon.unmatchedLines.find((l) => l.credit === 650)!;
    const twice = await send(admin, 'POST', '/api/bank/matches', { lineId: line650.lineId, depositId: a.depositId });
    expectError(twice, 409, ErrorCode.CONFLICT, BANK_MSG.depositMatched);
    const wrongAmount = await send(admin, 'POST', '/api/bank/matches', {
      lineId: line650.lineId,
      depositId: b.depositId,
    });
    expectError(wrongAmount, 409, ErrorCode.CONFLICT, BANK_MSG.depositAmountDiffers);
    const both = await send(admin, 'POST', '/api/bank/matches', {
      lineId: line650.lineId,
      depositId: late.depositId,
      receiptId: late.depositId,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json<{ error: string }>().error).toContain(BANK_MSG.oneOfReceiptDeposit);

    // The late line matched by hand; the cheque slip matched by hand clears its cheque; undo keeps it cleared.
    expect(
      (await send(admin, 'POST', '/api/bank/matches', { lineId: line650.lineId, depositId: late.depositId }))
        .statusCode,
    ).toBe(200);
    const upiLine = recon.unmatchedLines.find((l) => l.credit === 1000)!;
    expect(
      (await send(admin, 'POST', '/api/bank/matches', { lineId: upiLine.lineId, depositId: c.depositId })).statusCode,
    ).toBe(200);
    expect(await chequeStatus(c.chequeReceiptId!)).toBe('cleared');
    const after = await reconciliation(admin, account);
    expect(after.matched.find((m) => m.deposit?.depositId === a.depositId)).toMatchObject({
      method: 'manual',
      matchedBy: admin.user.name,
    });
    const [matchedAudit] = await queryRows<{ after: Record<string, unknown> }>(
      t.db,
      sql`select after from audit_events where action = 'bank.line_matched' and entity_id = ${upiLine.lineId}`,
    );
    expect(matchedAudit?.after).toMatchObject({ depositId: c.depositId, slipNumber: 'C-1', chequesCleared: 1 });

    expect((await send(admin, 'DELETE', `/api/bank/matches/${upiLine.lineId}`)).statusCode).toBe(200);
    expect(await chequeStatus(c.chequeReceiptId!)).toBe('cleared');
    const [undone] = await queryRows<{ before: Record<string, unknown> }>(
      t.db,
      sql`select before from audit_events where action = 'bank.line_unmatched' and entity_id = ${upiLine.lineId}`,
    );
    expect(undone?.before).toMatchObject({ depositId: c.depositId, slipNumber: 'C-1', method: 'manual', amount: 1000 });
    const undoneRecon = await reconciliation(admin, account);
    expect(undoneRecon.unmatchedDeposits.map((d) => d.depositId)).toContain(c.depositId);
  });

  it('a slip of another account is neither matched nor matchable with this account’s lines; an unknown slip is 404', async () => {
    const account = await addAccount(admin, 'CSB Savings 3003');
    const elsewhere = await depositSlip(admin, 'CSB Current 3004', 'X-77', 4100);
    expect(
      await importInto(admin, account, statement([[today(), 'X-77', 'CASH DEPOSIT X-77', 4100]])),
    ).toMatchObject({ added: 1, matched: 0 });
    const recon = await reconciliation(admin, account);
    const line = recon.unmatchedLines.find((l) => l.credit === 4100)!;
    expect(line.depositSuggestions).toEqual([]);
    expect(recon.unmatchedDeposits.map((d) => d.depositId)).not.toContain(elsewhere.depositId);
    expectError(
      await send(admin, 'POST', '/api/bank/matches', { lineId: line.lineId, depositId: elsewhere.depositId }),
      409,
      ErrorCode.CONFLICT,
      BANK_MSG.depositOtherAccount,
    );
    expectError(
      await send(admin, 'POST', '/api/bank/matches', {
        lineId: line.lineId,
        depositId: '00000000-0000-4000-8000-000000000000',
      }),
      404,
      ErrorCode.NOT_FOUND,
      BANK_MSG.noDeposit,
    );
  });
});

describe('parishes', () => {
  it('another parish’s slip of the same account name, number and amount is never matched, suggested or matchable', async () => {
    const HOST_A = 'st-a.deposits.example';
    const HOST_B = 'st-b.deposits.example';
    await registerParishHost(t.db, 1, HOST_A);
    const parishB = await addParish(t, 'St. B', [HOST_B]);
    const slipB = await inParish(parishB, HOST_B, async () => {
      const adminB = await loginStaff(t.app, TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD);
      return depositSlip(adminB, 'Shared Name 9009', 'SHARED-1', 5200);
    });
    await inParish(1, HOST_A, async () => {
      const adminA = await loginAs(t.app, 'admin');
      const account = await addAccount(adminA, 'Shared Name 9009');
      const file = statement([[today(), 'SHARED-1', 'CASH DEPOSIT SHARED-1', 5200]]);
      expect(await importInto(adminA, account, file)).toMatchObject({ added: 1, matched: 0 });
      const recon = await reconciliation(adminA, account);
      expect(JSON.stringify(recon)).not.toContain(slipB.depositId);
      expect(recon.unmatchedLines[0]?.depositSuggestions).toEqual([]);
      expectError(
        await send(adminA, 'POST', '/api/bank/matches', {
          lineId: recon.unmatchedLines[0]!.lineId,
          depositId: slipB.depositId,
        }),
        404,
        ErrorCode.NOT_FOUND,
        BANK_MSG.noDeposit,
      );
    });
  });
});
