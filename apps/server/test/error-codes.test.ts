import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  COLLECTION_MSG,
  ERROR_KIND,
  ERROR_STATUS,
  ErrorCode,
  HEAD_AMOUNT_IMMUTABLE_MESSAGE,
  HEAD_HAS_PAID_MESSAGE,
  MSG,
  WARD_MSG,
  REMINDER_MSG,
  REPORT_MSG,
  amountBelowDueMessage,
  amountFixedMessage,
  paise,
  type DomainErrorCode,
} from '@parish/shared';

import { members, payments, transactionItems, transactions } from '../src/db/schema/index.ts';
import { uniqueViolationOf } from '../src/lib/db-errors.ts';
import { insertHead, insertPayment } from './factories.ts';
import {
  createMember,
  createTestApp,
  expectError,
  loginAs,
  memberLoginRequest,
  staffLoginRequest,
  type Session,
  type TestApp,
} from './helpers.ts';
import { WhatsAppStandIn } from './whatsapp-stand-in.ts';

/**
 * The domain error codes (`ErrorCode` of `@parish/shared`, `docs/domain.md`, "§7 API", error
 * contract): each case the server gives a code of its own answers with that code, the status of
 * its general code and the product's text. One request per case, through the API.
 */

/** Domain codes only the gateways module throws (covered by its own tests, not wired here). */
const GATEWAY_ONLY: readonly DomainErrorCode[] = [
  'ARREARS_FIRST',
  'ALREADY_PAID',
  'TRANSACTION_NOT_FOUND',
  'VERIFICATION_FAILED',
  'GATEWAY_UNAVAILABLE',
  // The office day's codes, each answered in office-day.test.ts (docs/domain.md, "The office day").
  'IDEMPOTENCY_KEY_REUSED',
  'DUPLICATE_UTR',
  'RECEIPT_VOIDED',
  'DAY_CLOSED',
  'SHEET_CLOSED',
  'CHEQUE_NOT_RECEIVED',
  // Payment links' codes, each answered in whatsapp-links.test.ts (docs/domain.md, §9).
  'PAY_LINK_INVALID',
  'PAY_LINK_EXPIRED',
  'PAY_LINKS_OFF',
  'MEMBER_OPTED_OUT',
  // The limits on money, each answered in limits.test.ts (docs/domain.md, §4 "Limits on one line").
  'AMOUNT_ABOVE_LIMIT',
  'CASH_LIMIT_269ST',
  'PAY_AT_OFFICE',
  // Two-step sign-in's codes, each answered in two-step.test.ts (docs/domain.md, "Two-step sign-in for staff").
  'TWO_STEP_CODE_WRONG',
  'TWO_STEP_CHALLENGE_EXPIRED',
  'TWO_STEP_SETUP_REQUIRED',
  'TWO_STEP_STATE_CONFLICT',
  // Bank deposits' codes, each answered in deposits.test.ts (docs/domain.md, "Bank deposits").
  'DAY_NOT_CLOSED',
  'ALREADY_DEPOSITED',
  'DUPLICATE_SLIP',
  'DAY_DEPOSITED',
];

/** The codes the cases below answered with (checked against every domain code at the end). */
const seen = new Set<string>();

/**
 * Asserts the error body of a domain-coded case: the code, the status of its general code (the
 * status the case had before it had a code of its own), and the exact text.
 */
function expectDomainError(
  response: LightMyRequestResponse,
  code: DomainErrorCode,
  status: number,
  message: string,
  field?: string,
) {
  expect(ERROR_STATUS[code]).toBe(status);
  const body = expectError(response, status, code, message);
  if (field) expect(body.details).toEqual([{ field, message }]);
  seen.add(code);
  return body;
}

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

/** A member with one pending payment of a head (₹1,500.00 fixed by default). */
async function pendingPayment(head: { amountPaise?: number; variable?: boolean } = {}) {
  const member = await createMember(t.app);
  const row = await insertHead(t.db, head);
  const payment = await insertPayment(t.db, member, row);
  return { member, head: row, payment };
}

function collect(session: Session, paymentId: string, collectionAmount: number) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/collect`,
    headers: session.headers,
    payload: { collectionMode: 'manual', collectionAmount, paymentMethod: 'cash' },
  });
}

function reverse(session: Session, paymentId: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/payments/${paymentId}/reverse`,
    headers: session.headers,
    payload: { reason: 'wrong_amount' },
  });
}

describe('sign-in and sessions', () => {
  it('INVALID_CREDENTIALS: a wrong staff or member password (401)', async () => {
    expectDomainError(
      await staffLoginRequest(t.app, 'admin', 'not-the-password'),
      'INVALID_CREDENTIALS',
      401,
      MSG.invalidStaffLogin,
    );
    const member = await createMember(t.app);
    expectDomainError(
      await memberLoginRequest(t.app, member.mobile, 'not-the-password'),
      'INVALID_CREDENTIALS',
      401,
      MSG.invalidMemberLogin,
    );
  });

  it('ACCOUNT_LOCKED: sign-in after 10 failures, even with the right password (429)', async () => {
    const member = await createMember(t.app);
    for (let i = 0; i < 10; i += 1) await memberLoginRequest(t.app, member.mobile, `wrong-${i}`);
    expectDomainError(
      await memberLoginRequest(t.app, member.mobile, member.password),
      'ACCOUNT_LOCKED',
      429,
      MSG.memberLockedPayByLink,
    );
  });

  it('PASSWORD_CHANGE_REQUIRED: a session signed in with a one-time password asks for anything else (403)', async () => {
    const admin = await loginAs(t.app, 'admin');
    const member = await createMember(t.app);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${member.id}/reset-password`,
      headers: admin.headers,
      payload: { to: 'one-time' },
    });
    const { oneTimePassword } = reset.json<{ oneTimePassword: string }>();
    const login = await memberLoginRequest(t.app, member.mobile, oneTimePassword);
    const token = login.json<{ token: string }>().token;
    expectDomainError(
      await t.app.inject({
        method: 'GET',
        url: '/api/customer/payments',
        headers: { authorization: `Bearer ${token}` },
      }),
      'PASSWORD_CHANGE_REQUIRED',
      403,
      MSG.passwordChangeRequired,
    );
  });

  it('SESSION_EXPIRED: a refresh without a refresh cookie (401)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { 'x-requested-with': 'fetch' },
    });
    expectDomainError(response, 'SESSION_EXPIRED', 401, MSG.sessionExpired);
  });

  it('CURRENT_PASSWORD_WRONG and PASSWORD_SAME_AS_INITIAL: changing the password (400)', async () => {
    const member = await loginAs(t.app, 'member');
    const change = (currentPassword: string, newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: member.headers,
        payload: { currentPassword, newPassword },
      });
    expectDomainError(
      await change('wrong-current-1', 'brand-new-pass-1'),
      'CURRENT_PASSWORD_WRONG',
      400,
      MSG.currentPasswordWrong,
      'currentPassword',
    );
    expectDomainError(
      await change(member.account.password, member.account.password),
      'PASSWORD_SAME_AS_INITIAL',
      400,
      MSG.passwordSameAsInitial,
      'newPassword',
    );
  });

  it('STREAM_TICKET_INVALID: the live-update stream with an unknown ticket (401)', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/subscribe?ticket=${'x'.repeat(43)}` });
    expectDomainError(response, 'STREAM_TICKET_INVALID', 401, REPORT_MSG.badTicket);
  });
});

describe('staff accounts', () => {
  it('DUPLICATE_USERNAME: another account has the username, in another case (409)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: admin.headers,
      payload: { username: 'ADMIN', password: 'another-password-1', name: 'Second Admin', role: 'admin' },
    });
    expectDomainError(response, 'DUPLICATE_USERNAME', 409, MSG.usernameTaken);
  });

  it('CANNOT_DEACTIVATE_SELF: an admin deactivating their own account (400)', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${admin.user.id}`,
      headers: admin.headers,
    });
    expectDomainError(response, 'CANNOT_DEACTIVATE_SELF', 400, MSG.cannotDeactivateSelf);
  });
});

describe('members', () => {
  const memberBody = (overrides: { mobile?: string; parishNumber?: string } = {}) => ({
    name: 'Thomas Mathew',
    mobile: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    parishNumber: `EC${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    ...overrides,
  });
  const create = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/members', headers: admin.headers, payload });

  it('DUPLICATE_MOBILE / DUPLICATE_PARISH_NUMBER name the field that clashed (409, one text)', async () => {
    const first = await createMember(t.app);
    const second = await createMember(t.app);
    expectDomainError(await create(memberBody({ mobile: first.mobile })), 'DUPLICATE_MOBILE', 409, MSG.duplicateMember);
    expectDomainError(
      await create(memberBody({ parishNumber: first.parishNumber.toLowerCase() })),
      'DUPLICATE_PARISH_NUMBER',
      409,
      MSG.duplicateMember,
    );
    // Both clash (with two members): the mobile is named.
    expectDomainError(
      await create(memberBody({ mobile: first.mobile, parishNumber: second.parishNumber })),
      'DUPLICATE_MOBILE',
      409,
      MSG.duplicateMember,
    );
    // An edit is checked the same way.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/members/${second.id}`,
      headers: admin.headers,
      payload: { name: second.name, mobile: second.mobile, parishNumber: first.parishNumber },
    });
    expectDomainError(edit, 'DUPLICATE_PARISH_NUMBER', 409, MSG.duplicateMember);
  });

  it('the unique indexes behind a raced duplicate name the field (constraint of the violation)', async () => {
    const first = await createMember(t.app);
    const insert = (values: { mobile: string; parishNumber: string }) =>
      t.db
        .insert(members)
        .values({ name: 'Race', passwordHash: 'x', ...values })
        .then(
          () => null,
          (caught: unknown) => caught,
        );
    const mobileClash = await insert({ mobile: first.mobile, parishNumber: 'RACE-1' });
    expect(uniqueViolationOf(mobileClash)).toEqual({ constraint: 'members_mobile_active_uq' });
    const parishClash = await insert({ mobile: '919000000001', parishNumber: first.parishNumber });
    expect(uniqueViolationOf(parishClash)).toEqual({ constraint: 'members_parish_number_active_uq' });
    expect(uniqueViolationOf(new Error('other'))).toBeNull();
  });
});

describe('wards', () => {
  it('DUPLICATE_WARD: a ward name the parish has, case-insensitively; WARD_HAS_MEMBERS: deleting a ward with members (409)', async () => {
    const add = (name: string) =>
      t.app.inject({ method: 'POST', url: '/api/wards', headers: admin.headers, payload: { name } });
    const ward = (await add('Error Codes Ward')).json<{ id: string }>();
    expectDomainError(await add('error codes ward'), 'DUPLICATE_WARD', 409, WARD_MSG.duplicate);
    const holder = await createMember(t.app);
    await t.app.db.update(members).set({ wardId: ward.id }).where(eq(members.id, holder.id));
    expectDomainError(
      await t.app.inject({ method: 'DELETE', url: `/api/wards/${ward.id}`, headers: admin.headers }),
      'WARD_HAS_MEMBERS',
      409,
      WARD_MSG.hasMembers(1),
    );
  });
});

describe('payment heads', () => {
  it('HEAD_AMOUNT_IMMUTABLE: an edit with another amount (400, field amount)', async () => {
    const head = await insertHead(t.db);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/payment-heads/${head.id}`,
      headers: admin.headers,
      payload: { name: head.name, amount: 2500 },
    });
    expectDomainError(response, 'HEAD_AMOUNT_IMMUTABLE', 400, HEAD_AMOUNT_IMMUTABLE_MESSAGE, 'amount');
  });

  it('HEAD_HAS_PAID_PAYMENTS: deleting a head with a paid payment (409)', async () => {
    const { head, payment } = await pendingPayment();
    expect((await collect(admin, payment.id, 1500)).statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/payment-heads/${head.id}`,
      headers: admin.headers,
    });
    expectDomainError(response, 'HEAD_HAS_PAID_PAYMENTS', 409, HEAD_HAS_PAID_MESSAGE);
  });

  it('CHECKOUT_IN_PROGRESS: deleting a head an online checkout refers to (409)', async () => {
    const { member, head, payment } = await pendingPayment();
    const [order] = await t.db
      .insert(transactions)
      .values({
        memberId: member.id,
        amountPaise: payment.amountPaise,
        paymentGateway: 'razorpay',
        transactionId: `EC-${payment.id}`,
      })
      .returning({ id: transactions.id });
    await t.db
      .insert(transactionItems)
      .values({ transactionId: order!.id, paymentId: payment.id, amountPaise: payment.amountPaise });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/payment-heads/${head.id}`,
      headers: admin.headers,
    });
    expectDomainError(
      response,
      'CHECKOUT_IN_PROGRESS',
      409,
      'Cannot delete a payment head while an online payment of it is in progress',
    );
  });
});

describe('collections at the office', () => {
  let cashier: Session;
  beforeAll(async () => {
    cashier = await loginAs(t.app, 'cashier');
  });

  it('AMOUNT_BELOW_DUE and AMOUNT_FIXED: a collection other than the due amount (400, field collectionAmount)', async () => {
    const fixed = await pendingPayment();
    expectDomainError(
      await collect(cashier, fixed.payment.id, 1499.99),
      'AMOUNT_BELOW_DUE',
      400,
      amountBelowDueMessage('₹1,500.00'),
      'collectionAmount',
    );
    expectDomainError(
      await collect(cashier, fixed.payment.id, 1500.01),
      'AMOUNT_FIXED',
      400,
      amountFixedMessage('₹1,500.00'),
      'collectionAmount',
    );
    const variable = await pendingPayment({ variable: true, amountPaise: 200_000 });
    expectDomainError(
      await collect(cashier, variable.payment.id, 1999),
      'AMOUNT_BELOW_DUE',
      400,
      amountBelowDueMessage('₹2,000.00'),
      'collectionAmount',
    );
  });

  it('NOT_PENDING: collecting a payment already paid (409)', async () => {
    const { payment } = await pendingPayment();
    expect((await collect(cashier, payment.id, 1500)).statusCode).toBe(200);
    expectDomainError(await collect(cashier, payment.id, 1500), 'NOT_PENDING', 409, COLLECTION_MSG.notPending);
  });

  it('NOT_PAID, ONLINE_NOT_REVERSIBLE, NOT_OWN_COLLECTION: reversals refused (409, 409, 403)', async () => {
    const pending = await pendingPayment();
    expectDomainError(await reverse(admin, pending.payment.id), 'NOT_PAID', 409, COLLECTION_MSG.notPaid);

    const online = await pendingPayment();
    await t.db
      .update(payments)
      .set({
        status: 'paid',
        paidAmountPaise: paise(150_000),
        paidAt: t.clock.now().toISOString(),
        paymentGateway: 'razorpay',
        paymentMethod: 'online',
        collectionMode: 'online',
        transactionId: 'EC-ONLINE-1',
      })
      .where(eq(payments.id, online.payment.id));
    expectDomainError(
      await reverse(admin, online.payment.id),
      'ONLINE_NOT_REVERSIBLE',
      409,
      COLLECTION_MSG.onlineNotReversible,
    );

    const other = await loginAs(t.app, 'cashier');
    const collected = await pendingPayment();
    expect((await collect(other, collected.payment.id, 1500)).statusCode).toBe(200);
    expectDomainError(
      await reverse(cashier, collected.payment.id),
      'NOT_OWN_COLLECTION',
      403,
      COLLECTION_MSG.notOwnCollection,
    );
  });

  it('NO_RECEIPT: the receipt of a payment that is not paid (404)', async () => {
    const { payment } = await pendingPayment();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${payment.id}/receipt`,
      headers: admin.headers,
    });
    expectDomainError(response, 'NO_RECEIPT', 404, COLLECTION_MSG.noReceipt);
  });
});

describe('WhatsApp', () => {
  let standIn: WhatsAppStandIn;
  let whatsapp: TestApp;
  let whatsappAdmin: Session;

  beforeAll(async () => {
    standIn = await new WhatsAppStandIn().start();
    // Configured, without the sender worker: a "send to all" stays queued.
    whatsapp = await createTestApp({
      env: {
        WHATSAPP_ACCESS_TOKEN: 'test-access-token-123',
        WHATSAPP_PHONE_NUMBER_ID: '1234567890123',
        WHATSAPP_BASE_URL: standIn.url,
        WHATSAPP_RETRY_BASE_MS: '20',
        WHATSAPP_TIMEOUT_MS: '2000',
      },
    });
    whatsappAdmin = await loginAs(whatsapp.app, 'admin');
  });
  afterAll(async () => {
    await whatsapp.close();
    await standIn.close();
  });

  const post = (on: TestApp, session: Session, url: string, payload?: object) =>
    on.app.inject({ method: 'POST', url, headers: session.headers, ...(payload && { payload }) });

  it('WHATSAPP_NOT_CONFIGURED: a send without credentials (503)', async () => {
    expectDomainError(
      await post(t, admin, '/api/whatsapp/test', { to: '9847012345' }),
      'WHATSAPP_NOT_CONFIGURED',
      503,
      REMINDER_MSG.notConfigured,
    );
  });

  it('NOT_CONFIGURED and SIGN_IN_CODE_WRONG: sign-in codes without and with WhatsApp (409, 401 field code)', async () => {
    expectDomainError(
      await post(t, admin, '/api/auth/customer/code', { identifier: '9847012345' }),
      'NOT_CONFIGURED',
      409,
      MSG.signInCodeNotConfigured,
    );
    expectDomainError(
      await post(whatsapp, whatsappAdmin, '/api/auth/customer/code/verify', {
        identifier: '9847012345',
        code: '123456',
      }),
      'SIGN_IN_CODE_WRONG',
      401,
      MSG.signInCodeWrong,
      'code',
    );
  });

  it('INVALID_RECIPIENT and WHATSAPP_SEND_FAILED: the test message (400 field to, 503)', async () => {
    expectDomainError(
      await post(whatsapp, whatsappAdmin, '/api/whatsapp/test', { to: '12345' }),
      'INVALID_RECIPIENT',
      400,
      REMINDER_MSG.invalidRecipient,
      'to',
    );
    standIn.script('919847012345', ['permanent']);
    const refused = await post(whatsapp, whatsappAdmin, '/api/whatsapp/test', { to: '9847012345' });
    expect(refused.json<{ error: string }>().error).toMatch(
      /^WhatsApp API Error: 400 - \{"error":\{"message":"\(#131026\)/,
    );
    expectDomainError(refused, 'WHATSAPP_SEND_FAILED', 503, refused.json<{ error: string }>().error);
  });

  it('NOBODY_PENDING and REMINDERS_ALREADY_RUNNING: "send to all" (409, 409)', async () => {
    const sendAll = () => post(whatsapp, whatsappAdmin, '/api/admin/send-all-reminders');
    expectDomainError(await sendAll(), 'NOBODY_PENDING', 409, REMINDER_MSG.nobodyPending);
    const member = await createMember(whatsapp.app);
    await insertPayment(whatsapp.db, member, await insertHead(whatsapp.db));
    const started = await sendAll();
    expect(started.statusCode, started.body).toBe(202);
    expectDomainError(await sendAll(), 'REMINDERS_ALREADY_RUNNING', 409, REMINDER_MSG.alreadyRunning);
  });
});

describe('coverage', () => {
  it('every domain code the server throws outside the gateways was answered above, with its general status', () => {
    const wired = (Object.values(ErrorCode) as string[]).filter(
      (code) => ERROR_KIND[code as DomainErrorCode] !== code && !GATEWAY_ONLY.includes(code as DomainErrorCode),
    );
    expect([...seen].sort()).toEqual(wired.sort());
  });
});
