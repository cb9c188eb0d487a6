import { eq, sql } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ACCOUNTS_MSG,
  ErrorCode,
  paise,
  type CollectDuesResult,
  type DaySheet,
  type LedgerMapping,
} from '@parish/shared';

import { queryRows } from '../../../src/db/client.ts';
import { payments } from '../../../src/db/schema/index.ts';
import { tallyXmlChunks, xmlText } from '../../../src/modules/accounts/tally-xml.ts';
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
 * The parish's books (issue 30 items 1, 2 and 6; decisions 0145, 0146; docs/domain.md, "Accounts
 * export"): the ledger mapping, the Tally Prime XML and the journal CSV, read by the accountant.
 */

let t: TestApp;
let admin: Session;
let cashier: Session;
let accountant: Session;
let cashierAccount: { username: string; password: string };
const DAY = '2026-11-22';
const NEXT_DAY = '2026-11-23';
const TRICKY = 'Building & <Hall> ഫണ്ട്';

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  const cashierSession = await loginAs(t.app, 'cashier');
  cashier = cashierSession;
  cashierAccount = cashierSession.account as { username: string; password: string };
  const password = 'Accountant-Password-1';
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/users',
    headers: admin.headers,
    payload: { username: 'books.accountant', name: 'Books Accountant', role: 'accountant', password },
  });
  expect(created.statusCode, created.body).toBe(201);
  accountant = await loginStaff(t.app, 'books.accountant', password);
});
afterAll(async () => {
  await t.close();
});

function get(session: Session, url: string) {
  return t.app.inject({ method: 'GET', url, headers: session.headers });
}

async function collect(
  memberName: string,
  heads: { name: string; paise: number }[],
  method: 'cash' | 'upi' | 'cheque',
) {
  const member = await createMember(t.app, { name: memberName });
  const items = [];
  for (const head of heads) {
    const payment = await insertPayment(
      t.db,
      member,
      await insertHead(t.db, { name: head.name, amountPaise: head.paise }),
    );
    items.push({ paymentId: payment.id, amount: head.paise / 100 });
  }
  const extra =
    method === 'upi'
      ? { utr: `5${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}` }
      : method === 'cheque'
        ? { cheque: { bank: 'Federal Bank', number: String(100000 + Math.floor(Math.random() * 899999)), date: DAY } }
        : {};
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/collections',
    headers: cashier.headers,
    payload: { memberId: member.id, items, paymentMethod: method, ...extra },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { member, receipt: response.json<CollectDuesResult>() };
}

interface ParsedVoucher {
  type: string;
  date: string;
  number: string;
  narration: string;
  entries: { ledger: string; deemedPositive: string; amount: string }[];
}

/** An element as fast-xml-parser gives it: attributes as `@_NAME`, children by tag. */
type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'TALLYMESSAGE' || name === 'ALLLEDGERENTRIES.LIST',
});

/** The Tally XML parsed back (fast-xml-parser, after its well-formedness check): masters and vouchers. */
function parseTally(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  // Masters come first: no ledger master after the first voucher.
  expect(xml.lastIndexOf('<LEDGER ')).toBeLessThan(
    xml.indexOf('<VOUCHER ') === -1 ? Infinity : xml.indexOf('<VOUCHER '),
  );
  const doc = parser.parse(xml) as { ENVELOPE: XmlNode };
  const envelope = doc.ENVELOPE as { HEADER: { TALLYREQUEST: string }; BODY: { IMPORTDATA: XmlNode } };
  expect(envelope.HEADER.TALLYREQUEST).toBe('Import Data');
  const data = envelope.BODY.IMPORTDATA.REQUESTDATA as { TALLYMESSAGE?: XmlNode[] };
  const messages = data.TALLYMESSAGE ?? [];
  const masters = messages
    .map((message) => message.LEDGER as XmlNode | undefined)
    .filter((node): node is XmlNode => node !== undefined)
    .map((node) => ({ name: String(node['@_NAME']), inner: String(node.NAME), parent: String(node.PARENT) }));
  const vouchers: ParsedVoucher[] = messages
    .map((message) => message.VOUCHER as XmlNode | undefined)
    .filter((node): node is XmlNode => node !== undefined)
    .map((node) => ({
      type: String(node['@_VCHTYPE']),
      date: String(node.DATE),
      number: String(node.VOUCHERNUMBER),
      narration: String(node.NARRATION),
      entries: (node['ALLLEDGERENTRIES.LIST'] as XmlNode[]).map((entry) => ({
        ledger: String(entry.LEDGERNAME),
        deemedPositive: String(entry.ISDEEMEDPOSITIVE),
        amount: String(entry.AMOUNT),
      })),
    }));
  return { masters, vouchers };
}

/** Paise of a Tally amount text (`-1500.50` → -150050), exact. */
const paiseOf = (amount: string) => {
  expect(amount).toMatch(/^-?\d+\.\d{2}$/);
  const [whole, fraction] = amount.replace('-', '').split('.');
  return (amount.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(fraction));
};

/** Every voucher balances and keeps Tally's sign rule; every ledger it names has a master. */
function expectBalanced(vouchers: ParsedVoucher[], masters: { name: string }[]) {
  const names = new Set(masters.map((master) => master.name));
  for (const voucher of vouchers) {
    expect(voucher.entries.length, voucher.number).toBeGreaterThanOrEqual(2);
    expect(
      voucher.entries.reduce((sum, entry) => sum + paiseOf(entry.amount), 0),
      voucher.number,
    ).toBe(0);
    for (const entry of voucher.entries) {
      expect(entry.deemedPositive).toBe(paiseOf(entry.amount) < 0 ? 'Yes' : 'No');
      expect(names.has(entry.ledger), entry.ledger).toBe(true);
    }
  }
}

/** The asset debits of Receipt vouchers (positive) and credits of Payment vouchers, per ledger, in paise. */
function assetTotals(vouchers: ParsedVoucher[], ledgers: string[]) {
  const totals = { received: new Map<string, number>(), voided: new Map<string, number>() };
  for (const voucher of vouchers) {
    for (const entry of voucher.entries.filter((e) => ledgers.includes(e.ledger))) {
      const into = voucher.type === 'Receipt' ? totals.received : totals.voided;
      into.set(entry.ledger, (into.get(entry.ledger) ?? 0) + Math.abs(paiseOf(entry.amount)));
    }
  }
  return totals;
}

const rupeesToPaise = (rupees: number) => Math.round(rupees * 100);

describe('the accounts export (Tally XML and journal CSV)', () => {
  let voided: CollectDuesResult;
  let cashReceipt: CollectDuesResult;
  let testReceipt: CollectDuesResult;

  beforeAll(async () => {
    cashReceipt = (
      await collect(
        'Thomas & <Mathew> ജോസഫ്',
        [
          { name: TRICKY, paise: 250_050 },
          { name: 'Church Tax', paise: 150_000 },
        ],
        'cash',
      )
    ).receipt;
    await collect('Mary Kurian', [{ name: 'Church Tax', paise: 120_000 }], 'upi');
    await collect('Joseph Varghese', [{ name: 'Church Tax', paise: 99_999 }], 'cheque');
    voided = (await collect('Anna Paul', [{ name: 'Feast Offering', paise: 30_025 }], 'cash')).receipt;
    // Test money (decision 0114) never reaches the books.
    testReceipt = (await collect('Sandbox Member', [{ name: 'Test Head', paise: 77_700 }], 'cash')).receipt;
    await t.db.update(payments).set({ isTest: true }).where(eq(payments.receiptId, testReceipt.receiptId));
    // The next day, Anna Paul's receipt is voided: its reversal is that day's, the original stays on its day.
    t.clock.advance(24 * 60 * 60 * 1000);
    // A day later the sessions have expired: everyone signs in again.
    admin = await loginAs(t.app, 'admin');
    cashier = await loginStaff(t.app, cashierAccount.username, cashierAccount.password);
    accountant = await loginStaff(t.app, 'books.accountant', 'Accountant-Password-1');
    const reversed = await t.app.inject({
      method: 'POST',
      url: `/api/receipts/${voided.receiptId}/reverse`,
      headers: admin.headers,
      payload: { reason: 'wrong_member' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
  });

  it('per receipt: masters first, one balanced Receipt voucher per receipt, the voided one reversed on its own day', async () => {
    const response = await get(accountant, `/api/accounts/tally.xml?from=${DAY}&to=${NEXT_DAY}&mode=receipt`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="tally_receipt_${DAY}_${NEXT_DAY}.xml"`);
    const { masters, vouchers } = parseTally(response.body);
    expectBalanced(vouchers, masters);
    expect(masters).toEqual(
      expect.arrayContaining([
        { name: 'Cash', inner: 'Cash', parent: 'Cash-in-Hand' },
        { name: 'Bank Account', inner: 'Bank Account', parent: 'Bank Accounts' },
        { name: TRICKY, inner: TRICKY, parent: 'Indirect Incomes' },
        { name: 'Church Tax', inner: 'Church Tax', parent: 'Indirect Incomes' },
        { name: 'Payment Gateway Charges', inner: 'Payment Gateway Charges', parent: 'Indirect Expenses' },
        { name: 'GST on Gateway Charges', inner: 'GST on Gateway Charges', parent: 'Duties & Taxes' },
      ]),
    );
    const receipts = vouchers.filter((voucher) => voucher.type === 'Receipt');
    expect(receipts).toHaveLength(4);
    expect(vouchers.some((voucher) => voucher.number === testReceipt.receiptNumber)).toBe(false);
    expect(masters.some((master) => master.name === 'Test Head')).toBe(false);
    const cash = receipts.find((voucher) => voucher.number === cashReceipt.receiptNumber)!;
    expect(cash.date).toBe('20261122');
    expect(cash.narration).toContain('Thomas & <Mathew> ജോസഫ്');
    expect(cash.narration).toContain(`${TRICKY} 2026`);
    // The debit of the asset first, then the income ledgers in the receipt's line order (which the
    // collection sets, not the test): compared as a set.
    expect(cash.entries[0]).toEqual({ ledger: 'Cash', deemedPositive: 'Yes', amount: '-4000.50' });
    expect(cash.entries.slice(1)).toHaveLength(2);
    expect(cash.entries.slice(1)).toEqual(
      expect.arrayContaining([
        { ledger: TRICKY, deemedPositive: 'No', amount: '2500.50' },
        { ledger: 'Church Tax', deemedPositive: 'No', amount: '1500.00' },
      ]),
    );
    const original = receipts.find((voucher) => voucher.number === voided.receiptNumber)!;
    expect(original.date).toBe('20261122');
    const reversal = vouchers.find((voucher) => voucher.number === `${voided.receiptNumber}/VOID`)!;
    expect(reversal).toMatchObject({ type: 'Payment', date: '20261123' });
    expect(reversal.entries).toEqual([
      { ledger: 'Cash', deemedPositive: 'No', amount: '300.25' },
      { ledger: 'Feast Offering', deemedPositive: 'Yes', amount: '-300.25' },
    ]);
    // The second day alone holds the reversal only; the first day alone has no reversal.
    const second = parseTally((await get(admin, `/api/accounts/tally.xml?from=${NEXT_DAY}&to=${NEXT_DAY}`)).body);
    expect(second.vouchers.map((voucher) => voucher.number)).toEqual([`${voided.receiptNumber}/VOID`]);
    const first = parseTally((await get(admin, `/api/accounts/tally.xml?from=${DAY}&to=${DAY}`)).body);
    expect(first.vouchers.every((voucher) => voucher.type === 'Receipt')).toBe(true);
  });

  it('totals equal the day sheets to the paisa (collected on the day, reversed on the day of the void)', async () => {
    const { vouchers } = parseTally((await get(accountant, `/api/accounts/tally.xml?from=${DAY}&to=${NEXT_DAY}`)).body);
    const totals = assetTotals(vouchers, ['Cash', 'Bank Account']);
    const sheet = (day: string) =>
      get(admin, `/api/day-sheets?cashierId=${cashier.user.id}&day=${day}`).then((r) => r.json<DaySheet>());
    const [first, second] = [await sheet(DAY), await sheet(NEXT_DAY)];
    // The day sheet counts the test receipt (the office took the money); the books leave it out.
    expect(totals.received.get('Cash')).toBe(rupeesToPaise(first.collected.cash) - 77_700);
    expect(totals.received.get('Bank Account')).toBe(rupeesToPaise(first.collected.upi + first.collected.cheque));
    expect(totals.voided.get('Cash')).toBe(rupeesToPaise(second.reversed.cash));
  });

  it('per day and way of paying: one voucher per day and method, the same totals', async () => {
    const response = await get(accountant, `/api/accounts/tally.xml?from=${DAY}&to=${NEXT_DAY}&mode=day`);
    expect(response.statusCode).toBe(200);
    const { masters, vouchers } = parseTally(response.body);
    expectBalanced(vouchers, masters);
    expect(vouchers.map((voucher) => [voucher.type, voucher.date, voucher.number])).toEqual([
      ['Receipt', '20261122', 'DAY/20261122/upi'],
      ['Receipt', '20261122', 'DAY/20261122/cheque'],
      ['Receipt', '20261122', 'DAY/20261122/cash'],
      ['Payment', '20261123', 'DAY/20261123/cash/VOID'],
    ]);
    const perReceipt = parseTally((await get(accountant, `/api/accounts/tally.xml?from=${DAY}&to=${NEXT_DAY}`)).body);
    const ledgers = ['Cash', 'Bank Account'];
    expect(assetTotals(vouchers, ledgers)).toEqual(assetTotals(perReceipt.vouchers, ledgers));
    const cashDay = vouchers.find((voucher) => voucher.number === 'DAY/20261122/cash')!;
    expect(cashDay.entries.find((entry) => entry.ledger === 'Church Tax')?.amount).toBe('1500.00');
  });

  it('the journal CSV carries the same entries: one row per entry, debits equal credits', async () => {
    const response = await get(accountant, `/api/accounts/journal.csv?from=${DAY}&to=${NEXT_DAY}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="journal_${DAY}_${NEXT_DAY}.csv"`);
    const rows = Papa.parse<string[]>(response.body.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['Date', 'Voucher Number', 'Voucher Type', 'Ledger', 'Debit', 'Credit', 'Narration']);
    const body = rows.slice(1);
    const { vouchers } = parseTally((await get(accountant, `/api/accounts/tally.xml?from=${DAY}&to=${NEXT_DAY}`)).body);
    expect(body).toHaveLength(vouchers.reduce((sum, voucher) => sum + voucher.entries.length, 0));
    const sum = (column: number) => body.reduce((total, row) => total + (row[column] ? paiseOf(row[column]!) : 0), 0);
    expect(sum(4)).toBe(sum(5));
    expect(body).toContainEqual([
      DAY,
      cashReceipt.receiptNumber,
      'Receipt',
      TRICKY,
      '',
      '2500.50',
      expect.stringContaining('Thomas & <Mathew> ജോസഫ്'),
    ]);
    expect(body).toContainEqual([
      NEXT_DAY,
      `${voided.receiptNumber}/VOID`,
      'Payment',
      'Cash',
      '',
      '300.25',
      expect.any(String),
    ]);
  });

  it('refuses a bad range with a clear message and the cashier altogether', async () => {
    expectError(
      await get(accountant, `/api/accounts/tally.xml?from=${NEXT_DAY}&to=${DAY}`),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    expectError(
      await get(accountant, `/api/accounts/tally.xml?from=2025-01-01&to=2026-11-22`),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    expectError(
      await get(accountant, `/api/accounts/tally.xml?from=2026-02-30&to=${DAY}`),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    expectError(
      await get(accountant, `/api/accounts/tally.xml?from=${DAY}&to=${DAY}&mode=week`),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    expectError(await get(cashier, `/api/accounts/tally.xml?from=${DAY}&to=${DAY}`), 403, ErrorCode.FORBIDDEN);
    expectError(await get(cashier, `/api/accounts/journal.csv?from=${DAY}&to=${DAY}`), 403, ErrorCode.FORBIDDEN);
  });
});

describe('the ledger mapping', () => {
  it('an admin maps heads to a shared ledger and cash per cashier; audited; the export follows', async () => {
    const member = await createMember(t.app, { name: 'Mapping Member' });
    const tax25 = await insertHead(t.db, { name: 'Church Tax 2025 arrears', amountPaise: 10_000, year: 2025 });
    const tax26 = await insertHead(t.db, { name: 'Kudumba Koottayma Tax', amountPaise: 20_000 });
    const start = (await get(accountant, '/api/accounts/ledger-mapping')).json<LedgerMapping>();
    expect(start.updatedAt).toBeNull();
    expect(start.heads.find((head) => head.paymentHeadId === tax25.id)).toMatchObject({
      ledger: 'Church Tax 2025 arrears',
      parent: 'Indirect Incomes',
      mapped: false,
    });
    const { updatedAt: _updatedAt, ...body } = start;
    const next = {
      ...body,
      heads: [
        { paymentHeadId: tax25.id, ledger: 'Church Tax', parent: 'Indirect Incomes' },
        { paymentHeadId: tax26.id, ledger: 'Church Tax', parent: 'Indirect Incomes' },
      ],
      cash: { ledger: 'Cash', perCashier: true },
      upiBank: 'Federal Bank SB 1234',
    };
    expectError(
      await t.app.inject({
        method: 'PUT',
        url: '/api/accounts/ledger-mapping',
        headers: accountant.headers,
        payload: next,
      }),
      403,
      ErrorCode.FORBIDDEN,
    );
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/ledger-mapping',
      headers: admin.headers,
      payload: { ...next, heads: [{ paymentHeadId: crypto.randomUUID(), ledger: 'X', parent: 'Indirect Incomes' }] },
    });
    expectError(unknown, 400, ErrorCode.VALIDATION_FAILED, ACCOUNTS_MSG.unknownHead);
    expectError(
      await t.app.inject({
        method: 'PUT',
        url: '/api/accounts/ledger-mapping',
        headers: admin.headers,
        payload: { ...next, upiBank: '  ' },
      }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    expect((await get(admin, '/api/accounts/ledger-mapping')).json<LedgerMapping>().updatedAt).toBeNull();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/ledger-mapping',
      headers: admin.headers,
      payload: next,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const mapping = saved.json<LedgerMapping>();
    expect(mapping.upiBank).toBe('Federal Bank SB 1234');
    expect(mapping.heads.find((head) => head.paymentHeadId === tax26.id)).toMatchObject({
      ledger: 'Church Tax',
      mapped: true,
    });
    const audits = await queryRows<{ before: unknown; after: { upiBank: string } }>(
      t.db,
      sql`SELECT before, after FROM audit_events WHERE action = 'settings.ledger_mapping_changed'`,
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ before: null, after: { upiBank: 'Federal Bank SB 1234' } });
    // Saving the same mapping again records nothing.
    await t.app.inject({ method: 'PUT', url: '/api/accounts/ledger-mapping', headers: admin.headers, payload: next });
    expect(
      await queryRows(t.db, sql`SELECT 1 FROM audit_events WHERE action = 'settings.ledger_mapping_changed'`),
    ).toHaveLength(1);

    const a = await insertPayment(t.db, member, tax25);
    const b = await insertPayment(t.db, member, tax26);
    const collected = await t.app.inject({
      method: 'POST',
      url: '/api/collections',
      headers: cashier.headers,
      payload: {
        memberId: member.id,
        items: [
          { paymentId: a.id, amount: 100 },
          { paymentId: b.id, amount: 200 },
        ],
        paymentMethod: 'cash',
      },
    });
    expect(collected.statusCode, collected.body).toBe(200);
    const number = collected.json<CollectDuesResult>().receiptNumber;
    const day = new Date(t.clock.now().getTime() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const { masters, vouchers } = parseTally(
      (await get(accountant, `/api/accounts/tally.xml?from=${day}&to=${day}`)).body,
    );
    const voucher = vouchers.find((v) => v.number === number)!;
    expect(voucher.entries).toEqual([
      { ledger: `Cash - ${cashier.user.name}`, deemedPositive: 'Yes', amount: '-300.00' },
      { ledger: 'Church Tax', deemedPositive: 'No', amount: '300.00' },
    ]);
    expect(masters).toContainEqual({
      name: `Cash - ${cashier.user.name}`,
      inner: `Cash - ${cashier.user.name}`,
      parent: 'Cash-in-Hand',
    });
  });
});

describe('xmlText', () => {
  it('escapes markup and drops what XML 1.0 forbids, so a parse gives the text back', () => {
    const value = `A & B <C> "D" 'E' \u0001ഫണ്ട്\uffff`;
    const xml = `<X a="${xmlText(value)}">${xmlText(value)}</X>`;
    expect(XMLValidator.validate(xml)).toBe(true);
    const node = parser.parse(xml) as { X: { '#text': string; '@_a': string } };
    expect(node.X['#text']).toBe(`A & B <C> "D" 'E' ഫണ്ട്`);
    expect(node.X['@_a']).toBe(`A & B <C> "D" 'E' ഫണ്ട്`);
  });
});

describe('tallyXmlChunks', () => {
  it('writes a year of vouchers a thousand at a time, masters first, into one well-formed file', () => {
    const vouchers = Array.from({ length: 2_500 }, (_, i) => ({
      type: 'Receipt' as const,
      date: '2026-11-22',
      number: `2026-27/${String(i + 1).padStart(6, '0')}`,
      narration: `Receipt ${i + 1}`,
      entries: [
        { ledger: 'Cash', side: 'debit' as const, amount: paise(10_050) },
        { ledger: 'Church Tax', side: 'credit' as const, amount: paise(10_050) },
      ],
    }));
    const books = {
      company: TRICKY,
      masters: [
        { name: 'Cash', parent: 'Cash-in-Hand' },
        { name: 'Church Tax', parent: 'Indirect Incomes' },
      ],
      vouchers,
    };
    const chunks = [...tallyXmlChunks(books, books.company)];
    // The head with the masters, three chunks of vouchers (1,000, 1,000, 500), the tail.
    expect(chunks).toHaveLength(5);
    expect(chunks[0]).toContain('<LEDGER NAME="Church Tax"');
    expect(chunks[0]).not.toContain('<VOUCHER');
    expect(chunks.slice(1, 4).map((chunk) => chunk.split('<VOUCHER ').length - 1)).toEqual([1_000, 1_000, 500]);
    const parsed = parseTally(chunks.join(''));
    expect(parsed.masters.map((master) => master.name)).toEqual(['Cash', 'Church Tax']);
    expect(parsed.vouchers.map((voucher) => voucher.number)).toEqual(vouchers.map((voucher) => voucher.number));
    expect(parsed.vouchers[2_499]?.entries).toEqual([
      { ledger: 'Cash', deemedPositive: 'Yes', amount: '-100.50' },
      { ledger: 'Church Tax', deemedPositive: 'No', amount: '100.50' },
    ]);
  });
});
