import { Writable } from 'node:stream';

import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { ErrorCode, MSG, type ParishSettings, type WhatsAppConsent } from '@parish/shared';

import { queryRows } from '../../../src/db/client.ts';
import { CODE_SEND_POLICIES } from '../../../src/modules/sign-in-codes/sign-in-codes.service.ts';
import {
  createMember,
  createTestApp,
  expectError,
  hostHeader,
  loginAs,
  memberLoginRequest,
  type TestApp,
  type TestMember,
} from '../../helpers.ts';
import { WhatsAppStandIn } from '../../whatsapp-stand-in.ts';

/**
 * Sign-in with a code on WhatsApp, forgot password, and WhatsApp consent (issue 29 item 1,
 * decision 0138): against the WhatsApp stand-in over real HTTP, on a real database.
 */

const MINUTE = 60_000;
const TEMPLATE = 'parish_sign_in_code';

let standIn: WhatsAppStandIn;
let t: TestApp | undefined;
let logLines: string[] = [];

beforeAll(async () => {
  standIn = await new WhatsAppStandIn().start();
});
afterAll(async () => {
  await standIn.close();
});
afterEach(async () => {
  await t?.close();
  t = undefined;
  standIn.reset();
  logLines = [];
});

/** A test app whose home parish has the WhatsApp Cloud API (the stand-in), logging at info into `logLines`. */
async function appWithWhatsApp(extra: Record<string, string> = {}): Promise<TestApp> {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  t = await createTestApp({
    env: {
      WHATSAPP_ACCESS_TOKEN: 'code-test-token',
      WHATSAPP_PHONE_NUMBER_ID: '5550001',
      WHATSAPP_BASE_URL: standIn.url,
      WHATSAPP_API_VERSION: 'v21.0',
      WHATSAPP_TIMEOUT_MS: '2000',
      ...extra,
    },
    logger: { level: 'info', stream },
  });
  return t;
}

function askCode(app: TestApp, identifier: string, remoteAddress?: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/auth/customer/code',
    headers: hostHeader(),
    payload: { identifier },
    ...(remoteAddress && { remoteAddress }),
  });
}

function verify(app: TestApp, payload: Record<string, string | boolean>, remoteAddress?: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/auth/customer/code/verify',
    headers: hostHeader(),
    payload,
    ...(remoteAddress && { remoteAddress }),
  });
}

/** Asks for a code for `member` and reads it from the stand-in. */
async function codeFor(app: TestApp, member: TestMember, identifier = member.mobile): Promise<string> {
  const asked = await askCode(app, identifier);
  expect(asked.statusCode, asked.body).toBe(200);
  const code = standIn.codeSentTo(member.mobile);
  expect(code).toMatch(/^\d{6}$/);
  return code ?? '';
}

/** A 6-digit code other than `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-in with a code on WhatsApp (decision 0138)', () => {
  it('sends the authentication template with the copy-code button, and the code signs in like the password', async () => {
    const app = await appWithWhatsApp();
    const member = await createMember(app.app, { name: 'Code Member' });
    const asked = await askCode(app, member.parishNumber.toLowerCase());
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ sent: true, validMinutes: 5 });
    const [request] = standIn.requestsTo(member.mobile);
    const code = standIn.codeSentTo(member.mobile) ?? '';
    expect(request?.path).toBe('/v21.0/5550001/messages');
    expect(request?.authorization).toBe('Bearer code-test-token');
    expect(request?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: member.mobile,
      type: 'template',
      template: {
        name: TEMPLATE,
        language: { code: 'en' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: code }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
        ],
      },
    });

    const signedIn = await verify(app, { identifier: member.mobile.slice(2), code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const body = signedIn.json<{ token: string; user: { memberId: string; mustChangePassword: boolean } }>();
    expect(body.user.memberId).toBe(member.id);
    expect(body.user.mustChangePassword).toBe(true);
    expect(String(signedIn.headers['set-cookie'])).toContain('parish_refresh=');
    // The session works; the same answer's shape as the password sign-in.
    const password = await memberLoginRequest(app.app, member.mobile, member.password);
    expect(Object.keys(password.json<object>()).sort()).toEqual(Object.keys(body).sort());
    const me = await app.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: { authorization: `Bearer ${body.token}`, ...hostHeader() },
    });
    expect(me.statusCode).toBe(200);

    // A used code is spent.
    expectError(await verify(app, { identifier: member.mobile, code }), 401, ErrorCode.SIGN_IN_CODE_WRONG);
  });

  it('the code is never stored, logged or audited in clear', async () => {
    const app = await appWithWhatsApp();
    const member = await createMember(app.app);
    const code = await codeFor(app, member);
    const [row] = await queryRows<{ code_hash: string; tries_left: number }>(
      app.db,
      sql`SELECT code_hash, tries_left FROM member_sign_in_codes WHERE member_id = ${member.id}`,
    );
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.code_hash).not.toContain(code);
    expect(row?.tries_left).toBe(5);
    await verify(app, { identifier: member.mobile, code: otherThan(code) });
    expect((await verify(app, { identifier: member.mobile, code, newPassword: 'a-new-secret-1' })).statusCode).toBe(
      200,
    );
    const [dump] = await queryRows<{ text: string }>(
      app.db,
      sql`SELECT coalesce((SELECT string_agg(row_to_json(a)::text, ' ') FROM audit_events a), '') ||
                 coalesce((SELECT string_agg(row_to_json(d)::text, ' ') FROM message_deliveries d), '') ||
                 coalesce((SELECT string_agg(row_to_json(j)::text, ' ') FROM background_jobs j), '') AS text`,
    );
    expect(dump?.text).not.toContain(code);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(code);
  });

  it('expires after 5 minutes; a new code replaces the old', async () => {
    const app = await appWithWhatsApp();
    const member = await createMember(app.app);
    const first = await codeFor(app, member);
    app.clock.advance(5 * MINUTE + 1000);
    expectError(
      await verify(app, { identifier: member.mobile, code: first }),
      401,
      ErrorCode.SIGN_IN_CODE_WRONG,
      MSG.signInCodeWrong,
    );
    const second = await codeFor(app, member);
    const third = await codeFor(app, member);
    if (second !== third) {
      expectError(await verify(app, { identifier: member.mobile, code: second }), 401, ErrorCode.SIGN_IN_CODE_WRONG);
    }
    app.clock.advance(4 * MINUTE);
    expect((await verify(app, { identifier: member.mobile, code: third })).statusCode).toBe(200);
  });

  it('allows 5 tries: after 5 wrong codes even the right one is refused', async () => {
    const app = await appWithWhatsApp();
    const member = await createMember(app.app);
    const code = await codeFor(app, member);
    for (let i = 0; i < 5; i += 1) {
      expectError(
        await verify(app, { identifier: member.mobile, code: otherThan(code) }),
        401,
        ErrorCode.SIGN_IN_CODE_WRONG,
      );
    }
    expectError(await verify(app, { identifier: member.mobile, code }), 401, ErrorCode.SIGN_IN_CODE_WRONG);
    const fresh = await codeFor(app, member);
    expect((await verify(app, { identifier: member.mobile, code: fresh })).statusCode).toBe(200);
  });

  it('answers the same for an unknown member (nothing sent), and throttles sends per account and per address', async () => {
    const app = await appWithWhatsApp();
    const member = await createMember(app.app);
    const unknown = await askCode(app, '9999912345');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ sent: true, validMinutes: 5 });
    expect(standIn.requests).toHaveLength(0);
    expectError(await verify(app, { identifier: '9999912345', code: '123456' }), 401, ErrorCode.SIGN_IN_CODE_WRONG);

    for (let i = 0; i < CODE_SEND_POLICIES.account.maxFailures; i += 1) {
      expect((await askCode(app, member.mobile, '10.0.0.1')).statusCode).toBe(200);
    }
    const locked = expectError(await askCode(app, member.mobile, '10.0.0.2'), 429, ErrorCode.ACCOUNT_LOCKED);
    expect(locked.details).toEqual([{ field: 'lockedMinutes', message: '60' }]);
    expect(standIn.requestsTo(member.mobile)).toHaveLength(CODE_SEND_POLICIES.account.maxFailures);
    app.clock.advance(60 * MINUTE + 1000);
    expect((await askCode(app, member.mobile, '10.0.0.2')).statusCode).toBe(200);

    // Per address: 20 codes in 15 minutes, whoever they are for.
    for (let i = 0; i < CODE_SEND_POLICIES.address.maxFailures; i += 1) {
      expect((await askCode(app, `98470${String(10000 + i)}`, '10.0.0.9')).statusCode).toBe(200);
    }
    expectError(await askCode(app, '9847099999', '10.0.0.9'), 429, ErrorCode.ACCOUNT_LOCKED);
  });

  it('works while the password sign-in is locked, whose message says for how long', async () => {
    const app = await appWithWhatsApp();
    const member = await createMember(app.app);
    for (let i = 0; i < 10; i += 1) await memberLoginRequest(app.app, member.mobile, `wrong-${i}`);
    const locked = expectError(
      await memberLoginRequest(app.app, member.mobile, member.password),
      429,
      ErrorCode.ACCOUNT_LOCKED,
      MSG.memberLockedPayByLink,
    );
    expect(locked.details).toEqual([{ field: 'lockedMinutes', message: String(24 * 60) }]);
    const code = await codeFor(app, member);
    expect((await verify(app, { identifier: member.mobile, code })).statusCode).toBe(200);
    // The code proved the number: the password works again.
    expect((await memberLoginRequest(app.app, member.mobile, member.password)).statusCode).toBe(200);
  });

  it('resets a forgotten password with the same code: other sessions end, the old password stops', async () => {
    const app = await appWithWhatsApp();
    const member = await createMember(app.app, { password: 'forgotten-one-1' });
    const old = await memberLoginRequest(app.app, member.mobile, member.password);
    const oldToken = old.json<{ token: string }>().token;
    const code = await codeFor(app, member);
    expectError(
      await verify(app, { identifier: member.mobile, code, newPassword: 'short' }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    const reset = await verify(app, { identifier: member.mobile, code, newPassword: 'Remembered-2' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json<{ user: { mustChangePassword: boolean } }>().user.mustChangePassword).toBe(false);
    expectError(await memberLoginRequest(app.app, member.mobile, member.password), 401, ErrorCode.INVALID_CREDENTIALS);
    // Passwords are case-sensitive.
    expectError(await memberLoginRequest(app.app, member.mobile, 'remembered-2'), 401, ErrorCode.INVALID_CREDENTIALS);
    expect((await memberLoginRequest(app.app, member.mobile, 'Remembered-2')).statusCode).toBe(200);
    const stale = await app.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: { authorization: `Bearer ${oldToken}`, ...hostHeader() },
    });
    expect(stale.statusCode).toBe(401);
    const [audit] = await queryRows<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'auth.password_changed' AND entity_id = ${member.id}
            AND actor_id = ${member.id}`,
    );
    expect(audit?.n).toBe(1);
  });

  it('a new password equal to the initial one is refused and the code stays usable', async () => {
    const app = await appWithWhatsApp();
    const member = await createMember(app.app);
    const code = await codeFor(app, member);
    expectError(
      await verify(app, { identifier: member.mobile, code, newPassword: member.password }),
      400,
      ErrorCode.PASSWORD_SAME_AS_INITIAL,
    );
    expect((await verify(app, { identifier: member.mobile, code, newPassword: 'different-9' })).statusCode).toBe(200);
  });

  it('without WhatsApp both routes answer 409 NOT_CONFIGURED and the settings say so', async () => {
    t = await createTestApp();
    const member = await createMember(t.app);
    expectError(await askCode(t, member.mobile), 409, ErrorCode.NOT_CONFIGURED, MSG.signInCodeNotConfigured);
    expectError(
      await verify(t, { identifier: member.mobile, code: '123456' }),
      409,
      ErrorCode.NOT_CONFIGURED,
      MSG.signInCodeNotConfigured,
    );
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings', headers: hostHeader() });
    expect(settings.json<ParishSettings>().whatsAppSignIn).toBe(false);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const app = await appWithWhatsApp();
    const member = await createMember(app.app);
    expectError(await askCode(app, ''), 400, ErrorCode.VALIDATION_FAILED, MSG.memberIdentifierBlank);
    expectError(
      await verify(app, { identifier: member.mobile, code: '12ab56' }),
      400,
      ErrorCode.VALIDATION_FAILED,
      MSG.signInCodeFormat,
    );
    expect(standIn.requests).toHaveLength(0);
    const settings = await app.app.inject({ method: 'GET', url: '/api/settings', headers: hostHeader() });
    expect(settings.json<ParishSettings>().whatsAppSignIn).toBe(true);
  });
});

describe('WhatsApp consent (decision 0138)', () => {
  it('the member gives and withdraws consent in the portal; staff see it; withdrawing stops reminders', async () => {
    const app = await appWithWhatsApp();
    const admin = await loginAs(app.app, 'admin');
    const member = await createMember(app.app);
    const other = await createMember(app.app);
    const session = (await memberLoginRequest(app.app, member.mobile, member.password)).json<{ token: string }>();
    const headers = { authorization: `Bearer ${session.token}`, ...hostHeader() };
    const staffView = async () =>
      (
        await app.app.inject({
          method: 'GET',
          url: `/api/admin/members/${member.id}/whatsapp-opt-out`,
          headers: admin.headers,
        })
      ).json<{ optOut: boolean; consent: WhatsAppConsent }>();

    expect((await staffView()).consent).toEqual({
      givenAt: null,
      method: null,
      withdrawnAt: null,
      timeZone: 'Asia/Kolkata',
    });
    const given = await app.app.inject({
      method: 'PUT',
      url: '/api/customer/whatsapp-consent',
      headers,
      payload: { given: true },
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<WhatsAppConsent>()).toMatchObject({ method: 'portal', withdrawnAt: null });
    expect(given.json<WhatsAppConsent>().givenAt).toBe(app.clock.now().toISOString());

    app.clock.advance(MINUTE);
    const withdrawn = await app.app.inject({
      method: 'PUT',
      url: '/api/customer/whatsapp-consent',
      headers,
      payload: { given: false },
    });
    expect(withdrawn.json<WhatsAppConsent>().withdrawnAt).toBe(app.clock.now().toISOString());
    const view = await staffView();
    expect(view.optOut).toBe(true);
    expect(view.consent.method).toBe('portal');

    const sent = await app.app.inject({
      method: 'POST',
      url: '/api/admin/send-reminders',
      headers: admin.headers,
      payload: { memberIds: [member.id, other.id] },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    await standIn.waitForRequests(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(standIn.requestsTo(other.mobile)).toHaveLength(1);
    expect(standIn.requestsTo(member.mobile)).toHaveLength(0);

    // Staff record consent given at the counter: the opt-out ends.
    const counter = await app.app.inject({
      method: 'POST',
      url: `/api/admin/members/${member.id}/whatsapp-consent`,
      headers: admin.headers,
    });
    expect(counter.json<WhatsAppConsent>()).toMatchObject({ method: 'counter', withdrawnAt: null });
    expect((await staffView()).optOut).toBe(false);
    const actions = await queryRows<{ action: string }>(
      app.db,
      sql`SELECT action FROM audit_events WHERE entity_id = ${member.id} AND action LIKE 'member.whatsapp_consent%' ORDER BY occurred_at, id`,
    );
    expect(actions.map((row) => row.action)).toEqual([
      'member.whatsapp_consent_given',
      'member.whatsapp_consent_withdrawn',
      'member.whatsapp_consent_given',
    ]);
    // The member reads their own record; a staff token may not.
    const mine = await app.app.inject({ method: 'GET', url: '/api/customer/whatsapp-consent', headers });
    expect(mine.json<WhatsAppConsent>().method).toBe('counter');
    expect(
      (await app.app.inject({ method: 'GET', url: '/api/customer/whatsapp-consent', headers: admin.headers }))
        .statusCode,
    ).toBe(403);
  });
});

describe('consent recorded by the code sign-in and in the parish time zone (decision 0144)', () => {
  /** The member's consent columns and the consent audit actions, as stored. */
  async function consentOf(app: TestApp, memberId: string) {
    const [row] = await queryRows<{ at: string | null; method: string | null; withdrawn: string | null }>(
      app.db,
      sql`SELECT whatsapp_consent_at AS at, whatsapp_consent_method AS method, whatsapp_consent_withdrawn_at AS withdrawn
            FROM members WHERE id = ${memberId}`,
    );
    const audits = await queryRows<{ action: string; actor_type: string; after: { method: string } }>(
      app.db,
      sql`SELECT action, actor_type, after FROM audit_events
           WHERE entity_id = ${memberId} AND action LIKE 'member.whatsapp_consent%' ORDER BY occurred_at, id`,
    );
    return { row, audits };
  }

  it('the ticked box records consent (sign_in_code) for a member without a record; unticked records nothing', async () => {
    const app = await appWithWhatsApp();
    const ticked = await createMember(app.app);
    const unticked = await createMember(app.app);

    const signedIn = await verify(app, {
      identifier: ticked.mobile,
      code: await codeFor(app, ticked),
      whatsappConsent: true,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const recorded = await consentOf(app, ticked.id);
    expect(recorded.row?.method).toBe('sign_in_code');
    expect(new Date(recorded.row?.at ?? '').toISOString()).toBe(app.clock.now().toISOString());
    expect(recorded.audits).toEqual([
      { action: 'member.whatsapp_consent_given', actor_type: 'member', after: { method: 'sign_in_code', optOut: false } },
    ]);

    const plain = await verify(app, { identifier: unticked.mobile, code: await codeFor(app, unticked) });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(await consentOf(app, unticked.id)).toEqual({
      row: { at: null, method: null, withdrawn: null },
      audits: [],
    });
  });

  it('a member who withdrew consent keeps that record when they tick the box; a wrong code records nothing', async () => {
    const app = await appWithWhatsApp();
    const member = await createMember(app.app);
    const session = (await memberLoginRequest(app.app, member.mobile, member.password)).json<{ token: string }>();
    const headers = { authorization: `Bearer ${session.token}`, ...hostHeader() };
    const withdrawn = await app.app.inject({
      method: 'PUT',
      url: '/api/customer/whatsapp-consent',
      headers,
      payload: { given: false },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const before = await consentOf(app, member.id);

    const code = await codeFor(app, member);
    const wrong = await verify(app, {
      identifier: member.mobile,
      code: otherThan(code),
      whatsappConsent: true,
    });
    expectError(wrong, 401, ErrorCode.SIGN_IN_CODE_WRONG);
    expect(await consentOf(app, member.id)).toEqual(before);

    const signedIn = await verify(app, {
      identifier: member.mobile,
      code,
      whatsappConsent: true,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(await consentOf(app, member.id)).toEqual(before);
  });

  it("answers the consent times with the parish's time zone, which the screens show them in", async () => {
    const app = await appWithWhatsApp();
    const admin = await loginAs(app.app, 'admin');
    const zone = await app.app.inject({
      method: 'PUT',
      url: '/api/admin/time-zone',
      headers: admin.headers,
      payload: { timeZone: 'America/New_York' },
    });
    expect(zone.statusCode, zone.body).toBe(200);
    const member = await createMember(app.app);
    const recorded = await app.app.inject({
      method: 'POST',
      url: `/api/admin/members/${member.id}/whatsapp-consent`,
      headers: admin.headers,
    });
    expect(recorded.json<WhatsAppConsent>()).toMatchObject({ method: 'counter', timeZone: 'America/New_York' });
    const staff = await app.app.inject({
      method: 'GET',
      url: `/api/admin/members/${member.id}/whatsapp-opt-out`,
      headers: admin.headers,
    });
    expect(staff.json<{ consent: WhatsAppConsent }>().consent.timeZone).toBe('America/New_York');
  });
});
