import { z } from 'zod';

/** An entity id on the wire: the API's `_id` (`docs/domain.md`, §7 "Conventions"), an opaque UUID string. */
export const idSchema = z.uuid();

/** Path parameters `{ id }`. */
export const idParamsSchema = z.object({ id: idSchema });

/** `{ success: true }` answers. */
export const successSchema = z.object({ success: z.literal(true) });

/** Page and limit of a list query: page 1-based, limit at most 100 (default 10). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** A paginated list answer: `{ items, total, page, limit }`. */
export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
}

/**
 * Machine codes of the error body. Each says what went wrong; the HTTP status comes from
 * {@link ERROR_STATUS}. The first ten are the general codes; the domain codes after them name one
 * case each, so a client branches on the code instead of matching the English text. Each domain
 * code answers with the HTTP status the server gave that case under its general code (the
 * general code of each is {@link ERROR_KIND}), and the texts stay the product's (`docs/domain.md`,
 * §5 "Error and outcome messages").
 */
export const ErrorCode = {
  /** The request's body, query or parameters fail validation. */
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  /** No token, or a token that is expired, forged or revoked. */
  UNAUTHORIZED: 'UNAUTHORIZED',
  /** Signed in, but this role may not do this. */
  FORBIDDEN: 'FORBIDDEN',
  /** The thing does not exist, or is not the caller's to see. */
  NOT_FOUND: 'NOT_FOUND',
  /** The change conflicts with the current state (duplicate, already paid, not reversible). */
  CONFLICT: 'CONFLICT',
  /** Too many attempts; try again later. */
  RATE_LIMITED: 'RATE_LIMITED',
  /** The body is over the size limit. */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** The body is not JSON (or another type the route accepts). */
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  /** A dependency (database, gateway) does not answer. */
  UNAVAILABLE: 'UNAVAILABLE',
  /** An unexpected fault; details are in the server log under the request id. */
  INTERNAL: 'INTERNAL',

  // ---- Sign-in and sessions ----
  /** 401: wrong username or password (staff, `MSG.invalidStaffLogin`) or identifier or password (member, `MSG.invalidMemberLogin`); deliberately one code for both parts. */
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  /** 429: sign-in refused while the account or the address is locked after failed attempts (`MSG.tooManyAttempts`). */
  ACCOUNT_LOCKED: 'ACCOUNT_LOCKED',
  /** 401: the refresh cookie is missing, expired, reused or revoked; sign in again (`MSG.sessionExpired`). */
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  /** 400 (field `currentPassword`): the current password given to change it is wrong (`MSG.currentPasswordWrong`). */
  CURRENT_PASSWORD_WRONG: 'CURRENT_PASSWORD_WRONG',
  /** 400 (field `newPassword`): a member's new password equals the initial one (`MSG.passwordSameAsInitial`). */
  PASSWORD_SAME_AS_INITIAL: 'PASSWORD_SAME_AS_INITIAL',
  /** 401: the live-update stream ticket is unknown, used or expired (`REPORT_MSG.badTicket`). */
  STREAM_TICKET_INVALID: 'STREAM_TICKET_INVALID',

  // ---- Staff accounts ----
  /** 409: another staff account has this username, case-insensitive (`MSG.usernameTaken`). */
  DUPLICATE_USERNAME: 'DUPLICATE_USERNAME',
  /** 400: an admin deactivates or demotes their own account (`MSG.cannotDeactivateSelf`). */
  CANNOT_DEACTIVATE_SELF: 'CANNOT_DEACTIVATE_SELF',

  // ---- Members ----
  /** 409: another active member has this mobile (`MSG.duplicateMember`, the same text as a duplicate parish number). */
  DUPLICATE_MOBILE: 'DUPLICATE_MOBILE',
  /** 409: another active member has this parish number, case-insensitive (`MSG.duplicateMember`). */
  DUPLICATE_PARISH_NUMBER: 'DUPLICATE_PARISH_NUMBER',

  // ---- Wards ----
  /** 409: another ward of the parish has this name, case-insensitive (`WARD_MSG.duplicate`). */
  DUPLICATE_WARD: 'DUPLICATE_WARD',
  /** 409: deleting a ward while members belong to it (`WARD_MSG.hasMembers`). */
  WARD_HAS_MEMBERS: 'WARD_HAS_MEMBERS',

  // ---- Payment heads ----
  /** 400 (field `amount`): an edit gives a head a different amount (`HEAD_AMOUNT_IMMUTABLE_MESSAGE`). */
  HEAD_AMOUNT_IMMUTABLE: 'HEAD_AMOUNT_IMMUTABLE',
  /** 409: deleting a head while any payment of it is paid (`HEAD_HAS_PAID_MESSAGE`). */
  HEAD_HAS_PAID_PAYMENTS: 'HEAD_HAS_PAID_PAYMENTS',

  // ---- Online payments ----
  /** 400 (field `paymentIds`): an order with a current due while any arrear of the member is pending (`GATEWAY_MSG.arrearsFirst`; `arrearsGateBlocks`). */
  ARREARS_FIRST: 'ARREARS_FIRST',
  /**
   * 409: an online checkout younger than 30 minutes holds one of the payments — a new order for
   * them (`GATEWAY_MSG.checkoutInProgress`), or deleting their head ('Cannot delete a payment head
   * while an online payment of it is in progress').
   */
  CHECKOUT_IN_PROGRESS: 'CHECKOUT_IN_PROGRESS',
  /** 409: a payment in the order is already paid, or no longer pending (`GATEWAY_MSG.alreadyPaid`). */
  ALREADY_PAID: 'ALREADY_PAID',
  /** 404: no such online transaction, or not the member's (`GATEWAY_MSG.transactionNotFound`), as against a route that does not exist. */
  TRANSACTION_NOT_FOUND: 'TRANSACTION_NOT_FOUND',
  /** 400 (field `msg` or `razorpay_signature`): a gateway response whose hash or signature does not verify (`GATEWAY_MSG.hashMismatch`). */
  VERIFICATION_FAILED: 'VERIFICATION_FAILED',
  /** 503: the card gateway cannot be reached to create the order (`GATEWAY_MSG.createOrderFailed`) or is not configured (`GATEWAY_MSG.gatewayUnavailable`). */
  GATEWAY_UNAVAILABLE: 'GATEWAY_UNAVAILABLE',

  // ---- Collections at the office ----
  /** 409: collecting a payment that is no longer pending (`COLLECTION_MSG.notPending`). */
  NOT_PENDING: 'NOT_PENDING',
  /** 400 (field `collectionAmount`): a collection below the due amount (`amountBelowDueMessage`; `collectionAmountProblem` 'below_due'). */
  AMOUNT_BELOW_DUE: 'AMOUNT_BELOW_DUE',
  /** 400 (field `collectionAmount`): a collection other than the due amount on a head without a variable amount (`amountFixedMessage`; `collectionAmountProblem` 'fixed'). */
  AMOUNT_FIXED: 'AMOUNT_FIXED',
  /** 400 (field `collectionAmount`, `amount` or `paymentIds`): one line, or a head's amount, above the bound in force (`lineAboveLimitMessage`; `lineAboveLimit`, decision 0105). */
  AMOUNT_ABOVE_LIMIT: 'AMOUNT_ABOVE_LIMIT',
  /** 400 (field `paymentMethod`): cash bringing one member's cash of the day to ₹2,00,000 or more (`cashLimitMessage`; Income-tax Act section 269ST, decision 0106). */
  CASH_LIMIT_269ST: 'CASH_LIMIT_269ST',
  /** 400 (field `paymentIds`): an online order with a due under ₹1.00 (`MSG.payAtOffice`, decision 0108). */
  PAY_AT_OFFICE: 'PAY_AT_OFFICE',
  /** 409: reversing a payment that is not paid (`COLLECTION_MSG.notPaid`). */
  NOT_PAID: 'NOT_PAID',
  /** 409: reversing an online payment; only direct collections are reversed (`COLLECTION_MSG.onlineNotReversible`). */
  ONLINE_NOT_REVERSIBLE: 'ONLINE_NOT_REVERSIBLE',
  /** 403: a cashier reversing another's collection (`COLLECTION_MSG.notOwnCollection`). */
  NOT_OWN_COLLECTION: 'NOT_OWN_COLLECTION',
  /** 404: a receipt asked for a payment that is not paid (`COLLECTION_MSG.noReceipt`). */
  NO_RECEIPT: 'NO_RECEIPT',

  // ---- WhatsApp reminders ----
  /** 503: a send while the server has no WhatsApp credentials (`REMINDER_MSG.notConfigured`). */
  WHATSAPP_NOT_CONFIGURED: 'WHATSAPP_NOT_CONFIGURED',
  /** 503: WhatsApp refused or did not answer a test message ('WhatsApp API Error: {status} - {body}', `REMINDER_MSG.timeout`...). */
  WHATSAPP_SEND_FAILED: 'WHATSAPP_SEND_FAILED',
  /** 400 (field `to`): a number that is not 10 to 15 digits (`REMINDER_MSG.invalidRecipient`). */
  INVALID_RECIPIENT: 'INVALID_RECIPIENT',
  /** 409: "Send to all" while the previous one is still sending (`REMINDER_MSG.alreadyRunning`). */
  REMINDERS_ALREADY_RUNNING: 'REMINDERS_ALREADY_RUNNING',
  /** 409: "Send to all" when no active member has a pending payment (`REMINDER_MSG.nobodyPending`). */
  NOBODY_PENDING: 'NOBODY_PENDING',

  // ---- Payment links and WhatsApp without the Cloud API ----
  /** 404: a payment link or receipt link that is tampered, revoked or unknown (`PAY_LINK_MSG.invalid`). */
  PAY_LINK_INVALID: 'PAY_LINK_INVALID',
  /** 404: an authentic payment link past its expiry (`PAY_LINK_MSG.expired`). */
  PAY_LINK_EXPIRED: 'PAY_LINK_EXPIRED',
  /** 403: payment links are switched off for the parish (`PAY_LINK_MSG.off`). */
  PAY_LINKS_OFF: 'PAY_LINKS_OFF',
  /** 409: a WhatsApp message to a member who opted out (`PAY_LINK_MSG.optedOut`). */
  MEMBER_OPTED_OUT: 'MEMBER_OPTED_OUT',
  // ---- The office day (docs/domain.md, "The office day") ----
  /** 422: the request is well-formed but cannot be processed as sent (a general code). */
  UNPROCESSABLE: 'UNPROCESSABLE',
  /** 422: an `Idempotency-Key` used before with a different body (`OFFICE_MSG.idempotencyMismatch`). */
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  /** 409: a UPI collection whose UTR is on a receipt that stands (`OFFICE_MSG.utrTaken`). */
  DUPLICATE_UTR: 'DUPLICATE_UTR',
  /** 409: reversing a receipt that is already voided (`OFFICE_MSG.alreadyVoided`). */
  RECEIPT_VOIDED: 'RECEIPT_VOIDED',
  /** 403: a cashier reversing a collection of a closed day (`OFFICE_MSG.dayClosed`). */
  DAY_CLOSED: 'DAY_CLOSED',
  /** 409: a reversal that would be recorded on a closed day sheet (`OFFICE_MSG.todayClosed`). */
  SHEET_CLOSED: 'SHEET_CLOSED',
  /** 409: marking a cheque that is not awaiting clearance (`OFFICE_MSG.chequeNotReceived`). */
  CHEQUE_NOT_RECEIVED: 'CHEQUE_NOT_RECEIVED',
  // ---- Password resets ----
  /** 403: a session signed in with a one-time password calls anything but changing it (`MSG.passwordChangeRequired`). */
  PASSWORD_CHANGE_REQUIRED: 'PASSWORD_CHANGE_REQUIRED',
  // ---- Two-step sign-in for staff (docs/domain.md, "Two-step sign-in for staff") ----
  /** 400 (field `code`): a wrong, expired or already used authenticator or recovery code (`MSG.twoStepCodeWrong`). */
  TWO_STEP_CODE_WRONG: 'TWO_STEP_CODE_WRONG',
  /** 401: the sign-in's second step came with an unknown or expired challenge; sign in again (`MSG.twoStepChallengeExpired`). */
  TWO_STEP_CHALLENGE_EXPIRED: 'TWO_STEP_CHALLENGE_EXPIRED',
  /** 403: with STAFF_MFA=required, an admin without a second factor calls anything but setting one up (`MSG.twoStepSetupRequired`). */
  TWO_STEP_SETUP_REQUIRED: 'TWO_STEP_SETUP_REQUIRED',
  /** 409: setting up two-step sign-in on an account that has it, or turning it off on one that has not (`MSG.twoStepAlreadyOn` / `MSG.twoStepNotOn`). */
  TWO_STEP_STATE_CONFLICT: 'TWO_STEP_STATE_CONFLICT',
  // ---- Sign-in with a code on WhatsApp (docs/domain.md, "Sign-in with a code on WhatsApp") ----
  /** 409: a sign-in code asked for or checked while the parish has no WhatsApp Cloud API (`MSG.signInCodeNotConfigured`). */
  NOT_CONFIGURED: 'NOT_CONFIGURED',
  /** 401 (field `code`): a wrong, expired, spent or used sign-in code (`MSG.signInCodeWrong`). */
  SIGN_IN_CODE_WRONG: 'SIGN_IN_CODE_WRONG',
  // ---- Bank deposits (docs/domain.md, "Bank deposits"; decision 0147) ----
  /** 409: a deposit names a day that is not closed, or a cheque of such a day (`DEPOSIT_MSG.dayNotClosed`). */
  DAY_NOT_CLOSED: 'DAY_NOT_CLOSED',
  /** 409: a day's cash or a cheque already on a deposit slip, or a cheque no longer awaiting deposit (`DEPOSIT_MSG.alreadyDeposited`). */
  ALREADY_DEPOSITED: 'ALREADY_DEPOSITED',
  /** 409: the slip number is already recorded for this bank account (`DEPOSIT_MSG.slipTaken`). */
  DUPLICATE_SLIP: 'DUPLICATE_SLIP',
  /** 409: reopening a day whose cash or cheques are on a deposit slip (`DEPOSIT_MSG.dayDeposited`). */
  DAY_DEPOSITED: 'DAY_DEPOSITED',
} as const;

/** One of {@link ErrorCode}. */
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * The HTTP status of each of the ten general codes (the first ten of {@link ErrorCode}); a domain
 * code answers with the status of its general code.
 */
const GENERAL_STATUS = {
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
  UNPROCESSABLE: 422,
} as const satisfies Partial<Record<ErrorCodeValue, number>>;

/** One of the ten general codes: the class of every domain code (see {@link ERROR_KIND}). */
export type GeneralErrorCode = keyof typeof GENERAL_STATUS;

/** One of the domain codes of {@link ErrorCode}: a single case of a general code. */
export type DomainErrorCode = Exclude<ErrorCodeValue, GeneralErrorCode>;

const DOMAIN_KIND = {
  INVALID_CREDENTIALS: 'UNAUTHORIZED',
  ACCOUNT_LOCKED: 'RATE_LIMITED',
  SESSION_EXPIRED: 'UNAUTHORIZED',
  CURRENT_PASSWORD_WRONG: 'VALIDATION_FAILED',
  PASSWORD_SAME_AS_INITIAL: 'VALIDATION_FAILED',
  STREAM_TICKET_INVALID: 'UNAUTHORIZED',
  DUPLICATE_USERNAME: 'CONFLICT',
  CANNOT_DEACTIVATE_SELF: 'VALIDATION_FAILED',
  DUPLICATE_MOBILE: 'CONFLICT',
  DUPLICATE_PARISH_NUMBER: 'CONFLICT',
  DUPLICATE_WARD: 'CONFLICT',
  WARD_HAS_MEMBERS: 'CONFLICT',
  HEAD_AMOUNT_IMMUTABLE: 'VALIDATION_FAILED',
  HEAD_HAS_PAID_PAYMENTS: 'CONFLICT',
  ARREARS_FIRST: 'VALIDATION_FAILED',
  CHECKOUT_IN_PROGRESS: 'CONFLICT',
  ALREADY_PAID: 'CONFLICT',
  TRANSACTION_NOT_FOUND: 'NOT_FOUND',
  VERIFICATION_FAILED: 'VALIDATION_FAILED',
  GATEWAY_UNAVAILABLE: 'UNAVAILABLE',
  NOT_PENDING: 'CONFLICT',
  AMOUNT_BELOW_DUE: 'VALIDATION_FAILED',
  AMOUNT_FIXED: 'VALIDATION_FAILED',
  AMOUNT_ABOVE_LIMIT: 'VALIDATION_FAILED',
  CASH_LIMIT_269ST: 'VALIDATION_FAILED',
  PAY_AT_OFFICE: 'VALIDATION_FAILED',
  NOT_PAID: 'CONFLICT',
  ONLINE_NOT_REVERSIBLE: 'CONFLICT',
  NOT_OWN_COLLECTION: 'FORBIDDEN',
  NO_RECEIPT: 'NOT_FOUND',
  WHATSAPP_NOT_CONFIGURED: 'UNAVAILABLE',
  WHATSAPP_SEND_FAILED: 'UNAVAILABLE',
  INVALID_RECIPIENT: 'VALIDATION_FAILED',
  REMINDERS_ALREADY_RUNNING: 'CONFLICT',
  NOBODY_PENDING: 'CONFLICT',
  PAY_LINK_INVALID: 'NOT_FOUND',
  PAY_LINK_EXPIRED: 'NOT_FOUND',
  PAY_LINKS_OFF: 'FORBIDDEN',
  MEMBER_OPTED_OUT: 'CONFLICT',
  IDEMPOTENCY_KEY_REUSED: 'UNPROCESSABLE',
  DUPLICATE_UTR: 'CONFLICT',
  RECEIPT_VOIDED: 'CONFLICT',
  DAY_CLOSED: 'FORBIDDEN',
  SHEET_CLOSED: 'CONFLICT',
  CHEQUE_NOT_RECEIVED: 'CONFLICT',
  PASSWORD_CHANGE_REQUIRED: 'FORBIDDEN',
  TWO_STEP_CODE_WRONG: 'VALIDATION_FAILED',
  TWO_STEP_CHALLENGE_EXPIRED: 'UNAUTHORIZED',
  TWO_STEP_SETUP_REQUIRED: 'FORBIDDEN',
  TWO_STEP_STATE_CONFLICT: 'CONFLICT',
  NOT_CONFIGURED: 'CONFLICT',
  SIGN_IN_CODE_WRONG: 'UNAUTHORIZED',
  DAY_NOT_CLOSED: 'CONFLICT',
  ALREADY_DEPOSITED: 'CONFLICT',
  DUPLICATE_SLIP: 'CONFLICT',
  DAY_DEPOSITED: 'CONFLICT',
} as const satisfies Record<DomainErrorCode, GeneralErrorCode>;

/**
 * The codes of one general code: itself and its domain codes, e.g. `ErrorCodeOfKind<'CONFLICT'>`
 * is `'CONFLICT' | 'DUPLICATE_USERNAME' | … | 'NOBODY_PENDING'`. Every one answers with the same
 * HTTP status.
 */
export type ErrorCodeOfKind<K extends GeneralErrorCode> =
  K | { [C in DomainErrorCode]: (typeof DOMAIN_KIND)[C] extends K ? C : never }[DomainErrorCode];

/**
 * The general code each code belongs to: itself for the ten general ones, and for a domain code
 * the general code the server answered that case with before it had its own (e.g.
 * `ARREARS_FIRST` -> `VALIDATION_FAILED`, `NOT_PENDING` -> `CONFLICT`).
 */
export const ERROR_KIND = {
  ...(Object.fromEntries(Object.keys(GENERAL_STATUS).map((code) => [code, code])) as {
    [C in GeneralErrorCode]: C;
  }),
  ...DOMAIN_KIND,
} satisfies Record<ErrorCodeValue, GeneralErrorCode> as Record<ErrorCodeValue, GeneralErrorCode>;

/**
 * The HTTP status of each error code: a domain code answers with the status of its general code
 * ({@link ERROR_KIND}), the status the server gives that case today.
 */
export const ERROR_STATUS = Object.fromEntries(
  Object.entries(ERROR_KIND).map(([code, kind]) => [code, GENERAL_STATUS[kind]]),
) as Record<ErrorCodeValue, number>;

/**
 * The one error body of the API (`docs/domain.md`, "§7 API", error contract): every non-2xx
 * answer. `error` is the product's own text (`docs/domain.md`, §5 "Error and outcome messages")
 * where it has one; `code` is one of {@link ErrorCode} — a general code, or the domain code of the
 * case (its status the general code's, see {@link ERROR_KIND}).
 */
export const errorBodySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.enum(ErrorCode),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

/** The error body as a TypeScript type. */
export type ErrorBody = z.infer<typeof errorBodySchema>;
