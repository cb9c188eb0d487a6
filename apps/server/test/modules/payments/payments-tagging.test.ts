import { and, eq, sql } from 'drizzle-orm';
import { runAsOwner } from '../../../src/db/parish-scope.ts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ErrorCode,
  paise,
  type AssignPaymentsResult,
  type Payment,
  type PaymentHead,
  type PaymentList,
} from '@parish/shared';

import { auditEvents, payments, transactionItems, transactions } from '../../../src/db/schema/index.ts';
import {
  createMember,
  createTestApp,
  expectError,
  loginAs,
  type RoleSession,
  type TestApp,
  type TestMember,
} from '../../helpers.ts';

// The product's own texts (`docs/domain.md`, "§5 Validation", "§6 Roles" and §5 "Error and outcome
// messages"), written out on purpose.
const SELECT_ONE = 'Please select at least one member to tag payments';
const INVALID_HEAD = 'Invalid payment head selected';
const ACCESS_DENIED = 'Access denied. Admin permissions required.';
const NOT_FOUND = 'Payment head or member not found.';

let t: TestApp;
let admin: RoleSession;
let cashier: RoleSession;
let member: RoleSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  cashier = await loginAs(t.app, 'cashier');
  member = await loginAs(t.app, 'member');
});
afterAll(async () => {
  await t.close();
});

async function createHead(payload: Record<string, unknown> = {}): Promise<PaymentHead> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/payment-heads',
    headers: admin.headers,
    payload: { name: 'Church Tax 2026', amount: 1500, type: 'current due', ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PaymentHead>();
}

function assign(payload: unknown, session: RoleSession = admin): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/assign',
    headers: session.headers,
    payload: payload as object,
  });
}

function revoke(payload: unknown, session: RoleSession = admin): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/revoke',
    headers: session.headers,
    payload: payload as object,
  });
}

/** The head's payments by member id: amount in paise and status. */
async function paymentsOf(headId: string): Promise<Map<string, { amountPaise: number; status: string }>> {
  const rows = await t.db.select().from(payments).where(eq(payments.paymentHeadId, headId));
  return new Map(rows.map((row) => [row.memberId, { amountPaise: row.amountPaise, status: row.status }]));
}

async function markPaid(headId: string, memberId: string, paidPaise: number): Promise<void> {
  await t.db
    .update(payments)
    .set({
      status: 'paid',
      paidAmountPaise: paise(paidPaise),
      paidAt: '2026-11-21T06:00:00.000Z',
      paymentGateway: 'manual',
    })
    .where(and(eq(payments.paymentHeadId, headId), eq(payments.memberId, memberId)));
}

async function members(n: number): Promise<TestMember[]> {
  const list: TestMember[] = [];
  for (let i = 0; i < n; i += 1) list.push(await createMember(t.app));
  return list;
}

describe('POST /api/payments/assign (docs/domain.md §5, "Tagging")', () => {
  it('tags members with the head amount, a custom amount, and falls back on an invalid custom amount', async () => {
    const head = await createHead({ dueDate: '2027-01-31', year: 2026 });
    const [a, b, c, d, e] = await members(5);
    const response = await assign({
      paymentHeadId: head._id,
      assignments: [
        { memberId: a!.id },
        { memberId: b!.id, amount: 2000.5 },
        { memberId: c!.id, amount: -1 },
        { memberId: d!.id, amount: 'abc' },
        { memberId: e!.id, amount: 0 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    // An amount of 0 creates no due (decision 0109): counted in noDue, not assigned.
    expect(response.json<AssignPaymentsResult>()).toEqual({
      success: true,
      assigned: 4,
      revoked: 0,
      noDue: 1,
      skipped: [],
    });
    const rows = await paymentsOf(head._id);
    expect(rows.get(a!.id)?.amountPaise).toBe(150000);
    expect(rows.get(b!.id)?.amountPaise).toBe(200050);
    expect(rows.get(c!.id)?.amountPaise).toBe(150000);
    expect(rows.get(d!.id)?.amountPaise).toBe(150000);
    expect(rows.has(e!.id)).toBe(false);
    const [row] = await t.db.select().from(payments).where(eq(payments.memberId, a!.id));
    expect(row).toMatchObject({ status: 'pending', year: 2026, dueDate: '2027-01-31' });
  });

  it('re-tagging changes a pending amount, never a paid payment', async () => {
    const head = await createHead({ name: 'Retag' });
    const [a, b] = await members(2);
    await assign({ paymentHeadId: head._id, assignments: [{ memberId: a!.id }, { memberId: b!.id }] });
    await markPaid(head._id, a!.id, 150000);
    const response = await assign({
      paymentHeadId: head._id,
      assignments: [
        { memberId: a!.id, amount: 10 },
        { memberId: b!.id, amount: 99.99 },
      ],
    });
    expect(response.json<AssignPaymentsResult>()).toEqual({
      success: true,
      assigned: 1,
      revoked: 0,
      noDue: 0,
      skipped: [{ memberId: a!.id, reason: 'already paid' }],
    });
    const rows = await paymentsOf(head._id);
    expect(rows.get(a!.id)).toEqual({ amountPaise: 150000, status: 'paid' });
    expect(rows.get(b!.id)).toEqual({ amountPaise: 9999, status: 'pending' });
  });

  it('replacePending revokes deselected pending payments but never paid ones, in one audited transaction', async () => {
    const head = await createHead({ name: 'Replace' });
    const [a, b, c, d] = await members(4);
    await assign({
      paymentHeadId: head._id,
      assignments: [a, b, c].map((m) => ({ memberId: m!.id })),
    });
    await markPaid(head._id, b!.id, 150000);
    const response = await assign({
      paymentHeadId: head._id,
      assignments: [{ memberId: d!.id, amount: 500 }],
      replacePending: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AssignPaymentsResult>()).toMatchObject({ assigned: 1, revoked: 2, skipped: [] });
    const rows = await paymentsOf(head._id);
    expect([...rows.keys()].sort()).toEqual([b!.id, d!.id].sort());
    expect(rows.get(b!.id)?.status).toBe('paid');
    expect(rows.get(d!.id)?.amountPaise).toBe(50000);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, head._id), eq(auditEvents.action, 'payment.tagged')));
    expect(audit).toHaveLength(2);
    const last = audit.map((event) => event.after as { added: string[]; revoked: string[] }).at(-1);
    expect(last?.added).toEqual([d!.id]);
    expect([...(last?.revoked ?? [])].sort()).toEqual([a!.id, c!.id].sort());
  });

  it('a failure inside the save changes nothing (revoke and assign are one transaction)', async () => {
    const head = await createHead({ name: 'Atomic' });
    const [a, b] = await members(2);
    await assign({ paymentHeadId: head._id, assignments: [{ memberId: a!.id }] });
    // A trigger makes the insert for b fail after the revoke of a has run.
    // Made by the owner, as a migration would (the app's role may not make functions or triggers).
    await runAsOwner(async () => {
      await t.db.execute(
        sql.raw(`create function bheads_fail() returns trigger language plpgsql as $$
          begin if new.member_id = '${b!.id}' then raise exception 'injected failure'; end if; return new; end $$`),
      );
      await t.db.execute(
        sql.raw('create trigger bheads_fail before insert on payments for each row execute function bheads_fail()'),
      );
    });
    try {
      const response = await assign({
        paymentHeadId: head._id,
        assignments: [{ memberId: b!.id }],
        replacePending: true,
      });
      expectError(response, 500, ErrorCode.INTERNAL);
    } finally {
      await runAsOwner(async () => {
        await t.db.execute(sql.raw('drop trigger bheads_fail on payments'));
        await t.db.execute(sql.raw('drop function bheads_fail()'));
      });
    }
    const rows = await paymentsOf(head._id);
    expect([...rows.keys()]).toEqual([a!.id]);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, head._id), eq(auditEvents.action, 'payment.tagged')));
    expect(audit).toHaveLength(1);
  });

  it('skips unknown and inactive members', async () => {
    const head = await createHead({ name: 'Skips' });
    const inactive = await createMember(t.app, { isActive: false });
    const unknown = '00000000-0000-4000-8000-000000000001';
    const response = await assign({
      paymentHeadId: head._id,
      assignments: [{ memberId: unknown }, { memberId: inactive.id }, { memberId: 'not-an-id' }],
    });
    expect(response.json<AssignPaymentsResult>()).toEqual({
      success: true,
      assigned: 0,
      revoked: 0,
      noDue: 0,
      skipped: [
        { memberId: 'not-an-id', reason: 'member not found' },
        { memberId: unknown, reason: 'member not found' },
        { memberId: inactive.id, reason: 'member inactive' },
      ],
    });
  });

  it('validation: head id and at least one member', async () => {
    const head = await createHead({ name: 'Validation' });
    const [a] = await members(1);
    expectError(await assign({ assignments: [{ memberId: a!.id }] }), 400, ErrorCode.VALIDATION_FAILED, INVALID_HEAD);
    expectError(
      await assign({ paymentHeadId: '', assignments: [{ memberId: a!.id }] }),
      400,
      ErrorCode.VALIDATION_FAILED,
      INVALID_HEAD,
    );
    expectError(
      await assign({ paymentHeadId: head._id, assignments: [] }),
      400,
      ErrorCode.VALIDATION_FAILED,
      SELECT_ONE,
    );
    expectError(await assign({ paymentHeadId: head._id }), 400, ErrorCode.VALIDATION_FAILED, SELECT_ONE);
    expectError(
      await assign({ paymentHeadId: '00000000-0000-4000-8000-000000000000', assignments: [{ memberId: a!.id }] }),
      404,
      ErrorCode.NOT_FOUND,
      NOT_FOUND,
    );
    expect(await paymentsOf(head._id)).toEqual(new Map());
  });

  it('cashier and member get 403 with the specification text; nothing changes', async () => {
    const head = await createHead({ name: 'Denied' });
    const [a] = await members(1);
    const payload = { paymentHeadId: head._id, assignments: [{ memberId: a!.id }] };
    expectError(await assign(payload, cashier), 403, ErrorCode.FORBIDDEN, ACCESS_DENIED);
    expectError(await assign(payload, member), 403, ErrorCode.FORBIDDEN, ACCESS_DENIED);
    const revokePayload = { paymentHeadId: head._id, memberIds: [a!.id] };
    expectError(await revoke(revokePayload, cashier), 403, ErrorCode.FORBIDDEN, ACCESS_DENIED);
    expectError(await revoke(revokePayload, member), 403, ErrorCode.FORBIDDEN, ACCESS_DENIED);
    expect(await paymentsOf(head._id)).toEqual(new Map());
  });
});

describe('POST /api/payments/revoke ("Cancel tags")', () => {
  it('removes pending payments of the selected members; paid and in-checkout ones stay', async () => {
    const head = await createHead({ name: 'Cancel' });
    const [a, b, c, d] = await members(4);
    await assign({ paymentHeadId: head._id, assignments: [a, b, c, d].map((m) => ({ memberId: m!.id })) });
    await markPaid(head._id, b!.id, 150000);
    // d's payment is in an online checkout that has not settled yet.
    const [paymentD] = await t.db.select().from(payments).where(eq(payments.memberId, d!.id));
    const [txn] = await t.db
      .insert(transactions)
      .values({
        memberId: d!.id,
        amountPaise: paise(150000),
        paymentGateway: 'worldline',
        transactionId: `T${Date.now()}`,
      })
      .returning();
    await t.db
      .insert(transactionItems)
      .values({ transactionId: txn!.id, paymentId: paymentD!.id, amountPaise: paise(150000) });

    const response = await revoke({ paymentHeadId: head._id, memberIds: [a!.id, b!.id, d!.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, revoked: 1 });
    const rows = await paymentsOf(head._id);
    expect([...rows.keys()].sort()).toEqual([b!.id, c!.id, d!.id].sort());
    expect(rows.get(b!.id)?.status).toBe('paid');
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, head._id), eq(auditEvents.action, 'payment.revoked')));
    expect((audit[0]?.after as { revoked: string[] }).revoked).toEqual([a!.id]);
  });

  it('validation and unknown head', async () => {
    expectError(await revoke({ memberIds: ['x'] }), 400, ErrorCode.VALIDATION_FAILED, INVALID_HEAD);
    const head = await createHead({ name: 'Revoke validation' });
    expectError(await revoke({ paymentHeadId: head._id, memberIds: [] }), 400, ErrorCode.VALIDATION_FAILED, SELECT_ONE);
    expectError(
      await revoke({ paymentHeadId: '00000000-0000-4000-8000-000000000000', memberIds: [member.account.id] }),
      404,
      ErrorCode.NOT_FOUND,
      NOT_FOUND,
    );
  });
});

describe('GET /api/payments', () => {
  it('lists with member and head populated, filters, search and sort', async () => {
    const head = await createHead({ name: 'Listing', amount: 100, year: 2025, type: 'arrear' });
    const x = await createMember(t.app, { name: 'Aaron Listing', parishNumber: 'LST001' });
    const y = await createMember(t.app, { name: 'Zacharias Listing', parishNumber: 'LST002' });
    await assign({
      paymentHeadId: head._id,
      assignments: [
        { memberId: x.id, amount: 300 },
        { memberId: y.id, amount: 200 },
      ],
    });
    await markPaid(head._id, y.id, 25000);

    const all = await t.app.inject({
      method: 'GET',
      url: `/api/payments?paymentHeadId=${head._id}&sortBy=member&sortOrder=asc`,
      headers: cashier.headers,
    });
    expect(all.statusCode, all.body).toBe(200);
    const list = all.json<PaymentList>();
    expect(list).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(list.items.map((p) => p.memberId.name)).toEqual(['Aaron Listing', 'Zacharias Listing']);
    const paid = list.items[1]!;
    expect(paid).toMatchObject({
      memberId: { _id: y.id, name: 'Zacharias Listing', parishNumber: 'LST002', mobile: y.mobile },
      paymentHeadId: { _id: head._id, name: 'Listing', amount: 100, type: 'arrear', year: 2025, dueDate: null },
      amount: 200,
      paidAmount: 250,
      status: 'paid',
      paidAt: '2026-11-21T06:00:00.000Z',
      paymentGateway: 'manual',
      collectedBy: null,
    });
    expect(list.items[0]).toMatchObject({ amount: 300, paidAmount: null, status: 'pending', paidAt: null });

    const byAmount = await t.app.inject({
      method: 'GET',
      url: `/api/payments?paymentHeadId=${head._id}&sortBy=amount&sortOrder=desc`,
      headers: admin.headers,
    });
    expect(byAmount.json<PaymentList>().items.map((p) => p.amount)).toEqual([300, 200]);
    const pending = await t.app.inject({
      method: 'GET',
      url: `/api/payments?paymentHeadId=${head._id}&status=pending`,
      headers: admin.headers,
    });
    expect(pending.json<PaymentList>().items.map((p) => p.memberId._id)).toEqual([x.id]);
    const search = await t.app.inject({ method: 'GET', url: '/api/payments?search=lst002', headers: admin.headers });
    expect(search.json<PaymentList>().items.map((p) => p.memberId._id)).toEqual([y.id]);
    const byMember = await t.app.inject({
      method: 'GET',
      url: `/api/payments?memberId=${x.id}`,
      headers: admin.headers,
    });
    expect(byMember.json<PaymentList>().total).toBe(1);

    const one = await t.app.inject({ method: 'GET', url: `/api/payments/${paid._id}`, headers: cashier.headers });
    expect(one.json<Payment>()).toEqual(paid);
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/payments?sortBy=weird', headers: admin.headers }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/payments', headers: member.headers }),
      403,
      ErrorCode.FORBIDDEN,
    );
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/payments/${paid._id}`, headers: member.headers }),
      403,
      ErrorCode.FORBIDDEN,
    );
  });
});
