import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ErrorCode,
  MSG,
  STAFF_WARD_MSG,
  WARD_MSG,
  type Member,
  type ReminderRound,
  type SessionUser,
  type StaffUser,
  type Ward,
} from '@parish/shared';

import { queryRows } from '../../../src/db/client.ts';
import { insertHead, insertPayment } from '../../factories.ts';
import {
  createMember,
  expectError,
  loginAs,
  loginStaff,
  type Session,
  type TestApp,
  type TestMember,
  createTestApp,
} from '../../helpers.ts';

/*
 * The ward leader (issue 28 item 7, decision 0129): a staff account confined to one ward. It sees
 * its ward's members, their dues and their wa.me reminders; a member of another ward answers 404
 * as a missing member; everything else answers 403 (the whole matrix: authz-matrix.test.ts).
 */

const LEADER_PASSWORD = 'Leader-Test-Password-1';

let t: TestApp;
let admin: Session;
let leader: Session;
let north: Ward;
let south: Ward;
let inNorth: TestMember;
let inSouth: TestMember;
let inNone: TestMember;

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  session: Session,
  payload?: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { ...session.headers, 'x-requested-with': 'fetch' },
    ...(payload !== undefined && { payload }),
  });
}

async function ok<T>(response: Promise<LightMyRequestResponse>, status = 200): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json<T>();
}

async function setWard(memberId: string, wardId: string | null): Promise<void> {
  await t.app.db.execute(sql`update members set ward_id = ${wardId}::uuid where id = ${memberId}::uuid`);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  north = await ok<Ward>(call('POST', '/api/wards', admin, { name: 'North' }), 201);
  south = await ok<Ward>(call('POST', '/api/wards', admin, { name: 'South' }), 201);
  inNorth = await createMember(t.app, { name: 'Anna North' });
  inSouth = await createMember(t.app, { name: 'Ben South' });
  inNone = await createMember(t.app, { name: 'Cyril Nowhere' });
  await setWard(inNorth.id, north.id);
  await setWard(inSouth.id, south.id);
  const head = await insertHead(t.app.db, { amountPaise: 50_000 });
  for (const member of [inNorth, inSouth, inNone]) await insertPayment(t.app.db, member, head);
  await ok<StaffUser>(
    call('POST', '/api/admin/users', admin, {
      username: 'north.leader',
      name: 'North Leader',
      role: 'ward_leader',
      password: LEADER_PASSWORD,
      wardId: north.id,
    }),
    201,
  );
  leader = await loginStaff(t.app, 'north.leader', LEADER_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

describe('creating a ward leader (POST /api/admin/users)', () => {
  it('the account carries its ward, in the staff list and in the session', async () => {
    const users = (await ok<{ items: StaffUser[] }>(call('GET', '/api/admin/users', admin))).items;
    expect(users.find((user) => user.username === 'north.leader')).toMatchObject({
      role: 'ward_leader',
      wardId: north.id,
    });
    expect(leader.user).toMatchObject({ role: 'ward_leader', wardId: north.id });
    const verified = await ok<{ user: SessionUser }>(call('GET', '/api/auth/verify', leader));
    expect(verified.user).toMatchObject({ role: 'ward_leader', wardId: north.id });
  });

  it('refuses a ward leader without a ward, a ward for another role and a ward not of the parish, creating nothing', async () => {
    const base = { name: 'X', password: LEADER_PASSWORD };
    const noWard = await call('POST', '/api/admin/users', admin, { ...base, username: 'lead.a', role: 'ward_leader' });
    expect(expectError(noWard, 400, ErrorCode.VALIDATION_FAILED).error).toContain(STAFF_WARD_MSG.wardRequired);
    const cashierWithWard = await call('POST', '/api/admin/users', admin, {
      ...base,
      username: 'lead.b',
      role: 'cashier',
      wardId: north.id,
    });
    expect(expectError(cashierWithWard, 400, ErrorCode.VALIDATION_FAILED).error).toContain(
      STAFF_WARD_MSG.wardOnlyForLeader,
    );
    const unknownWard = await call('POST', '/api/admin/users', admin, {
      ...base,
      username: 'lead.c',
      role: 'ward_leader',
      wardId: '00000000-0000-4000-8000-000000000000',
    });
    expect(expectError(unknownWard, 400, ErrorCode.VALIDATION_FAILED).error).toContain(WARD_MSG.notFound);
    const users = (await ok<{ items: StaffUser[] }>(call('GET', '/api/admin/users', admin))).items;
    expect(users.filter((user) => user.username.startsWith('lead.'))).toEqual([]);
  });

  it('a ward with a leader cannot be deleted (409), and stays', async () => {
    const empty = await ok<Ward>(call('POST', '/api/wards', admin, { name: 'Led but empty' }), 201);
    await ok(
      call('POST', '/api/admin/users', admin, {
        username: 'empty.leader',
        name: 'Empty Leader',
        role: 'ward_leader',
        password: LEADER_PASSWORD,
        wardId: empty.id,
      }),
      201,
    );
    expectError(
      await call('DELETE', `/api/wards/${empty.id}`, admin),
      409,
      ErrorCode.WARD_HAS_MEMBERS,
      WARD_MSG.hasLeader,
    );
    const wards = await ok<Ward[]>(call('GET', '/api/wards', admin));
    expect(wards.some((ward) => ward.id === empty.id)).toBe(true);
  });

  it('a role change away from ward leader clears the ward; back to it needs one', async () => {
    const created = await ok<StaffUser>(
      call('POST', '/api/admin/users', admin, {
        username: 'moving.leader',
        name: 'Moving Leader',
        role: 'ward_leader',
        password: LEADER_PASSWORD,
        wardId: south.id,
      }),
      201,
    );
    const asCashier = await ok<StaffUser>(call('PUT', `/api/admin/users/${created._id}`, admin, { role: 'cashier' }));
    expect(asCashier.wardId).toBeUndefined();
    expectError(
      await call('PUT', `/api/admin/users/${created._id}`, admin, { role: 'ward_leader' }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    const back = await ok<StaffUser>(
      call('PUT', `/api/admin/users/${created._id}`, admin, { role: 'ward_leader', wardId: north.id }),
    );
    expect(back).toMatchObject({ role: 'ward_leader', wardId: north.id });
  });
});

describe('what a ward leader sees', () => {
  it('the member list is their ward’s only, whatever ward is asked for', async () => {
    const own = await ok<{ items: Member[]; total: number }>(call('GET', '/api/members', leader));
    expect(own.items.map((member) => member._id)).toEqual([inNorth.id]);
    expect(own.total).toBe(1);
    const other = await ok<{ items: Member[]; total: number }>(call('GET', `/api/members?wardId=${south.id}`, leader));
    expect(other.items.map((member) => member._id)).toEqual([inNorth.id]);
    const none = await ok<{ items: Member[]; total: number }>(
      call('GET', '/api/members?wardId=none&search=cyril', leader),
    );
    expect(none.items).toEqual([]);
    // The admin still sees the whole register.
    const all = await ok<{ items: Member[]; total: number }>(call('GET', '/api/members', admin));
    expect(all.total).toBeGreaterThanOrEqual(3);
  });

  it('a member of their ward in detail, with dues; another ward’s member or one without a ward is 404 as a missing one', async () => {
    expect((await ok<{ _id: string }>(call('GET', `/api/members/${inNorth.id}`, leader)))._id).toBe(inNorth.id);
    const dues = await ok<{ items: unknown[]; totals: { pending: number } }>(
      call('GET', `/api/collections/members/${inNorth.id}/payments`, leader),
    );
    expect(dues.items).toHaveLength(1);
    expect(dues.totals.pending).toBe(500);
    const missing = await call('GET', '/api/members/00000000-0000-4000-8000-000000000000', leader);
    const missingBody = expectError(missing, 404, ErrorCode.NOT_FOUND, MSG.notFound);
    for (const other of [inSouth, inNone]) {
      for (const url of [
        `/api/members/${other.id}`,
        `/api/collections/members/${other.id}/payments`,
        `/api/members/${other.id}/whatsapp-link`,
      ]) {
        const answer = await call('GET', url, leader);
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json<{ error: string; code: string }>(), url).toMatchObject({
          code: missingBody.code,
          error: missingBody.error,
        });
      }
    }
  });

  it('sends their ward’s members a reminder (wa.me link)', async () => {
    const link = await ok<{ url: string; message: string }>(
      call('GET', `/api/members/${inNorth.id}/whatsapp-link`, leader),
    );
    expect(link.url).toMatch(/^https:\/\/wa\.me\//);
    expect(link.message).toContain('500');
  });

  it('sees only their own ward in the ward list', async () => {
    const wards = await ok<Ward[]>(call('GET', '/api/wards', leader));
    expect(wards).toEqual([{ id: north.id, name: 'North', memberCount: 1 }]);
  });

  it('everything else answers 403 with the forbidden error, and changes nothing', async () => {
    const [due] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id from payments where member_id = ${inNorth.id}::uuid`,
    );
    const denied: [
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: string,
      payload?: Record<string, unknown>,
    ][] = [
      ['POST', `/api/payments/${due?.id}/collect`, { paymentMethod: 'cash' }],
      ['PUT', `/api/payments/${due?.id}/reverse`, {}],
      ['GET', '/api/payment-heads'],
      ['PUT', '/api/settings', { name: 'Taken over' }],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/export'],
      ['GET', '/api/admin/dashboard'],
      ['POST', '/api/admin/send-all-reminders', {}],
      ['POST', '/api/admin/reports', {}],
      ['PUT', `/api/members/${inNorth.id}`, {}],
      ['PATCH', `/api/wards/${north.id}`, { name: 'Renamed' }],
      ['POST', '/api/admin/reminders/rounds', {}],
      ['POST', '/api/events/ticket', {}],
    ];
    for (const [method, url, payload] of denied) {
      expectError(await call(method, url, leader, payload), 403, ErrorCode.FORBIDDEN, MSG.forbidden);
    }
    const [status] = await queryRows<{ status: string }>(
      t.app.db,
      sql`select status from payments where id = ${due?.id}::uuid`,
    );
    expect(status?.status).toBe('pending');
    expect((await ok<Ward[]>(call('GET', '/api/wards', admin))).find((ward) => ward.id === north.id)?.name).toBe(
      'North',
    );
  });
});

describe('reminder rounds by ward (POST /api/admin/reminders/rounds?wardId=)', () => {
  it('a round for a ward names only its members with pending dues', async () => {
    const started = await ok<{ round: ReminderRound }>(
      call('POST', `/api/admin/reminders/rounds?wardId=${south.id}`, admin),
    );
    expect(started.round.items.map((item) => item.memberId)).toEqual([inSouth.id]);
    const whole = await ok<{ round: ReminderRound }>(call('POST', '/api/admin/reminders/rounds', admin, {}));
    expect(whole.round.items.map((item) => item.memberId).sort()).toEqual([inNorth.id, inSouth.id, inNone.id].sort());
  });

  it('an unknown ward is refused (400) and starts no round', async () => {
    const before = await ok<{ round: ReminderRound | null }>(call('GET', '/api/admin/reminders/rounds/current', admin));
    const refused = await call(
      'POST',
      '/api/admin/reminders/rounds?wardId=00000000-0000-4000-8000-000000000000',
      admin,
    );
    expectError(refused, 400, ErrorCode.VALIDATION_FAILED, WARD_MSG.notFound);
    const after = await ok<{ round: ReminderRound | null }>(call('GET', '/api/admin/reminders/rounds/current', admin));
    expect(after.round?.id).toBe(before.round?.id);
  });
});
