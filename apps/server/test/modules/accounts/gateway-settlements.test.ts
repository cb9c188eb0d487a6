import { sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ErrorCode,
  type RazorpayOrder,
  type Reconciliation,
  type ReceiptsPayments,
  type SettlementFetchResult,
  type SettlementList,
  type StatementImportResult,
  type WorldlineOrder,
} from '@parish/shared';

import { SANDBOX_SECRETS } from '../../../src/config/gateways.ts';
import { queryRows } from '../../../src/db/client.ts';
import { razorpayAuthHeader } from '../../../src/modules/gateways/razorpay/razorpay-api.ts';
import { due, postForm, razorpayBank, worldlineBank } from '../../gateway-fixtures.ts';
import {
  createTestApp,
  expectError,
  loginAs,
  loginStaff,
  type Session,
  type TestApp,
  type TestMember,
} from '../../helpers.ts';

/*
 * Gateway settlements (issue 30 item 5, decision 0151; docs/domain.md, "Gateway settlements"): the
 * Razorpay sandbox settles its captured payments T+2 with a 2% fee and 18% GST in Razorpay's
 * documented shapes; a fetch records them once; each online payment shows gross, fee, GST, net,
 * UTR and date; a payment not settled after 3 working days is flagged (holidays count); the fee
 * journal vouchers balance in the Tally XML and the journal CSV; a bank credit is matched by the
 * settlement's UTR; a Worldline report (a made-up layout: Worldline publishes none) is imported
 * once; the cashier is refused.
 */

const SANDBOX_API = '/api/sandbox/razorpay';
const HOUR = 3_600_000;

let t: TestApp;
let admin: Session;
let cashier: Session;
let accountant: Session;
let member: Session & { account: TestMember };
let accountantName = '';

/** Signs everyone in again (the clock moves by days here, past the sessions' lifetime). */
async function signIn() {
  admin = await loginAs(t.app, 'admin');
  cashier = await loginAs(t.app, 'cashier');
  member = await loginAs(t.app, 'customer');
  if (accountantName) accountant = await loginStaff(t.app, accountantName, 'Accountant-Pass-1');
}

/** Moves the clock forward and signs everyone in again. */
async function advance(ms: number) {
  t.clock.advance(ms);
  await signIn();
}

beforeAll(async () => {
  // Sunday 22 November 2026, 11:00 IST (the test clock's start).
  t = await createTestApp({ env: { GATEWAY_RECHECK_SECONDS: '0' } });
  t.app.config.razorpay.apiUrl = SANDBOX_API;
  await signIn();
  const created = await send(admin, 'POST', '/api/admin/users', {
    username: `accountant${Date.now()}`,
    password: 'Accountant-Pass-1',
    name: 'Parish Accountant',
    role: 'accountant',
  });
  expect(created.statusCode, created.body).toBe(201);
  accountantName = created.json<{ username: string }>().username;
  accountant = await loginStaff(t.app, accountantName, 'Accountant-Pass-1');
});
afterAll(async () => {
  await t.close();
});

function send(session: Session | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { 'x-requested-with': 'fetch', ...(session ? session.headers : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The member pays one due of `amountPaise` through the Razorpay sandbox; answers our txn id. */
async function payRazorpay(amountPaise: number): Promise<string> {
  const paymentId = await due(t.app, member.account.id, 'miscellaneous', amountPaise);
  const created = await send(member, 'POST', '/api/razorpay/create-order', { paymentIds: [paymentId] });
  expect(created.statusCode, created.body).toBe(200);
  const order = created.json<RazorpayOrder>();
  const fields = await razorpayBank(t.app, order, 'success');
  const verified = await send(member, 'POST', '/api/razorpay/verify-payment', {
    razorpay_order_id: fields['razorpay_order_id'],
    razorpay_payment_id: fields['razorpay_payment_id'],
    razorpay_signature: fields['razorpay_signature'],
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return order.txnId;
}

const sandboxAuth = {
  authorization: razorpayAuthHeader(SANDBOX_SECRETS.razorpayKeyId, SANDBOX_SECRETS.razorpayKeySecret),
};
const sandboxGet = (path: string, auth = true) =>
  t.app.inject({ method: 'GET', url: `${SANDBOX_API}${path}`, headers: auth ? sandboxAuth : {} });

const list = async (session: Session, from: string, to: string) => {
  const response = await send(session, 'GET', `/api/accounts/settlements?from=${from}&to=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SettlementList>();
};

const fetchNow = async (session: Session = admin) => {
  const response = await send(session, 'POST', '/api/accounts/settlements/fetch');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SettlementFetchResult>();
};

const counts = async () => {
  const [row] = await queryRows<{ settlements: number; items: number; audits: number }>(
    t.db,
    sql`select (select count(*)::int from gateway_settlements) as settlements,
               (select count(*)::int from gateway_settlement_items) as items,
               (select count(*)::int from audit_events where action = 'gateway.settlements_recorded') as audits`,
  );
  return row;
};

/** The Receipts and Payments account of 2026-27 (decision 0153), closing on the test clock's day. */
const receiptsAndPayments = async () => {
  const response = await send(accountant, 'GET', '/api/accounts/receipts-and-payments?fy=2026-27');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReceiptsPayments>();
};

let first: string;
let second: string;
let firstUtr: string;

describe('Razorpay settlements', () => {
  it('the sandbox settles captured payments T+2 with a 2% fee and 18% GST, in Razorpay’s shapes', async () => {
    first = await payRazorpay(100_000);
    second = await payRazorpay(50_050);
    expect((await sandboxGet('/v1/settlements', false)).statusCode).toBe(401);
    expect((await sandboxGet('/v1/settlements')).json()).toEqual({ entity: 'collection', count: 0, items: [] });

    await advance(48 * HOUR + HOUR); // Tuesday 24 November, 12:00 IST: past the payout at 11:00.
    const settlements = (await sandboxGet('/v1/settlements')).json<{
      count: number;
      items: Record<string, unknown>[];
    }>();
    expect(settlements.count).toBe(1);
    // Fees: 2% (2000 + 1001) plus 18% GST (360 + 180), Razorpay's `fees` including the GST.
    expect(settlements.items[0]).toMatchObject({
      entity: 'settlement',
      status: 'processed',
      amount: 150_050 - 3_541,
      fees: 3_541,
      tax: 540,
    });
    firstUtr = String(settlements.items[0]?.['utr']);
    expect(firstUtr).toMatch(/^[0-9a-z]{16}$/);

    const recon = (await sandboxGet('/v1/settlements/recon/combined?year=2026&month=11&day=24')).json<{
      items: Record<string, unknown>[];
    }>();
    expect(recon.items).toHaveLength(2);
    expect(
      recon.items.map((item) => [item['type'], item['amount'], item['fee'], item['tax'], item['credit']]).sort(),
    ).toEqual([
      ['payment', 100_000, 2_360, 360, 97_640],
      ['payment', 50_050, 1_181, 180, 48_869],
    ]);
    expect(recon.items[0]).toMatchObject({ settled: true, settlement_utr: firstUtr, debit: 0, currency: 'INR' });
    expect((await sandboxGet('/v1/settlements/recon/combined?year=2026')).statusCode).toBe(400);
  });

  it('a fetch records the settlement and its payments once; a second fetch changes nothing', async () => {
    expect(await fetchNow()).toEqual({ settlements: 1, items: 2, matched: 0 });
    const before = await counts();
    expect(before).toEqual({ settlements: 1, items: 2, audits: 1 });
    expect(await fetchNow(accountant)).toEqual({ settlements: 0, items: 0, matched: 0 });
    expect(await counts()).toEqual(before);

    const answer = await list(accountant, '2026-11-22', '2026-11-24');
    const byTxn = new Map(answer.payments.map((p) => [p.transactionId, p]));
    expect(byTxn.get(first)).toMatchObject({
      gateway: 'razorpay',
      paidOn: '2026-11-22',
      gross: 1000,
      fee: 20,
      tax: 3.6,
      net: 976.4,
      settlementUtr: firstUtr,
      settledOn: '2026-11-24',
      unsettled: false,
    });
    expect(byTxn.get(second)).toMatchObject({ gross: 500.5, fee: 10.01, tax: 1.8, net: 488.69 });
    expect(answer.totals).toEqual({ gross: 1500.5, fee: 30.01, tax: 5.4, net: 1465.09, unsettled: 0 });
  });

  it('the Receipts and Payments account moves no settled test money to the bank', async () => {
    // The sandbox's checkouts are test money: the statement leaves them out, settled or not, so
    // their settlement moves nothing and nothing with the gateway goes below zero.
    const year = await receiptsAndPayments();
    expect(year.totalIncome).toBe(0);
    expect(year.closing).toEqual({ cashInHand: 0, chequesInHand: 0, bank: 0, withGateway: 0, total: 0 });
  });

  it('a payment not settled after 3 working days is flagged; the holiday list moves the day', async () => {
    const late = await payRazorpay(20_000); // Tuesday 24 November.
    const row = () =>
      list(admin, '2026-11-24', '2026-11-24').then((a) => a.payments.find((p) => p.transactionId === late));
    // Wed 25, Thu 26, Fri 27: due by Friday 27.
    expect(await row()).toMatchObject({ dueBy: '2026-11-27', unsettled: false, settlementUtr: null, fee: null });
    await advance(4 * 24 * HOUR); // Saturday 28 November (the 4th Saturday).
    expect(await row()).toMatchObject({ dueBy: '2026-11-27', unsettled: true });

    const holidays = { holidays: [{ day: '2026-11-27', name: 'Parish feast' }] };
    expectError(await send(cashier, 'PUT', '/api/settings/holidays', holidays), 403, ErrorCode.FORBIDDEN);
    expectError(await send(accountant, 'PUT', '/api/settings/holidays', holidays), 403, ErrorCode.FORBIDDEN);
    const bad = await send(admin, 'PUT', '/api/settings/holidays', {
      holidays: [...holidays.holidays, ...holidays.holidays],
    });
    expectError(bad, 400, ErrorCode.VALIDATION_FAILED);
    expect((await send(admin, 'PUT', '/api/settings/holidays', holidays)).statusCode).toBe(200);
    expect((await send(admin, 'PUT', '/api/settings/holidays', holidays)).statusCode).toBe(200);
    const [audits] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_events where action = 'settings.holidays_changed'`,
    );
    expect(audits?.n).toBe(1);
    expect((await send(accountant, 'GET', '/api/settings/holidays')).json()).toEqual(holidays);
    // Friday 27 is a holiday, Saturday 28 the 4th Saturday, Sunday 29: due by Monday 30.
    expect(await row()).toMatchObject({ dueBy: '2026-11-30', unsettled: false });
    expect((await send(admin, 'PUT', '/api/settings/holidays', { holidays: [] })).statusCode).toBe(200);
    expect(await row()).toMatchObject({ unsettled: true });
    expect((await list(admin, '2026-11-24', '2026-11-24')).totals.unsettled).toBe(1);
  });

  it('a bank credit is matched by the settlement’s UTR and amount, whether the statement or the fetch comes first', async () => {
    // The late payment settles on Thursday 26; its UTR is read from the sandbox before our fetch.
    const settlements = (await sandboxGet('/v1/settlements')).json<{
      items: { id: string; utr: string; amount: number }[];
    }>();
    const later = settlements.items.find((s) => s.amount === 20_000 - 472);
    expect(later).toBeDefined();
    const account = await send(admin, 'POST', '/api/bank/accounts', {
      name: 'Current account',
      preset: null,
      mapping: {
        dateColumn: 1,
        dateFormat: 'DD/MM/YYYY',
        narrationColumn: 2,
        referenceColumn: 3,
        debitColumn: 4,
        creditColumn: 5,
        balanceColumn: 6,
        skipRows: 1,
        footerRows: 0,
      },
    });
    expect(account.statusCode, account.body).toBe(200);
    const accountId = account.json<{ _id: string }>()._id;
    const statement = [
      'Date,Narration,Reference,Debit,Credit,Balance',
      `24/11/2026,NEFT-${firstUtr.toUpperCase()}-RAZORPAY SOFTWARE PVT LTD,,,"1,465.09","1,01,465.09"`,
      '24/11/2026,NEFT-OTHERUTR12345678-SOMEONE ELSE,,,"1,465.09","1,02,930.18"',
      `26/11/2026,RAZORPAY SETTLEMENT,${later?.utr ?? ''},,195.28,"1,03,125.46"`,
    ].join('\n');
    const upload = () =>
      send(admin, 'POST', `/api/bank/accounts/${accountId}/statements`, {
        fileName: 'current-november.csv',
        content: Buffer.from(statement).toString('base64'),
      });
    const uploaded = await upload();
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json<StatementImportResult>()).toMatchObject({ lines: 3, added: 3, matched: 1 });
    expect((await upload()).json<StatementImportResult>()).toMatchObject({ added: 0, matched: 0 });

    expect(await fetchNow()).toEqual({ settlements: 1, items: 1, matched: 1 });
    const matches = await queryRows<{ narration: string; settlement_id: string }>(
      t.db,
      sql`select l.narration, s.settlement_id from bank_matches m
            join bank_statement_lines l on l.id = m.line_id
            join gateway_settlements s on s.id = m.settlement_id
           where m.kind = 'gateway_settlement' order by l.line_date`,
    );
    expect(matches.map((m) => m.narration)).toEqual([
      `NEFT-${firstUtr.toUpperCase()}-RAZORPAY SOFTWARE PVT LTD`,
      'RAZORPAY SETTLEMENT',
    ]);
    expect((await upload()).json<StatementImportResult>()).toMatchObject({ added: 0, matched: 0 });

    // The reconciliation shows each pair with its settlement (gateway, UTR, day, net); the UTR's
    // match is not undone by hand, and the unrelated credit stays unmatched.
    const recon = await send(admin, 'GET', `/api/bank/accounts/${accountId}/reconciliation`);
    expect(recon.statusCode, recon.body).toBe(200);
    const { matched, unmatchedLines } = recon.json<Reconciliation>();
    expect(matched.map((pair) => [pair.settlement?.gateway, pair.settlement?.utr, pair.settlement?.settledOn])).toEqual(
      [
        ['razorpay', later?.utr, '2026-11-26'],
        ['razorpay', firstUtr, '2026-11-24'],
      ],
    );
    expect(matched.map((pair) => [pair.receipt, pair.deposit, pair.settlement?.net])).toEqual([
      [null, null, 195.28],
      [null, null, 1465.09],
    ]);
    expect(unmatchedLines.map((line) => line.narration)).toEqual(['NEFT-OTHERUTR12345678-SOMEONE ELSE']);
    const undo = await send(admin, 'DELETE', `/api/bank/matches/${matched[0]?.line.lineId ?? ''}`);
    expect(undo.statusCode, undo.body).toBe(409);
    expect(undo.json<{ error: string }>().error).toBe(
      'A line matched with a gateway settlement by its UTR cannot be undone',
    );
  });

  it('the fee journal vouchers balance in the Tally XML and are rows of the journal CSV', async () => {
    // The sandbox stands in for a live Razorpay here: its checkouts are marked as real money, which
    // the books take (test money never is, decision 0114).
    await t.db.execute(sql`update transactions set is_test = false where payment_gateway = 'razorpay'`);
    await t.db.execute(sql`update payments set is_test = false`);
    const xml = await send(accountant, 'GET', '/api/accounts/tally.xml?from=2026-11-22&to=2026-11-30');
    expect(xml.statusCode, xml.body).toBe(200);
    const doc = new XMLParser({
      ignoreAttributes: false,
      parseTagValue: false,
      isArray: (name) => name === 'TALLYMESSAGE' || name === 'ALLLEDGERENTRIES.LIST',
    }).parse(xml.body) as {
      ENVELOPE: { BODY: { IMPORTDATA: { REQUESTDATA: { TALLYMESSAGE: Record<string, Record<string, unknown>>[] } } } };
    };
    const messages = doc.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE;
    const journals = messages
      .map((m) => m['VOUCHER'])
      .filter((v) => v?.['@_VCHTYPE'] === 'Journal')
      .map((v) => ({
        date: String(v?.['DATE']),
        number: String(v?.['VOUCHERNUMBER']),
        entries: (v?.['ALLLEDGERENTRIES.LIST'] as Record<string, string>[]).map((e) => [
          e['LEDGERNAME'],
          Number(e['AMOUNT']),
        ]),
      }));
    expect(journals).toHaveLength(2);
    expect(journals[0]).toMatchObject({ date: '20261124' });
    expect(journals[0]?.entries).toEqual([
      ['Payment Gateway Charges', -30.01],
      ['GST on Gateway Charges', -5.4],
      ['Bank Account', -1465.09],
      ['Razorpay Clearing', 1500.5],
    ]);
    for (const journal of journals) {
      expect(journal.entries.reduce((sum, [, amount]) => sum + Math.round(Number(amount) * 100), 0)).toBe(0);
    }
    // Every ledger a voucher names has its master, under its group.
    const masters = new Map(
      messages
        .map((m) => m['LEDGER'])
        .filter(Boolean)
        .map((l) => [String(l?.['@_NAME']), String(l?.['PARENT'])]),
    );
    expect(masters.get('Razorpay Clearing')).toBe('Current Assets');
    expect(masters.get('Bank Account')).toBe('Bank Accounts');
    // The clearing ledger empties: the receipts debited it what the settlements credit it.
    const clearing = messages
      .map((m) => m['VOUCHER'])
      .flatMap((v) => (v ? (v['ALLLEDGERENTRIES.LIST'] as Record<string, string>[]) : []))
      .filter((e) => e['LEDGERNAME'] === 'Razorpay Clearing')
      .reduce((sum, e) => sum + Math.round(Number(e['AMOUNT']) * 100), 0);
    expect(clearing).toBe(0);

    const csv = await send(admin, 'GET', '/api/accounts/journal.csv?from=2026-11-24&to=2026-11-24');
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.split('\r\n').filter((line) => line.includes(',Journal,'));
    expect(rows.map((line) => line.split(',').slice(3, 6))).toEqual([
      ['Payment Gateway Charges', '30.01', ''],
      ['GST on Gateway Charges', '5.40', ''],
      ['Bank Account', '1465.09', ''],
      ['Razorpay Clearing', '', '1500.50'],
    ]);
  });

  it('the Receipts and Payments account counts the settled gross in the bank, not with the gateway', async () => {
    // Real money since the fee journal test: ₹1,000 and ₹500.50 settled on 24/11, ₹200 on 26/11; today is 28/11.
    const year = await receiptsAndPayments();
    expect(year.closingOn).toBe('2026-11-28');
    expect(year.totalIncome).toBe(1700.5);
    expect(year.closing).toEqual({ cashInHand: 0, chequesInHand: 0, bank: 1700.5, withGateway: 0, total: 1700.5 });
    expect(Math.round((year.opening.total + year.totalIncome) * 100)).toBe(Math.round(year.closing.total * 100));
    // Tally agrees: its gateway clearing ledger is empty (the fee journal test), as "with the gateway" is.
    const report = await send(accountant, 'POST', '/api/admin/reports', {
      type: 'daily',
      from: '2026-04-01',
      to: '2026-11-28',
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json<{ totals: { amount: number } }>().totals.amount).toBe(year.totalIncome);
  });
});

describe('Worldline settlement report', () => {
  it('imports the report by its column mapping once; a bad row records nothing', async () => {
    const paymentId = await due(t.app, member.account.id, 'miscellaneous', 70_000);
    const created = await send(member, 'POST', '/api/worldline/create-customer-order', { paymentIds: [paymentId] });
    expect(created.statusCode, created.body).toBe(200);
    const order = created.json<WorldlineOrder>();
    const msg = await worldlineBank(t.app, order, 'success');
    expect((await postForm(t.app, '/api/worldline/callback', { msg })).statusCode).toBe(303);

    // A made-up layout (Worldline publishes none): Sr, merchant txn id, Worldline id, gross, fee, GST, net, date, UTR.
    const report = (net: string) =>
      Buffer.from(
        [
          'Sr No,Merchant Txn Id,Worldline Txn Id,Gross Amount,Fee,GST,Net Amount,Settlement Date,UTR',
          `1,${order.txnId},1234567,700.00,8.40,1.51,${net},30-11-2026,AXISN26112900001`,
        ].join('\n'),
      ).toString('base64');
    const before = await counts();
    const bad = await send(admin, 'POST', '/api/accounts/settlements/worldline', {
      fileName: 'w.csv',
      content: report('700.00'),
    });
    expectError(bad, 400, ErrorCode.VALIDATION_FAILED, 'Row 2: gross less fee and GST is not the net amount');
    expect(await counts()).toEqual(before);
    const forbidden = await send(cashier, 'POST', '/api/accounts/settlements/worldline', {
      fileName: 'w.csv',
      content: report('690.09'),
    });
    expectError(forbidden, 403, ErrorCode.FORBIDDEN);

    const good = { fileName: 'worldline-november.csv', content: report('690.09') };
    const imported = await send(accountant, 'POST', '/api/accounts/settlements/worldline', good);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ settlements: 1, items: 1, matched: 0 });
    const again = await send(accountant, 'POST', '/api/accounts/settlements/worldline', good);
    expect(again.json()).toEqual({ settlements: 0, items: 0, matched: 0 });

    const answer = await list(admin, '2026-11-28', '2026-11-28');
    expect(answer.payments.find((p) => p.transactionId === order.txnId)).toMatchObject({
      gateway: 'worldline',
      gross: 700,
      fee: 8.4,
      tax: 1.51,
      net: 690.09,
      settlementUtr: 'AXISN26112900001',
      settledOn: '2026-11-30',
      unsettled: false,
    });
  });
});

describe('who may', () => {
  it('the cashier and the member are refused the settlements (403), the anonymous caller 401', async () => {
    for (const session of [cashier, member]) {
      expectError(
        await send(session, 'GET', '/api/accounts/settlements?from=2026-11-01&to=2026-11-30'),
        403,
        ErrorCode.FORBIDDEN,
      );
      expectError(await send(session, 'POST', '/api/accounts/settlements/fetch'), 403, ErrorCode.FORBIDDEN);
      expectError(await send(session, 'GET', '/api/settings/holidays'), 403, ErrorCode.FORBIDDEN);
    }
    expect((await send(null, 'POST', '/api/accounts/settlements/fetch')).statusCode).toBe(401);
    const backwards = await send(admin, 'GET', '/api/accounts/settlements?from=2026-11-30&to=2026-11-01');
    expectError(backwards, 400, ErrorCode.VALIDATION_FAILED);
  });
});
