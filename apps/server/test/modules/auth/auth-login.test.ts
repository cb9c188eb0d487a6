import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ErrorCode } from '@parish/shared';

import {
  TEST_ADMIN_PASSWORD,
  TEST_ADMIN_USERNAME,
  bearer,
  createCashier,
  createMember,
  createTestApp,
  expectError,
  memberLoginRequest,
  refreshCookieOf,
  staffLoginRequest,
  type TestApp,
  type TestMember,
  type TestStaff,
} from '../../helpers.ts';

// The product's texts (`docs/domain.md`, "§5 Validation") and the API's (`docs/domain.md`, "§7 API").
const INVALID_STAFF_LOGIN = 'Invalid username or password';
const STAFF_BLANK = 'Please enter both username and password';
const INVALID_MEMBER_LOGIN = 'Invalid mobile number/parish number or password';
const MEMBER_IDENTIFIER_BLANK = 'Please enter your mobile number or parish number';
const MEMBER_PASSWORD_BLANK = 'Please enter your password';

describe('staff sign-in: POST /api/auth/admin/login', () => {
  let t: TestApp;
  let cashier: TestStaff;
  let member: TestMember;

  beforeAll(async () => {
    t = await createTestApp();
    cashier = await createCashier(t.app, { name: 'Joseph Cashier' });
    member = await createMember(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs the first admin in: token, user and an httpOnly, strict refresh cookie on /api/auth', async () => {
    const response = await staffLoginRequest(t.app, TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.user).toEqual({ id: expect.any(String), name: 'Administrator', role: 'admin', username: 'admin' });
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const cookie = response.cookies.find((c) => c.name === 'parish_refresh');
    expect(cookie?.value).toMatch(/^[\w-]{40,}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });

    const verify = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(body.token) });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user).toEqual(body.user);
  });

  it('signs a cashier in with the cashier role', async () => {
    const response = await staffLoginRequest(t.app, cashier.username, cashier.password);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toEqual({
      id: cashier.id,
      name: 'Joseph Cashier',
      role: 'cashier',
      username: cashier.username,
    });
  });

  it('takes the username in any case', async () => {
    const response = await staffLoginRequest(t.app, TEST_ADMIN_USERNAME.toUpperCase(), TEST_ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown username identically: 401, same body, no cookie', async () => {
    const wrongPassword = await staffLoginRequest(t.app, TEST_ADMIN_USERNAME, 'not-the-password');
    const unknownUser = await staffLoginRequest(t.app, 'nobody-here', 'not-the-password');
    const wrongCase = await staffLoginRequest(t.app, TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD.toUpperCase());
    for (const response of [wrongPassword, unknownUser, wrongCase]) {
      expectError(response, 401, ErrorCode.INVALID_CREDENTIALS, INVALID_STAFF_LOGIN);
      expect(refreshCookieOf(response)).toBeUndefined();
    }
    expect(unknownUser.body).toBe(wrongPassword.body);
    expect(Object.keys(unknownUser.headers).sort()).toEqual(Object.keys(wrongPassword.headers).sort());
  });

  it.each([
    [{ username: '', password: '' }],
    [{ username: 'admin', password: '' }],
    [{ username: '   ', password: 'something' }],
    [{ username: 'admin' }],
    [{}],
  ])('blank or missing fields %j: 400 "Please enter both username and password"', async (payload) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/admin/login', payload });
    expectError(response, 400, ErrorCode.VALIDATION_FAILED, STAFF_BLANK);
  });

  it('refuses a deactivated account with the same 401', async () => {
    const inactive = await createCashier(t.app, { isActive: false });
    const response = await staffLoginRequest(t.app, inactive.username, inactive.password);
    expectError(response, 401, ErrorCode.INVALID_CREDENTIALS, INVALID_STAFF_LOGIN);
  });

  it('a member cannot use the staff sign-in, even with their own credentials', async () => {
    for (const username of [member.mobile, member.parishNumber]) {
      const response = await staffLoginRequest(t.app, username, member.password);
      expectError(response, 401, ErrorCode.INVALID_CREDENTIALS, INVALID_STAFF_LOGIN);
    }
  });
});

describe('member sign-in: POST /api/auth/customer/login', () => {
  let t: TestApp;
  let member: TestMember;

  beforeAll(async () => {
    t = await createTestApp();
    member = await createMember(t.app, { name: 'Thomas Mathew', mobile: '919847012345', parishNumber: 'SM42' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('uses the initial password of the specification rule', () => {
    expect(member.password).toBe('Thom2345');
  });

  it.each([
    ['a 10-digit mobile', '9847012345'],
    ['a 12-digit mobile', '919847012345'],
    ['a formatted mobile', '+91 98470 12345'],
    ['a mobile with a trunk 0', '09847012345'],
    ['the parish number in lower case', 'sm42'],
    ['the parish number as stored', 'SM42'],
  ])('signs in by %s (%s)', async (_what, identifier) => {
    const response = await memberLoginRequest(t.app, identifier, 'Thom2345');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toEqual({
      id: member.id,
      memberId: member.id,
      name: 'Thomas Mathew',
      role: 'customer',
      mobile: '919847012345',
      parishNumber: 'SM42',
      mustChangePassword: true,
    });
    expect(refreshCookieOf(response)).toBeDefined();
  });

  it('signs in a member with a Malayalam name by the letters as written, vowel signs typed composed or not', async () => {
    const malayali = await createMember(t.app, { name: 'ജോസഫ് മാത്യു', mobile: '919847055501' });
    expect(malayali.password).toBe('ജോസഫ്മാ5501');
    for (const password of ['ജോസഫ്മാ5501', 'ജോസഫ്മാ5501'.normalize('NFD')]) {
      const response = await memberLoginRequest(t.app, '9847055501', password);
      expect(response.statusCode, response.body).toBe(200);
    }
    // The letters without their vowel signs are not the password.
    expectError(
      await memberLoginRequest(t.app, '9847055501', 'ജസഫമ5501'),
      401,
      ErrorCode.INVALID_CREDENTIALS,
      INVALID_MEMBER_LOGIN,
    );
  });

  it('answers a wrong password and an unknown identifier identically with 401', async () => {
    const wrongPassword = await memberLoginRequest(t.app, '9847012345', 'Thom2346');
    const wrongCase = await memberLoginRequest(t.app, '9847012345', 'thom2345');
    const unknownMobile = await memberLoginRequest(t.app, '9800000000', 'Thom2345');
    const unknownParish = await memberLoginRequest(t.app, 'XX99', 'Thom2345');
    for (const response of [wrongPassword, wrongCase, unknownMobile, unknownParish]) {
      expectError(response, 401, ErrorCode.INVALID_CREDENTIALS, INVALID_MEMBER_LOGIN);
      expect(response.body).toBe(wrongPassword.body);
      expect(refreshCookieOf(response)).toBeUndefined();
    }
  });

  it('blank identifier and blank password have the specification messages', async () => {
    expectError(
      await memberLoginRequest(t.app, '  ', 'Thom2345'),
      400,
      ErrorCode.VALIDATION_FAILED,
      MEMBER_IDENTIFIER_BLANK,
    );
    expectError(await memberLoginRequest(t.app, 'SM42', ''), 400, ErrorCode.VALIDATION_FAILED, MEMBER_PASSWORD_BLANK);
  });

  it('refuses a deactivated member', async () => {
    const gone = await createMember(t.app, { isActive: false });
    expectError(
      await memberLoginRequest(t.app, gone.mobile, gone.password),
      401,
      ErrorCode.INVALID_CREDENTIALS,
      INVALID_MEMBER_LOGIN,
    );
  });

  it('a staff account cannot use the member sign-in', async () => {
    const response = await memberLoginRequest(t.app, TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD);
    expectError(response, 401, ErrorCode.INVALID_CREDENTIALS, INVALID_MEMBER_LOGIN);
  });
});
