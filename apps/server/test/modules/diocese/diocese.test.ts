import { ErrorCode, MSG } from '@parish/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { queryRows } from '../../../src/db/client.ts';
import { runAsOwner, runInParish } from '../../../src/db/parish-scope.ts';
import { setDioceseAdmin } from '../../../src/modules/diocese/diocese-auth.ts';
import { shareOf } from '../../../src/modules/diocese/diocese.service.ts';
import { forgetParishHosts, registerParishHost } from '../../../src/modules/parishes/parish-hosts.ts';
import { createTestApp, expectError, loginAs, type RoleSession, type TestApp } from '../../helpers.ts';
import { paise } from '@parish/shared';

/**
 * The diocese (issue 28 item 5, decision 0131): its own sign-in and token kind, parishes made and
 * their first admin invited, roll-ups exact to the paisa across two parishes, levies of both kinds,
 * and no member contact detail in any answer.
 */

const HOME_HOST = 'a.diocese.example';
const NEW_HOST = 'b.diocese.example';

let t: TestApp;
let dioceseToken = '';
let parishAdmin: RoleSession;
let parishMember: RoleSession;
const contactDetails: string[] = [];

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { token?: string; payload?: object; host?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: {
      host: options.host ?? HOME_HOST,
      ...(options.token && { authorization: `Bearer ${options.token}` }),
    },
    ...(options.payload && { payload: options.payload }),
  });
}

/** Every diocese answer the tests read, to check none carries a member's contact details. */
const answers: string[] = [];
async function diocese(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await call(method, url, { token: dioceseToken, ...(payload && { payload }) });
  answers.push(response.body);
  return response;
}

interface Seeded {
  memberId: string;
}

/** A member of a parish, straight into the database; its name, mobile and number are remembered as contact details. */
async function member(parishId: number, n: number): Promise<Seeded> {
  const name = `Member P${parishId} N${n} Kuriakose`;
  const mobile = `9198${String(parishId).padStart(2, '0')}${String(n).padStart(6, '0')}`;
  const number = `P${parishId}M${n}`;
  contactDetails.push(name, mobile, number);
  const [row] = await runInParish(parishId, () =>
    queryRows<{ id: string }>(
      t.db,
      sql`INSERT INTO members (parish_id, name, mobile, parish_number, address, is_active)
        VALUES (${parishId}, ${name}, ${mobile}, ${number}, ${`House ${n}, Pala`}, true) RETURNING id`,
    ),
  );
  return { memberId: String(row?.id) };
}

async function head(
  parishId: number,
  input: { type: 'arrear' | 'current due' | 'miscellaneous'; amount: number; dueDate: string | null; year?: number },
): Promise<string> {
  const [row] = await runInParish(parishId, () =>
    queryRows<{ id: string }>(
      t.db,
      sql`INSERT INTO payment_heads (parish_id, name, amount_paise, type, year, due_date)
        VALUES (${parishId}, ${`Head ${input.type} ${input.dueDate ?? 'none'}`}, ${input.amount}, ${input.type},
                ${input.year ?? 2026}, ${input.dueDate}) RETURNING id`,
    ),
  );
  return String(row?.id);
}

async function due(
  parishId: number,
  headId: string,
  memberId: string,
  input: {
    amount: number;
    dueDate: string | null;
    status: 'pending' | 'paid' | 'failed' | 'waived';
    test?: boolean;
    year?: number;
  },
): Promise<void> {
  const paid = input.status === 'paid';
  await runInParish(parishId, async () => {
    await t.db.execute(
      sql`INSERT INTO payments (parish_id, member_id, payment_head_id, amount_paise, paid_amount_paise, status, year,
                              due_date, paid_at, payment_method, is_test)
        VALUES (${parishId}, ${memberId}, ${headId}, ${input.amount}, ${paid ? input.amount : null}, ${input.status},
                ${input.year ?? 2026}, ${input.dueDate}, ${paid ? '2026-07-01T05:00:00Z' : null}, ${paid ? 'cash' : null},
                ${input.test ?? false})`,
    );
  });
}

beforeAll(async () => {
  t = await createTestApp();
  // Signed in while the server still serves its one parish on any address (localhost).
  parishAdmin = await loginAs(t.app, 'admin');
  parishMember = await loginAs(t.app, 'customer');
  await registerParishHost(t.db, 1, HOME_HOST);
  forgetParishHosts(t.db);
});
afterAll(async () => t.close());

describe('diocese sign-in', () => {
  it('the first diocese admin signs in with the one-time password and must change it first', async () => {
    const { oneTimePassword, created } = await setDioceseAdmin(t.db, { username: 'bishop', name: 'Diocese Office' });
    expect(created).toBe(true);
    expect(oneTimePassword).toMatch(/^[A-Z2-9]{12}$/);
    expectError(
      await call('POST', '/api/diocese/auth/login', { payload: { username: 'bishop', password: 'wrong-one' } }),
      401,
      ErrorCode.INVALID_CREDENTIALS,
    );
    const login = await call('POST', '/api/diocese/auth/login', {
      payload: { username: 'Bishop', password: oneTimePassword },
    });
    expect(login.statusCode, login.body).toBe(200);
    const first = login.json<{ token: string; admin: { passwordChangeRequired: boolean } }>();
    expect(first.admin.passwordChangeRequired).toBe(true);
    expectError(
      await call('GET', '/api/diocese/parishes', { token: first.token }),
      403,
      ErrorCode.PASSWORD_CHANGE_REQUIRED,
    );
    const me = await call('GET', '/api/diocese/auth/me', { token: first.token });
    expect(me.json()).toMatchObject({ username: 'bishop', name: 'Diocese Office', passwordChangeRequired: true });
    expectError(
      await call('POST', '/api/diocese/auth/change-password', {
        token: first.token,
        payload: { currentPassword: 'not-it', newPassword: 'Diocese-Password-1' },
      }),
      400,
      ErrorCode.VALIDATION_FAILED,
      MSG.currentPasswordWrong,
    );
    const changed = await call('POST', '/api/diocese/auth/change-password', {
      token: first.token,
      payload: { currentPassword: oneTimePassword, newPassword: 'Diocese-Password-1' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    dioceseToken = changed.json<{ token: string }>().token;
    // The one-time session ended with the change.
    expectError(await call('GET', '/api/diocese/auth/me', { token: first.token }), 401, ErrorCode.UNAUTHORIZED);
    expect((await diocese('GET', '/api/diocese/parishes')).statusCode).toBe(200);
  });

  it('no parish principal opens a diocese route, and a diocese token opens no parish route', async () => {
    for (const session of [parishAdmin, parishMember]) {
      expectError(await call('GET', '/api/diocese/parishes', { token: session.token }), 403, ErrorCode.FORBIDDEN);
      expectError(
        await call('GET', '/api/diocese/rollup?period=2026', { token: session.token }),
        403,
        ErrorCode.FORBIDDEN,
      );
    }
    expectError(await call('GET', '/api/diocese/parishes'), 401, ErrorCode.UNAUTHORIZED);
    // The parish tokens work on parish routes at the parish's host; the diocese token on none.
    expect((await call('GET', '/api/members', { token: parishAdmin.token })).statusCode).toBe(200);
    for (const url of ['/api/members', '/api/auth/verify', '/api/admin/users', '/api/admin/dashboard']) {
      expectError(await call('GET', url, { token: dioceseToken }), 401, ErrorCode.UNAUTHORIZED);
    }
  });

  it('signing out ends the diocese session', async () => {
    const login = await call('POST', '/api/diocese/auth/login', {
      payload: { username: 'bishop', password: 'Diocese-Password-1' },
    });
    const token = login.json<{ token: string }>().token;
    expect((await call('POST', '/api/diocese/auth/logout', { token })).statusCode).toBe(204);
    expectError(await call('GET', '/api/diocese/auth/me', { token }), 401, ErrorCode.UNAUTHORIZED);
    // Every session of the account ended: sign in again for the rest.
    const again = await call('POST', '/api/diocese/auth/login', {
      payload: { username: 'bishop', password: 'Diocese-Password-1' },
    });
    dioceseToken = again.json<{ token: string }>().token;
  });
});

describe('a new parish and its first admin', () => {
  it('refuses bad hosts and taken hosts, making nothing', async () => {
    expectError(
      await diocese('POST', '/api/diocese/parishes', { name: 'St. X', hosts: ['bad host'] }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    expectError(
      await diocese('POST', '/api/diocese/parishes', { name: 'St. X', hosts: [HOME_HOST] }),
      409,
      ErrorCode.CONFLICT,
    );
    expectError(
      await diocese('POST', '/api/diocese/parishes', { name: '', hosts: [NEW_HOST] }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    const [count] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM parishes`);
    expect(count?.n).toBe(1);
  });

  it('creates a parish served at its host, with its settings, and invites its admin who must change the password', async () => {
    const made = await diocese('POST', '/api/diocese/parishes', {
      name: 'St. Brigid, Pala',
      hosts: ['B.Diocese.Example'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const parish = made.json<{ id: number; hosts: string[]; staffCount: number }>();
    expect(parish).toMatchObject({ id: 2, hosts: [NEW_HOST], staffCount: 0 });
    // What a fresh parish needs, as the home parish has it: its settings row and its time zone row.
    const fresh = await runAsOwner(() =>
      queryRows<{ name: string; timezone: string }>(
        t.db,
        sql`SELECT s.name, z.timezone FROM parish_settings s JOIN parish_timezone z ON z.parish_id = s.parish_id AND z.id = 1
           WHERE s.parish_id = 2 AND s.id = 1`,
      ),
    );
    expect(fresh).toEqual([{ name: 'St. Brigid, Pala', timezone: 'Asia/Kolkata' }]);
    const [hosts] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM parish_hosts WHERE parish_id = 2`,
    );
    expect(hosts?.n).toBe(1);

    expectError(
      await diocese('POST', '/api/diocese/parishes/99/invite', { username: 'nobody', name: 'No One' }),
      404,
      ErrorCode.NOT_FOUND,
    );
    const invite = await diocese('POST', '/api/diocese/parishes/2/invite', {
      username: 'brigid-admin',
      name: 'Fr. Thomas',
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const { oneTimePassword, signInUrl } = invite.json<{ oneTimePassword: string; signInUrl: string }>();
    expect(signInUrl).toBe(`https://${NEW_HOST}/admin/login`);
    expectError(
      await diocese('POST', '/api/diocese/parishes/2/invite', { username: 'Brigid-Admin', name: 'Again' }),
      409,
      ErrorCode.DUPLICATE_USERNAME,
    );

    const settings = await call('GET', '/api/settings', { host: NEW_HOST });
    expect(settings.json<{ name: string }>().name).toBe('St. Brigid, Pala');
    // The account is the new parish's: the home parish's host does not know it.
    expectError(
      await call('POST', '/api/auth/admin/login', {
        host: HOME_HOST,
        payload: { username: 'brigid-admin', password: oneTimePassword },
      }),
      401,
      ErrorCode.INVALID_CREDENTIALS,
    );
    const login = await call('POST', '/api/auth/admin/login', {
      host: NEW_HOST,
      payload: { username: 'brigid-admin', password: oneTimePassword },
    });
    expect(login.statusCode, login.body).toBe(200);
    const session = login.json<{ token: string; user: { passwordChangeRequired?: boolean; role: string } }>();
    expect(session.user).toMatchObject({ role: 'admin', passwordChangeRequired: true });
    expectError(
      await call('GET', '/api/members', { host: NEW_HOST, token: session.token }),
      403,
      ErrorCode.PASSWORD_CHANGE_REQUIRED,
    );
    const changed = await call('POST', '/api/auth/change-password', {
      host: NEW_HOST,
      token: session.token,
      payload: { currentPassword: oneTimePassword, newPassword: 'Brigid-Password-1' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [staff] = await runAsOwner(() =>
      queryRows<{ parishId: number; mustChange: boolean }>(
        t.db,
        sql`SELECT parish_id AS "parishId", password_must_change AS "mustChange" FROM staff_users WHERE username = 'brigid-admin'`,
      ),
    );
    expect(staff).toEqual({ parishId: 2, mustChange: false });
    const list = await diocese('GET', '/api/diocese/parishes');
    expect(list.json<{ items: { id: number; staffCount: number }[] }>().items.find((p) => p.id === 2)?.staffCount).toBe(
      1,
    );
  });
});

describe('roll-ups and levies across two parishes', () => {
  beforeAll(async () => {
    // Parish 1: a current due of ₹1,500.50 (due 30/06/2026) for four members, an arrear of ₹200, a
    // miscellaneous due of the next financial year.
    const m = [await member(1, 1), await member(1, 2), await member(1, 3), await member(1, 4)];
    const current = await head(1, { type: 'current due', amount: 150_050, dueDate: '2026-06-30' });
    await due(1, current, m[0]!.memberId, { amount: 150_050, dueDate: '2026-06-30', status: 'paid' });
    await due(1, current, m[1]!.memberId, { amount: 150_050, dueDate: '2026-06-30', status: 'paid', test: true });
    await due(1, current, m[2]!.memberId, { amount: 150_050, dueDate: '2026-06-30', status: 'pending' });
    await due(1, current, m[3]!.memberId, { amount: 150_050, dueDate: '2026-06-30', status: 'waived' });
    const arrear = await head(1, { type: 'arrear', amount: 20_000, dueDate: null });
    await due(1, arrear, m[0]!.memberId, { amount: 20_000, dueDate: null, status: 'paid' });
    const misc = await head(1, { type: 'miscellaneous', amount: 70_000, dueDate: '2027-05-10', year: 2027 });
    await due(1, misc, m[0]!.memberId, { amount: 70_000, dueDate: '2027-05-10', status: 'paid', year: 2027 });
    // Parish 2: a current due of ₹999.99 (due 15/04/2026), one paid, one failed.
    const n = [await member(2, 1), await member(2, 2)];
    const due2 = await head(2, { type: 'current due', amount: 99_999, dueDate: '2026-04-15' });
    await due(2, due2, n[0]!.memberId, { amount: 99_999, dueDate: '2026-04-15', status: 'paid' });
    await due(2, due2, n[1]!.memberId, { amount: 99_999, dueDate: '2026-04-15', status: 'failed' });
  });

  it('sums each parish and head type of a financial year exactly, test money and waived dues apart', async () => {
    const response = await diocese('GET', '/api/diocese/rollup?period=2026');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{
      totalParishes: number;
      items: { parishId: number; lines: unknown[]; total: unknown }[];
    }>();
    expect(body.totalParishes).toBe(2);
    const byId = new Map(body.items.map((item) => [item.parishId, item]));
    expect(byId.get(1)?.lines).toEqual([
      { headType: 'arrear', raised: 200, collected: 200, outstanding: 0, collectionRate: 100 },
      { headType: 'current due', raised: 4501.5, collected: 1500.5, outstanding: 3001, collectionRate: 33.3 },
    ]);
    expect(byId.get(1)?.total).toEqual({ raised: 4701.5, collected: 1700.5, outstanding: 3001, collectionRate: 36.2 });
    expect(byId.get(2)?.lines).toEqual([
      { headType: 'current due', raised: 1999.98, collected: 999.99, outstanding: 999.99, collectionRate: 50 },
    ]);
  });

  it('sums a month by the dues of that month, and pages the parishes', async () => {
    const june = (await diocese('GET', '/api/diocese/rollup?period=2026-06')).json<{
      items: { parishId: number; lines: { headType: string }[] }[];
    }>();
    // By name: St. Brigid, Pala before St. Test Parish.
    expect(june.items.map((item) => [item.parishId, item.lines.map((l) => l.headType)])).toEqual([
      [2, []],
      [1, ['current due']],
    ]);
    const april = (await diocese('GET', '/api/diocese/rollup?period=2026-04')).json<{
      items: { parishId: number; lines: { headType: string }[] }[];
    }>();
    const aprilLines = Object.fromEntries(
      april.items.map((item) => [item.parishId, item.lines.map((l) => l.headType)]),
    );
    expect(aprilLines).toEqual({ 1: ['arrear'], 2: ['current due'] });
    const page2 = (await diocese('GET', '/api/diocese/rollup?period=2026&page=2&pageSize=1')).json<{
      items: unknown[];
      totalParishes: number;
    }>();
    expect(page2.items).toHaveLength(1);
    expect(page2.totalParishes).toBe(2);
    expectError(await diocese('GET', '/api/diocese/rollup?period=26'), 400, ErrorCode.VALIDATION_FAILED);
    expectError(await diocese('GET', '/api/diocese/rollup?period=2026-13'), 400, ErrorCode.VALIDATION_FAILED);
  });

  it('downloads the roll-up as CSV and Excel', async () => {
    const csv = await diocese('GET', '/api/diocese/rollup/export?period=2026&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="diocese_rollup_2026.csv"');
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Parish,Head type,Raised,Collected,Outstanding,Collection rate (%)');
    expect(lines).toContain('"St. Brigid, Pala",Current Due,1999.98,999.99,999.99,50');
    expect(lines).toContain('"St. Brigid, Pala",Total,1999.98,999.99,999.99,50');
    const xlsx = await diocese('GET', '/api/diocese/rollup/export?period=2026&format=xlsx');
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const [book] = await readXlsxFile(xlsx.rawPayload);
    const sheet = book?.data ?? [];
    expect(sheet[0]).toEqual(['Parish', 'Head type', 'Raised', 'Collected', 'Outstanding', 'Collection rate (%)']);
    expect(sheet.length).toBe(lines.length);
  });

  it('levies: a share of a head type collected in the year, a fixed sum; the latest row in force', async () => {
    const set = async (parishId: number, payload: object) => {
      const response = await diocese('PUT', `/api/diocese/parishes/${parishId}/levies`, payload);
      expect(response.statusCode, response.body).toBe(204);
    };
    await set(1, { kind: 'share', headType: 'current due', percent: 5, effectiveYear: 2025 });
    await set(1, { kind: 'share', headType: 'current due', percent: 10, effectiveYear: 2026 });
    await set(2, { kind: 'fixed', amount: 5000, effectiveYear: 2026 });
    await set(2, { kind: 'share', headType: 'current due', percent: 12.5, effectiveYear: 2026 });
    expectError(
      await diocese('PUT', '/api/diocese/parishes/1/levies', { kind: 'share', percent: 10, effectiveYear: 2026 }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    expectError(
      await diocese('PUT', '/api/diocese/parishes/1/levies', {
        kind: 'share',
        headType: 'current due',
        percent: 101,
        effectiveYear: 2026,
      }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    expectError(
      await diocese('PUT', '/api/diocese/parishes/99/levies', { kind: 'fixed', amount: 10, effectiveYear: 2026 }),
      404,
      ErrorCode.NOT_FOUND,
    );

    const owed = (await diocese('GET', '/api/diocese/levies?year=2026')).json<{
      items: {
        parishId: number;
        totalOwed: number;
        levies: { kind: string; base: number | null; owed: number; percent: number | null }[];
      }[];
      totalOwed: number;
    }>();
    const byId = new Map(owed.items.map((item) => [item.parishId, item]));
    // 10% of ₹1,500.50 collected on current dues (the test payment is no money).
    expect(byId.get(1)?.levies).toEqual([
      {
        kind: 'share',
        headType: 'current due',
        percent: 10,
        fixedAmount: null,
        effectiveYear: 2026,
        base: 1500.5,
        owed: 150.05,
      },
    ]);
    // ₹5,000 a year and 12.5% of ₹999.99 = ₹124.99875, rounded half up to ₹125.00.
    expect(byId.get(2)?.levies.map((levy) => [levy.kind, levy.base, levy.owed])).toEqual([
      ['fixed', null, 5000],
      ['share', 999.99, 125],
    ]);
    expect(byId.get(2)?.totalOwed).toBe(5125);
    expect(owed.totalOwed).toBe(5275.05);
    const before = (await diocese('GET', '/api/diocese/levies?year=2025')).json<{
      items: { parishId: number; levies: { percent: number | null; owed: number }[] }[];
    }>();
    expect(before.items.find((item) => item.parishId === 1)?.levies).toMatchObject([{ percent: 5, owed: 0 }]);
    expect(before.items.find((item) => item.parishId === 2)?.levies).toEqual([]);
  });

  it('rounds a share half up to the paisa', () => {
    expect(shareOf(paise(99_999), 1250)).toBe(12_500);
    expect(shareOf(paise(3), 5000)).toBe(2);
    expect(shareOf(paise(1), 4999)).toBe(0);
  });

  it('no diocese answer carries a member name, mobile, parish number or address', async () => {
    answers.push((await diocese('GET', '/api/diocese/parishes')).body);
    expect(contactDetails.length).toBeGreaterThan(10);
    expect(answers.length).toBeGreaterThan(20);
    for (const body of answers) {
      for (const detail of contactDetails) expect(body).not.toContain(detail);
      expect(body).not.toContain('House ');
      expect(body).not.toMatch(/"(mobile|email|address|memberName)"/);
    }
  });
});
