import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ErrorCode, paise, type Member } from '@parish/shared';

import {
  auditEvents,
  members,
  paymentHeads,
  payments,
  transactionItems,
  transactions,
} from '../../../src/db/schema/index.ts';
import { isUniqueViolation } from '../../../src/lib/db-errors.ts';
import {
  bearer,
  createMember,
  createTestApp,
  expectError,
  loginAs,
  loginMember,
  memberLoginRequest,
  randomMobile,
  type RoleSession,
  type TestApp,
} from '../../helpers.ts';

// The product's own texts (`docs/domain.md`, "§5 Validation"), written out on purpose.
const REQUIRED = 'Please fill all required fields (Name, Mobile, and Parish Number)';
const INVALID_MOBILE = 'Please enter a valid 12-digit mobile number with country code (e.g., 919876543210)';
const INVALID_PARISH_NUMBER = 'Parish number must contain only letters and numbers (no spaces or special characters)';
const NAME_TOO_LONG = 'Name must be less than 100 characters';
const INVALID_EMAIL = 'Please enter a valid email address';
const ADDRESS_TOO_LONG = 'Address must be less than 500 characters';
const DUPLICATE = 'Member with this mobile number or parish number already exists';

let t: TestApp;
let admin: RoleSession;
let cashier: RoleSession;
let member: RoleSession;
let counter = 0;

/** A unique, valid parish number. */
function parishNumber(prefix = 'MB'): string {
  counter += 1;
  return `${prefix}${counter}${Math.floor(Math.random() * 1e6)}`;
}

/** A valid member body with a fresh 10-digit mobile and parish number. */
function body(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Thomas Mathew', mobile: randomMobile().slice(2), parishNumber: parishNumber(), ...overrides };
}

function create(payload: unknown, session: RoleSession = admin): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/members', headers: session.headers, payload: payload as object });
}

async function created(payload: Record<string, unknown>): Promise<Member> {
  const response = await create(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Member>();
}

function list(query: Record<string, string | number>, session: RoleSession = admin): Promise<LightMyRequestResponse> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return t.app.inject({ method: 'GET', url: `/api/members?${search.toString()}`, headers: session.headers });
}

async function listed(query: Record<string, string | number>) {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: Member[]; total: number; totalIsLowerBound: boolean; page: number; limit: number }>();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  cashier = await loginAs(t.app, 'cashier');
  member = await loginAs(t.app, 'member');
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/members', () => {
  it('creates a member: 10-digit mobile gets 91, parish number upper-cased, initial password works', async () => {
    const mobile10 = randomMobile().slice(2);
    const pn = parishNumber('sm').toLowerCase();
    const response = await create({
      name: 'Anna Joseph',
      mobile: mobile10,
      parishNumber: pn,
      currentLocation: 'Kochi',
      email: 'anna@example.org',
    });
    expect(response.statusCode, response.body).toBe(201);
    const m = response.json<Member>();
    expect(m).toMatchObject({
      name: 'Anna Joseph',
      mobile: `91${mobile10}`,
      parishNumber: pn.toUpperCase(),
      currentLocation: 'Kochi',
      email: 'anna@example.org',
      selectedParticulars: [],
      isActive: true,
    });
    expect(m).not.toHaveProperty('address');
    expect(m).not.toHaveProperty('passwordHash');
    expect(response.body).not.toContain('argon2');
    expect(new Date(m.createdAt).toISOString()).toBe(m.createdAt);
    // The initial password of `docs/domain.md`, §6 "Initial password" signs the member in.
    const session = await loginMember(t.app, mobile10, `Anna${mobile10.slice(-4)}`);
    expect(session.user.role).toBe('customer');
    // The audit event is in place and carries no hash.
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'member.created'), eq(auditEvents.entityId, m._id)));
    expect(event).toBeDefined();
    expect(JSON.stringify(event)).not.toContain('argon2');
  });

  it.each([
    ['a missing name', { name: '' }, REQUIRED],
    ['a name over 100 characters', { name: 'a'.repeat(101) }, NAME_TOO_LONG],
    ['a 12-digit number not starting with 91', { mobile: '929847012345' }, INVALID_MOBILE],
    ['a 9-digit number', { mobile: '984701234' }, INVALID_MOBILE],
    ['a parish number with a space', { parishNumber: 'SM 42' }, INVALID_PARISH_NUMBER],
    ['a parish number with a dash', { parishNumber: 'SM-42' }, INVALID_PARISH_NUMBER],
    ['a bad email', { email: 'not-an-email' }, INVALID_EMAIL],
    ['an address over 500 characters', { address: 'x'.repeat(501) }, ADDRESS_TOO_LONG],
  ])('rejects %s with 400 and the specification’s message', async (_what, overrides, message) => {
    expectError(await create(body(overrides)), 400, ErrorCode.VALIDATION_FAILED, message);
  });

  it('rejects a body without the required fields', async () => {
    expectError(await create({}), 400, ErrorCode.VALIDATION_FAILED, REQUIRED);
  });

  it('stores markup and spreadsheet formulas as plain text and returns them unchanged', async () => {
    const name = '<script>alert(1)</script>';
    const address = '=HYPERLINK("x")';
    const m = await created(body({ name, address }));
    expect(m.name).toBe(name);
    expect(m.address).toBe(address);
    const fetched = await t.app.inject({ method: 'GET', url: `/api/members/${m._id}`, headers: admin.headers });
    expect(fetched.headers['content-type']).toMatch(/^application\/json/);
    expect(fetched.json()).toMatchObject({ name, address });
  });

  it('409 on a duplicate mobile (10 or 12 digits) with the exact message', async () => {
    const first = await created(body());
    expectError(await create(body({ mobile: first.mobile })), 409, ErrorCode.DUPLICATE_MOBILE, DUPLICATE);
    expectError(await create(body({ mobile: first.mobile.slice(2) })), 409, ErrorCode.DUPLICATE_MOBILE, DUPLICATE);
  });

  it('409 on a duplicate parish number in another case', async () => {
    const first = await created(body({ parishNumber: parishNumber('DUP') }));
    expectError(
      await create(body({ parishNumber: first.parishNumber.toLowerCase() })),
      409,
      ErrorCode.DUPLICATE_PARISH_NUMBER,
      DUPLICATE,
    );
  });

  it('a deactivated member’s mobile and parish number may be reused', async () => {
    const first = await created(body());
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/members/${first._id}`, headers: admin.headers })).statusCode,
    ).toBe(200);
    await created(body({ mobile: first.mobile, parishNumber: first.parishNumber }));
  });

  it('two concurrent creates of the same member: exactly one succeeds, the other is 409', async () => {
    const payload = body();
    const responses = await Promise.all([create(payload), create(payload), create(payload)]);
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      expectError(r, 409, ErrorCode.DUPLICATE_MOBILE, DUPLICATE);
    }
  });
});

describe('unique violations of the member indexes (the race behind the 409)', () => {
  it('are recognised through Drizzle’s wrapping, by index name', async () => {
    const m = await createMember(t.app);
    const error = await t.db
      .insert(members)
      .values({ name: 'Race', mobile: m.mobile, parishNumber: parishNumber(), passwordHash: 'x' })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).not.toBeNull();
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, ['members_mobile_active_uq'])).toBe(true);
    expect(isUniqueViolation(error, ['payments_member_head_uq'])).toBe(false);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });
});

describe('GET /api/members/:id', () => {
  it('returns the member with its assigned heads; 404 for an unknown id; 400 for a malformed one', async () => {
    const m = await created(body());
    const [head] = await t.db
      .insert(paymentHeads)
      .values({ name: 'Tithe', amountPaise: paise(50_000), type: 'current due', year: 2026 })
      .returning();
    await t.db
      .insert(payments)
      .values({ memberId: m._id, paymentHeadId: head!.id, amountPaise: paise(50_000), year: 2026 });
    const response = await t.app.inject({ method: 'GET', url: `/api/members/${m._id}`, headers: cashier.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...m, selectedParticulars: [head!.id] });
    expectError(
      await t.app.inject({
        method: 'GET',
        url: '/api/members/00000000-0000-4000-8000-000000000000',
        headers: admin.headers,
      }),
      404,
      ErrorCode.NOT_FOUND,
    );
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/members/nope', headers: admin.headers }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
  });
});

describe('GET /api/members', () => {
  // Three members under one search word, arranged so that every column sorts them differently.
  const tag = `Srt${Date.now().toString(36)}`;
  const fixtures = [
    {
      name: `${tag} Alpha`,
      mobile: '919000000003',
      parishNumber: `${tag}B`.toUpperCase(),
      currentLocation: `${tag} Cherthala`,
    },
    {
      name: `${tag} Bravo`,
      mobile: '919000000001',
      parishNumber: `${tag}C`.toUpperCase(),
      currentLocation: `${tag} Aluva`,
    },
    {
      name: `${tag} Charlie`,
      mobile: '919000000002',
      parishNumber: `${tag}A`.toUpperCase(),
      currentLocation: `${tag} Bharananganam`,
    },
  ];
  const ids: string[] = [];

  beforeAll(async () => {
    for (const fixture of fixtures) ids.push((await created(fixture))._id);
  });

  it('lists active members with { items, total, page, limit } for admin and cashier', async () => {
    for (const session of [admin, cashier]) {
      const response = await list({ search: tag }, session);
      expect(response.statusCode).toBe(200);
      const page = response.json();
      expect(page).toMatchObject({ total: 3, page: 1, limit: 10 });
      expect(page.items).toHaveLength(3);
      expect(JSON.stringify(page)).not.toContain('argon2');
    }
  });

  it.each([
    ['name', 'charlie', [2]],
    ['mobile', '9000000001', [1]],
    ['parish number (any case)', `${tag}a`.toLowerCase(), [2]],
    ['current location', 'cherTHALA', [0]],
  ] as const)('searches by %s, case-insensitive', async (_what, search, expected) => {
    const page = await listed({ search });
    const found = page.items.map((m) => m._id);
    expect(found).toEqual(expected.map((i) => ids[i]));
  });

  it('treats % and _ in the search as plain characters', async () => {
    expect((await listed({ search: `${tag}%` })).total).toBe(0);
    expect((await listed({ search: '_' })).total).toBe(0);
    expect((await listed({ search: '%' })).total).toBe(0);
  });

  it.each([
    ['name', [0, 1, 2]],
    ['parishNumber', [2, 0, 1]],
    ['mobile', [1, 2, 0]],
    ['currentLocation', [1, 2, 0]],
    ['createdAt', [0, 1, 2]],
  ] as const)('sorts by %s ascending and descending', async (sortBy, ascending) => {
    const asc = await listed({ search: tag, sortBy, sortOrder: 'asc' });
    expect(asc.items.map((m) => m._id)).toEqual(ascending.map((i) => ids[i]));
    const desc = await listed({ search: tag, sortBy, sortOrder: 'desc' });
    expect(desc.items.map((m) => m._id)).toEqual([...ascending].reverse().map((i) => ids[i]));
  });

  it('400 for an unknown sortBy or sortOrder, a limit over 100 or a page of 0', async () => {
    expectError(await list({ sortBy: 'passwordHash' }), 400, ErrorCode.VALIDATION_FAILED);
    expectError(await list({ sortBy: 'name; drop table members' }), 400, ErrorCode.VALIDATION_FAILED);
    expectError(await list({ sortOrder: 'sideways' }), 400, ErrorCode.VALIDATION_FAILED);
    expectError(await list({ limit: 101 }), 400, ErrorCode.VALIDATION_FAILED);
    expectError(await list({ page: 0 }), 400, ErrorCode.VALIDATION_FAILED);
    expectError(await list({ search: 'x'.repeat(101) }), 400, ErrorCode.VALIDATION_FAILED);
  });

  it('paginates: 10 by default, the rest on page 2, an empty page past the end keeps the total', async () => {
    const word = `Pg${Date.now().toString(36)}`;
    for (let i = 0; i < 12; i += 1) {
      await createMember(t.app, { name: `${word} Member ${String(i).padStart(2, '0')}` });
    }
    const first = await listed({ search: word });
    expect(first).toMatchObject({ total: 12, totalIsLowerBound: false, page: 1, limit: 10 });
    expect(first.items).toHaveLength(10);
    const second = await listed({ search: word, page: 2 });
    expect(second.items.map((m) => m.name)).toEqual([`${word} Member 10`, `${word} Member 11`]);
    const beyond = await listed({ search: word, page: 3 });
    expect(beyond).toMatchObject({ items: [], total: 12, page: 3, limit: 10 });
    const big = await listed({ search: word, limit: 100 });
    expect(big.items).toHaveLength(12);
  });

  it('counts at most 1,000 matches: past them the total is a lower bound, and paging past it stays exact', async () => {
    // docs/domain.md, §7 "Shapes the specification leaves open" (issue 18): the count stops at the cap, 1,000 or the end of the page asked.
    const word = `cap${Date.now().toString(36)}`;
    const inserted = (from: number, to: number) =>
      t.db.execute(
        sql`insert into members (name, mobile, parish_number)
            select ${word} || ' ' || lpad(g::text, 4, '0'), '91' || (7000000000 + g + ${Math.floor(Math.random() * 1e8)} * 10)::text,
                   ${word.toUpperCase()} || g
              from generate_series(${from}::int, ${to}::int) g`,
      );
    await inserted(1, 1005);
    const first = await listed({ search: word, limit: 50 });
    expect(first).toMatchObject({ total: 1000, totalIsLowerBound: true, page: 1, limit: 50 });
    expect(first.items.map((m) => m.name)).toEqual(
      Array.from({ length: 50 }, (_, i) => `${word} ${String(i + 1).padStart(4, '0')}`),
    );
    // Page 20 ends at 1,000: still "at least 1,000", so the pager offers page 21.
    expect(await listed({ search: word, limit: 50, page: 20 })).toMatchObject({ total: 1000, totalIsLowerBound: true });
    // Page 21 counts up to its end (1,050): all 1,005, exact.
    const last = await listed({ search: word, limit: 50, page: 21 });
    expect(last).toMatchObject({ total: 1005, totalIsLowerBound: false, page: 21 });
    expect(last.items.map((m) => m.name)).toEqual(
      Array.from({ length: 5 }, (_, i) => `${word} ${String(1001 + i).padStart(4, '0')}`),
    );
    // The count kept for page 21 answers page 1 as "at least 1,000" again.
    expect(await listed({ search: word, limit: 50 })).toMatchObject({ total: 1000, totalIsLowerBound: true });
    // Exactly 1,000 matches: exact, not a lower bound.
    await t.db.execute(
      sql`update members set is_active = false where name like ${`${word} 10%`} and name >= ${`${word} 1001`}`,
    );
    expect(await listed({ search: word, limit: 50 })).toMatchObject({ total: 1000, totalIsLowerBound: false });
    await t.db.execute(sql`update members set is_active = false where name = ${`${word} 0001`}`);
    expect(await listed({ search: word, limit: 10 })).toMatchObject({ total: 999, totalIsLowerBound: false });
  });

  it('hides deactivated members', async () => {
    const word = `Gone${Date.now().toString(36)}`;
    await createMember(t.app, { name: `${word} Inactive`, isActive: false });
    expect((await listed({ search: word })).total).toBe(0);
  });
});

describe('PUT /api/members/:id', () => {
  it('replaces the editable fields; blank optionals are cleared; audited with before and after', async () => {
    const m = await created(body({ currentLocation: 'Kottayam', email: 'a@b.co' }));
    const mobile = randomMobile();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/members/${m._id}`,
      headers: admin.headers,
      payload: {
        name: 'Thomas M. Mathew',
        mobile,
        parishNumber: m.parishNumber.toLowerCase(),
        address: 'House 1',
        email: '',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json<Member>();
    expect(after).toMatchObject({
      _id: m._id,
      name: 'Thomas M. Mathew',
      mobile,
      parishNumber: m.parishNumber,
      address: 'House 1',
    });
    expect(after).not.toHaveProperty('email');
    expect(after).not.toHaveProperty('currentLocation');
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'member.updated'), eq(auditEvents.entityId, m._id)));
    expect(event?.before).toMatchObject({ name: 'Thomas Mathew', currentLocation: 'Kottayam' });
    expect(event?.after).toMatchObject({ name: 'Thomas M. Mathew', address: 'House 1' });
    expect(JSON.stringify(event)).not.toContain('argon2');
  });

  it('re-derives the initial password when the mobile changes', async () => {
    const m = await created(body({ name: 'Mary Kurian' }));
    const mobile = randomMobile();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/members/${m._id}`,
      headers: admin.headers,
      payload: { name: 'Mary Kurian', mobile, parishNumber: m.parishNumber },
    });
    expect(response.statusCode).toBe(200);
    expect((await memberLoginRequest(t.app, m.mobile, `Mary${m.mobile.slice(-4)}`)).statusCode).toBe(401);
    const session = await loginMember(t.app, mobile, `Mary${mobile.slice(-4)}`);
    expect(session.user.memberId ?? session.user.id).toBe(m._id);
  });

  it('validates like create, 404 for an unknown id, 409 against another member', async () => {
    const m = await created(body());
    const other = await created(body());
    const put = (id: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/members/${id}`, headers: admin.headers, payload });
    expectError(
      await put(m._id, { ...body(), name: 'a'.repeat(101) }),
      400,
      ErrorCode.VALIDATION_FAILED,
      NAME_TOO_LONG,
    );
    expectError(
      await put(m._id, { ...body(), mobile: '929847012345' }),
      400,
      ErrorCode.VALIDATION_FAILED,
      INVALID_MOBILE,
    );
    expectError(await put('00000000-0000-4000-8000-000000000000', body()), 404, ErrorCode.NOT_FOUND);
    expectError(await put(m._id, body({ mobile: other.mobile })), 409, ErrorCode.DUPLICATE_MOBILE, DUPLICATE);
    expectError(
      await put(m._id, body({ parishNumber: other.parishNumber.toLowerCase() })),
      409,
      ErrorCode.DUPLICATE_PARISH_NUMBER,
      DUPLICATE,
    );
    // Keeping its own mobile and parish number is not a duplicate.
    expect((await put(m._id, { name: 'Renamed', mobile: m.mobile, parishNumber: m.parishNumber })).statusCode).toBe(
      200,
    );
  });
});

describe('DELETE /api/members/:id', () => {
  it('deactivates: pending payments go (unless an online transaction refers to them), paid stay; sign-in and old tokens end', async () => {
    const m = await created(body({ name: 'Joseph Varghese' }));
    const password = `Jose${m.mobile.slice(-4)}`;
    const session = await loginMember(t.app, m.mobile, password);
    const heads = await t.db
      .insert(paymentHeads)
      .values(
        [1, 2, 3].map((i) => ({
          name: `Head ${i}`,
          amountPaise: paise(10_000 * i),
          type: 'current due' as const,
          year: 2026,
        })),
      )
      .returning();
    const [paid, pending, inFlight] = await t.db
      .insert(payments)
      .values([
        {
          memberId: m._id,
          paymentHeadId: heads[0]!.id,
          amountPaise: paise(10_000),
          paidAmountPaise: paise(10_000),
          status: 'paid' as const,
          year: 2026,
          paidAt: new Date().toISOString(),
          paymentGateway: 'manual' as const,
        },
        { memberId: m._id, paymentHeadId: heads[1]!.id, amountPaise: paise(20_000), year: 2026 },
        { memberId: m._id, paymentHeadId: heads[2]!.id, amountPaise: paise(30_000), year: 2026 },
      ])
      .returning();
    const [txn] = await t.db
      .insert(transactions)
      .values({
        memberId: m._id,
        amountPaise: paise(30_000),
        paymentGateway: 'worldline',
        transactionId: `TXN${Date.now()}`,
      })
      .returning();
    await t.db
      .insert(transactionItems)
      .values({ transactionId: txn!.id, paymentId: inFlight!.id, amountPaise: paise(30_000) });

    const response = await t.app.inject({ method: 'DELETE', url: `/api/members/${m._id}`, headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });

    const left = await t.db.select({ id: payments.id }).from(payments).where(eq(payments.memberId, m._id));
    expect(left.map((p) => p.id).sort()).toEqual([paid!.id, inFlight!.id].sort());
    expect(left.map((p) => p.id)).not.toContain(pending!.id);

    const [row] = await t.db.select().from(members).where(eq(members.id, m._id));
    expect(row?.isActive).toBe(false);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'member.deactivated'), eq(auditEvents.entityId, m._id)));
    expect(event?.after).toMatchObject({ isActive: false, revokedPendingCount: 1 });

    expect((await listed({ search: m.parishNumber })).total).toBe(0);
    const fetched = await t.app.inject({ method: 'GET', url: `/api/members/${m._id}`, headers: admin.headers });
    expect(fetched.json()).toMatchObject({ isActive: false });
    expectError(await memberLoginRequest(t.app, m.mobile, password), 401, ErrorCode.INVALID_CREDENTIALS);
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: session.headers }),
      401,
      ErrorCode.UNAUTHORIZED,
    );
  });

  it('404 for an unknown id', async () => {
    expectError(
      await t.app.inject({
        method: 'DELETE',
        url: '/api/members/00000000-0000-4000-8000-000000000000',
        headers: admin.headers,
      }),
      404,
      ErrorCode.NOT_FOUND,
    );
  });
});

describe('GET /api/admin/members/:id/credentials', () => {
  const url = (id: string) => `/api/admin/members/${id}/credentials`;
  const viewsOf = async (id: string) =>
    (
      await t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'member.credentials_viewed'), eq(auditEvents.entityId, id)))
    ).length;

  it('shows the initial password until the member changes it; every view is audited', async () => {
    const m = await created(body({ name: 'K. Thomas' }));
    const first = await t.app.inject({ method: 'GET', url: url(m._id), headers: admin.headers });
    expect(first.statusCode, first.body).toBe(200);
    const initial = `KTho${m.mobile.slice(-4)}`;
    expect(first.json()).toEqual({ username: m.mobile, password: initial, passwordChanged: false });
    expect(await viewsOf(m._id)).toBe(1);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'member.credentials_viewed'), eq(auditEvents.entityId, m._id)));
    expect(event).toMatchObject({ actorType: 'staff', actorId: admin.account.id });
    expect(JSON.stringify(event)).not.toContain(initial);

    const session = await loginMember(t.app, m.mobile, initial);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: session.headers,
      payload: { currentPassword: initial, newPassword: 'A-much-better-password-1' },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const second = await t.app.inject({ method: 'GET', url: url(m._id), headers: admin.headers });
    expect(second.json()).toEqual({ username: m.mobile, password: null, passwordChanged: true });
    expect(await viewsOf(m._id)).toBe(2);
  });

  it('is for admins only: cashier 403, member 403, anonymous 401; unknown id 404', async () => {
    const m = await created(body());
    expectError(
      await t.app.inject({ method: 'GET', url: url(m._id), headers: cashier.headers }),
      403,
      ErrorCode.FORBIDDEN,
    );
    expectError(
      await t.app.inject({ method: 'GET', url: url(m._id), headers: member.headers }),
      403,
      ErrorCode.FORBIDDEN,
    );
    expectError(await t.app.inject({ method: 'GET', url: url(m._id) }), 401, ErrorCode.UNAUTHORIZED);
    expect(await viewsOf(m._id)).toBe(0);
    expectError(
      await t.app.inject({ method: 'GET', url: url('00000000-0000-4000-8000-000000000000'), headers: admin.headers }),
      404,
      ErrorCode.NOT_FOUND,
    );
  });
});

describe('who may call the member routes', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const routes = [
    { method: 'GET', url: '/api/members', write: false },
    { method: 'GET', url: `/api/members/${id}`, write: false },
    { method: 'POST', url: '/api/members', write: true },
    { method: 'PUT', url: `/api/members/${id}`, write: true },
    { method: 'DELETE', url: `/api/members/${id}`, write: true },
    { method: 'GET', url: `/api/admin/members/${id}/credentials`, write: true },
  ] as const;

  it.each(routes)('$method $url: anonymous 401, member 403, cashier 403 on writes', async ({ method, url, write }) => {
    const payload = method === 'POST' || method === 'PUT' ? body() : undefined;
    const inject = (headers?: { authorization: string }) =>
      t.app.inject({ method, url, ...(headers && { headers }), ...(payload && { payload }) });
    expectError(await inject(), 401, ErrorCode.UNAUTHORIZED);
    expectError(await inject(bearer('not.a.token')), 401, ErrorCode.UNAUTHORIZED);
    expectError(await inject(member.headers), 403, ErrorCode.FORBIDDEN);
    const asCashier = await inject(cashier.headers);
    if (write) expectError(asCashier, 403, ErrorCode.FORBIDDEN);
    else expect([200, 404]).toContain(asCashier.statusCode);
  });
});

describe('OpenAPI', () => {
  it('documents every member route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(Object.keys(doc.paths['/api/members'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/members/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(doc.paths['/api/admin/members/{id}/credentials'] ?? {})).toEqual(['get']);
  });
});
