import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ErrorCode, type UploadCsvPreview, type UploadCsvResult } from '@parish/shared';

import { queryRows } from '../../../src/db/client.ts';
import { createMember, createTestApp, expectError, loginAs, type RoleSession, type TestApp } from '../../helpers.ts';

/**
 * The dues matrix's dry run and the ticked mismatches (issue 27 item 2, decision 0110): a row whose
 * name or phone differs from the member holding its parish number, or whose phone is invalid, is
 * shown as a mismatch and applied only when the admin ticks it; the apply step checks again.
 */
const HEADER = ['ParishNumber', 'Name', 'Phone', 'Dry Run Fund 2026'];

function post(t: TestApp, session: RoleSession, url: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url, headers: session.headers, payload });
}

async function preview(t: TestApp, admin: RoleSession, csvData: string[][]): Promise<UploadCsvPreview> {
  const response = await post(t, admin, '/api/payments/upload-csv/preview', { csvData });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UploadCsvPreview>();
}

async function apply(t: TestApp, admin: RoleSession, csvData: string[][], accept?: number[]) {
  const response = await post(t, admin, '/api/payments/upload-csv', { csvData, ...(accept && { accept }) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UploadCsvResult>();
}

async function duesOf(t: TestApp, memberId: string, head: string): Promise<number[]> {
  const rows = await queryRows<{ amount_paise: string }>(
    t.db,
    sql`select p.amount_paise::text from payments p join payment_heads h on h.id = p.payment_head_id
        where p.member_id = ${memberId}::uuid and h.name = ${head}`,
  );
  return rows.map((row) => Number(row.amount_paise));
}

async function counts(t: TestApp) {
  const [row] = await queryRows<{ members: number; heads: number; payments: number; audits: number }>(
    t.db,
    sql`select (select count(*) from members)::int as members, (select count(*) from payment_heads)::int as heads,
               (select count(*) from payments)::int as payments, (select count(*) from audit_events)::int as audits`,
  );
  return row;
}

describe('account-head CSV dry run and mismatches (decision 0110)', () => {
  let t: TestApp;
  let admin: RoleSession;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows SM201 Baby Chacko against SM201 Soumya Cherian as a mismatch, writes nothing, and applies it only when ticked', async () => {
    const soumya = await createMember(t.app, { name: 'Soumya Cherian', mobile: '919447000201', parishNumber: 'SM201' });
    const csv = [HEADER, ['SM201', 'Baby Chacko', '9048123456', '700']];
    const before = await counts(t);
    const dryRun = await preview(t, admin, csv);
    expect(await counts(t)).toEqual(before);
    expect(dryRun).toMatchObject({ totalRows: 1, toCreate: [], toApply: [], errors: [] });
    expect(dryRun.headsToCreate).toEqual(['Dry Run Fund 2026']);
    expect(dryRun.mismatches).toEqual([
      {
        row: 1,
        parishNumber: 'SM201',
        memberName: 'Soumya Cherian',
        fields: [
          { field: 'name', csvValue: 'Baby Chacko', memberValue: 'Soumya Cherian', invalid: false },
          { field: 'phone', csvValue: '9048123456', memberValue: '919447000201', invalid: false },
        ],
      },
    ]);

    const unticked = await apply(t, admin, csv);
    expect(unticked.success).toEqual([]);
    expect(unticked.errors).toEqual([
      {
        row: 1,
        message:
          'Not applied: Name Baby Chacko differs from Soumya Cherian; Phone 9048123456 differs from 919447000201, for Soumya Cherian, the member holding SM201. Tick the row in the check to apply it.',
      },
    ]);
    expect(await duesOf(t, soumya.id, 'Dry Run Fund 2026')).toEqual([]);

    const ticked = await apply(t, admin, csv, [1]);
    expect(ticked.errors).toEqual([]);
    expect(ticked.success).toEqual([{ row: 1, parishNumber: 'SM201', payments: 1 }]);
    expect(await duesOf(t, soumya.id, 'Dry Run Fund 2026')).toEqual([70000]);
    const [audit] = await queryRows<{ after: { acceptedMismatches?: { row: number }[] } }>(
      t.db,
      sql`select after from audit_events where action = 'payment.csv_imported' order by id desc limit 1`,
    );
    expect(audit?.after.acceptedMismatches?.map((m) => m.row)).toEqual([1]);
  });

  it('an invalid phone for an existing parish number is a mismatch, not applied unless ticked', async () => {
    const member = await createMember(t.app, { name: 'Bad Phone', mobile: '919447000203', parishNumber: 'SM203' });
    const csv = [HEADER, ['sm203', 'Bad Phone', '98765', '800']];
    const dryRun = await preview(t, admin, csv);
    expect(dryRun.mismatches).toEqual([
      {
        row: 1,
        parishNumber: 'SM203',
        memberName: 'Bad Phone',
        fields: [{ field: 'phone', csvValue: '98765', memberValue: '919447000203', invalid: true }],
      },
    ]);
    const unticked = await apply(t, admin, csv);
    expect(unticked.errors[0]?.message).toContain('Phone 98765 is not a valid mobile');
    expect(await duesOf(t, member.id, 'Dry Run Fund 2026')).toEqual([]);
  });

  it('rows agreeing with their member apply; a blank name or phone differs from nothing; case and spaces of a name do not count', async () => {
    const member = await createMember(t.app, { name: 'Thomas  Mathew', mobile: '919847000101', parishNumber: 'SM301' });
    const csv = [HEADER, ['SM301', 'thomas mathew', '9847000101', '100'], ['SM301', '', '', '200']];
    const dryRun = await preview(t, admin, csv);
    expect(dryRun.mismatches).toEqual([]);
    expect(dryRun.toApply.map((row) => row.row)).toEqual([1, 2]);
    const result = await apply(t, admin, csv);
    expect(result.errors).toEqual([]);
    expect(await duesOf(t, member.id, 'Dry Run Fund 2026')).toEqual([10000]);
  });

  it('a new member whose mobile another member holds is a row error naming the field and that member', async () => {
    await createMember(t.app, { name: 'Mariamma Thomas', mobile: '919847000102', parishNumber: 'SM302' });
    const csv = [
      HEADER,
      ['SM303', 'Someone Else', '9847000102', '100'],
      ['SM304', 'New One', '9847000104', '100'],
      ['SM305', 'New Two', '919847000104', '100'],
    ];
    const dryRun = await preview(t, admin, csv);
    const held = [
      {
        row: 1,
        message:
          'Member with this mobile number or parish number already exists: Mobile 919847000102 belongs to SM302 Mariamma Thomas',
      },
      {
        row: 3,
        message:
          'Member with this mobile number or parish number already exists: Mobile 919847000104 belongs to row 2 of this file',
      },
    ];
    expect(dryRun.errors).toEqual(held);
    expect(dryRun.toCreate).toEqual([{ row: 2, parishNumber: 'SM304', name: 'New One' }]);
    const result = await apply(t, admin, csv);
    expect(result.errors).toEqual(held);
    expect(result.membersCreated).toBe(1);
  });

  it('the apply step checks again: a member changed after the dry run makes the row a mismatch', async () => {
    const member = await createMember(t.app, { name: 'Joseph Kurian', mobile: '919446000103', parishNumber: 'SM306' });
    const csv = [
      HEADER,
      ['SM306', 'Joseph Kurian', '9446000103', '300'],
      ['SM307', 'Annamma Joseph', '9446000107', '300'],
    ];
    const dryRun = await preview(t, admin, csv);
    expect(dryRun.mismatches).toEqual([]);
    expect(dryRun.toCreate.map((row) => row.parishNumber)).toEqual(['SM307']);
    // Meanwhile the office corrects SM306's name and someone adds SM307 with another mobile.
    await t.db.execute(sql`update members set name = 'Joseph K. Kurian' where id = ${member.id}::uuid`);
    const other = await createMember(t.app, {
      name: 'Annamma Varghese',
      mobile: '919446000177',
      parishNumber: 'SM307',
    });
    const result = await apply(t, admin, csv);
    expect(result.success).toEqual([]);
    expect(result.errors.map((error) => error.row)).toEqual([1, 2]);
    expect(result.errors[0]?.message).toContain('Name Joseph Kurian differs from Joseph K. Kurian');
    expect(result.errors[1]?.message).toContain('the member holding SM307');
    expect(await duesOf(t, member.id, 'Dry Run Fund 2026')).toEqual([]);
    expect(await duesOf(t, other.id, 'Dry Run Fund 2026')).toEqual([]);
  });

  it('the dry run is admin only and refuses a malformed file like the upload', async () => {
    const cashier = await loginAs(t.app, 'cashier');
    expectError(
      await post(t, cashier, '/api/payments/upload-csv/preview', { csvData: [HEADER] }),
      403,
      ErrorCode.FORBIDDEN,
    );
    expectError(
      await post(t, admin, '/api/payments/upload-csv/preview', { csvData: [HEADER] }),
      400,
      ErrorCode.VALIDATION_FAILED,
      'CSV file must contain at least a header row and one data row.',
    );
  });
});

describe('member import dry run (decision 0110)', () => {
  let t: TestApp;
  let admin: RoleSession;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it('sorts the rows into create, present, mismatches and errors naming the holder, and writes nothing', async () => {
    await createMember(t.app, { name: 'Soumya Cherian', mobile: '919447000201', parishNumber: 'SM201' });
    await createMember(t.app, { name: 'Thomas Mathew', mobile: '919847000101', parishNumber: 'SM101' });
    const rows = [
      { name: 'Baby Chacko', mobile: '9048123456', parishNumber: 'SM201' },
      { name: 'thomas mathew', mobile: '9847000101', parishNumber: 'sm101' },
      { name: 'Rani Baby', mobile: '9847000101', parishNumber: 'SM202' },
      { name: 'New Member', mobile: '9048123457', parishNumber: 'SM203' },
      { name: 'Bad Phone', mobile: '98765', parishNumber: 'SM204' },
    ];
    const before = await counts(t);
    const dryRun = await post(t, admin, '/api/members/bulk/preview', { members: rows });
    expect(dryRun.statusCode, dryRun.body).toBe(200);
    expect(await counts(t)).toEqual(before);
    expect(dryRun.json()).toEqual({
      totalRows: 5,
      toCreate: [{ row: 4, parishNumber: 'SM203', name: 'New Member' }],
      present: [{ row: 2, parishNumber: 'SM101', name: 'thomas mathew' }],
      // No Ward column in this file, so no ward to create (issue 28, wards).
      newWards: [],
      mismatches: [
        {
          row: 1,
          parishNumber: 'SM201',
          memberName: 'Soumya Cherian',
          fields: [
            { field: 'name', csvValue: 'Baby Chacko', memberValue: 'Soumya Cherian', invalid: false },
            { field: 'phone', csvValue: '9048123456', memberValue: '919447000201', invalid: false },
          ],
        },
      ],
      errors: [
        {
          row: 3,
          message:
            'Member with this mobile number or parish number already exists: Mobile 919847000101 belongs to SM101 Thomas Mathew',
        },
        { row: 5, message: 'Please enter a valid 12-digit mobile number with country code (e.g., 919876543210)' },
      ],
    });
    // The import itself skips the held rows with the holder named, and imports row 4 only.
    const result = await post(t, admin, '/api/members/bulk', { members: rows });
    expect(result.statusCode, result.body).toBe(200);
    const answer = result.json<{ imported: number; errors: { row: number; message: string }[] }>();
    expect(answer.imported).toBe(1);
    expect(answer.errors.map((error) => error.row)).toEqual([1, 2, 3, 5]);
    expect(answer.errors[0]?.message).toBe(
      'Member with this mobile number or parish number already exists: Parish number SM201 belongs to SM201 Soumya Cherian',
    );
  });
});
