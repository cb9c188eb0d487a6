import { describe, expect, it } from 'vitest';

import {
  ERROR_KIND,
  ERROR_STATUS,
  ErrorCode,
  errorBodySchema,
  type ErrorCodeOfKind,
  type ErrorCodeValue,
  type GeneralErrorCode,
} from './common.ts';

/** The status the server answers each case with today (e0bcc8c), by the general code it throws. */
const STATUS_TODAY: Record<ErrorCodeValue, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAVAILABLE: 503,
  INTERNAL: 500,
  // auth.service.ts: AppError(UNAUTHORIZED, MSG.invalidStaffLogin / invalidMemberLogin)
  INVALID_CREDENTIALS: 401,
  // auth.service.ts lockedError(): AppError(RATE_LIMITED, MSG.tooManyAttempts)
  ACCOUNT_LOCKED: 429,
  // auth.service.ts refresh: AppError(UNAUTHORIZED, MSG.sessionExpired)
  SESSION_EXPIRED: 401,
  // auth.service.ts changePassword: AppError(VALIDATION_FAILED, MSG.currentPasswordWrong)
  CURRENT_PASSWORD_WRONG: 400,
  // auth.service.ts changePassword: AppError(VALIDATION_FAILED, MSG.passwordSameAsInitial)
  PASSWORD_SAME_AS_INITIAL: 400,
  // event-tickets.ts: AppError(UNAUTHORIZED, REPORT_MSG.badTicket)
  STREAM_TICKET_INVALID: 401,
  // users.service.ts: conflict(MSG.usernameTaken)
  DUPLICATE_USERNAME: 409,
  // users.service.ts: badRequest(MSG.cannotDeactivateSelf)
  CANNOT_DEACTIVATE_SELF: 400,
  // members.service.ts: conflict(MSG.duplicateMember), mobile or parish number
  DUPLICATE_MOBILE: 409,
  DUPLICATE_PARISH_NUMBER: 409,
  // wards.service.ts: conflict(WARD_MSG.duplicate) / conflict(WARD_MSG.hasMembers(n))
  DUPLICATE_WARD: 409,
  WARD_HAS_MEMBERS: 409,
  // payment-heads.service.ts: badRequest(HEAD_AMOUNT_IMMUTABLE_MESSAGE, 'amount')
  HEAD_AMOUNT_IMMUTABLE: 400,
  // payment-heads.service.ts: conflict(HEAD_HAS_PAID_MESSAGE)
  HEAD_HAS_PAID_PAYMENTS: 409,
  // orders.service.ts: badRequest(GATEWAY_MSG.arrearsFirst, 'paymentIds')
  ARREARS_FIRST: 400,
  // orders.service.ts assertNotHeld: conflict(GATEWAY_MSG.checkoutInProgress); payment-heads delete: conflict(...)
  CHECKOUT_IN_PROGRESS: 409,
  // orders.service.ts: conflict(GATEWAY_MSG.alreadyPaid)
  ALREADY_PAID: 409,
  // gateways.routes.ts, settle.ts: notFound(GATEWAY_MSG.transactionNotFound)
  TRANSACTION_NOT_FOUND: 404,
  // gateways.routes.ts: badRequest(GATEWAY_MSG.hashMismatch, 'msg' | 'razorpay_signature')
  VERIFICATION_FAILED: 400,
  // gateways.routes.ts: AppError(UNAVAILABLE, GATEWAY_MSG.createOrderFailed)
  GATEWAY_UNAVAILABLE: 503,
  // collections.service.ts: conflict(COLLECTION_MSG.notPending)
  NOT_PENDING: 409,
  // collections.service.ts: badRequest(amountBelowDueMessage(due), 'collectionAmount')
  AMOUNT_BELOW_DUE: 400,
  // collections.service.ts: badRequest(amountFixedMessage(due), 'collectionAmount')
  AMOUNT_FIXED: 400,
  // collect-at-office.ts, orders.service.ts, payment-heads: badRequest(lineAboveLimitMessage(limit), ...)
  AMOUNT_ABOVE_LIMIT: 400,
  // collect-at-office.ts: badRequest(cashLimitMessage(earlier), 'paymentMethod')
  CASH_LIMIT_269ST: 400,
  // orders.service.ts: badRequest(MSG.payAtOffice, 'paymentIds')
  PAY_AT_OFFICE: 400,
  // collections.service.ts: conflict(COLLECTION_MSG.notPaid)
  NOT_PAID: 409,
  // collections.service.ts: conflict(COLLECTION_MSG.onlineNotReversible)
  ONLINE_NOT_REVERSIBLE: 409,
  // collections.service.ts: AppError(FORBIDDEN, COLLECTION_MSG.notOwnCollection)
  NOT_OWN_COLLECTION: 403,
  // receipt.service.ts: notFound(COLLECTION_MSG.noReceipt)
  NO_RECEIPT: 404,
  // reminders.service.ts: AppError(UNAVAILABLE, REMINDER_MSG.notConfigured)
  WHATSAPP_NOT_CONFIGURED: 503,
  // reminders.service.ts sendTestMessage: AppError(UNAVAILABLE, error.message)
  WHATSAPP_SEND_FAILED: 503,
  // reminders.service.ts: AppError(VALIDATION_FAILED, REMINDER_MSG.invalidRecipient)
  INVALID_RECIPIENT: 400,
  // reminders.service.ts: conflict(REMINDER_MSG.alreadyRunning)
  REMINDERS_ALREADY_RUNNING: 409,
  // reminders.service.ts: conflict(REMINDER_MSG.nobodyPending)
  NOBODY_PENDING: 409,
  // whatsapp-links/pay-links.service.ts: notFound(PAY_LINK_MSG.invalid | expired), AppError(PAY_LINKS_OFF)
  PAY_LINK_INVALID: 404,
  PAY_LINK_EXPIRED: 404,
  PAY_LINKS_OFF: 403,
  // whatsapp-links/wa-me.service.ts: conflict(PAY_LINK_MSG.optedOut)
  MEMBER_OPTED_OUT: 409,
  // collect-dues.service.ts and office-day services (docs/domain.md, "The office day")
  UNPROCESSABLE: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  DUPLICATE_UTR: 409,
  RECEIPT_VOIDED: 409,
  DAY_CLOSED: 403,
  SHEET_CLOSED: 409,
  CHEQUE_NOT_RECEIVED: 409,
  // plugins/auth.ts: a session signed in with a one-time password outside the change-password routes
  PASSWORD_CHANGE_REQUIRED: 403,
  TWO_STEP_CODE_WRONG: 400,
  TWO_STEP_CHALLENGE_EXPIRED: 401,
  TWO_STEP_SETUP_REQUIRED: 403,
  TWO_STEP_STATE_CONFLICT: 409,
  // sign-in-codes.service.ts: no WhatsApp Cloud API for the parish (decision 0138)
  NOT_CONFIGURED: 409,
  // sign-in-codes.service.ts: a wrong, expired or spent code, answered like a wrong password
  SIGN_IN_CODE_WRONG: 401,
  // deposits (payments/commands/record-deposit.ts, office/day-sheet.service.ts; decision 0147)
  DAY_NOT_CLOSED: 409,
  ALREADY_DEPOSITED: 409,
  DUPLICATE_SLIP: 409,
  DAY_DEPOSITED: 409,
};

const GENERAL: GeneralErrorCode[] = [
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAVAILABLE',
  'INTERNAL',
  'UNPROCESSABLE',
];

describe('error codes', () => {
  it('each code is its own name', () => {
    for (const [key, value] of Object.entries(ErrorCode)) expect(value).toBe(key);
  });

  it('every code answers with the status the server gives that case today', () => {
    expect(ERROR_STATUS).toEqual(STATUS_TODAY);
  });

  it('the ten general codes keep their statuses and are their own kind', () => {
    for (const code of GENERAL) expect(ERROR_KIND[code]).toBe(code);
    expect(Object.keys(ERROR_STATUS)).toHaveLength(Object.keys(ErrorCode).length);
  });

  it('a domain code has the status of its general code', () => {
    for (const code of Object.values(ErrorCode)) expect(ERROR_STATUS[code]).toBe(ERROR_STATUS[ERROR_KIND[code]]);
  });

  it('has the domain codes the web branches on', () => {
    for (const code of [
      'ARREARS_FIRST',
      'CHECKOUT_IN_PROGRESS',
      'AMOUNT_BELOW_DUE',
      'AMOUNT_FIXED',
      'NOT_PENDING',
      'NOT_PAID',
      'ONLINE_NOT_REVERSIBLE',
      'NOT_OWN_COLLECTION',
      'DUPLICATE_PARISH_NUMBER',
      'DUPLICATE_MOBILE',
      'DUPLICATE_USERNAME',
      'INVALID_CREDENTIALS',
      'ACCOUNT_LOCKED',
      'WHATSAPP_NOT_CONFIGURED',
      'GATEWAY_UNAVAILABLE',
      'HEAD_HAS_PAID_PAYMENTS',
    ]) {
      expect(ErrorCode).toHaveProperty(code, code);
    }
  });
});

describe('the error body', () => {
  it('carries any code, general or domain, and no other', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(errorBodySchema.safeParse({ success: false, error: 'x', code }).success).toBe(true);
    }
    expect(errorBodySchema.safeParse({ success: false, error: 'x', code: 'NO_SUCH_CODE' }).success).toBe(false);
  });

  it('ErrorCodeOfKind holds a general code and its domain codes, not another kind', () => {
    const conflicts: ErrorCodeOfKind<'CONFLICT'>[] = ['CONFLICT', 'NOT_PENDING', 'DUPLICATE_MOBILE'];
    for (const code of conflicts) expect(ERROR_KIND[code]).toBe('CONFLICT');
    // @ts-expect-error AMOUNT_FIXED is a VALIDATION_FAILED case, not a CONFLICT one
    const wrong: ErrorCodeOfKind<'CONFLICT'> = 'AMOUNT_FIXED';
    expect(ERROR_KIND[wrong]).toBe('VALIDATION_FAILED');
  });
});
