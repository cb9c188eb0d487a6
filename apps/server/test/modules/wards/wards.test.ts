import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { WARD_MSG, type Member, type Ward, type WardReportRow } from '@parish/shared';

import { queryRows } from '../../../src/db/client.ts';
import { insertHead, insertPayment } from '../../factories.ts';
import { createMember, createTestApp, expectError, loginAs, type RoleSession, type TestApp } from '../../helpers.ts';

/*
 * Wards (issue 28 item 7, decision 0126; docs/domain.md "Wards"): the ward routes, the member's
 * ward and the list filter, the Ward column of the member import and the ward-wise report.
 */

let t: TestApp;
let admin: RoleSession;
let cashier: RoleSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  cashier = await loginAs(t.app, 'cashier');
});
afterAll(async () => {
  await t.close();
});

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
  session = admin,
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url, headers: session.headers, ...(payload !== undefined && { payload }) });
}

async function ok<T>(response: Promise<LightMyRequestResponse>, status = 200): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json<T>();
}

async function addWard(name: string): Promise<Ward> {
  return ok<Ward>(call('POST', '/api/wards', { name }), 201);
}

async function setWard(memberId: string, wardId: string | null): Promise<void> {
  await t.app.db.execute(sql`update members set ward_id = ${wardId}::uuid where id = ${memberId}::uuid`);
}

describe('ward routes', () => {
  it('adds, lists by name, renames and deletes a ward, each audited', async () => {
    const zion = await addWard('  Zion  ');
    expect(zion).toMatchObject({ name: 'Zion', memberCount: 0 });
    const bethany = await addWard('Bethany');
    const listed = await ok<Ward[]>(call('GET', '/api/wards', undefined, cashier));
    const names = listed.map((ward) => ward.name);
    expect(names.indexOf('Bethany')).toBeLessThan(names.indexOf('Zion'));
    const renamed = await ok<Ward>(call('PATCH', `/api/wards/${zion.id}`, { name: 'Zion North' }));
    expect(renamed).toEqual({ id: zion.id, name: 'Zion North', memberCount: 0 });
    await ok(call('DELETE', `/api/wards/${bethany.id}`));
    expect((await ok<Ward[]>(call('GET', '/api/wards'))).some((ward) => ward.id === bethany.id)).toBe(false);
    const actions = await queryRows<{ action: string }>(
      t.app.db,
      sql`select action from audit_events where entity_type = 'ward' and entity_id in (${zion.id}, ${bethany.id})
          order by action`,
    );
    expect(actions.map((row) => row.action).sort()).toEqual(
      ['ward.created', 'ward.created', 'ward.deleted', 'ward.updated'].sort(),
    );
  });

  it('refuses a duplicate name, case-insensitively, on add and rename (409)', async () => {
    await addWard('St Thomas');
    expectError(await call('POST', '/api/wards', { name: 'st thomas' }), 409, 'DUPLICATE_WARD', WARD_MSG.duplicate);
    const other = await addWard('St Jude');
    expectError(await call('PATCH', `/api/wards/${other.id}`, { name: 'ST THOMAS' }), 409, 'DUPLICATE_WARD');
  });

  it('refuses an empty or over-long name (400) and an unknown ward (404)', async () => {
    expect((await call('POST', '/api/wards', { name: '   ' })).statusCode).toBe(400);
    expect((await call('POST', '/api/wards', { name: 'x'.repeat(61) })).statusCode).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('PATCH', `/api/wards/${unknown}`, { name: 'Nowhere' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/wards/${unknown}`)).statusCode).toBe(404);
  });

  it('refuses to delete a ward while members belong to it, saying how many (409)', async () => {
    const ward = await addWard('Carmel');
    const one = await createMember(t.app);
    const two = await createMember(t.app);
    await setWard(one.id, ward.id);
    await setWard(two.id, ward.id);
    expect((await ok<Ward[]>(call('GET', '/api/wards'))).find((w) => w.id === ward.id)?.memberCount).toBe(2);
    expectError(await call('DELETE', `/api/wards/${ward.id}`), 409, 'WARD_HAS_MEMBERS', WARD_MSG.hasMembers(2));
    await setWard(one.id, null);
    await setWard(two.id, null);
    await ok(call('DELETE', `/api/wards/${ward.id}`));
  });

  it('lets a cashier read but not change wards', async () => {
    expect((await call('POST', '/api/wards', { name: 'Cashier ward' }, cashier)).statusCode).toBe(403);
    expect((await call('GET', '/api/reports/wards', undefined, cashier)).statusCode).toBe(200);
  });
});

describe('a member’s ward', () => {
  it('is set on create and update, kept when absent, cleared with null, and filters the member list', async () => {
    const ward = await addWard('Nazareth');
    const base = { name: 'Ward Member', mobile: '919800011122', parishNumber: 'WM001' };
    const created = await ok<Member>(call('POST', '/api/members', { ...base, wardId: ward.id }), 201);
    expect(created.wardId).toBe(ward.id);
    const kept = await ok<Member>(call('PUT', `/api/members/${created._id}`, { ...base, name: 'Ward Member A' }));
    expect(kept.wardId).toBe(ward.id);
    expect((await ok<Member>(call('GET', `/api/members/${created._id}`))).wardId).toBe(ward.id);
    const other = await createMember(t.app, { name: 'Wardless Member' });

    const inWard = await ok<{ items: Member[]; total: number }>(
      call('GET', `/api/members?wardId=${ward.id}&limit=100`),
    );
    expect(inWard.items.map((m) => m._id)).toEqual([created._id]);
    expect(inWard.total).toBe(1);
    expect(inWard.items[0]?.wardId).toBe(ward.id);
    const none = await ok<{ items: Member[] }>(call('GET', '/api/members?wardId=none&search=wardless&limit=100'));
    expect(none.items.map((m) => m._id)).toEqual([other.id]);
    const all = await ok<{ items: Member[] }>(call('GET', '/api/members?search=ward member a&limit=100'));
    expect(all.items.map((m) => m.wardId)).toEqual([ward.id]);

    const cleared = await ok<Member>(call('PUT', `/api/members/${created._id}`, { ...base, wardId: null }));
    expect(cleared.wardId).toBeUndefined();
    expect((await ok<{ total: number }>(call('GET', `/api/members?wardId=${ward.id}`))).total).toBe(0);
  });

  it('refuses a ward id that names no ward (400, field wardId)', async () => {
    const body = { name: 'Ghost Ward', mobile: '919800011133', parishNumber: 'WM002' };
    const refused = expectError(
      await call('POST', '/api/members', { ...body, wardId: '00000000-0000-4000-8000-000000000001' }),
      400,
      'VALIDATION_FAILED',
      WARD_MSG.notFound,
    );
    expect(refused.details?.[0]?.field).toBe('wardId');
  });
});

describe('GET /api/reports/wards', () => {
  it('sums active members, raised, collected and pending per ward and for no ward, leaving test money out', async () => {
    const report = await createTestApp();
    try {
      const session = await loginAs(report.app, 'admin');
      const db = report.app.db;
      const inject = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
        report.app.inject({ method, url, headers: session.headers, ...(payload && { payload }) });
      const east = await ok<Ward>(inject('POST', '/api/wards', { name: 'East' }), 201);
      const west = await ok<Ward>(inject('POST', '/api/wards', { name: 'west' }), 201);
      const head = await insertHead(db, { amountPaise: 100_000 });
      const paidOf = async (paymentId: string, test: boolean) =>
        db.execute(sql`update payments set status = 'paid', paid_at = now(), paid_amount_paise = amount_paise,
                              payment_method = ${test ? 'online' : 'cash'}, is_test = ${test}
                        where id = ${paymentId}::uuid`);
      // East: two active members, ₹1,000 each; one paid in cash, one paid by a test payment (still owed).
      const e1 = await createMember(report.app);
      const e2 = await createMember(report.app);
      // West: one active member paid ₹1,000 and one deactivated member with ₹500 paid.
      const w1 = await createMember(report.app);
      const w2 = await createMember(report.app, { isActive: false });
      // No ward: one member with ₹1,000 pending, one without dues.
      const n1 = await createMember(report.app);
      await createMember(report.app);
      for (const [member, ward] of [
        [e1, east],
        [e2, east],
        [w1, west],
        [w2, west],
      ] as const) {
        await db.execute(sql`update members set ward_id = ${ward.id}::uuid where id = ${member.id}::uuid`);
      }
      await paidOf((await insertPayment(db, e1, head)).id, false);
      await paidOf((await insertPayment(db, e2, head)).id, true);
      await paidOf((await insertPayment(db, w1, head)).id, false);
      await paidOf((await insertPayment(db, w2, head, 50_000)).id, false);
      await insertPayment(db, n1, head);

      const { items } = await ok<{ items: WardReportRow[] }>(inject('GET', '/api/reports/wards'));
      const adminUsers = await queryRows<{ n: number | string }>(
        db,
        sql`select count(*) as n from members where ward_id is null and is_active`,
      );
      expect(items).toEqual([
        { wardId: east.id, name: 'East', members: 2, raised: 2000, collected: 1000, pending: 1000, collectionRate: 50 },
        { wardId: west.id, name: 'west', members: 1, raised: 1500, collected: 1500, pending: 0, collectionRate: 100 },
        {
          wardId: null,
          name: null,
          members: Number(adminUsers[0]?.n),
          raised: 1000,
          collected: 0,
          pending: 1000,
          collectionRate: 0,
        },
      ]);
    } finally {
      await report.close();
    }
  });
});

describe('the ward label setting', () => {
  it('reads ward by default, is set to family_unit by the admin (audited), kept when absent, and refuses others', async () => {
    const read = async () => (await ok<{ wardLabel: string }>(call('GET', '/api/settings'))).wardLabel;
    expect(await read()).toBe('ward');
    const base = { name: 'St Mary', address: '', contact: '', logoUrl: '' };
    await ok(call('PUT', '/api/settings', { ...base, wardLabel: 'family_unit' }));
    expect(await read()).toBe('family_unit');
    await ok(call('PUT', '/api/settings', base));
    expect(await read()).toBe('family_unit');
    expect((await call('PUT', '/api/settings', { ...base, wardLabel: 'zone' })).statusCode).toBe(400);
    const [audit] = await queryRows<{ after: { wardLabel?: string } }>(
      t.app.db,
      sql`select after from audit_events where action = 'settings.updated' order by id desc limit 1`,
    );
    expect(audit?.after.wardLabel).toBe('family_unit');
    await ok(call('PUT', '/api/settings', { ...base, wardLabel: 'ward' }));
  });
});

describe('the Ward column of the member import', () => {
  it('matches existing wards case-insensitively, lists and then creates unknown ones, and leaves blanks without a ward', async () => {
    const existing = await addWard('Bethlehem');
    const rows = [
      { name: 'Import One', mobile: '9800022201', parishNumber: 'WI001', ward: ' bethlehem ' },
      { name: 'Import Two', mobile: '9800022202', parishNumber: 'WI002', ward: 'Galilee' },
      { name: 'Import Three', mobile: '9800022203', parishNumber: 'WI003', ward: 'GALILEE' },
      { name: 'Import Four', mobile: '9800022204', parishNumber: 'WI004', ward: '' },
      { name: 'Import Five', mobile: '9800022205', parishNumber: 'WI005', ward: 'x'.repeat(61) },
    ];
    const preview = await ok<{ newWards: string[]; toCreate: unknown[]; errors: { row: number; message: string }[] }>(
      call('POST', '/api/members/bulk/preview', { members: rows }),
    );
    expect(preview.newWards).toEqual(['Galilee']);
    expect(preview.toCreate).toHaveLength(4);
    expect(preview.errors).toEqual([{ row: 5, message: WARD_MSG.nameTooLong }]);
    expect((await ok<Ward[]>(call('GET', '/api/wards'))).some((ward) => ward.name === 'Galilee')).toBe(false);

    const result = await ok<{ imported: number; members: Member[] }>(
      call('POST', '/api/members/bulk', { members: rows }),
    );
    expect(result.imported).toBe(4);
    const wards = await ok<Ward[]>(call('GET', '/api/wards'));
    const galilee = wards.find((ward) => ward.name === 'Galilee');
    expect(galilee?.memberCount).toBe(2);
    expect(wards.find((ward) => ward.id === existing.id)?.memberCount).toBe(1);
    expect(result.members.map((m) => m.wardId)).toEqual([existing.id, galilee?.id, galilee?.id, undefined]);
    const again = await ok<{ newWards: string[] }>(call('POST', '/api/members/bulk/preview', { members: rows }));
    expect(again.newWards).toEqual([]);
  });
});
