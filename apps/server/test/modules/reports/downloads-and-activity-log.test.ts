import {
  activitySentence,
  AUDIT_ACTIONS,
  AUDIT_SENTENCES,
  calendarDateIn,
  type Activity,
  type Dashboard,
  type ReportOf,
} from '@parish/shared';
import Papa from 'papaparse';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertHead, insertPayment } from '../../factories.ts';
import {
  createMember,
  createTestApp,
  expectError,
  loginAs,
  type Session,
  type TestApp,
  type TestStaff,
} from '../../helpers.ts';
import { FIXTURE_NOW, insertFixture } from '../../report-fixture.ts';

/*
 * `docs/domain.md`, §2 "File names" and "Activity Log": CSV downloads start with a UTF-8 byte
 * order mark and stay neutralised; every CSV has an .xlsx beside it whose text cells stay text;
 * the Activity Log names people, filters on the server and downloads as filtered.
 */

let t: TestApp;
let admin: Session;
let cashier: Session & { account: TestStaff };
const MALAYALAM = 'ജോസഫ് മാത്യു, "ജൂനിയർ"';
let malayalam: Awaited<ReturnType<typeof createMember>>;
let collectedId: string;
let receiptNumber: string;

beforeAll(async () => {
  t = await createTestApp({ now: FIXTURE_NOW });
  await insertFixture(t.app);
  admin = await loginAs(t.app, 'admin');
  cashier = await loginAs(t.app, 'cashier');
  malayalam = await createMember(t.app, { name: MALAYALAM, mobile: '919847000123', parishNumber: 'SM0007' });
  const head = await insertHead(t.db, { name: 'Church Tax 2026', amountPaise: 150_000, year: 2026 });
  const payment = await insertPayment(t.db, malayalam, head);
  const collect = await t.app.inject({
    method: 'POST',
    url: `/api/payments/${payment.id}/collect`,
    headers: cashier.headers,
    payload: { collectionMode: 'manual', collectionAmount: 1500, paymentMethod: 'cash' },
  });
  expect(collect.statusCode, collect.body).toBe(200);
  collectedId = payment.id;
  const activities = await list('action=payment.collected');
  receiptNumber = String((activities[0]?.after as { receiptNumber: string }).receiptNumber);
});
afterAll(async () => {
  await t.close();
});

async function list(query = ''): Promise<Activity[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/activities?${query}`, headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: Activity[] }>().items;
}

async function download(url: string, session: Session = admin) {
  const response = await t.app.inject({ method: 'GET', url, headers: session.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('CSV downloads start with a UTF-8 byte order mark and keep their quoting', () => {
  it('a report, the full export and the activity log', async () => {
    for (const url of [
      '/api/admin/reports/export?type=member-due',
      '/api/admin/export?format=csv',
      '/api/admin/activities/export?format=csv',
    ]) {
      const response = await download(url);
      expect(response.headers['content-type'], url).toMatch(/^text\/csv; charset=utf-8/);
      expect([...response.rawPayload.subarray(0, 3)], url).toEqual([0xef, 0xbb, 0xbf]);
      // One mark, then the header row.
      expect(response.rawPayload.subarray(3, 4).toString(), url).toMatch(/^[A-Za-z]$/);
    }
    const csv = (await download('/api/admin/export?format=csv')).body;
    // A name with a comma and quotes is one quoted cell, quotes doubled, Malayalam intact.
    expect(csv).toContain(`"ജോസഫ് മാത്യു, ""ജൂനിയർ"""`);
    const rows = Papa.parse<string[]>(csv.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;
    const row = rows.find((cells) => cells[0] === 'member' && cells[2] === MALAYALAM);
    expect(row?.slice(3, 5)).toEqual(['919847000123', 'SM0007']);
    // Still neutralised against formulas (the fixture has a member named =Pal).
    expect(rows.some((cells) => cells[2] === "'=Pal")).toBe(true);
    for (const cells of rows) for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@]/);
  });
});

describe('Excel downloads beside the CSVs', () => {
  it('the full export reads back with mobiles and parish numbers as text and Malayalam intact', async () => {
    const response = await download('/api/admin/export?format=xlsx');
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe('attachment; filename="parish_export_2027-01-03.xlsx"');
    const [sheet] = await readXlsxFile(response.rawPayload);
    const rows = sheet?.data ?? [];
    const member = rows.find((cells) => cells[0] === 'member' && cells[2] === MALAYALAM);
    expect(member?.[3]).toBe('919847000123');
    expect(member?.[4]).toBe('SM0007');
    // A formula-looking name is text in a workbook, never a formula, so it is kept as typed.
    expect(rows.some((cells) => cells[0] === 'member' && cells[2] === '=Pal')).toBe(true);
    const payment = rows.find((cells) => cells[0] === 'payment' && cells[1] === collectedId);
    expect(payment?.[7]).toBe(1500);
  });

  it('every report tab downloads as a workbook with the CSV rows', async () => {
    const response = await download('/api/admin/reports/export?type=member-due&format=xlsx', cashier);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="member_wise_due_report_2027-01-03.xlsx"',
    );
    const [sheet] = await readXlsxFile(response.rawPayload);
    const csv = Papa.parse<string[]>(
      (await download('/api/admin/reports/export?type=member-due', cashier)).body.replace(/^\ufeff/, ''),
      { skipEmptyLines: true },
    ).data;
    expect(sheet?.data).toHaveLength(csv.length);
    expect(sheet?.data[0]).toEqual(csv[0]);
    const mobileColumn = csv[0]?.indexOf('Mobile') ?? -1;
    for (const cells of sheet?.data.slice(1) ?? []) expect(typeof cells[mobileColumn]).toBe('string');
  });
});

describe('Member-wise Due by type', () => {
  it("the dashboard's Arrears, Current and Misc figures are the filtered report's totals", async () => {
    const dashboard = (await download('/api/admin/dashboard')).json<Dashboard>();
    for (const [dueType, group] of [
      ['arrears', 'arrears'],
      ['current', 'current'],
      ['misc', 'misc'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/reports',
        headers: admin.headers,
        payload: { type: 'member-due', dueType },
      });
      const report = response.json<ReportOf<'member-due'>>();
      expect(report.totals[group], dueType).toBe(dashboard.byType[group].pendingAmount);
      for (const row of report.items) expect(row[group], `${dueType} ${row.name}`).toBeGreaterThan(0);
    }
  });
});

describe('Activity Log for people', () => {
  it('names the cashier, member, head, amount and receipt of a collection', async () => {
    const [entry] = await list(`action=payment.collected&memberId=${malayalam.id}`);
    expect(entry?.actorRole).toBe('cashier');
    expect(entry?.subject.member).toEqual({ _id: malayalam.id, name: MALAYALAM, parishNumber: 'SM0007' });
    expect(entry?.subject.head?.name).toBe('Church Tax 2026');
    expect(activitySentence(entry as Activity)).toBe(
      `${cashier.account.name} (cashier) collected ₹1,500.00 from ${MALAYALAM} (SM0007) for Church Tax 2026, receipt ${receiptNumber}`,
    );
  });

  it('filters by who, action, member, date range and search on the server', async () => {
    const byCashier = await list(`actor=${cashier.account.id}`);
    expect(byCashier.length).toBeGreaterThan(0);
    expect(byCashier.every((entry) => entry.actorId === cashier.account.id)).toBe(true);
    const collected = await list('action=payment.collected');
    expect(collected.every((entry) => entry.action === 'payment.collected')).toBe(true);
    expect((await list(`search=${encodeURIComponent(receiptNumber)}`)).map((entry) => entry.action)).toContain(
      'payment.collected',
    );
    expect(await list(`search=SM0007&action=payment.collected`)).toHaveLength(1);
    // Audit times are the database's clock (not the test clock): today's parish day holds the collection.
    const today = calendarDateIn(new Date(), t.config.parishTimezone);
    expect(await list(`from=2000-01-01&to=2000-01-02`)).toHaveLength(0);
    expect(await list(`from=${today}&to=${today}&memberId=${malayalam.id}&action=payment.collected`)).toHaveLength(1);
    expect(await list(`to=2000-01-02&memberId=${malayalam.id}`)).toHaveLength(0);
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/admin/activities?memberId=nope', headers: admin.headers }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('downloads the filtered list with the sentences, as CSV and Excel', async () => {
    const response = await download(`/api/admin/activities/export?format=csv&memberId=${malayalam.id}`);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="activity_log_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = Papa.parse<string[]>(response.body.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;
    expect(rows[0]?.slice(0, 4)).toEqual(['When', 'Who', 'Role', 'What happened']);
    expect(rows.slice(1).every((cells) => cells[6] === 'SM0007')).toBe(true);
    expect(rows.some((cells) => cells[3]?.includes('collected ₹1,500.00'))).toBe(true);
    expect(rows[1]?.[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const xlsx = await download(`/api/admin/activities/export?format=xlsx&memberId=${malayalam.id}`);
    const [sheet] = await readXlsxFile(xlsx.rawPayload);
    expect(sheet?.data).toHaveLength(rows.length);
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/admin/activities/export', headers: cashier.headers }),
      403,
      'FORBIDDEN',
    );
  });

  it('has a sentence for every audit action, and a plain one for an unknown action', () => {
    for (const action of AUDIT_ACTIONS) expect(AUDIT_SENTENCES[action], action).toBeTruthy();
    const unknown: Activity = {
      _id: 1,
      occurredAt: FIXTURE_NOW,
      actorType: 'staff',
      actorId: null,
      actorName: 'Lissy',
      action: 'refund.recorded',
      entityType: 'payment',
      entityId: null,
      before: null,
      after: null,
      actorRole: 'cashier',
      subject: { member: { _id: 'm', name: 'Thomas Mathew', parishNumber: 'SM001' }, head: null, staff: null },
    };
    expect(activitySentence(unknown)).toBe('Lissy (cashier): refund.recorded (Thomas Mathew (SM001))');
    expect(activitySentence({ ...unknown, subject: { member: null, head: null, staff: null } })).toBe(
      'Lissy (cashier): refund.recorded',
    );
  });
});
