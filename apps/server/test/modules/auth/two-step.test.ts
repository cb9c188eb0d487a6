import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ErrorCode, MSG } from '@parish/shared';

import { queryRows } from '../../../src/db/client.ts';
import { setStaffOneTimePassword } from '../../../src/modules/auth/password-resets.service.ts';
import {
  bearer,
  createCashier,
  createStaff,
  createTestApp,
  expectError,
  loginAs,
  refreshCookieOf,
  staffLoginRequest,
  type TestApp,
  type TestStaff,
} from '../../helpers.ts';

/*
 * `docs/domain.md`, "Two-step sign-in for staff"
 * (`docs/decisions/0051-staff-two-step-sign-in-with-totp.md`): TOTP (RFC 6238) set up with a QR
 * code and one code, recovery codes shown once, the second step of the staff sign-in, no replay,
 * throttled guesses, an admin's reset, STAFF_MFA=required, and the console's reset. Codes are
 * computed from the secret with the library, at the app's (test) clock.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

/** The first admin's headers, signed in now (the tests move the clock past older tokens). */
const adminHeaders = async () => (await loginAs(t.app, 'admin')).headers;
afterAll(async () => {
  await t.close();
});

/** The authenticator app's code for a secret at the app's clock, `steps` 30-second steps away. */
function codeAt(app: TestApp, secret: string, steps = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: app.clock.now().getTime() + steps * 30_000 });
}

async function auditOf(app: TestApp, entityId: string): Promise<{ action: string; after: unknown }[]> {
  return queryRows<{ action: string; after: unknown }>(
    app.db,
    sql`select action, after from audit_events where entity_id = ${entityId} order by id`,
  );
}

async function passwordSession(app: TestApp, staff: TestStaff) {
  const response = await staffLoginRequest(app.app, staff.username, staff.password);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ token: string }>();
  return { headers: bearer(body.token) };
}

/** Sets up two-step sign-in through the API; returns the secret and the recovery codes. */
async function enrol(app: TestApp, headers: { authorization: string }) {
  const setup = await app.app.inject({ method: 'POST', url: '/api/auth/two-step/setup', headers });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const enable = await app.app.inject({
    method: 'POST',
    url: '/api/auth/two-step/enable',
    headers,
    payload: { code: codeAt(app, secret) },
  });
  expect(enable.statusCode, enable.body).toBe(200);
  // The step just used is spent: the next code comes from the next step.
  app.clock.advance(30_000);
  return { secret, recoveryCodes: enable.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

async function challengeOf(app: TestApp, staff: TestStaff, ip?: string): Promise<string> {
  const first = await staffLoginRequest(app.app, staff.username, staff.password, ip);
  expect(first.statusCode, first.body).toBe(200);
  const body = first.json<{ twoStepRequired?: boolean; challenge?: string; token?: string }>();
  expect(body.twoStepRequired).toBe(true);
  expect(body.token).toBeUndefined();
  expect(refreshCookieOf(first)).toBeUndefined();
  return body.challenge ?? '';
}

function secondStep(app: TestApp, challenge: string, code: string, ip?: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/auth/admin/login/code',
    payload: { challenge, code },
    ...(ip && { remoteAddress: ip }),
  });
}

describe('setting up two-step sign-in', () => {
  it('shows a QR code and a key, turns on only with a right code, and answers ten recovery codes once', async () => {
    const cashier = await createCashier(t.app);
    const { headers } = await passwordSession(t, cashier);
    const status = () => t.app.inject({ method: 'GET', url: '/api/auth/two-step', headers });
    expect((await status()).json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });

    const setup = await t.app.inject({ method: 'POST', url: '/api/auth/two-step/setup', headers });
    expect(setup.statusCode, setup.body).toBe(200);
    const body = setup.json<{ otpauthUri: string; qrCode: string; secret: string }>();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUri).toBe(
      `otpauth://totp/Parish%20Dues:${cashier.username}?issuer=Parish%20Dues&secret=${body.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(Buffer.from(body.qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg /);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-step/enable',
      headers,
      payload: { code: codeAt(t, body.secret, 5) },
    });
    const error = expectError(wrong, 400, ErrorCode.TWO_STEP_CODE_WRONG, MSG.twoStepCodeWrong);
    expect(error.details).toEqual([{ field: 'code', message: MSG.twoStepCodeWrong }]);
    expect((await status()).json<{ enabled: boolean }>().enabled).toBe(false);

    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-step/enable',
      headers,
      payload: { code: codeAt(t, body.secret) },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const { recoveryCodes } = enable.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    expect((await status()).json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });

    // Stored encrypted, recovery codes hashed: neither the key nor a code is in the database.
    const [row] = await queryRows<{ totp_secret: string }>(
      t.db,
      sql`select totp_secret from staff_users where id = ${cashier.id}`,
    );
    expect(row?.totp_secret).toMatch(/^v1\./);
    expect(row?.totp_secret).not.toContain(body.secret);
    const hashes = await queryRows<{ code_hash: string }>(
      t.db,
      sql`select code_hash from staff_recovery_codes where staff_user_id = ${cashier.id}`,
    );
    expect(hashes.map((h) => h.code_hash)).not.toContain(recoveryCodes[0]);

    expectError(
      await t.app.inject({ method: 'POST', url: '/api/auth/two-step/setup', headers }),
      409,
      ErrorCode.TWO_STEP_STATE_CONFLICT,
      MSG.twoStepAlreadyOn,
    );
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: await adminHeaders() });
    const listed = list
      .json<{ items: { _id: string; twoStepSignIn?: true }[] }>()
      .items.find((u) => u._id === cashier.id);
    expect(listed?.twoStepSignIn).toBe(true);
    expect(await auditOf(t, cashier.id)).toContainEqual({ action: 'staff_user.two_step_enabled', after: null });
  });

  it('refuses to confirm without a setup started', async () => {
    const cashier = await createCashier(t.app);
    const { headers } = await passwordSession(t, cashier);
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/auth/two-step/enable', headers, payload: { code: '123456' } }),
      409,
      ErrorCode.TWO_STEP_STATE_CONFLICT,
    );
  });
});

describe('signing in with a second factor', () => {
  it('answers a challenge (no session), then a session for a current code; a code works once', async () => {
    const cashier = await createCashier(t.app);
    const { secret } = await enrol(t, (await passwordSession(t, cashier)).headers);

    const challenge = await challengeOf(t, cashier);
    // The challenge is not an access token.
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(challenge) }),
      401,
      ErrorCode.UNAUTHORIZED,
    );
    const code = codeAt(t, secret);
    const signedIn = await secondStep(t, challenge, code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(refreshCookieOf(signedIn)).toBeDefined();
    const session = signedIn.json<{ token: string; user: { id: string } }>();
    expect(session.user.id).toBe(cashier.id);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(session.token) })).statusCode,
    ).toBe(200);

    // Replay: the same code again, even with a fresh challenge, is refused.
    const again = await secondStep(t, await challengeOf(t, cashier), code);
    expectError(again, 400, ErrorCode.TWO_STEP_CODE_WRONG, MSG.twoStepCodeWrong);
    // Signed in twice: with the password before the setup, and with the code; not by the refused replay.
    expect((await auditOf(t, cashier.id)).filter((e) => e.action === 'auth.signed_in')).toHaveLength(2);
  });

  it('lets one of two simultaneous sign-ins with the same code through, never both', async () => {
    const cashier = await createCashier(t.app);
    const { secret } = await enrol(t, (await passwordSession(t, cashier)).headers);
    const code = codeAt(t, secret);
    const [a, b] = await Promise.all([
      secondStep(t, await challengeOf(t, cashier), code),
      secondStep(t, await challengeOf(t, cashier), code),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  });

  it('accepts the previous and the next step, not two steps away', async () => {
    const cashier = await createCashier(t.app);
    const { secret } = await enrol(t, (await passwordSession(t, cashier)).headers);
    t.clock.advance(120_000);
    const challenge = await challengeOf(t, cashier);
    expectError(await secondStep(t, challenge, codeAt(t, secret, -2)), 400, ErrorCode.TWO_STEP_CODE_WRONG);
    expectError(await secondStep(t, challenge, codeAt(t, secret, 2)), 400, ErrorCode.TWO_STEP_CODE_WRONG);
    expect((await secondStep(t, challenge, codeAt(t, secret, -1))).statusCode).toBe(200);
    // A code of a step after the one used works once more (a later step), an older one no longer.
    expectError(await secondStep(t, challenge, codeAt(t, secret, -1)), 400, ErrorCode.TWO_STEP_CODE_WRONG);
    expect((await secondStep(t, challenge, codeAt(t, secret, 1))).statusCode).toBe(200);
    expectError(await secondStep(t, challenge, codeAt(t, secret, 0)), 400, ErrorCode.TWO_STEP_CODE_WRONG);
  });

  it('takes a recovery code once, audited with how many are left', async () => {
    const cashier = await createCashier(t.app);
    const { recoveryCodes } = await enrol(t, (await passwordSession(t, cashier)).headers);
    const code = recoveryCodes[3] ?? '';
    const challenge = await challengeOf(t, cashier);
    // Typed in lower case without the dash: still the code.
    const first = await secondStep(t, challenge, code.toLowerCase().replace('-', ''));
    expect(first.statusCode, first.body).toBe(200);
    expectError(await secondStep(t, challenge, code), 400, ErrorCode.TWO_STEP_CODE_WRONG);
    expect(await auditOf(t, cashier.id)).toContainEqual({ action: 'auth.recovery_code_used', after: { remaining: 9 } });
    const token = first.json<{ token: string }>().token;
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/two-step', headers: bearer(token) });
    expect(status.json<{ recoveryCodesLeft: number }>().recoveryCodesLeft).toBe(9);
  });

  it('counts wrong codes as failed sign-ins: the account is delayed, a right code then waits', async () => {
    const cashier = await createCashier(t.app);
    const { secret } = await enrol(t, (await passwordSession(t, cashier)).headers);
    const challenge = await challengeOf(t, cashier, '203.0.113.71');
    // Five wrong codes are free; the sixth starts the account's progressive delay (decision 0050).
    for (let i = 0; i < 6; i += 1) {
      expectError(await secondStep(t, challenge, '000000', '203.0.113.71'), 400, ErrorCode.TWO_STEP_CODE_WRONG);
    }
    expectError(await secondStep(t, challenge, '000000', '203.0.113.71'), 429, ErrorCode.ACCOUNT_LOCKED);
    expectError(
      await secondStep(t, challenge, codeAt(t, secret), '203.0.113.72'),
      429,
      ErrorCode.ACCOUNT_LOCKED,
      MSG.tooManyAttempts,
    );
    // The right password does not clear the count either: the first step is locked as well.
    expectError(
      await staffLoginRequest(t.app, cashier.username, cashier.password, '203.0.113.73'),
      429,
      ErrorCode.ACCOUNT_LOCKED,
    );
    t.clock.advance(16 * 60_000);
    expect((await secondStep(t, await challengeOf(t, cashier), codeAt(t, secret))).statusCode).toBe(200);
  });

  it('refuses an expired, forged or outdated challenge', async () => {
    const cashier = await createCashier(t.app);
    const { secret } = await enrol(t, (await passwordSession(t, cashier)).headers);
    const challenge = await challengeOf(t, cashier);
    t.clock.advance(5 * 60_000 + 1000);
    expectError(
      await secondStep(t, challenge, codeAt(t, secret)),
      401,
      ErrorCode.TWO_STEP_CHALLENGE_EXPIRED,
      MSG.twoStepChallengeExpired,
    );
    expectError(
      await secondStep(t, (await loginAs(t.app, 'admin')).token, codeAt(t, secret)),
      401,
      ErrorCode.TWO_STEP_CHALLENGE_EXPIRED,
    );
    expectError(await secondStep(t, 'not-a-token', codeAt(t, secret)), 401, ErrorCode.TWO_STEP_CHALLENGE_EXPIRED);
  });
});

describe('turning two-step sign-in off', () => {
  it('by the staff member with a code; the sign-in is the password alone again', async () => {
    const cashier = await createCashier(t.app);
    const { headers } = await passwordSession(t, cashier);
    const { secret } = await enrol(t, headers);
    const off = (code: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/two-step/disable', headers, payload: { code } });
    expectError(await off('000000'), 400, ErrorCode.TWO_STEP_CODE_WRONG);
    expect((await off(codeAt(t, secret))).statusCode).toBe(200);
    expectError(await off(codeAt(t, secret)), 409, ErrorCode.TWO_STEP_STATE_CONFLICT, MSG.twoStepNotOn);
    expect((await staffLoginRequest(t.app, cashier.username, cashier.password)).json()).toHaveProperty('token');
    expect(await auditOf(t, cashier.id)).toContainEqual({
      action: 'staff_user.two_step_removed',
      after: { by: 'self' },
    });
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from staff_recovery_codes where staff_user_id = ${cashier.id}`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('by an admin for another staff member (a lost phone), audited; 409 when there is none', async () => {
    const cashier = await createCashier(t.app);
    await enrol(t, (await passwordSession(t, cashier)).headers);
    const headers = await adminHeaders();
    const reset = () => t.app.inject({ method: 'POST', url: `/api/admin/users/${cashier.id}/reset-two-step`, headers });
    expect((await reset()).statusCode).toBe(200);
    expect(await auditOf(t, cashier.id)).toContainEqual({
      action: 'staff_user.two_step_removed',
      after: { by: 'admin' },
    });
    expect((await staffLoginRequest(t.app, cashier.username, cashier.password)).json()).toHaveProperty('token');
    expectError(await reset(), 409, ErrorCode.TWO_STEP_STATE_CONFLICT);
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/users/00000000-0000-4000-8000-000000000000/reset-two-step',
        headers: await adminHeaders(),
      }),
      404,
      ErrorCode.NOT_FOUND,
    );
  });

  it('by `npm run admin:reset` on the server (the only admin locked out): one-time password, no second factor', async () => {
    const lockedOut = await createStaff(t.app, { role: 'admin' });
    await enrol(t, (await passwordSession(t, lockedOut)).headers);
    const { oneTimePassword } = await setStaffOneTimePassword(
      t.db,
      { actorType: 'system', actorId: null, actorName: 'server console', requestId: null, ip: null },
      { userId: lockedOut.id, by: 'server console', now: t.clock.now() },
    );
    const signIn = await staffLoginRequest(t.app, lockedOut.username, oneTimePassword);
    expect(signIn.json<{ user: { passwordChangeRequired?: boolean } }>().user.passwordChangeRequired).toBe(true);
    expect(await auditOf(t, lockedOut.id)).toContainEqual({
      action: 'staff_user.two_step_removed',
      after: { by: 'server console' },
    });
  });
});

describe('STAFF_MFA=required', () => {
  let required: TestApp;
  beforeAll(async () => {
    required = await createTestApp({ env: { STAFF_MFA: 'required' } });
  });
  afterAll(async () => {
    await required.close();
  });

  it('lets an admin without a second factor only set it up; a cashier is only offered it', async () => {
    const newAdmin = await createStaff(required.app, { role: 'admin' });
    const { headers } = await passwordSession(required, newAdmin);
    expectError(
      await required.app.inject({ method: 'GET', url: '/api/members', headers }),
      403,
      ErrorCode.TWO_STEP_SETUP_REQUIRED,
      MSG.twoStepSetupRequired,
    );
    const status = await required.app.inject({ method: 'GET', url: '/api/auth/two-step', headers });
    expect(status.json()).toEqual({ enabled: false, required: true, recoveryCodesLeft: 0 });
    await enrol(required, headers);
    // The same session works once it is set up (the account lookup of each request sees it).
    expect((await required.app.inject({ method: 'GET', url: '/api/members', headers })).statusCode).toBe(200);

    const cashier = await createCashier(required.app);
    const cashierSession = await passwordSession(required, cashier);
    expect(
      (await required.app.inject({ method: 'GET', url: '/api/members', headers: cashierSession.headers })).statusCode,
    ).toBe(200);
    const cashierStatus = await required.app.inject({
      method: 'GET',
      url: '/api/auth/two-step',
      headers: cashierSession.headers,
    });
    expect(cashierStatus.json<{ required: boolean }>().required).toBe(false);
  });
});
