import { readFileSync } from 'node:fs';
import path from 'node:path';

import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ErrorCode, paise, type UploadCsvResult } from '@parish/shared';

import { systemContext } from '../../../src/context.ts';
import { queryRows } from '../../../src/db/client.ts';
import { auditEvents, members, paymentHeads, payments } from '../../../src/db/schema/index.ts';
import { importDuesMatrix, parseHeadHeader } from '../../../src/modules/payments/payments.import.ts';
import { createMember, createTestApp, expectError, loginAs, type RoleSession, type TestApp } from '../../helpers.ts';

const DATA = path.resolve(import.meta.dirname, '../../fixtures/csv');

/** A CSV file parsed as the web client does: a list of lists, BOM kept in the first cell. */
function readCsv(name: string): string[][] {
  const text = readFileSync(path.join(DATA, name), 'utf8');
  return Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
}

const MATRIX = readCsv('dues-matrix-sample.csv');
const NEEDS_ROWS = 'CSV file must contain at least a header row and one data row.';

function upload(t: TestApp, session: RoleSession, csvData: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/upload-csv',
    headers: session.headers,
    payload: { csvData },
  });
}

async function counts(t: TestApp) {
  const [row] = await queryRows<{ members: number; heads: number; payments: number }>(
    t.db,
    sql`select (select count(*) from members)::int as members, (select count(*) from payment_heads)::int as heads,
               (select count(*) from payments)::int as payments`,
  );
  return { members: Number(row?.members), heads: Number(row?.heads), payments: Number(row?.payments) };
}

describe('parseHeadHeader (docs/domain.md §5, "Account head CSV")', () => {
  it('reads type and year from the header', () => {
    expect(parseHeadHeader('(Cemetery Fund 2024)', 3, 2026)).toMatchObject({
      name: 'Cemetery Fund 2024',
      type: 'arrear',
      year: 2024,
    });
    expect(parseHeadHeader('*Feast Offering 2026*', 4, 2026)).toMatchObject({
      name: 'Feast Offering 2026',
      type: 'miscellaneous',
      year: 2026,
    });
    expect(parseHeadHeader('Building Fund', 5, 2026)).toMatchObject({ type: 'current due', year: 2026 });
    expect(parseHeadHeader('Tax 1999', 5, 2026)?.year).toBe(2026);
    expect(parseHeadHeader('  ', 5, 2026)).toBeNull();
  });
});

describe('POST /api/payments/upload-csv into a database holding the member sample', () => {
  let t: TestApp;
  let admin: RoleSession;
  let cashier: RoleSession;
  let member: RoleSession;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, 'admin');
    cashier = await loginAs(t.app, 'cashier');
    member = await loginAs(t.app, 'member');
    // The member sample, through the real member form: 16 of its 22 rows are valid.
    const rows = readCsv('members-sample.csv');
    let imported = 0;
    for (const cells of rows.slice(1)) {
      const [name, mobile, parishNumber, alternateContact, currentLocation, email, address] = cells;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/members',
        headers: admin.headers,
        payload: { name, mobile, parishNumber, alternateContact, currentLocation, email, address },
      });
      if (response.statusCode === 201) imported += 1;
    }
    expect(imported).toBe(16);
  });
  afterAll(async () => {
    await t.close();
  });

  it('cashier and member may not upload', async () => {
    expectError(await upload(t, cashier, MATRIX), 403, ErrorCode.FORBIDDEN);
    expectError(await upload(t, member, MATRIX), 403, ErrorCode.FORBIDDEN);
    const template = await t.app.inject({ method: 'GET', url: '/api/payments/csv-template', headers: cashier.headers });
    expectError(template, 403, ErrorCode.FORBIDDEN);
  });

  it('needs a header and a data row, and the mandatory columns; nothing changes', async () => {
    const before = await counts(t);
    expectError(await upload(t, admin, []), 400, ErrorCode.VALIDATION_FAILED, NEEDS_ROWS);
    expectError(await upload(t, admin, [MATRIX[0]]), 400, ErrorCode.VALIDATION_FAILED, NEEDS_ROWS);
    expectError(await upload(t, admin, [MATRIX[0], ['', '', '']]), 400, ErrorCode.VALIDATION_FAILED, NEEDS_ROWS);
    expectError(
      await upload(t, admin, [
        ['ParishNumber', 'Name', 'Tax 2026'],
        ['SM101', 'Thomas', '100'],
      ]),
      400,
      ErrorCode.VALIDATION_FAILED,
      'CSV must contain ParishNumber, Name and Phone columns',
    );
    expect(await counts(t)).toEqual(before);
  });

  it('applies the sample matrix: 2 members created, 5 heads, 17 payments; rows 6 and 7 reported', async () => {
    const before = await counts(t);
    const response = await upload(t, admin, MATRIX);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<UploadCsvResult>();
    expect(result).toMatchObject({
      status: 'success',
      totalRows: 7,
      membersCreated: 2,
      paymentHeadsCreated: 5,
      whatsappSent: [],
    });
    expect(result.errors.map((e) => e.row)).toEqual([6, 7]);
    expect(result.errors[1]?.message).toBe(
      'Please enter a valid 12-digit mobile number with country code (e.g., 919876543210)',
    );
    expect(result.success).toEqual([
      { row: 1, parishNumber: 'SM101', payments: 5 },
      { row: 2, parishNumber: 'SM102', payments: 2 },
      { row: 3, parishNumber: 'SM103', payments: 4 },
      { row: 4, parishNumber: 'SM201', membersCreated: 1, payments: 4 },
      { row: 5, parishNumber: 'SM202', membersCreated: 1, payments: 2 },
    ]);
    const after = await counts(t);
    expect(after.members - before.members).toBe(2);
    expect(after.heads - before.heads).toBe(5);
    expect(after.payments - before.payments).toBe(17);

    const heads = await t.db.select().from(paymentHeads).orderBy(paymentHeads.name);
    expect(heads.map((h) => [h.name, h.type, h.year, h.amountPaise, h.dueDate])).toEqual([
      ['Building Fund 2026', 'current due', 2026, 200000, '2027-03-31'],
      ['Cemetery Fund 2024', 'arrear', 2024, 50000, null],
      ['Church Tax 2025', 'arrear', 2025, 120000, null],
      ['Church Tax 2026', 'current due', 2026, 150000, '2027-03-31'],
      ['Feast Offering 2026', 'miscellaneous', 2026, 25000, '2027-03-31'],
    ]);
    // Joseph Kurian's Building Fund is 5000, not the head's 2000.
    const [joseph] = await t.db.select().from(members).where(eq(members.parishNumber, 'SM103'));
    const building = heads.find((h) => h.name === 'Building Fund 2026')!;
    const josephPayments = await t.db.select().from(payments).where(eq(payments.memberId, joseph!.id));
    expect(josephPayments.find((p) => p.paymentHeadId === building.id)?.amountPaise).toBe(500000);
    // New members carry the initial password (no hash) and the normalised mobile.
    const [baby] = await t.db.select().from(members).where(eq(members.parishNumber, 'SM201'));
    expect(baby).toMatchObject({
      name: 'Baby Chacko',
      mobile: '919048123456',
      passwordHash: null,
      passwordIsInitial: true,
    });
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'payment.csv_imported'));
    expect(audit).toHaveLength(1);
  });

  it('a rerun creates nothing new, and never touches a paid payment', async () => {
    const [thomas] = await t.db.select().from(members).where(eq(members.parishNumber, 'SM101'));
    await t.db
      .update(payments)
      .set({ status: 'paid', paidAmountPaise: paise(1), paidAt: '2026-11-21T06:00:00.000Z', paymentGateway: 'manual' })
      .where(eq(payments.memberId, thomas!.id));
    const before = await counts(t);
    const response = await upload(t, admin, MATRIX);
    const result = response.json<UploadCsvResult>();
    expect(result).toMatchObject({ membersCreated: 0, paymentHeadsCreated: 0 });
    expect(result.success.every((row) => row.payments === 0)).toBe(true);
    expect(await counts(t)).toEqual(before);
    const thomasPayments = await t.db.select().from(payments).where(eq(payments.memberId, thomas!.id));
    expect(thomasPayments.every((p) => p.status === 'paid' && p.paidAmountPaise === 1)).toBe(true);
  });

  it('an invalid amount is a row error; a cell of 0 means none; heads match by name and type', async () => {
    const before = await counts(t);
    const response = await upload(t, admin, [
      ['\uFEFFparishnumber', 'NAME', 'phone', 'church tax 2026', '(Church Tax 2026)'],
      ['SM104', 'Annamma Joseph', '9446123457', 'abc', ''],
      ['SM105', 'Varghese Chacko', '9961234567', '0', '300'],
    ]);
    const result = response.json<UploadCsvResult>();
    expect(result.errors).toEqual([{ row: 1, message: 'Please enter a valid amount (church tax 2026: abc)' }]);
    // "church tax 2026" matches the existing current due head; "(Church Tax 2026)" is a new arrear head.
    expect(result.paymentHeadsCreated).toBe(1);
    expect(result.success).toEqual([{ row: 2, parishNumber: 'SM105', payments: 1 }]);
    const after = await counts(t);
    expect(after.payments - before.payments).toBe(1);
  });

  it('gives the template', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payments/csv-template', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="bulk_member_payment_template.csv"');
    const lines = response.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('ParishNumber,Name,Phone,(Arrears Example 2025),Current Example 2026,*Misc Example 2026*');
    expect(lines).toHaveLength(2);
  });
});

describe('POST /api/payments/upload-csv into an empty database', () => {
  let t: TestApp;
  let admin: RoleSession;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates 5 members, 5 heads and 17 payments', async () => {
    const response = await upload(t, admin, MATRIX);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<UploadCsvResult>();
    expect(result).toMatchObject({ totalRows: 7, membersCreated: 5, paymentHeadsCreated: 5 });
    expect(result.errors.map((e) => e.row)).toEqual([6, 7]);
    expect(await counts(t)).toEqual({ members: 5, heads: 5, payments: 17 });
  });

  it('one batch of a member known before and members it creates: only the known one has dues to reconcile', async () => {
    // Decision 0156: the dues already assigned are looked up for the members the batch did not create.
    const header = ['ParishNumber', 'Name', 'Phone', 'Mix Tax 2026'];
    const first = await upload(t, admin, [header, ['MIX1', 'Mix One', '9847000201', '500']]);
    expect(first.json<UploadCsvResult>()).toMatchObject({ membersCreated: 1, paymentsAssigned: 1 });
    const rows = [
      ['MIX1', 'Mix One', '9847000201', '650'],
      ['MIX2', 'Mix Two', '9847000202', '650'],
      ['MIX3', 'Mix Three', '9847000203', '700'],
    ];
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/upload-csv',
      headers: admin.headers,
      payload: { csvData: [header, ...rows], updatePendingAmounts: true },
    });
    expect(response.json<UploadCsvResult>()).toMatchObject({
      membersCreated: 2,
      paymentsAssigned: 2,
      paymentsChanged: 1,
      paymentsUnchanged: 0,
      pendingAmountsDiffer: 0,
    });
    const amounts = await queryRows<{ line: string }>(
      t.db,
      sql`select m.parish_number || '|' || p.status || '|' || p.amount_paise as line
            from payments p join members m on m.id = p.member_id
           where m.parish_number like 'MIX%' order by m.parish_number`,
    );
    expect(amounts.map((row) => row.line)).toEqual(['MIX1|pending|65000', 'MIX2|pending|65000', 'MIX3|pending|70000']);
  });

  it('a new member repeated in the file: one payment per head, the first cell kept, counted on the first row', async () => {
    // Decision 0160: a new member's cells are inserted without ON CONFLICT, so the repeat is dropped before.
    const header = ['ParishNumber', 'Name', 'Phone', 'Rep Tax 2026', 'Rep Fund 2026'];
    const rows = [
      ['REP1', 'Rep One', '9847000301', '300', ''],
      ['REP1', 'Rep One', '9847000301', '450', '800'],
      ['REP2', 'Rep Two', '9847000302', '300', '800'],
    ];
    const response = await upload(t, admin, [header, ...rows]);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<UploadCsvResult>();
    expect(result).toMatchObject({ membersCreated: 2, paymentsAssigned: 4, errors: [] });
    expect(result.success.map((s) => [s.row, s.payments, s.membersCreated ?? 0])).toEqual([
      [1, 2, 1],
      [2, 0, 0],
      [3, 2, 1],
    ]);
    const lines = await queryRows<{ line: string }>(
      t.db,
      sql`select m.parish_number || '|' || h.name || '|' || p.amount_paise as line
            from payments p join members m on m.id = p.member_id join payment_heads h on h.id = p.payment_head_id
           where m.parish_number like 'REP%' order by 1`,
    );
    expect(lines.map((row) => row.line)).toEqual([
      'REP1|Rep Fund 2026|80000',
      'REP1|Rep Tax 2026|30000',
      'REP2|Rep Fund 2026|80000',
      'REP2|Rep Tax 2026|30000',
    ]);
  });
});

describe('a crash in the middle of an import', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('batch 1 stays whole, batch 2 leaves nothing, and a rerun completes without duplicates', async () => {
    const existing = await createMember(t.app, { parishNumber: 'CR001' });
    const header = ['ParishNumber', 'Name', 'Phone', '(Old Dues 2024)', 'Tax 2026'];
    const rows = [
      ['CR001', existing.name, existing.mobile, '100', '200'],
      ['CR002', 'Second Member', '9000000002', '100', '200'],
      ['CR003', 'Third Member', '9000000003', '', '200'],
      ['CR004', 'Fourth Member', '9000000004', '100', ''],
      ['CR005', 'Fifth Member', '9000000005', '100', '200'],
    ];
    const audit = {
      actorType: 'system' as const,
      actorId: null,
      actorName: null,
      requestId: null,
      ip: null,
    };
    const ctx = systemContext(t.app.deps, audit);
    const first = await importDuesMatrix(ctx, {
      csvData: [header, ...rows],
      batchRows: 2,
      beforeBatchCommit: (batch) => {
        if (batch === 2) throw new Error('simulated crash');
      },
    });
    // Batch 1 (rows 1-2) committed: 1 member created, 4 payments; batch 2 (rows 3-4) nothing; batch 3 applied.
    expect(first.errors.map((e) => e.row)).toEqual([3, 4]);
    expect(first.success.map((s) => s.row)).toEqual([1, 2, 5]);
    const parishNumbers = (await t.db.select().from(members)).map((m) => m.parishNumber).sort();
    expect(parishNumbers).toEqual(['CR001', 'CR002', 'CR005']);
    expect(await counts(t)).toEqual({ members: 3, heads: 2, payments: 6 });
    const audits = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'payment.csv_imported'));
    expect(audits.map((a) => (a.after as { batch: number }).batch).sort()).toEqual([1, 3]);

    const rerun = await importDuesMatrix(ctx, { csvData: [header, ...rows], batchRows: 2 });
    expect(rerun.errors).toEqual([]);
    expect(rerun).toMatchObject({ membersCreated: 2, paymentHeadsCreated: 0 });
    expect(rerun.success.map((s) => s.payments)).toEqual([0, 0, 1, 1, 0]);
    expect(await counts(t)).toEqual({ members: 5, heads: 2, payments: 8 });
    const [dupes] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from (select member_id, payment_head_id from payments
          group by 1, 2 having count(*) > 1) d`,
    );
    expect(Number(dupes?.n)).toBe(0);
  });
});
