import { ErrorCode, MSG } from '@parish/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { queryRows } from '../../../src/db/client.ts';
import { sql } from 'drizzle-orm';
import {
  bearer,
  createCashier,
  createMember,
  createTestApp,
  expectError,
  loginAs,
  loginMember,
  loginStaff,
  memberLoginRequest,
  type RoleSession,
  type TestApp,
} from '../../helpers.ts';

/*
 * `docs/domain.md`, "Password resets": an admin resets a member's password (back to the initial
 * one, or a one-time password shown once) and a staff member's (one-time password); a session
 * signed in with a one-time password may only change it; every reset ends the account's sessions
 * and is audited.
 */

let t: TestApp;
let admin: RoleSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

const verify = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });

async function auditActions(entityId: string): Promise<string[]> {
  const rows = await queryRows<{ action: string }>(
    t.db,
    sql`select action from audit_events where entity_id = ${entityId} order by id`,
  );
  return rows.map((row) => row.action);
}

describe('an admin resets a member’s password', () => {
  it('to a one-time password: old sessions end, the code signs in to a session that can only change it', async () => {
    const member = await createMember(t.app, { password: 'forgotten-password-1' });
    const before = await loginMember(t.app, member.mobile, member.password);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${member.id}/reset-password`,
      headers: admin.headers,
      payload: { to: 'one-time' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const { oneTimePassword } = reset.json<{ oneTimePassword: string }>();
    expect(oneTimePassword).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
    expectError(await verify(before.token), 401, ErrorCode.UNAUTHORIZED);
    expectError(await memberLoginRequest(t.app, member.mobile, member.password), 401, ErrorCode.INVALID_CREDENTIALS);

    const restricted = await loginMember(t.app, member.parishNumber, oneTimePassword);
    expect(restricted.user.passwordChangeRequired).toBe(true);
    expect((await verify(restricted.token)).json()).toMatchObject({ user: { passwordChangeRequired: true } });
    for (const url of ['/api/customer/payments', '/api/customer/transactions']) {
      const answer = await t.app.inject({ method: 'GET', url, headers: restricted.headers });
      expectError(answer, 403, ErrorCode.PASSWORD_CHANGE_REQUIRED, MSG.passwordChangeRequired);
    }
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: restricted.headers,
      payload: { currentPassword: oneTimePassword, newPassword: 'remembered-now-2' },
    });
    expect(change.statusCode, change.body).toBe(200);
    const fresh = change.json<{ token: string }>().token;
    expect(
      (await verify(fresh)).json<{ user: { passwordChangeRequired?: boolean } }>().user.passwordChangeRequired,
    ).toBeUndefined();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/customer/payments', headers: bearer(fresh) })).statusCode,
    ).toBe(200);
    expect((await loginMember(t.app, member.mobile, 'remembered-now-2')).user.passwordChangeRequired).toBeUndefined();
    expect(await auditActions(member.id)).toEqual(['member.password_reset', 'auth.password_changed']);
  });

  it('back to the initial password: the specification’s behaviour, no forced change', async () => {
    const member = await createMember(t.app);
    const initial = member.password;
    const chosen = await loginMember(t.app, member.mobile, initial);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: chosen.headers,
      payload: { currentPassword: initial, newPassword: 'chosen-password-3' },
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${member.id}/reset-password`,
      headers: admin.headers,
      payload: { to: 'initial' },
    });
    expect(reset.json()).toEqual({ success: true });
    const session = await loginMember(t.app, member.mobile, initial);
    expect(session.user.mustChangePassword).toBe(true);
    expect(session.user.passwordChangeRequired).toBeUndefined();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/customer/payments', headers: session.headers })).statusCode,
    ).toBe(200);
    expect(await auditActions(member.id)).toContain('member.password_reset');
  });

  it('is for admins only, and an unknown member is 404', async () => {
    const cashier = await loginAs(t.app, 'cashier');
    const member = await createMember(t.app);
    const byCashier = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${member.id}/reset-password`,
      headers: cashier.headers,
      payload: { to: 'initial' },
    });
    expectError(byCashier, 403, ErrorCode.FORBIDDEN);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/members/00000000-0000-4000-8000-000000000000/reset-password',
      headers: admin.headers,
      payload: { to: 'one-time' },
    });
    expectError(unknown, 404, ErrorCode.NOT_FOUND);
  });
});

describe('an admin resets a staff member’s password', () => {
  it('to a one-time password whose session can only change it', async () => {
    const cashier = await createCashier(t.app);
    const before = await loginStaff(t.app, cashier.username, cashier.password);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${cashier.id}/reset-password`,
      headers: admin.headers,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const { oneTimePassword } = reset.json<{ oneTimePassword: string }>();
    expectError(await verify(before.token), 401, ErrorCode.UNAUTHORIZED);
    const restricted = await loginStaff(t.app, cashier.username, oneTimePassword);
    expect(restricted.user.passwordChangeRequired).toBe(true);
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/members', headers: restricted.headers }),
      403,
      ErrorCode.PASSWORD_CHANGE_REQUIRED,
    );
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: restricted.headers,
      payload: { currentPassword: oneTimePassword, newPassword: 'a-new-staff-password' },
    });
    expect(change.statusCode, change.body).toBe(200);
    const fresh = change.json<{ token: string }>().token;
    expect((await t.app.inject({ method: 'GET', url: '/api/members', headers: bearer(fresh) })).statusCode).toBe(200);
    expect(await auditActions(cashier.id)).toContain('staff_user.one_time_password_set');
  });
});
