import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ErrorCode, paise, type PaymentHead, type PaymentHeadList, type PaymentHeadWithStats } from '@parish/shared';

import { auditEvents, paymentHeads, payments } from '../../../src/db/schema/index.ts';
import { createMember, createTestApp, expectError, loginAs, type RoleSession, type TestApp } from '../../helpers.ts';

// The product's own texts (`docs/domain.md`, §5 "Account head form"), written out on purpose.
const REQUIRED = 'Please fill all required fields (Name and Amount)';
const INVALID_AMOUNT = 'Please enter a valid amount';

let t: TestApp;
let admin: RoleSession;
let cashier: RoleSession;
let member: RoleSession;

beforeAll(async () => {
  t = await createTestApp(); // today in the parish: 2026-11-22
  admin = await loginAs(t.app, 'admin');
  cashier = await loginAs(t.app, 'cashier');
  member = await loginAs(t.app, 'member');
});
afterAll(async () => {
  await t.close();
});

function post(payload: unknown, session: RoleSession = admin): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/payment-heads',
    headers: session.headers,
    payload: payload as object,
  });
}

function put(id: string, payload: unknown, session: RoleSession = admin): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PUT',
    url: `/api/payment-heads/${id}`,
    headers: session.headers,
    payload: payload as object,
  });
}

async function createHead(payload: Record<string, unknown>): Promise<PaymentHead> {
  const response = await post(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PaymentHead>();
}

/** Inserts a payment of a head for a member straight into the database. */
async function insertPayment(headId: string, memberId: string, amountPaise: number, paidPaise?: number) {
  await t.db.insert(payments).values({
    memberId,
    paymentHeadId: headId,
    amountPaise: paise(amountPaise),
    year: 2026,
    ...(paidPaise !== undefined && {
      status: 'paid' as const,
      paidAmountPaise: paise(paidPaise),
      paidAt: '2026-11-20T05:00:00.000Z',
      paymentGateway: 'manual' as const,
    }),
  });
}

describe('POST /api/payment-heads: the account head form (docs/domain.md §5)', () => {
  it('creates a head with rupees on the wire, paise in the database, and an audit event', async () => {
    const head = await createHead({
      name: 'Church Tax 2026',
      description: 'Annual tax',
      amount: 1250.5,
      type: 'current due',
      year: 2026,
      dueDate: '2027-01-15',
      variable_amount: true,
    });
    expect(head).toMatchObject({
      name: 'Church Tax 2026',
      description: 'Annual tax',
      amount: 1250.5,
      type: 'current due',
      year: 2026,
      dueDate: '2027-01-15',
      variable_amount: true,
      isActive: true,
    });
    const [row] = await t.db.select().from(paymentHeads).where(eq(paymentHeads.id, head._id));
    expect(row?.amountPaise).toBe(125050);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, head._id), eq(auditEvents.action, 'payment_head.created')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorId).toBe(admin.user.id);
  });

  it('name and amount are required', async () => {
    expectError(await post({ amount: 100 }), 400, ErrorCode.VALIDATION_FAILED, REQUIRED);
    expectError(await post({ name: '   ', amount: 100 }), 400, ErrorCode.VALIDATION_FAILED, REQUIRED);
    expectError(await post({ name: 'Feast' }), 400, ErrorCode.VALIDATION_FAILED, REQUIRED);
    expectError(await post({ name: 'Feast', amount: '' }), 400, ErrorCode.VALIDATION_FAILED, REQUIRED);
    expectError(await post({}), 400, ErrorCode.VALIDATION_FAILED, REQUIRED);
  });

  it('the amount must be a number above 0 with at most 2 decimals', async () => {
    for (const amount of [0, -5, 10.123, 'abc', '12.345', true]) {
      expectError(await post({ name: 'Feast', amount }), 400, ErrorCode.VALIDATION_FAILED, INVALID_AMOUNT);
    }
    const fromText = await createHead({ name: 'From text', amount: '1,500.25' });
    expect(fromText.amount).toBe(1500.25);
  });

  it('the year is 2020-2030 and defaults to the current year in the parish', async () => {
    for (const year of [2019, 2031, 2026.5]) {
      expectError(await post({ name: 'Year', amount: 10, year }), 400, ErrorCode.VALIDATION_FAILED);
    }
    expect((await createHead({ name: 'Y2020', amount: 10, year: 2020 })).year).toBe(2020);
    expect((await createHead({ name: 'Y2030', amount: 10, year: 2030 })).year).toBe(2030);
    expect((await createHead({ name: 'Ydefault', amount: 10 })).year).toBe(2026);
  });

  it('type: canonical or legacy values stored canonically; unknown is a 400', async () => {
    const cases: [string, string][] = [
      ['arrears', 'arrear'],
      ['normal', 'current due'],
      ['due', 'current due'],
      ['current', 'current due'],
      ['misc', 'miscellaneous'],
      ['Miscellaneous', 'miscellaneous'],
    ];
    for (const [type, canonical] of cases) {
      expect((await createHead({ name: `T ${type}`, amount: 10, type })).type).toBe(canonical);
    }
    expectError(await post({ name: 'T', amount: 10, type: 'weekly' }), 400, ErrorCode.VALIDATION_FAILED);
  });

  it('due date only for current due and miscellaneous; defaults to 31 March of the financial year', async () => {
    const arrear = await createHead({ name: 'Old tax', amount: 10, type: 'arrear', dueDate: '2027-01-01' });
    expect(arrear.dueDate).toBeNull();
    const current = await createHead({ name: 'Current', amount: 10, type: 'current due' });
    expect(current.dueDate).toBe('2027-03-31');
    const misc = await createHead({ name: 'Misc', amount: 10, type: 'miscellaneous', dueDate: '' });
    expect(misc.dueDate).toBe('2027-03-31');
    expectError(await post({ name: 'Bad date', amount: 10, dueDate: '2027-02-30' }), 400, ErrorCode.VALIDATION_FAILED);
  });

  it('only an admin may create; cashier and member get 403, anonymous 401', async () => {
    expectError(await post({ name: 'X', amount: 1 }, cashier), 403, ErrorCode.FORBIDDEN);
    expectError(await post({ name: 'X', amount: 1 }, member), 403, ErrorCode.FORBIDDEN);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/payment-heads',
      payload: { name: 'X', amount: 1 },
    });
    expectError(anonymous, 401, ErrorCode.UNAUTHORIZED);
  });
});

describe('PUT /api/payment-heads/:id', () => {
  it('edits the other fields; the amount is immutable', async () => {
    const head = await createHead({ name: 'Building Fund', amount: 2000, type: 'current due', year: 2026 });
    const same = await put(head._id, { name: 'Building Fund 2026', amount: 2000, type: 'current due', year: 2027 });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<PaymentHead>()).toMatchObject({ name: 'Building Fund 2026', amount: 2000, year: 2027 });
    const without = await put(head._id, { name: 'Building Fund 2026', description: 'New roof' });
    expect(without.json<PaymentHead>()).toMatchObject({ amount: 2000, description: 'New roof', year: 2027 });
    const changed = await put(head._id, { name: 'Building Fund 2026', amount: 2500 });
    expectError(
      changed,
      400,
      ErrorCode.HEAD_AMOUNT_IMMUTABLE,
      'The amount of a payment head cannot be changed after creation',
    );
    const [row] = await t.db.select().from(paymentHeads).where(eq(paymentHeads.id, head._id));
    expect(row?.amountPaise).toBe(200000);
    expectError(await put(head._id, { amount: 2000 }), 400, ErrorCode.VALIDATION_FAILED, REQUIRED);
  });

  it('changing the type to arrear clears the due date; back to current due gives the default', async () => {
    const head = await createHead({ name: 'Switch', amount: 10, type: 'current due', dueDate: '2027-02-01' });
    const arrear = await put(head._id, { name: 'Switch', type: 'arrear', dueDate: '2027-02-01' });
    expect(arrear.json<PaymentHead>().dueDate).toBeNull();
    const back = await put(head._id, { name: 'Switch', type: 'normal' });
    expect(back.json<PaymentHead>()).toMatchObject({ type: 'current due', dueDate: '2027-03-31' });
  });

  it('unknown id is 404; cashier 403', async () => {
    expectError(await put('00000000-0000-4000-8000-000000000000', { name: 'X' }), 404, ErrorCode.NOT_FOUND);
    const head = await createHead({ name: 'Guarded', amount: 10 });
    expectError(await put(head._id, { name: 'Y' }, cashier), 403, ErrorCode.FORBIDDEN);
  });
});

describe('GET /api/payment-heads: list, search, stats', () => {
  it('sorted by year then name, with stats from the payments', async () => {
    const a = await createHead({ name: 'Zeta stats', amount: 100, year: 2021, description: 'find-me' });
    const b = await createHead({ name: 'Alpha stats', amount: 300, year: 2021 });
    const m1 = await createMember(t.app);
    const m2 = await createMember(t.app);
    const m3 = await createMember(t.app);
    await insertPayment(b._id, m1.id, 30000, 35000); // paid, extra
    await insertPayment(b._id, m2.id, 30000); // pending
    await insertPayment(b._id, m3.id, 25050); // pending, custom amount

    const response = await t.app.inject({ method: 'GET', url: '/api/payment-heads', headers: cashier.headers });
    expect(response.statusCode).toBe(200);
    const list = response.json<PaymentHeadList>();
    expect(list.total).toBe(list.items.length);
    const keys = list.items.map((item) => [item.year, item.name.toLowerCase()] as const);
    const sorted = [...keys].sort((x, y) => x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0));
    expect(keys).toEqual(sorted);
    const alpha = list.items.find((item) => item._id === b._id);
    expect(alpha?.stats).toEqual({ assigned: 3, paid: 1, pending: 2, collected: 350, outstanding: 550.5 });
    const zeta = list.items.find((item) => item._id === a._id);
    expect(zeta?.stats).toEqual({ assigned: 0, paid: 0, pending: 0, collected: 0, outstanding: 0 });

    const search = await t.app.inject({
      method: 'GET',
      url: '/api/payment-heads?search=FIND-ME',
      headers: admin.headers,
    });
    expect(search.json<PaymentHeadList>().items.map((item) => item._id)).toEqual([a._id]);
    const byName = await t.app.inject({
      method: 'GET',
      url: '/api/payment-heads?search=alpha%20st',
      headers: admin.headers,
    });
    expect(byName.json<PaymentHeadList>().items.map((item) => item._id)).toEqual([b._id]);

    const one = await t.app.inject({ method: 'GET', url: `/api/payment-heads/${b._id}`, headers: cashier.headers });
    expect(one.json<PaymentHeadWithStats>()).toMatchObject({ _id: b._id, amount: 300, stats: { assigned: 3 } });
    const stats = await t.app.inject({
      method: 'GET',
      url: `/api/payment-heads/${b._id}/stats`,
      headers: admin.headers,
    });
    expect(stats.json()).toEqual({ assigned: 3, paid: 1, pending: 2, collected: 350, outstanding: 550.5 });
  });

  it('a member may not list heads; unknown head is 404', async () => {
    const denied = await t.app.inject({ method: 'GET', url: '/api/payment-heads', headers: member.headers });
    expectError(denied, 403, ErrorCode.FORBIDDEN);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/payment-heads/00000000-0000-4000-8000-000000000000',
      headers: admin.headers,
    });
    expectError(unknown, 404, ErrorCode.NOT_FOUND, 'Payment head or member not found.');
  });
});

describe('DELETE /api/payment-heads/:id', () => {
  it('is refused with 409 while a payment is paid, and changes nothing', async () => {
    const head = await createHead({ name: 'Has paid', amount: 100 });
    const m1 = await createMember(t.app);
    const m2 = await createMember(t.app);
    await insertPayment(head._id, m1.id, 10000, 10000);
    await insertPayment(head._id, m2.id, 10000);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/payment-heads/${head._id}`,
      headers: admin.headers,
    });
    expectError(response, 409, ErrorCode.HEAD_HAS_PAID_PAYMENTS, 'Cannot delete a payment head that has paid payments');
    const left = await t.db.select().from(payments).where(eq(payments.paymentHeadId, head._id));
    expect(left).toHaveLength(2);
  });

  it('deletes the head with its pending payments in one audited transaction', async () => {
    const head = await createHead({ name: 'Only pending', amount: 100 });
    const m1 = await createMember(t.app);
    await insertPayment(head._id, m1.id, 10000);
    expectError(
      await t.app.inject({ method: 'DELETE', url: `/api/payment-heads/${head._id}`, headers: cashier.headers }),
      403,
      ErrorCode.FORBIDDEN,
    );
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/payment-heads/${head._id}`,
      headers: admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await t.db.select().from(paymentHeads).where(eq(paymentHeads.id, head._id))).toHaveLength(0);
    expect(await t.db.select().from(payments).where(eq(payments.paymentHeadId, head._id))).toHaveLength(0);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, head._id), eq(auditEvents.action, 'payment_head.deleted')));
    expect(audit).toHaveLength(1);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/payment-heads/${head._id}`,
      headers: admin.headers,
    });
    expectError(again, 404, ErrorCode.NOT_FOUND);
  });
});

describe('POST /api/payment-heads/bulk', () => {
  it('creates the valid rows and reports the others by row', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payment-heads/bulk',
      headers: admin.headers,
      payload: {
        paymentHeads: [
          { name: 'Bulk A', amount: 100, type: 'arrears', year: 2024 },
          { name: 'Bulk B', amount: 0 },
          { amount: 50 },
          { name: 'Bulk C', amount: '75.5', type: 'misc' },
          { name: 'Bulk D', amount: 10, year: 2040 },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ success: boolean; created: number; errors: { row: number; message: string }[] }>();
    expect(body.success).toBe(false);
    expect(body.created).toBe(2);
    expect(body.errors.map((e) => e.row)).toEqual([2, 3, 5]);
    expect(body.errors[0]?.message).toBe(INVALID_AMOUNT);
    expect(body.errors[1]?.message).toBe(REQUIRED);
    const list = await t.app.inject({ method: 'GET', url: '/api/payment-heads?search=bulk', headers: admin.headers });
    const items = list.json<PaymentHeadList>().items;
    expect(items.map((item) => [item.name, item.type, item.amount, item.dueDate])).toEqual([
      ['Bulk A', 'arrear', 100, null],
      ['Bulk C', 'miscellaneous', 75.5, '2027-03-31'],
    ]);
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/payment-heads/bulk',
        headers: cashier.headers,
        payload: { paymentHeads: [{ name: 'X', amount: 1 }] },
      }),
      403,
      ErrorCode.FORBIDDEN,
    );
  });
});
