import { randomUUID } from 'node:crypto';

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ErrorCode } from '@parish/shared';

import { auditEvents, staffUsers } from '../../../src/db/schema/index.ts';
import {
  bearer,
  createTestApp,
  expectError,
  loginAs,
  loginStaff,
  refreshCookieOf,
  staffLoginRequest,
  type RoleSession,
  type TestApp,
} from '../../helpers.ts';

const USERNAME_TAKEN = 'A staff account with this username already exists';
const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate your own account';

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

function createUser(app: FastifyInstance, headers: Record<string, string>, payload: object) {
  return app.inject({ method: 'POST', url: '/api/admin/users', headers, payload });
}

function refresh(cookie: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { 'x-requested-with': 'fetch' },
    cookies: { parish_refresh: cookie },
  });
}

function verify(token: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
}

describe('staff accounts API (admin only)', () => {
  it('an admin creates a cashier: 201, no password hash in the answer, and the cashier can sign in', async () => {
    const response = await createUser(t.app, admin.headers, {
      username: 'mary.cashier',
      password: 'cashier-password-1',
      name: 'Mary Cashier',
      role: 'cashier',
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      _id: expect.any(String),
      username: 'mary.cashier',
      name: 'Mary Cashier',
      role: 'cashier',
      isActive: true,
      createdAt: expect.any(String),
    });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
    expect(response.body).not.toMatch(/argon2|password/i);

    const [row] = await t.db.select().from(staffUsers).where(eq(staffUsers.id, body._id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const session = await loginStaff(t.app, 'mary.cashier', 'cashier-password-1');
    expect(session.user.role).toBe('cashier');

    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'staff_user.created'));
    expect(event).toMatchObject({ actorId: admin.user.id, entityId: body._id });
  });

  it('an admin creates another admin', async () => {
    const response = await createUser(t.app, admin.headers, {
      username: 'second-admin',
      password: 'second-admin-password',
      name: 'Second Admin',
      role: 'admin',
    });
    expect(response.statusCode, response.body).toBe(201);
    const session = await loginStaff(t.app, 'second-admin', 'second-admin-password');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: session.headers })).statusCode).toBe(
      200,
    );
  });

  it('a duplicate username is 409, in any case', async () => {
    const payload = { username: 'dup.user', password: 'dup-password-123', name: 'Dup', role: 'cashier' };
    expect((await createUser(t.app, admin.headers, payload)).statusCode).toBe(201);
    expectError(await createUser(t.app, admin.headers, payload), 409, ErrorCode.DUPLICATE_USERNAME, USERNAME_TAKEN);
    expectError(
      await createUser(t.app, admin.headers, { ...payload, username: 'DUP.User' }),
      409,
      ErrorCode.DUPLICATE_USERNAME,
      USERNAME_TAKEN,
    );
  });

  it.each([
    [{ username: 'ab', password: 'long-enough-pw', name: 'X', role: 'cashier' }, 'username'],
    [{ username: 'has space', password: 'long-enough-pw', name: 'X', role: 'cashier' }, 'username'],
    [{ username: 'okname', password: 'short', name: 'X', role: 'cashier' }, 'password'],
    [{ username: 'okname', password: 'long-enough-pw', name: '', role: 'cashier' }, 'name'],
    [{ username: 'okname', password: 'long-enough-pw', name: 'X', role: 'customer' }, 'role'],
    [{ username: 'okname', password: 'long-enough-pw', name: 'X' }, 'role'],
  ])('refuses %j with 400 naming %s', async (payload, field) => {
    const body = expectError(await createUser(t.app, admin.headers, payload), 400, ErrorCode.VALIDATION_FAILED);
    expect(body.details?.map((d) => d.field)).toContain(field);
  });

  it('lists every account without hashes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(body.items.length);
    const usernames = body.items.map((u: { username: string }) => u.username);
    expect(usernames).toEqual(expect.arrayContaining(['admin', 'mary.cashier']));
    expect(response.body).not.toMatch(/argon2|passwordHash/);
  });

  it('cashier and member get 403, anonymous 401, on every staff-account call', async () => {
    const id = admin.user.id;
    const calls = [
      { method: 'GET' as const, url: '/api/admin/users' },
      {
        method: 'POST' as const,
        url: '/api/admin/users',
        payload: { username: 'sneaky', password: 'sneaky-password', name: 'S', role: 'admin' },
      },
      { method: 'PUT' as const, url: `/api/admin/users/${id}`, payload: { password: 'taken-over-password' } },
      { method: 'DELETE' as const, url: `/api/admin/users/${id}` },
    ];
    for (const request of calls) {
      expectError(await t.app.inject(request), 401, ErrorCode.UNAUTHORIZED);
      for (const session of [cashier, member]) {
        expectError(await t.app.inject({ ...request, headers: session.headers }), 403, ErrorCode.FORBIDDEN);
      }
    }
    const [row] = await t.db.select().from(staffUsers).where(eq(staffUsers.username, 'sneaky'));
    expect(row).toBeUndefined();
    expect((await loginStaff(t.app, 'admin', admin.account.password)).user.role).toBe('admin');
  });

  it('resetting a password ends the old sessions; only the new password signs in', async () => {
    const target = await loginAs(t.app, 'cashier');
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${target.user.id}`,
      headers: admin.headers,
      payload: { password: 'reset-by-admin-123' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expectError(await verify(target.token), 401, ErrorCode.UNAUTHORIZED);
    expectError(await refresh(target.refreshToken), 401, ErrorCode.SESSION_EXPIRED);
    const username = target.user.username ?? '';
    expectError(await staffLoginRequest(t.app, username, target.account.password), 401, ErrorCode.INVALID_CREDENTIALS);
    expect((await staffLoginRequest(t.app, username, 'reset-by-admin-123')).statusCode).toBe(200);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'staff_user.password_reset'));
    expect(event).toMatchObject({ entityId: target.user.id, actorId: admin.user.id });
    expect(JSON.stringify(event)).not.toContain('reset-by-admin-123');
  });

  it('renaming does not end sessions; changing the role does', async () => {
    const target = await loginAs(t.app, 'cashier');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${target.user.id}`,
      headers: admin.headers,
      payload: { name: 'Renamed Cashier' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Renamed Cashier');
    expect((await verify(target.token)).statusCode).toBe(200);

    const promoted = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${target.user.id}`,
      headers: admin.headers,
      payload: { role: 'admin' },
    });
    expect(promoted.json().role).toBe('admin');
    expectError(await verify(target.token), 401, ErrorCode.UNAUTHORIZED);
  });

  it('deactivating ends the sessions and refuses sign-in; reactivating lets the account back in', async () => {
    const target = await loginAs(t.app, 'cashier');
    const username = target.user.username ?? '';
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${target.user.id}`,
      headers: admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ _id: target.user.id, isActive: false });
    expectError(await verify(target.token), 401, ErrorCode.UNAUTHORIZED);
    expectError(await refresh(target.refreshToken), 401, ErrorCode.SESSION_EXPIRED);
    expectError(
      await staffLoginRequest(t.app, username, target.account.password),
      401,
      ErrorCode.INVALID_CREDENTIALS,
      'Invalid username or password',
    );

    const reactivated = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${target.user.id}`,
      headers: admin.headers,
      payload: { isActive: true },
    });
    expect(reactivated.json().isActive).toBe(true);
    const back = await staffLoginRequest(t.app, username, target.account.password);
    expect(back.statusCode).toBe(200);
    expect(refreshCookieOf(back)).toBeDefined();
  });

  it('an admin cannot deactivate or demote their own account', async () => {
    const url = `/api/admin/users/${admin.user.id}`;
    expectError(
      await t.app.inject({ method: 'DELETE', url, headers: admin.headers }),
      400,
      ErrorCode.CANNOT_DEACTIVATE_SELF,
      CANNOT_DEACTIVATE_SELF,
    );
    expectError(
      await t.app.inject({ method: 'PUT', url, headers: admin.headers, payload: { isActive: false } }),
      400,
      ErrorCode.CANNOT_DEACTIVATE_SELF,
      CANNOT_DEACTIVATE_SELF,
    );
    expectError(
      await t.app.inject({ method: 'PUT', url, headers: admin.headers, payload: { role: 'cashier' } }),
      400,
      ErrorCode.CANNOT_DEACTIVATE_SELF,
      CANNOT_DEACTIVATE_SELF,
    );
    expect((await verify(admin.token)).json().user.role).toBe('admin');
  });

  it('an unknown id is 404, a malformed id 400, an unknown field 400', async () => {
    expectError(
      await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${randomUUID()}`, headers: admin.headers }),
      404,
      ErrorCode.NOT_FOUND,
    );
    expectError(
      await t.app.inject({ method: 'DELETE', url: '/api/admin/users/not-a-uuid', headers: admin.headers }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    expectError(
      await t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${cashier.user.id}`,
        headers: admin.headers,
        payload: { passwordHash: 'x', tokenVersion: 0 },
      }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
  });
});
