import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ErrorCode } from '@parish/shared';

import { REUSE_GRACE_MS } from '../../../src/modules/auth/refresh-tokens.ts';
import {
  TEST_PUBLIC_URL,
  bearer,
  createMember,
  createTestApp,
  expectError,
  loginAs,
  loginMember,
  memberLoginRequest,
  refreshCookieOf,
  staffLoginRequest,
  type TestApp,
} from '../../helpers.ts';

const SESSION_EXPIRED = 'Session expired. Please login again.';
const CURRENT_PASSWORD_WRONG = 'The current password is not correct';
const SAME_AS_INITIAL = 'The new password must differ from the initial password';
const TOO_SHORT = 'The new password must be at least 8 characters long';

function refresh(
  app: FastifyInstance,
  cookie: string | undefined,
  headers: Record<string, string> = { 'x-requested-with': 'fetch' },
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers,
    ...(cookie !== undefined && { cookies: { parish_refresh: cookie } }),
  });
}

function verify(app: FastifyInstance, token: string) {
  return app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/auth/verify', () => {
  it('returns the user of the token for staff and members', async () => {
    const admin = await loginAs(t.app, 'admin');
    const member = await loginAs(t.app, 'member');
    const adminVerify = await verify(t.app, admin.token);
    expect(adminVerify.statusCode).toBe(200);
    expect(adminVerify.json()).toEqual({ user: admin.user });
    const memberVerify = await verify(t.app, member.token);
    expect(memberVerify.statusCode).toBe(200);
    expect(memberVerify.json().user).toMatchObject({
      role: 'customer',
      memberId: member.account.id,
      mustChangePassword: true,
    });
  });

  it('is 401 without a token', async () => {
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/auth/verify' }),
      401,
      ErrorCode.UNAUTHORIZED,
      'Authentication required',
    );
  });
});

describe('POST /api/auth/refresh', () => {
  it('gives a new access token and rotates the cookie', async () => {
    const session = await loginAs(t.app, 'cashier');
    const response = await refresh(t.app, session.refreshToken);
    expect(response.statusCode, response.body).toBe(200);
    const next = refreshCookieOf(response);
    expect(next).toBeDefined();
    expect(next).not.toBe(session.refreshToken);
    const cookie = response.cookies.find((c) => c.name === 'parish_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    const verified = await verify(t.app, response.json().token);
    expect(verified.json().user).toEqual(session.user);
  });

  it('needs the X-Requested-With header: 403 without it, and nothing is used up', async () => {
    const session = await loginAs(t.app, 'member');
    expectError(await refresh(t.app, session.refreshToken, {}), 403, ErrorCode.FORBIDDEN);
    expect((await refresh(t.app, session.refreshToken)).statusCode).toBe(200);
  });

  it('refuses a foreign Origin with 403 and accepts our own', async () => {
    const session = await loginAs(t.app, 'member');
    expectError(
      await refresh(t.app, session.refreshToken, { 'x-requested-with': 'fetch', origin: 'https://evil.example' }),
      403,
      ErrorCode.FORBIDDEN,
    );
    expectError(
      await refresh(t.app, session.refreshToken, { 'x-requested-with': 'fetch', origin: 'null' }),
      403,
      ErrorCode.FORBIDDEN,
    );
    const own = await refresh(t.app, session.refreshToken, { 'x-requested-with': 'fetch', origin: TEST_PUBLIC_URL });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('is 401 "Session expired" without a cookie or with an unknown one', async () => {
    expectError(await refresh(t.app, undefined), 401, ErrorCode.SESSION_EXPIRED, SESSION_EXPIRED);
    expectError(await refresh(t.app, 'made-up-token'), 401, ErrorCode.SESSION_EXPIRED, SESSION_EXPIRED);
    expectError(await refresh(t.app, 'x'.repeat(5000)), 401, ErrorCode.SESSION_EXPIRED, SESSION_EXPIRED);
  });

  it('a second use within the grace period fails without ending the session (two tabs)', async () => {
    const session = await loginAs(t.app, 'member');
    const first = await refresh(t.app, session.refreshToken);
    expect(first.statusCode).toBe(200);
    const second = refreshCookieOf(first);
    expectError(await refresh(t.app, session.refreshToken), 401, ErrorCode.SESSION_EXPIRED, SESSION_EXPIRED);
    expect((await refresh(t.app, second)).statusCode).toBe(200);
  });

  it('reuse of a used token after the grace period revokes the whole family: the newer token fails too', async () => {
    const session = await loginAs(t.app, 'member');
    const first = await refresh(t.app, session.refreshToken);
    expect(first.statusCode).toBe(200);
    const second = refreshCookieOf(first);
    expect(second).toBeDefined();

    t.clock.advance(REUSE_GRACE_MS + 1000);
    expectError(await refresh(t.app, session.refreshToken), 401, ErrorCode.SESSION_EXPIRED, SESSION_EXPIRED);
    expectError(await refresh(t.app, second), 401, ErrorCode.SESSION_EXPIRED, SESSION_EXPIRED);

    // Another sign-in of the same member (another family) is not affected.
    const again = await loginMember(t.app, session.account.mobile, session.account.password);
    expect((await refresh(t.app, again.refreshToken)).statusCode).toBe(200);
  });

  it('a refresh token expires after 7 days unused', async () => {
    const session = await loginAs(t.app, 'cashier');
    t.clock.advance(7 * 24 * 3600_000 + 1000);
    expectError(await refresh(t.app, session.refreshToken), 401, ErrorCode.SESSION_EXPIRED, SESSION_EXPIRED);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the refresh family and clears the cookie', async () => {
    const session = await loginAs(t.app, 'member');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'x-requested-with': 'fetch' },
      cookies: { parish_refresh: session.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const cleared = response.cookies.find((c) => c.name === 'parish_refresh');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    expectError(await refresh(t.app, session.refreshToken), 401, ErrorCode.SESSION_EXPIRED, SESSION_EXPIRED);
  });

  it('needs the X-Requested-With header (a cross-site form cannot log anyone out)', async () => {
    const session = await loginAs(t.app, 'member');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { parish_refresh: session.refreshToken },
    });
    expectError(response, 403, ErrorCode.FORBIDDEN);
    expect((await refresh(t.app, session.refreshToken)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/change-password', () => {
  function changePassword(token: string, payload: object) {
    return t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: bearer(token), payload });
  }

  it('is 401 anonymous', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'a', newPassword: 'abcdefgh' },
    });
    expectError(response, 401, ErrorCode.UNAUTHORIZED);
  });

  it('refuses a wrong current password with 400', async () => {
    const session = await loginAs(t.app, 'member');
    const response = await changePassword(session.token, {
      currentPassword: 'wrong-one',
      newPassword: 'brand-new-pass-1',
    });
    const body = expectError(response, 400, ErrorCode.CURRENT_PASSWORD_WRONG, CURRENT_PASSWORD_WRONG);
    expect(body.details).toEqual([{ field: 'currentPassword', message: CURRENT_PASSWORD_WRONG }]);
    expect((await verify(t.app, session.token)).statusCode).toBe(200);
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const session = await loginAs(t.app, 'member');
    expectError(
      await changePassword(session.token, { currentPassword: session.account.password, newPassword: 'short' }),
      400,
      ErrorCode.VALIDATION_FAILED,
      TOO_SHORT,
    );
  });

  it('a member cannot keep the initial password', async () => {
    const session = await loginAs(t.app, 'member');
    const response = await changePassword(session.token, {
      currentPassword: session.account.password,
      newPassword: session.account.password,
    });
    expectError(response, 400, ErrorCode.PASSWORD_SAME_AS_INITIAL, SAME_AS_INITIAL);
  });

  it('a member who has changed it once may not go back to the initial password either', async () => {
    const member = await createMember(t.app, { name: 'Anna Joseph' });
    const session = await loginMember(t.app, member.mobile, member.password);
    const first = await changePassword(session.token, {
      currentPassword: member.password,
      newPassword: 'first-choice-1',
    });
    expect(first.statusCode, first.body).toBe(200);
    const back = await changePassword(first.json().token, {
      currentPassword: 'first-choice-1',
      newPassword: member.password,
    });
    expectError(back, 400, ErrorCode.PASSWORD_SAME_AS_INITIAL, SAME_AS_INITIAL);
  });

  it('a member change ends the old tokens, and the new token and password work', async () => {
    const member = await createMember(t.app);
    const session = await loginMember(t.app, member.mobile, member.password);
    const other = await loginMember(t.app, member.parishNumber, member.password);
    const newPassword = 'a-much-better-password';

    const response = await changePassword(session.token, { currentPassword: member.password, newPassword });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toEqual({ success: true, token: expect.any(String) });
    const newRefresh = refreshCookieOf(response);
    expect(newRefresh).toBeDefined();

    // Old access and refresh tokens of every session stop working.
    for (const old of [session, other]) {
      expectError(await verify(t.app, old.token), 401, ErrorCode.UNAUTHORIZED);
      expectError(await refresh(t.app, old.refreshToken), 401, ErrorCode.SESSION_EXPIRED, SESSION_EXPIRED);
    }
    // The new ones work, and the member is no longer on the initial password.
    const verified = await verify(t.app, body.token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.mustChangePassword).toBe(false);
    expect((await refresh(t.app, newRefresh)).statusCode).toBe(200);

    expectError(await memberLoginRequest(t.app, member.mobile, member.password), 401, ErrorCode.INVALID_CREDENTIALS);
    const relogin = await memberLoginRequest(t.app, member.mobile, newPassword);
    expect(relogin.statusCode).toBe(200);
    expect(relogin.json().user.mustChangePassword).toBe(false);
  });

  it("a staff password must meet the staff rule of 10 characters, not the members' 8", async () => {
    const session = await loginAs(t.app, 'cashier');
    const body = expectError(
      await changePassword(session.token, { currentPassword: session.account.password, newPassword: 'nine-char' }),
      400,
      ErrorCode.VALIDATION_FAILED,
      'Staff passwords must be at least 10 characters long',
    );
    expect(body.details).toEqual([
      { field: 'newPassword', message: 'Staff passwords must be at least 10 characters long' },
    ]);
    expect((await verify(t.app, session.token)).statusCode).toBe(200);
  });

  it('a cashier change works the same way', async () => {
    const session = await loginAs(t.app, 'cashier');
    const username = session.account.username;
    const response = await changePassword(session.token, {
      currentPassword: session.account.password,
      newPassword: 'cashier-new-password',
    });
    expect(response.statusCode, response.body).toBe(200);
    expectError(await verify(t.app, session.token), 401, ErrorCode.UNAUTHORIZED);
    expect((await verify(t.app, response.json().token)).statusCode).toBe(200);
    expectError(await staffLoginRequest(t.app, username, session.account.password), 401, ErrorCode.INVALID_CREDENTIALS);
    expect((await staffLoginRequest(t.app, username, 'cashier-new-password')).statusCode).toBe(200);
  });
});
