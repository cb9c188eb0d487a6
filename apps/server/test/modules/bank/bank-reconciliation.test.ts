import { readFileSync } from 'node:fs';

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  BANK_MSG,
  ErrorCode,
  type BankAccount,
  type BankAccountList,
  type CollectDuesResult,
  type Reconciliation,
  type StatementImportResult,
  type StatementPreview,
} from '@parish/shared';

import { queryRows } from '../../../src/db/client.ts';
import { bankMatches, payments } from '../../../src/db/schema/index.ts';
import { presetOf } from '../../../src/modules/bank/presets.ts';
import { linesOf, readStatementRows, utrOf } from '../../../src/modules/bank/statement-file.ts';
import { createMember, createTestApp, expectError, loginAs, loginStaff, type Session, type TestApp } from '../../helpers.ts';
import { insertHead, insertPayment } from '../../factories.ts';

/*
 * Bank-statement reconciliation (issue 30 item 4, decision 0149; docs/domain.md,
 * "Bank-statement reconciliation"): the made-up sample statements of four banks read to their
 * lines, an upload stores its lines once, a credit's UTR matches the counter's UPI receipt of the
 * same amount, nothing is matched twice, suggestions, manual match and unmatch, bad files, roles.
 */

const FIXTURES = new URL('../../fixtures/bank-statements/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES));

let t: TestApp;
let admin: Session;
let cashier: Session;
let member: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  cashier = await loginAs(t.app, 'cashier');
  member = await loginAs(t.app, 'customer');
});
afterAll(async () => {
  await t.close();
});

const send = (session: Session | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { 'x-requested-with': 'fetch', ...(session ? session.headers : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const upload = (name: string) => ({ fileName: name, content: fixture(name).toString('base64') });

async function addAccount(name: string, preset: 'sbi' | 'federal' | 'csb' | 'south_indian'): Promise<BankAccount> {
  const response = await send(admin, 'POST', '/api/bank/accounts', {
    name,
    preset,
    mapping: presetOf(preset)?.mapping,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BankAccount>();
}

/** A UPI collection at the counter of one due of `rupees`, with the UTR typed. */
async function upiReceipt(rupees: number, utr: string): Promise<CollectDuesResult & { paymentId: string }> {
  const m = await createMember(t.app);
  const due = await insertPayment(t.db, m, await insertHead(t.db, { amountPaise: Math.round(rupees * 100) }));
  const response = await send(cashier, 'POST', '/api/collections', {
    memberId: m.id,
    items: [{ paymentId: due.id, amount: rupees }],
    paymentMethod: 'upi',
    utr,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...response.json<CollectDuesResult>(), paymentId: due.id };
}

const counts = async () => {
  const [row] = await queryRows<{ lines: number; matches: number; audits: number }>(
    t.db,
    sql`select (select count(*)::int from bank_statement_lines) as lines,
               (select count(*)::int from bank_matches) as matches,
               (select count(*)::int from audit_events where action like 'bank.%') as audits`,
  );
  return row;
};

describe('the sample statements (made up) read to their lines', () => {
  const read = async (name: string, preset: 'sbi' | 'federal' | 'csb' | 'south_indian') =>
    linesOf(await readStatementRows(fixture(name)), presetOf(preset)!.mapping).map(
      ({ date, amountPaise, balancePaise, utr, reference }) => ({ date, amountPaise, balancePaise, utr, reference }),
    );

  it('SBI (CSV): DD MMM YYYY dates, Indian grouping, the UTR only in the narration, the closing line dropped', async () => {
    expect(await read('sbi-current-account.csv', 'sbi')).toEqual([
      {
        date: '2026-11-20',
        amountPaise: 150_050,
        balancePaise: 10_150_050,
        utr: '432100000001',
        reference: 'TRANSFER FROM 4897691162093',
      },
      {
        date: '2026-11-21',
        amountPaise: 200_000,
        balancePaise: 10_350_050,
        utr: '432100000002',
        reference: 'TRANSFER FROM 3199',
      },
      { date: '2026-11-22', amountPaise: -425_000, balancePaise: 9_925_050, utr: null, reference: '000123' },
      { date: '2026-11-23', amountPaise: 1_200_000, balancePaise: 11_125_050, utr: null, reference: '' },
      {
        date: '2026-11-24',
        amountPaise: 75_000,
        balancePaise: 11_200_050,
        utr: '432100000003',
        reference: 'TRANSFER FROM 9911',
      },
      { date: '2026-11-25', amountPaise: -35_400, balancePaise: 11_164_650, utr: null, reference: '' },
    ]);
  });

  it('Federal Bank (CSV): DD-MM-YYYY, "UPI IN/…" narrations', async () => {
    expect(await read('federal-savings-account.csv', 'federal')).toEqual([
      { date: '2026-11-19', amountPaise: 100_000, balancePaise: 5_100_000, utr: '432200000001', reference: '' },
      { date: '2026-11-20', amountPaise: 2_500_000, balancePaise: 7_600_000, utr: null, reference: '' },
      { date: '2026-11-21', amountPaise: -320_000, balancePaise: 7_280_000, utr: null, reference: '000456' },
      { date: '2026-11-22', amountPaise: 50_000, balancePaise: 7_330_000, utr: '432200000002', reference: '' },
    ]);
  });

  it('CSB Bank (CSV): the cheque number before the particulars', async () => {
    expect(await read('csb-current-account.csv', 'csb')).toEqual([
      { date: '2026-11-18', amountPaise: 125_000, balancePaise: 2_125_000, utr: '432300000001', reference: '' },
      { date: '2026-11-19', amountPaise: 500_000, balancePaise: 2_625_000, utr: null, reference: '000789' },
      { date: '2026-11-20', amountPaise: -600_000, balancePaise: 2_025_000, utr: null, reference: '' },
    ]);
  });

  it('South Indian Bank (.xlsx): date cells and number cells', async () => {
    expect(await read('south-indian-bank.xlsx', 'south_indian')).toEqual([
      {
        date: '2026-11-20',
        amountPaise: 250_000,
        balancePaise: 3_250_000,
        utr: '432400000001',
        reference: '432400000001',
      },
      { date: '2026-11-21', amountPaise: 1_000_000, balancePaise: 4_250_000, utr: null, reference: '' },
      {
        date: '2026-11-22',
        amountPaise: 150_050,
        balancePaise: 4_400_050,
        utr: '432400000002',
        reference: '432400000002',
      },
      { date: '2026-11-23', amountPaise: -200_000, balancePaise: 4_200_050, utr: null, reference: '001122' },
    ]);
  });

  it('a UTR is 12 digits: from the reference, else from a narration that names UPI', () => {
    expect(utrOf('UPI/CR/412345678901/NAME/SBIN/x@oksbi', '')).toBe('412345678901');
    expect(utrOf('NEFT-412345678901-PARISH', '')).toBeNull();
    expect(utrOf('UPI/CR/4123456789012/NAME', '')).toBeNull();
    expect(utrOf('anything', '412345678901')).toBe('412345678901');
  });
});

describe('bank accounts and presets', () => {
  it('lists every preset as unverified until the parish confirms it (audited once)', async () => {
    const before = (await send(admin, 'GET', '/api/bank/accounts')).json<BankAccountList>();
    expect(before.presets.map((preset) => preset.key)).toEqual([
      'sbi',
      'federal',
      'south_indian',
      'csb',
      'hdfc',
      'icici',
    ]);
    expect(before.presets.every((preset) => preset.confirmedAt === null)).toBe(true);
    expect((await send(admin, 'POST', '/api/bank/presets/federal/confirm')).statusCode).toBe(200);
    expect((await send(admin, 'POST', '/api/bank/presets/federal/confirm')).statusCode).toBe(200);
    const after = (await send(admin, 'GET', '/api/bank/accounts')).json<BankAccountList>();
    const federal = after.presets.find((preset) => preset.key === 'federal');
    expect(federal?.confirmedAt).not.toBeNull();
    expect(federal?.confirmedBy).toBe(admin.user.name);
    const audits = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_events where action = 'bank.preset_confirmed'`,
    );
    expect(audits[0]?.n).toBe(1);
    expectError(await send(admin, 'POST', '/api/bank/presets/axis/confirm'), 400, ErrorCode.VALIDATION_FAILED);
  });

  it('saves an account with its mapping, refuses a second of the same name, and changes the mapping (audited)', async () => {
    const account = await addAccount('Federal savings', 'federal');
    expect(account.mapping.dateFormat).toBe('DD-MM-YYYY');
    expectError(
      await send(admin, 'POST', '/api/bank/accounts', {
        name: 'Federal savings',
        preset: null,
        mapping: account.mapping,
      }),
      409,
      ErrorCode.CONFLICT,
      BANK_MSG.nameTaken,
    );
    const changed = await send(admin, 'PUT', `/api/bank/accounts/${account._id}`, {
      name: 'Federal savings',
      preset: 'federal',
      mapping: { ...account.mapping, footerRows: 0, skipRows: 7 },
    });
    expect(changed.statusCode).toBe(200);
    const audits = await queryRows<{ before: unknown }>(
      t.db,
      sql`select before from audit_events where action = 'bank.account_saved' and entity_id = ${account._id} order by id`,
    );
    expect(audits.map((row) => row.before === null)).toEqual([true, false]);
  });
});

describe('uploading a statement and matching UPI receipts by UTR', () => {
  let sbi: BankAccount;
  let exact: Awaited<ReturnType<typeof upiReceipt>>;
  let wrongUtr: Awaited<ReturnType<typeof upiReceipt>>;
  let otherAmount: Awaited<ReturnType<typeof upiReceipt>>;

  beforeAll(async () => {
    sbi = await addAccount('SBI current', 'sbi');
    // The member's UPI app showed 432100000001 for ₹1,500.50: the statement's first credit.
    exact = await upiReceipt(1500.5, '432100000001');
    // A UTR mistyped at the counter: the ₹2,000 credit of 21/11 is only a suggestion.
    wrongUtr = await upiReceipt(2000, '432100000099');
    // The right UTR, but the counter recorded ₹700 where the bank credited ₹750: no match.
    otherAmount = await upiReceipt(700, '432100000003');
  });

  it('previews the first lines with the account’s mapping and stores nothing', async () => {
    const before = await counts();
    const response = await send(
      admin,
      'POST',
      `/api/bank/accounts/${sbi._id}/preview`,
      upload('sbi-current-account.csv'),
    );
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<StatementPreview>();
    expect(preview.total).toBe(6);
    expect(preview.rows[16]).toEqual([
      'Txn Date',
      'Value Date',
      'Description',
      'Ref No./Cheque No.',
      'Debit',
      'Credit',
      'Balance',
    ]);
    expect(preview.lines[0]).toMatchObject({
      date: '2026-11-20',
      credit: 1500.5,
      debit: 0,
      balance: 101500.5,
      utr: '432100000001',
    });
    expect(preview.lines[2]).toMatchObject({ debit: 4250, credit: 0 });
    expect(await counts()).toEqual(before);
  });

  it('imports the lines, matches the UPI receipt of the same UTR and amount, and records who, when', async () => {
    const response = await send(
      admin,
      'POST',
      `/api/bank/accounts/${sbi._id}/statements`,
      upload('sbi-current-account.csv'),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<StatementImportResult>()).toEqual({ success: true, lines: 6, added: 6, matched: 1 });
    const recon = (await send(admin, 'GET', `/api/bank/accounts/${sbi._id}/reconciliation`)).json<Reconciliation>();
    expect(recon.matched).toHaveLength(1);
    expect(recon.matched[0]).toMatchObject({
      method: 'utr',
      line: { date: '2026-11-20', credit: 1500.5, utr: '432100000001' },
      receipt: { receiptId: exact.receiptId, receiptNumber: exact.receiptNumber, amount: 1500.5 },
    });
    expect(recon.matched[0]?.matchedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('lists the unmatched credits and UPI receipts with suggestions of the same amount within 3 days', async () => {
    const recon = (await send(admin, 'GET', `/api/bank/accounts/${sbi._id}/reconciliation`)).json<Reconciliation>();
    // Credits only, newest first: ₹750 (24/11), ₹12,000 (23/11), ₹2,000 (21/11).
    expect(recon.unmatchedLines.map((line) => [line.date, line.credit])).toEqual([
      ['2026-11-24', 750],
      ['2026-11-23', 12000],
      ['2026-11-21', 2000],
    ]);
    const twoThousand = recon.unmatchedLines.find((line) => line.credit === 2000);
    expect(twoThousand?.suggestions.map((receipt) => receipt.receiptId)).toEqual([wrongUtr.receiptId]);
    expect(recon.unmatchedLines.find((line) => line.credit === 750)?.suggestions).toEqual([]);
    const receipts = recon.unmatchedReceipts.map((receipt) => receipt.receiptId).sort();
    expect(receipts).toEqual([wrongUtr.receiptId, otherAmount.receiptId].sort());
    expect(recon.unmatchedReceipts.find((r) => r.receiptId === wrongUtr.receiptId)?.suggestions).toMatchObject([
      { date: '2026-11-21', credit: 2000 },
    ]);
  });

  it('the same statement uploaded twice changes nothing', async () => {
    const before = await counts();
    const response = await send(
      admin,
      'POST',
      `/api/bank/accounts/${sbi._id}/statements`,
      upload('sbi-current-account.csv'),
    );
    expect(response.json<StatementImportResult>()).toEqual({ success: true, lines: 6, added: 0, matched: 0 });
    expect(await counts()).toEqual(before);
  });

  it('a suggestion confirmed by hand is matched (audited); nothing is matched twice', async () => {
    const recon = (await send(admin, 'GET', `/api/bank/accounts/${sbi._id}/reconciliation`)).json<Reconciliation>();
    const line = recon.unmatchedLines.find((l) => l.credit === 2000)!;
    const seven = recon.unmatchedLines.find((l) => l.credit === 750)!;
    const matchedLine = recon.matched[0]!.line;
    expectError(
      await send(admin, 'POST', '/api/bank/matches', { lineId: seven.lineId, receiptId: otherAmount.receiptId }),
      409,
      ErrorCode.CONFLICT,
      BANK_MSG.amountDiffers,
    );
    const ok = await send(admin, 'POST', '/api/bank/matches', { lineId: line.lineId, receiptId: wrongUtr.receiptId });
    expect(ok.statusCode, ok.body).toBe(200);
    expectError(
      await send(admin, 'POST', '/api/bank/matches', { lineId: line.lineId, receiptId: otherAmount.receiptId }),
      409,
      ErrorCode.CONFLICT,
      BANK_MSG.lineMatched,
    );
    expectError(
      await send(admin, 'POST', '/api/bank/matches', { lineId: seven.lineId, receiptId: exact.receiptId }),
      409,
      ErrorCode.CONFLICT,
      BANK_MSG.receiptMatched,
    );
    // A debit is never matched.
    const debit = await queryRows<{ id: string }>(
      t.db,
      sql`select id from bank_statement_lines where amount_paise < 0 limit 1`,
    );
    expectError(
      await send(admin, 'POST', '/api/bank/matches', { lineId: debit[0]!.id, receiptId: otherAmount.receiptId }),
      409,
      ErrorCode.CONFLICT,
      BANK_MSG.notCredit,
    );
    // The database itself refuses a second match of one receipt, or of one line.
    await expect(
      t.db
        .insert(bankMatches)
        .values({ lineId: seven.lineId, kind: 'upi_receipt', receiptId: exact.receiptId, method: 'manual' }),
    ).rejects.toThrow();
    await expect(
      t.db.insert(bankMatches).values({
        lineId: matchedLine.lineId,
        kind: 'upi_receipt',
        receiptId: otherAmount.receiptId,
        method: 'manual',
      }),
    ).rejects.toThrow();
    const [audit] = await queryRows<{ entity_id: string; after: { receiptNumber: string; amount: number } }>(
      t.db,
      sql`select entity_id, after from audit_events where action = 'bank.line_matched'`,
    );
    expect(audit).toMatchObject({
      entity_id: line.lineId,
      after: { receiptNumber: wrongUtr.receiptNumber, amount: 2000 },
    });
    const after = (await send(admin, 'GET', `/api/bank/accounts/${sbi._id}/reconciliation`)).json<Reconciliation>();
    expect(after.matched.find((m) => m.line.lineId === line.lineId)).toMatchObject({
      method: 'manual',
      matchedBy: admin.user.name,
    });
  });

  it('unmatches a line (audited): both sides are listed again; unmatching twice is refused', async () => {
    const recon = (await send(admin, 'GET', `/api/bank/accounts/${sbi._id}/reconciliation`)).json<Reconciliation>();
    const pair = recon.matched.find((m) => m.method === 'manual')!;
    expect((await send(admin, 'DELETE', `/api/bank/matches/${pair.line.lineId}`)).statusCode).toBe(200);
    expectError(
      await send(admin, 'DELETE', `/api/bank/matches/${pair.line.lineId}`),
      409,
      ErrorCode.CONFLICT,
      BANK_MSG.notMatched,
    );
    const after = (await send(admin, 'GET', `/api/bank/accounts/${sbi._id}/reconciliation`)).json<Reconciliation>();
    expect(after.unmatchedReceipts.some((r) => r.receiptId === pair.receipt?.receiptId)).toBe(true);
    const [audit] = await queryRows<{ before: { method: string } }>(
      t.db,
      sql`select before from audit_events where action = 'bank.line_unmatched'`,
    );
    expect(audit?.before.method).toBe('manual');
  });

  it('a test payment never matches, even with its UTR and amount on the statement', async () => {
    const sib = await addAccount('South Indian Bank', 'south_indian');
    const test = await upiReceipt(2500, '432400000001');
    await t.db.update(payments).set({ isTest: true }).where(eq(payments.id, test.paymentId));
    const real = await upiReceipt(1500.5, '432400000002');
    const response = await send(
      admin,
      'POST',
      `/api/bank/accounts/${sib._id}/statements`,
      upload('south-indian-bank.xlsx'),
    );
    expect(response.json<StatementImportResult>()).toMatchObject({ added: 4, matched: 1 });
    const recon = (await send(admin, 'GET', `/api/bank/accounts/${sib._id}/reconciliation`)).json<Reconciliation>();
    expect(recon.matched.map((m) => m.receipt?.receiptId)).toEqual([real.receiptId]);
    expect(recon.unmatchedReceipts.some((r) => r.receiptId === test.receiptId)).toBe(false);
    expect(recon.unmatchedLines.find((l) => l.credit === 2500)?.suggestions).toEqual([]);
    const manual = await send(admin, 'POST', '/api/bank/matches', {
      lineId: recon.unmatchedLines.find((l) => l.credit === 2500)!.lineId,
      receiptId: test.receiptId,
    });
    expectError(manual, 409, ErrorCode.CONFLICT, BANK_MSG.notUpiReceipt);
  });
});

describe('a bad file is refused with a clear message and changes nothing', () => {
  let account: BankAccount;
  beforeAll(async () => {
    account = await addAccount('CSB current', 'csb');
  });

  const refused = async (content: Buffer, message: string | RegExp) => {
    const before = await counts();
    for (const path of ['preview', 'statements']) {
      const response = await send(admin, 'POST', `/api/bank/accounts/${account._id}/${path}`, {
        fileName: 'bad.csv',
        content: content.toString('base64'),
      });
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json<{ error: string; code: string }>();
      expect(body.code).toBe(ErrorCode.VALIDATION_FAILED);
      if (typeof message === 'string') expect(body.error).toBe(message);
      else expect(body.error).toMatch(message);
    }
    expect(await counts()).toEqual(before);
  };

  it('an empty file, an old binary .xls, a file of another bank’s layout, a bad date, a bad amount', async () => {
    await refused(Buffer.alloc(0), BANK_MSG.unreadableFile);
    await refused(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]), BANK_MSG.unreadableFile);
    await refused(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]), BANK_MSG.unreadableFile);
    await refused(
      fixture('sbi-current-account.csv'),
      /^Row 6: the date “Branch +:” does not match the format DD-MM-YYYY$/,
    );
    const csb = fixture('csb-current-account.csv').toString('utf8');
    await refused(
      Buffer.from(csb.replace('18-11-2026', '31-02-2026')),
      'Row 6: the date “31-02-2026” does not match the format DD-MM-YYYY',
    );
    await refused(
      Buffer.from(csb.replace('"1,250.00"', 'twelve')),
      'Row 6: “twelve” in the credit column is not an amount',
    );
    await refused(
      Buffer.from(csb.replace(',,"1,250.00"', ',"1.00","1,250.00"')),
      'Row 6: a line must have either a debit or a credit',
    );
    await refused(Buffer.from('only a title\n'), BANK_MSG.noLines);
  });

  it('refuses an upload to an unknown account with 404, and a file over 4 MB', async () => {
    const missing = await send(
      admin,
      'POST',
      '/api/bank/accounts/00000000-0000-4000-8000-000000000000/statements',
      upload('csb-current-account.csv'),
    );
    expectError(missing, 404, ErrorCode.NOT_FOUND, BANK_MSG.noAccount);
    const big = await send(admin, 'POST', `/api/bank/accounts/${account._id}/statements`, {
      fileName: 'big.csv',
      content: Buffer.alloc(4 * 1024 * 1024 + 10, 65).toString('base64'),
    });
    expect(big.statusCode).toBe(400);
  });
});

describe('who may reconcile', () => {
  it('an accountant (ACCOUNTS_ROLES, decision 0145) reads the accounts and the reconciliation', async () => {
    const account = await addAccount('Accountant account', 'csb');
    const created = await send(admin, 'POST', '/api/admin/users', {
      username: `accountant${Date.now()}`,
      password: 'Accountant-Pass-1',
      name: 'Parish Accountant',
      role: 'accountant',
    });
    expect(created.statusCode, created.body).toBe(201);
    const accountant = await loginStaff(t.app, created.json<{ username: string }>().username, 'Accountant-Pass-1');
    const list = await send(accountant, 'GET', '/api/bank/accounts');
    expect(list.statusCode, list.body).toBe(200);
    expect(JSON.stringify(list.json())).toContain('Accountant account');
    const reconciliation = await send(accountant, 'GET', `/api/bank/accounts/${account._id}/reconciliation`);
    expect(reconciliation.statusCode, reconciliation.body).toBe(200);
  });

  it('the cashier and the member are refused every bank route (403), the anonymous caller 401', async () => {
    const account = await addAccount('Roles account', 'csb');
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', '/api/bank/accounts'],
      ['POST', '/api/bank/accounts', { name: 'X', preset: null, mapping: presetOf('csb')?.mapping }],
      ['PUT', `/api/bank/accounts/${account._id}`, { name: 'X', preset: null, mapping: presetOf('csb')?.mapping }],
      ['POST', '/api/bank/presets/sbi/confirm'],
      ['POST', `/api/bank/accounts/${account._id}/preview`, upload('csb-current-account.csv')],
      ['POST', `/api/bank/accounts/${account._id}/statements`, upload('csb-current-account.csv')],
      ['GET', `/api/bank/accounts/${account._id}/reconciliation`],
      ['POST', '/api/bank/matches', { lineId: account._id, receiptId: account._id }],
      ['DELETE', `/api/bank/matches/${account._id}`],
    ];
    const before = await counts();
    for (const [method, url, payload] of calls) {
      expect((await send(cashier, method, url, payload)).statusCode, `cashier ${method} ${url}`).toBe(403);
      expect((await send(member, method, url, payload)).statusCode, `member ${method} ${url}`).toBe(403);
      expect((await send(null, method, url, payload)).statusCode, `anonymous ${method} ${url}`).toBe(401);
    }
    expect(await counts()).toEqual(before);
  });
});
