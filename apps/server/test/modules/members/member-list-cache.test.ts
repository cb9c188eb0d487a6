import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { paise, type Member, type PaymentHead } from '@parish/shared';

import { queryRows } from '../../../src/db/client.ts';
import { members, payments } from '../../../src/db/schema/index.ts';
import { createMember, createTestApp, loginAs, loginMember, type RoleSession, type TestApp } from '../../helpers.ts';

/*
 * The member list answers repeated requests from memory (counts and whole pages, each under the
 * `data_versions` it was read with; `members.service.ts`). These tests change what a cached
 * answer shows in every way the product can, and through the database behind the server's back,
 * and expect the next answer to show it at once.
 */

interface MemberPage {
  items: Member[];
  total: number;
  totalIsLowerBound: boolean;
  page: number;
  limit: number;
}

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

async function list(app: TestApp, query: string): Promise<MemberPage> {
  const response = await app.app.inject({ method: 'GET', url: `/api/members?${query}`, headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MemberPage>();
}

async function versions(app: TestApp = t): Promise<Record<string, string>> {
  const rows = await queryRows<{ name: string; version: string }>(
    app.db,
    sql`select name, version::text as version from data_versions`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.version]));
}

async function createHead(name: string): Promise<PaymentHead> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/payment-heads',
    headers: admin.headers,
    payload: { name, amount: 500, type: 'current due', year: 2026 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PaymentHead>();
}

describe('GET /api/members, answered again', () => {
  it('shows at once a member added, edited, tagged, untagged and deleted through the API', async () => {
    const query = 'search=kuriakose&sortBy=name&page=1&limit=10';
    expect(await list(t, query)).toEqual({ items: [], total: 0, totalIsLowerBound: false, page: 1, limit: 10 });

    const added = await t.app.inject({
      method: 'POST',
      url: '/api/members',
      headers: admin.headers,
      payload: { name: 'Kuriakose Elias', mobile: '9847000101', parishNumber: 'KE101' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const member = added.json<Member>();
    const page = await list(t, query);
    expect(page.total).toBe(1);
    expect(page.items.map((item) => item._id)).toEqual([member._id]);

    // A field the list shows but does not search.
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/members/${member._id}`,
      headers: admin.headers,
      payload: { name: 'Kuriakose Elias', mobile: '9847000101', parishNumber: 'KE101', email: 'ke@example.org' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await list(t, query)).items[0]?.email).toBe('ke@example.org');

    const head = await createHead('Kuriakose Fund 2026');
    const assigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/assign',
      headers: admin.headers,
      payload: { paymentHeadId: head._id, assignments: [{ memberId: member._id }] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect((await list(t, query)).items[0]?.selectedParticulars).toEqual([head._id]);

    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/payments/revoke',
      headers: admin.headers,
      payload: { paymentHeadId: head._id, memberIds: [member._id] },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await list(t, query)).items[0]?.selectedParticulars).toEqual([]);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/members/${member._id}`, headers: admin.headers });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await list(t, query)).toEqual({ items: [], total: 0, totalIsLowerBound: false, page: 1, limit: 10 });
  });

  it('keeps every page of one search and its total exact while paging, and after a member joins', async () => {
    for (let i = 0; i < 25; i += 1) {
      await createMember(t.app, { name: `Pathrose ${String(i).padStart(2, '0')}` });
    }
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await list(t, `search=pathrose&page=${page}&limit=10`));
    expect(pages.map((page) => page.total)).toEqual([25, 25, 25]);
    const names = pages.flatMap((page) => page.items.map((item) => item.name));
    expect(names).toEqual(Array.from({ length: 25 }, (_, i) => `Pathrose ${String(i).padStart(2, '0')}`));

    await createMember(t.app, { name: 'Pathrose 25' });
    const last = await list(t, 'search=pathrose&page=3&limit=10');
    expect(last.total).toBe(26);
    expect(last.items.map((item) => item.name)).toEqual([
      'Pathrose 20',
      'Pathrose 21',
      'Pathrose 22',
      'Pathrose 23',
      'Pathrose 24',
      'Pathrose 25',
    ]);
  });

  it('sees writes made behind the server: statements straight on its database', async () => {
    const member = await createMember(t.app, { name: 'Geevarghese Mar' });
    const query = 'search=geevarghese&limit=10';
    expect((await list(t, query)).total).toBe(1);

    await t.db.update(members).set({ address: 'Pala P.O.' }).where(eq(members.id, member.id));
    expect((await list(t, query)).items[0]?.address).toBe('Pala P.O.');

    await t.db.insert(members).values({ name: 'Geevarghese Second', mobile: '919847000202', parishNumber: 'GS202' });
    expect((await list(t, query)).total).toBe(2);

    const head = await createHead('Geevarghese Fund 2026');
    await t.db
      .insert(payments)
      .values({ memberId: member.id, paymentHeadId: head._id, amountPaise: paise(50_000), year: 2026 });
    const page = await list(t, query);
    expect(page.items.find((item) => item._id === member.id)?.selectedParticulars).toEqual([head._id]);

    await t.db.update(members).set({ isActive: false }).where(eq(members.id, member.id));
    expect((await list(t, query)).total).toBe(1);
  });

  it('keeps its answers through collections and sign-ins, which change nothing the list shows', async () => {
    const member = await createMember(t.app, { name: 'Mathai Ouseph' });
    const head = await createHead('Mathai Fund 2026');
    const [payment] = await t.db
      .insert(payments)
      .values({ memberId: member.id, paymentHeadId: head._id, amountPaise: paise(50_000), year: 2026 })
      .returning({ id: payments.id });
    const before = await versions();

    const collected = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${payment!.id}/collect`,
      headers: cashier.headers,
      payload: { collectionMode: 'manual', collectionAmount: 500, paymentMethod: 'cash' },
    });
    expect(collected.statusCode, collected.body).toBe(200);
    await loginMember(t.app, member.mobile, member.password);

    expect(await versions()).toEqual(before);
    const page = await list(t, 'search=mathai&limit=10');
    expect(page.items.map((item) => [item._id, item.selectedParticulars])).toEqual([[member.id, [head._id]]]);
  });

  it('answers a page read before with no statement beyond the one that reads the caller, and a new page with at most three', async () => {
    // The driver's own query method, counted (PGlite's, or the node-postgres pool's): every
    // statement of the request goes through it.
    const driver = t.database.pglite ?? t.database.pool;
    if (!driver) throw new Error('no driver');
    const statements = vi.spyOn(driver, 'query');
    try {
      await createMember(t.app, { name: 'Statementcount Mathew' });
      const query = 'search=statementcount&sortBy=name&page=1&limit=10';
      statements.mockClear();
      expect((await list(t, query)).total).toBe(1);
      // Account (with the versions), page (with the versions), count.
      expect(statements.mock.calls.length).toBeGreaterThanOrEqual(2);
      expect(statements.mock.calls.length).toBeLessThanOrEqual(3);
      statements.mockClear();
      expect((await list(t, query)).total).toBe(1);
      expect(statements.mock.calls.length).toBe(1);
    } finally {
      statements.mockRestore();
    }
  });

  it('never answers one database with another database’s list, though both began from one template', async () => {
    const other = await createTestApp();
    try {
      const otherAdmin = await loginAs(other.app, 'admin');
      const query = 'search=thoma&limit=10';
      const inOther = async () =>
        (
          await other.app.inject({ method: 'GET', url: `/api/members?${query}`, headers: otherAdmin.headers })
        ).json<MemberPage>();
      await createMember(t.app, { name: 'Thoma Sleeha' });
      expect((await list(t, query)).total).toBe(1);
      expect(await inOther()).toEqual({ items: [], total: 0, totalIsLowerBound: false, page: 1, limit: 10 });
      await createMember(other.app, { name: 'Thoma Other' });
      await createMember(other.app, { name: 'Thoma Third' });
      expect((await inOther()).total).toBe(2);
      expect((await list(t, query)).total).toBe(1);
    } finally {
      await other.close();
    }
  });
});
