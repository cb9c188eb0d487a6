import { readFileSync } from 'node:fs';
import path from 'node:path';

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ErrorCode,
  memberInputSchema,
  memberRowsFromCsv,
  type MemberImportResult,
  type MemberImportRow,
} from '@parish/shared';

import { systemContext } from '../../../src/context.ts';
import { auditEvents, members } from '../../../src/db/schema/index.ts';
import {
  finishImportBatch,
  memberVisible,
  removeUnfinishedImportBatches,
  startImportBatch,
} from '../../../src/db/import-batches.ts';
import {
  finishMemberImport,
  insertMemberChunk,
  MEMBER_IMPORT_CHUNK_ROWS,
} from '../../../src/modules/members/members-import.service.ts';
import {
  createMember,
  createTestApp,
  expectError,
  loginAs,
  loginMember,
  type RoleSession,
  type TestApp,
} from '../../helpers.ts';

// The product's own texts (`docs/domain.md`, "§5 Validation"), written out on purpose.
const INVALID_MOBILE = 'Please enter a valid 12-digit mobile number with country code (e.g., 919876543210)';
const INVALID_PARISH_NUMBER = 'Parish number must contain only letters and numbers (no spaces or special characters)';
const NAME_TOO_LONG = 'Name must be less than 100 characters';
const INVALID_EMAIL = 'Please enter a valid email address';
const DUPLICATE = 'Member with this mobile number or parish number already exists';
const REQUIRED = 'Please fill all required fields (Name, Mobile, and Parish Number)';

const SAMPLE = path.resolve(import.meta.dirname, '../../fixtures/csv/members-sample.csv');

let t: TestApp;
let admin: RoleSession;

/** The sample file as the web app sends it: papaparse, then the shared header mapping. */
function sampleRows(): MemberImportRow[] {
  const text = readFileSync(SAMPLE, 'utf8');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  expect(parsed.errors).toEqual([]);
  const mapped = memberRowsFromCsv(parsed.data);
  if (!mapped.ok) throw new Error(mapped.error);
  return mapped.rows;
}

function bulk(payload: unknown, headers: Record<string, string> = admin.headers): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/members/bulk', headers, payload: payload as object });
}

async function imported(rows: MemberImportRow[]): Promise<MemberImportResult> {
  const response = await bulk({ members: rows });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MemberImportResult>();
}

/** `count` rows with unique 10-digit mobiles and parish numbers under a prefix. */
function generatedRows(count: number, prefix: string, firstMobile: number): MemberImportRow[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `Generated Member ${i + 1}`,
    mobile: String(firstMobile + i),
    parishNumber: `${prefix}${i + 1}`,
    currentLocation: 'Kottayam',
    address: `House ${i + 1}, "Church Road", Pala`,
  }));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/members/bulk with the sample file (shared/data/members-sample.csv)', () => {
  let first: MemberImportResult;

  beforeAll(async () => {
    first = await imported(sampleRows());
  });

  it('imports exactly the 16 rows the data README lists and skips the rest with their messages', () => {
    expect(first.success).toBe(true);
    expect(first.imported).toBe(16);
    expect(first.members).toHaveLength(16);
    expect(first.errors).toEqual([
      { row: 6, message: INVALID_EMAIL },
      { row: 7, message: INVALID_MOBILE },
      { row: 8, message: INVALID_PARISH_NUMBER },
      // The duplicates name the field and who holds the value (decision 0110).
      { row: 12, message: `${DUPLICATE}: Mobile 919847012345 belongs to row 1 of this file` },
      { row: 13, message: `${DUPLICATE}: Parish number SM101 belongs to row 1 of this file` },
      { row: 19, message: NAME_TOO_LONG },
    ]);
    expect(first.members.map((m) => m.parishNumber)).toEqual([
      'SM101',
      'SM102',
      'SM103',
      'SM104',
      'SM105',
      'SM109',
      'SM110',
      'SM111',
      'SM114',
      'SM115',
      'SM116',
      'SM117',
      'SM118',
      'SM120',
      'SM121',
      'SM122',
    ]);
  });

  it('normalises and keeps text as the file had it', async () => {
    const byParish = new Map(first.members.map((m) => [m.parishNumber, m]));
    expect(byParish.get('SM102')?.mobile).toBe('919847012346');
    expect(byParish.get('SM101')).toMatchObject({
      name: 'Thomas Mathew',
      mobile: '919847012345',
      email: 'thomas.mathew@example.in',
      currentLocation: 'Kottayam',
      isActive: true,
      selectedParticulars: [],
    });
    expect(byParish.get('SM103')?.currentLocation).toBe('Dubai, UAE');
    expect(byParish.get('SM104')?.address).toBe('"Kizhakkethil",\nNear St. Mary\'s Church, Ettumanoor');
    expect(byParish.get('SM101')).not.toHaveProperty('alternateContact');
    // Read back from the database, not only from the answer.
    const stored = await t.db
      .select()
      .from(members)
      .where(inArray(members.parishNumber, ['SM104', 'SM120', 'SM121']))
      .orderBy(members.parishNumber);
    expect(stored.map((row) => row.address)).toEqual([
      '"Kizhakkethil",\nNear St. Mary\'s Church, Ettumanoor',
      '=HYPERLINK("http://example.com","click")',
      '<script>alert(1)</script>',
    ]);
  });

  it('puts imported members on the initial password (no hash stored) and it signs them in', async () => {
    const rows = await t.db
      .select({ passwordHash: members.passwordHash, passwordIsInitial: members.passwordIsInitial })
      .from(members)
      .where(
        inArray(
          members.id,
          first.members.map((m) => m._id),
        ),
      );
    expect(rows).toHaveLength(16);
    expect(rows.every((row) => row.passwordHash === null && row.passwordIsInitial)).toBe(true);
    const session = await loginMember(t.app, '9446123456', 'Jose3456');
    expect(session.user.role).toBe('customer');
  });

  it('records one audit event for the import with the count and the row range', async () => {
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'member.imported'));
    expect(events).toHaveLength(1);
    expect(events[0]?.after).toMatchObject({ count: 16, fromRow: 1, toRow: 22 });
    expect(events[0]?.actorName).toBeTruthy();
  });

  it('a second upload of the same file imports nothing and reports the duplicates', async () => {
    const second = await imported(sampleRows());
    expect(second.imported).toBe(0);
    expect(second.members).toEqual([]);
    const invalid = new Map([
      [6, INVALID_EMAIL],
      [7, INVALID_MOBILE],
      [8, INVALID_PARISH_NUMBER],
      [19, NAME_TOO_LONG],
    ]);
    // Each duplicate names the field and the member holding the value (decision 0110).
    const heldBy = new RegExp(`^${DUPLICATE}: (Parish number|Mobile) \\S+ belongs to SM1\\d\\d \\S`);
    expect(second.errors).toEqual(
      Array.from({ length: 22 }, (_, i) => ({
        row: i + 1,
        message: invalid.get(i + 1) ?? expect.stringMatching(heldBy),
      })),
    );
    expect(second.errors[11]?.message).toBe(`${DUPLICATE}: Mobile 919847012345 belongs to SM101 Thomas Mathew`);
    const [counted] = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(members)
      .where(sql`${members.parishNumber} like 'SM1%'`);
    expect(counted?.n).toBe(16);
  });
});

describe('POST /api/members/bulk: rows and duplicates', () => {
  it('skips a duplicate of an active member (parish number in another case) but not of a deactivated one', async () => {
    const active = await createMember(t.app, { parishNumber: 'DUPACT1' });
    const gone = await createMember(t.app, { parishNumber: 'DUPGONE1', isActive: false });
    const result = await imported([
      { name: 'Same Parish', mobile: '9000000001', parishNumber: 'dupact1' },
      { name: 'Same Mobile', mobile: active.mobile, parishNumber: 'DUPACT2' },
      { name: 'Back Again', mobile: gone.mobile, parishNumber: 'dupgone1' },
      { name: 'Earlier Row Twin', mobile: `+91 ${gone.mobile.slice(2)}`, parishNumber: 'DUPACT3' },
      { name: '', mobile: '9000000002', parishNumber: 'DUPACT4' },
      { mobile: '9000000003' },
    ]);
    expect(result.imported).toBe(1);
    expect(result.members[0]).toMatchObject({ name: 'Back Again', parishNumber: 'DUPGONE1' });
    expect(result.errors).toEqual([
      { row: 1, message: `${DUPLICATE}: Parish number DUPACT1 belongs to DUPACT1 ${active.name}` },
      { row: 2, message: `${DUPLICATE}: Mobile ${active.mobile} belongs to DUPACT1 ${active.name}` },
      { row: 4, message: `${DUPLICATE}: Mobile ${gone.mobile} belongs to row 3 of this file` },
      { row: 5, message: REQUIRED },
      { row: 6, message: REQUIRED },
    ]);
  });

  it('a WhatsApp consent column: yes records consent (method import, audited), no and blank nothing, other text a row error', async () => {
    const mapped = memberRowsFromCsv([
      ['Name', 'Mobile', 'Parish Number', 'WhatsApp Consent'],
      ['Consent Yes', '9000000101', 'CONSY1', 'Yes'],
      ['Consent No', '9000000102', 'CONSN1', 'no'],
      ['Consent Blank', '9000000103', 'CONSB1', ''],
      ['Consent Odd', '9000000104', 'CONSO1', 'maybe'],
    ]);
    if (!mapped.ok) throw new Error(mapped.error);
    expect(mapped.rows[0]).toMatchObject({ whatsappConsent: 'Yes' });
    const result = await imported(mapped.rows);
    expect(result.imported).toBe(3);
    expect(result.errors).toEqual([{ row: 4, message: 'WhatsApp consent must be yes, no or blank' }]);

    const rows = await t.app.db
      .select({
        parishNumber: members.parishNumber,
        id: members.id,
        at: members.whatsappConsentAt,
        method: members.whatsappConsentMethod,
        optOut: members.whatsappOptOut,
      })
      .from(members)
      .where(inArray(members.parishNumber, ['CONSY1', 'CONSN1', 'CONSB1']))
      .orderBy(members.parishNumber);
    const byNumber = new Map(rows.map((row) => [row.parishNumber, row]));
    const yes = byNumber.get('CONSY1');
    expect(yes).toMatchObject({ method: 'import', optOut: false });
    expect(new Date(yes?.at ?? '').toISOString()).toBe(t.clock.now().toISOString());
    expect(byNumber.get('CONSN1')).toMatchObject({ at: null, method: null });
    expect(byNumber.get('CONSB1')).toMatchObject({ at: null, method: null });

    const consentAudits = await t.app.db
      .select({ entityId: auditEvents.entityId, actorType: auditEvents.actorType, after: auditEvents.after })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'member.whatsapp_consent_given'),
          inArray(
            auditEvents.entityId,
            rows.map((row) => row.id),
          ),
        ),
      );
    expect(consentAudits).toEqual([
      { entityId: yes?.id, actorType: 'staff', after: { method: 'import', optOut: false } },
    ]);
  });

  it('two uploads of the same rows at once import each row exactly once and answer both', async () => {
    const rows = generatedRows(300, 'RACE', 9_100_000_000);
    const [a, b] = await Promise.all([bulk({ members: rows }), bulk({ members: rows })]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const results = [a.json<MemberImportResult>(), b.json<MemberImportResult>()];
    expect(results[0]!.imported + results[1]!.imported).toBe(300);
    for (const result of results) {
      expect(result.imported + result.errors.length).toBe(300);
      // A row checked after the other upload committed names its holder (decision 0110); a raced one does not.
      expect(result.errors.every((error) => error.message.startsWith(DUPLICATE))).toBe(true);
    }
    const [counted] = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(members)
      .where(and(sql`${members.parishNumber} like 'RACE%'`, eq(members.isActive, true)));
    expect(counted?.n).toBe(300);
  });

  it('a member added between the check and the insert skips only that row (unique-index race)', async () => {
    // Someone else adds members with these numbers after the file was checked.
    const other = await createMember(t.app, { mobile: '919200000002', parishNumber: 'LATE9' });
    await createMember(t.app, { parishNumber: 'LATE3' });
    const context = { actorType: 'staff' as const, actorId: null, actorName: 'test', requestId: null, ip: null };
    const checked = [1, 2, 3, 4].map((row) => ({
      row,
      input: memberInputSchema.parse({ name: `Late ${row}`, mobile: `91920000000${row}`, parishNumber: `LATE${row}` }),
    }));
    const ctx = systemContext(t.app.deps, context);
    const batchId = await startImportBatch(t.db, 'members');
    const result = await insertMemberChunk(ctx, batchId, checked);
    await finishMemberImport(ctx, batchId, { count: 2, fromRow: 1, toRow: 4, skippedAsDuplicates: 2 });
    expect(result.created.map((m) => m.parishNumber)).toEqual(['LATE1', 'LATE4']);
    expect(result.raced).toEqual([
      { row: 2, message: DUPLICATE },
      { row: 3, message: DUPLICATE },
    ]);
    const late = await t.db
      .select({ mobile: members.mobile, parishNumber: members.parishNumber })
      .from(members)
      .where(sql`${members.parishNumber} like 'LATE%'`)
      .orderBy(members.parishNumber);
    expect(late.map((row) => row.parishNumber)).toEqual(['LATE1', 'LATE3', 'LATE4', 'LATE9']);
    expect(late.find((row) => row.parishNumber === 'LATE9')?.mobile).toBe(other.mobile);
  });

  it('imports 10,000 rows in one request, in chunks of at most 250 rows under one batch, one audit event', async () => {
    const rows = generatedRows(10_000, 'GEN', 8_000_000_000);
    const statements = t.engine === 'pglite' ? timeStatements(t) : null;
    const started = performance.now();
    const result = await imported(rows);
    const seconds = (performance.now() - started) / 1000;
    const longest = statements?.stop() ?? null;
    console.info(
      `10,000-row member import on ${t.engine}: ${seconds.toFixed(2)} s in chunks of ${MEMBER_IMPORT_CHUNK_ROWS}` +
        (longest ? `; longest statement ${longest.ms.toFixed(0)} ms of ${longest.count} (${longest.sql})` : ''),
    );
    expect(result.imported).toBe(10_000);
    expect(result.errors).toEqual([]);
    expect(result.members[9_999]).toMatchObject({ parishNumber: 'GEN10000', mobile: '918000009999' });
    const [counted] = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(members)
      .where(and(sql`${members.parishNumber} like 'GEN%'`, memberVisible(members.importBatchId)));
    expect(counted?.n).toBe(10_000);
    const events = await t.db
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'member.imported'), sql`(${auditEvents.after}->>'count')::int = 10000`));
    expect(events.map((event) => event.after)).toEqual([
      { count: 10_000, fromRow: 1, toRow: 10_000, skippedAsDuplicates: 0 },
    ]);
    // The goal is 250 ms on the parish's machine (decision 0049: a chunk of 250 rows takes 10 to 30
    // ms there). Wall-clock bounds flake on a loaded CI machine (speed is the bench's to measure),
    // so the test holds what makes the goal reachable: the rows go in chunks of at most 250, one
    // statement each, never one statement for the file. The time is logged above.
    expect(MEMBER_IMPORT_CHUNK_ROWS).toBeLessThanOrEqual(250);
    if (longest) expect(longest.count).toBeGreaterThanOrEqual(10_000 / MEMBER_IMPORT_CHUNK_ROWS);
  }, 120_000);
});

describe('POST /api/members/bulk: all or nothing as users see it (decision 0049)', () => {
  const context = { actorType: 'staff' as const, actorId: null, actorName: 'test', requestId: null, ip: null };
  const checkedRows = (prefix: string, first: number) =>
    [1, 2, 3].map((row) => ({
      row,
      input: memberInputSchema.parse({
        name: `Hidden ${prefix} ${row}`,
        mobile: `9193000${first}${row}`,
        parishNumber: `${prefix}${row}`,
      }),
    }));
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const listed = async (search: string) =>
    (await get(`/api/members?search=${search}&limit=50`)).json<{ total: number }>().total;
  // A page far past the end (100 × 1,000 = 1,00,000 > every member here), so the list counts exactly
  // instead of stopping at its 1,000 cap (`totalIsLowerBound`, docs/domain.md §12 "B1").
  const allMembers = async () => {
    const list = (await get('/api/members?limit=100&page=1000')).json<{ total: number; totalIsLowerBound: boolean }>();
    expect(list.totalIsLowerBound).toBe(false);
    return list.total;
  };
  const dashboardMembers = async () =>
    (await get('/api/admin/dashboard')).json<{ members: { total: number; active: number } }>().members;

  it('rows of an unfinished batch are in no list, search, count, summary, export or sign-in; finishing shows them all', async () => {
    const ctx = systemContext(t.app.deps, context);
    const totalBefore = await allMembers();
    const dashboardBefore = await dashboardMembers();
    const batchId = await startImportBatch(t.db, 'members');
    const { created } = await insertMemberChunk(ctx, batchId, checkedRows('HIDE', 11));
    expect(created).toHaveLength(3);
    const hidden = created[0]!;

    expect(await listed('HIDE')).toBe(0);
    expect(await listed('Hidden')).toBe(0);
    expect(await allMembers()).toBe(totalBefore);
    expect(await dashboardMembers()).toEqual(dashboardBefore);
    expect((await get('/api/admin/export?format=csv')).body).not.toContain('HIDE1');
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/members/${hidden._id}`, headers: admin.headers }),
      404,
      ErrorCode.NOT_FOUND,
    );
    const password = `Hidd${hidden.mobile.slice(-4)}`;
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { identifier: 'HIDE1', password },
    });
    expect(signIn.statusCode, signIn.body).toBe(401);

    await finishMemberImport(ctx, batchId, { count: 3, fromRow: 1, toRow: 3, skippedAsDuplicates: 0 });
    // The list's cache and the dashboard's counts are kept under the members data version: both move.
    expect(await listed('HIDE')).toBe(3);
    expect(await allMembers()).toBe(totalBefore + 3);
    expect(await dashboardMembers()).toEqual({
      total: dashboardBefore.total + 3,
      active: dashboardBefore.active + 3,
    });
    expect((await get('/api/admin/export?format=csv')).body).toContain('HIDE1');
    expect((await get(`/api/members/${hidden._id}`)).json()).toMatchObject({ parishNumber: 'HIDE1' });
    const session = await loginMember(t.app, 'HIDE1', password);
    expect(session.user.role).toBe('customer');
  });

  it('start-up removes an unfinished batch and its rows, and leaves finished ones and (on PostgreSQL) live ones', async () => {
    const ctx = systemContext(t.app.deps, context);
    const crashed = await startImportBatch(t.db, 'members');
    await insertMemberChunk(ctx, crashed, checkedRows('CRASH', 22));
    const done = await startImportBatch(t.db, 'members');
    await insertMemberChunk(ctx, done, checkedRows('DONE', 33));
    await t.db.transaction((tx) => finishImportBatch(tx, done));

    // Another process's batch, written a moment ago, is left alone when start-up waits for idle ones.
    expect(await removeUnfinishedImportBatches(t.db, 10 * 60_000)).toEqual({ batches: 0, rows: 0 });
    expect(await removeUnfinishedImportBatches(t.db, 0)).toEqual({ batches: 1, rows: 3 });
    const left = await t.db
      .select({ parishNumber: members.parishNumber })
      .from(members)
      .where(sql`${members.parishNumber} like 'CRASH%' or ${members.parishNumber} like 'DONE%'`)
      .orderBy(members.parishNumber);
    expect(left.map((row) => row.parishNumber)).toEqual(['DONE1', 'DONE2', 'DONE3']);
    // The numbers the crashed batch held are free again.
    expect((await imported(checkedRows('CRASH', 22).map((r) => r.input))).imported).toBe(3);
    // A batch removed under a running import makes that import fail rather than show part of it.
    await expect(
      finishMemberImport(ctx, crashed, { count: 3, fromRow: 1, toRow: 3, skippedAsDuplicates: 0 }),
    ).rejects.toThrow(/was removed/);
  });
});

/**
 * Times every statement PGlite runs from now on (inside transactions too), to hold the import to
 * "no statement over 250 ms" (`docs/domain.md`, §12). A measurement, not a stub: every call goes
 * through to PGlite.
 * @returns `stop()`, which puts PGlite back and answers the longest time and the count.
 */
function timeStatements(app: TestApp): { stop(): { ms: number; count: number; sql: string } } {
  const pglite = app.database.pglite as unknown as Record<
    'query' | 'exec' | 'transaction',
    (...args: unknown[]) => Promise<unknown>
  >;
  const original = { query: pglite.query, exec: pglite.exec, transaction: pglite.transaction };
  let longest = 0;
  let longestSql = '';
  let count = 0;
  const timed =
    (target: Record<string, (...args: unknown[]) => Promise<unknown>>, fn: (...args: unknown[]) => Promise<unknown>) =>
    async (...args: unknown[]) => {
      const started = performance.now();
      try {
        return await fn.apply(target, args);
      } finally {
        const ms = performance.now() - started;
        if (ms > longest) [longest, longestSql] = [ms, String(args[0]).replace(/\s+/g, ' ').slice(0, 60)];
        count += 1;
      }
    };
  pglite.query = timed(pglite, original.query);
  pglite.exec = timed(pglite, original.exec);
  pglite.transaction = (callback: unknown) =>
    original.transaction.call(pglite, (tx: Record<'query' | 'exec', (...args: unknown[]) => Promise<unknown>>) => {
      const wrapped = Object.create(tx) as typeof tx;
      wrapped.query = timed(tx, tx.query);
      wrapped.exec = timed(tx, tx.exec);
      return (callback as (tx: unknown) => Promise<unknown>)(wrapped);
    });
  return {
    stop() {
      Object.assign(pglite, original);
      return { ms: longest, count, sql: longestSql };
    },
  };
}

describe('POST /api/members/bulk: who may call and bad bodies', () => {
  const one = { members: [{ name: 'Nobody', mobile: '9000000099', parishNumber: 'NOBODY1' }] };

  it('answers 401 to an anonymous caller and 403 to a cashier or a member, importing nothing', async () => {
    expectError(await bulk(one, {}), 401, ErrorCode.UNAUTHORIZED);
    const cashier = await loginAs(t.app, 'cashier');
    const member = await loginAs(t.app, 'member');
    expectError(await bulk(one, cashier.headers), 403, ErrorCode.FORBIDDEN);
    expectError(await bulk(one, member.headers), 403, ErrorCode.FORBIDDEN);
    const found = await t.db.select().from(members).where(eq(members.parishNumber, 'NOBODY1'));
    expect(found).toEqual([]);
  });

  it.each([
    ['members not an array', { members: { name: 'x' } }],
    ['no members field', {}],
    ['an empty list', { members: [] }],
    ['a row that is not an object', { members: ['Thomas,9847012345,SM1'] }],
  ])('rejects %s with 400', async (_what, payload) => {
    expectError(await bulk(payload), 400, ErrorCode.VALIDATION_FAILED);
  });

  it('rejects 10,001 rows with 400 and imports none of them', async () => {
    const response = await bulk({ members: generatedRows(10_001, 'OVER', 7_000_000_000) });
    expect([400, 413]).toContain(response.statusCode);
    expect(response.json<{ success: boolean }>().success).toBe(false);
    const found = await t.db
      .select({ id: members.id })
      .from(members)
      .where(sql`${members.parishNumber} like 'OVER%'`)
      .limit(1);
    expect(found).toEqual([]);
  });

  it('rejects a body over 8 MB with 413', async () => {
    const rows = Array.from({ length: 2_000 }, (_, i) => ({
      name: 'Big',
      mobile: String(7_100_000_000 + i),
      parishNumber: `BIG${i}`,
      address: 'x'.repeat(4_500),
    }));
    expectError(await bulk({ members: rows }), 413, ErrorCode.PAYLOAD_TOO_LARGE);
  });
});
