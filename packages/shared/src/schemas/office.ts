import { z } from 'zod';

import { rupeesOutputSchema, rupeesSchema, type Paise } from '../money.ts';
import { COLLECTION_METHODS, calendarDate } from './collections.ts';

/**
 * The parish office day (`docs/domain.md`, "The office day"): several dues collected under one
 * receipt, reversals with a reason, cheques that clear or bounce, UPI at the counter and the
 * cashier's day close. Amounts on the wire are rupees; days are parish calendar dates `YYYY-MM-DD`.
 */

/** Texts of the office day (`docs/domain.md`, "The office day"). */
export const OFFICE_MSG = {
  /** `POST /api/collections` success. */
  collected: 'Payment collected successfully! The page has been refreshed.',
  /** 409: the same `Idempotency-Key` was used with a different body. */
  idempotencyMismatch: 'This Idempotency-Key was already used for a different collection',
  /** 400: a collection names a payment twice. */
  duplicateLine: 'A due can be collected only once in a collection',
  /** 404/409: a line is not a pending due of this member. */
  notMemberDue: 'Every due collected must be a pending due of this member',
  /** 400 (field `utr`): not 12 digits. */
  utrFormat: 'The UTR must be the 12 digits the member’s UPI app shows',
  /** 409: a receipt that stands already carries this UTR. */
  utrTaken: 'This UTR is already on another receipt',
  /** 400: a cheque collection without its bank, number or date. */
  chequeDetails: 'A cheque needs its bank, cheque number and date',
  /** 400 (field `note`): reason 'other' without its text. */
  noteRequired: 'Please say why the receipt is reversed',
  /** 409: reversing a voided receipt. */
  alreadyVoided: 'This receipt is already voided',
  /** 403: a cashier reversing a collection of a closed day. */
  dayClosed: 'This day is closed: only an admin can reverse its collections',
  /** 409: a reversal or bounce would be recorded on a closed day sheet. */
  todayClosed: 'Today’s day sheet of this cashier is closed: an admin must reopen it first',
  /** 409: closing a day already closed. */
  alreadyClosed: 'This day is already closed',
  /** 409: reopening a day that is not closed. */
  notClosed: 'This day is not closed',
  /** 409: a cheque that is not waiting for clearance. */
  chequeNotReceived: 'Only a cheque awaiting clearance can be marked cleared or bounced',
  /** Success of a reversal. */
  reversed: 'Collection reversed successfully!',
  /** Success of a correction: the receipt voided and its standing lines re-issued. */
  corrected: 'Receipt corrected: the old receipt is voided and a new receipt issued',
  /** 400 (field `keep`): a correction keeps a line that is not on the receipt. */
  keepNotOnReceipt: 'Every line kept must be a line of this receipt',
  /** 400 (field `keep`): a correction that keeps every line (nothing to correct). */
  keepEveryLine: 'Leave out at least one line: to void every line, reverse the receipt',
} as const;

/** Why a receipt is reversed (`docs/domain.md`, "Reversal with a reason"). */
export const REVERSAL_REASONS = ['wrong_member', 'wrong_amount', 'cheque_bounced', 'duplicate', 'other'] as const;
/** One of {@link REVERSAL_REASONS}. */
export type ReversalReason = (typeof REVERSAL_REASONS)[number];

/** How a reason prints on a voided receipt and the day sheet. */
export const REVERSAL_REASON_LABELS: Record<ReversalReason, string> = {
  wrong_member: 'Wrong member',
  wrong_amount: 'Wrong amount',
  cheque_bounced: 'Cheque bounced',
  duplicate: 'Duplicate',
  other: 'Other',
};

/** A UTR as the member's UPI app shows it: 12 digits (`docs/domain.md`, "UPI at the counter"). */
export const UTR_PATTERN = /^\d{12}$/;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

/** A cheque's details at the counter: bank, cheque number and the date written on it. */
export const chequeDetailsSchema = z.strictObject({
  bank: z.string().trim().min(1).max(100),
  number: z.string().trim().min(1).max(20),
  date: calendarDate,
});

/** The cheque details. */
export type ChequeDetails = z.infer<typeof chequeDetailsSchema>;

/**
 * `POST /api/collections` body (`docs/domain.md`, "Collecting several dues"): one member's pending
 * dues, each with the amount received for it in rupees; one method, one reference, remarks; a
 * cheque's details (required for a cheque), a UPI payment's UTR (12 digits, optional).
 */
export const collectDuesInputSchema = z
  .strictObject({
    memberId: z.uuid(),
    items: z
      .array(z.strictObject({ paymentId: z.uuid(), amount: rupeesSchema }))
      .min(1)
      .max(50),
    paymentMethod: z.enum(COLLECTION_METHODS),
    reference: optionalText(100),
    notes: optionalText(500),
    cheque: chequeDetailsSchema.optional(),
    utr: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine((value) => value === undefined || UTR_PATTERN.test(value), { message: OFFICE_MSG.utrFormat }),
  })
  .superRefine((value, issues) => {
    if (new Set(value.items.map((item) => item.paymentId)).size !== value.items.length) {
      issues.addIssue({ code: 'custom', path: ['items'], message: OFFICE_MSG.duplicateLine });
    }
    if (value.paymentMethod === 'cheque' && !value.cheque) {
      issues.addIssue({ code: 'custom', path: ['cheque'], message: OFFICE_MSG.chequeDetails });
    }
  });

/** The collect-dues body as sent. */
export type CollectDuesInputRaw = z.input<typeof collectDuesInputSchema>;
/** The collect-dues body after validation (amounts in rupees). */
export type CollectDuesInput = z.output<typeof collectDuesInputSchema>;

/** `POST /api/collections` answer: the receipt and its lines (amounts in rupees). */
export const collectDuesResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  receiptId: z.string(),
  receiptNumber: z.string(),
  items: z.array(
    z.object({ paymentId: z.string(), headName: z.string(), headYear: z.number(), amount: rupeesOutputSchema }),
  ),
  total: rupeesOutputSchema,
});

/** The collect-dues answer. */
export type CollectDuesResult = z.infer<typeof collectDuesResultSchema>;

/** `POST /api/receipts/{id}/reverse` (and `PUT /api/payments/{id}/reverse`) body: the reason, and a note (required for 'other'). */
export const reverseInputSchema = z
  .strictObject({
    reason: z.enum(REVERSAL_REASONS),
    note: optionalText(500),
  })
  .superRefine((value, issues) => {
    if (value.reason === 'other' && !value.note) {
      issues.addIssue({ code: 'custom', path: ['note'], message: OFFICE_MSG.noteRequired });
    }
  });

/** The reverse body. */
export type ReverseInput = z.output<typeof reverseInputSchema>;
/** The reverse body as sent. */
export type ReverseInputRaw = z.input<typeof reverseInputSchema>;

/** `POST /api/receipts/{id}/reverse` answer. */
export const reverseReceiptResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  receiptId: z.string(),
  receiptNumber: z.string(),
  paymentIds: z.array(z.string()),
});

/** The reverse-receipt answer. */
export type ReverseReceiptResult = z.infer<typeof reverseReceiptResultSchema>;

/**
 * `GET /api/receipts/{id}` answer (`docs/domain.md`, "Reversal with a reason"): a receipt as the
 * reversal and correction dialogs show it before Confirm — its number, when and how it was paid,
 * the collector, every line (head and amount) and the total that a reversal voids (rupees), whether
 * it is voided already, and its member with `active` (false: the dues a reversal reopens belong to a
 * member hidden from the lists, decision 0101). `issuedAt` is ISO 8601 UTC, `issuedDay` its parish
 * date `YYYY-MM-DD`.
 */
export const receiptSummarySchema = z.object({
  receiptId: z.string(),
  receiptNumber: z.string(),
  issuedAt: z.string(),
  issuedDay: z.string(),
  member: z.object({ _id: z.string(), name: z.string(), parishNumber: z.string(), active: z.boolean() }),
  paymentMethod: z.string(),
  paymentGateway: z.string(),
  reference: z.string().nullable(),
  collectedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  lines: z.array(
    z.object({
      paymentId: z.string().nullable(),
      headName: z.string(),
      headYear: z.number(),
      amount: rupeesOutputSchema,
    }),
  ),
  total: rupeesOutputSchema,
  voided: z.boolean(),
});

/** A receipt as the reversal dialogs show it. */
export type ReceiptSummary = z.infer<typeof receiptSummarySchema>;

/** The reasons a receipt may be corrected: every reversal reason but a bounced cheque (which voids the whole receipt). */
export const CORRECTION_REASONS = ['wrong_member', 'wrong_amount', 'duplicate', 'other'] as const;

/**
 * `POST /api/receipts/{id}/correct` body (`docs/domain.md`, "Correcting a receipt", decision
 * 0100): the reason and note as for a reversal, and `keep`, the payment ids of the lines that stand
 * (at least one, not every line, each a line of the receipt): they are re-issued on a new receipt.
 */
export const correctReceiptInputSchema = z
  .strictObject({
    reason: z.enum(CORRECTION_REASONS),
    note: optionalText(500),
    keep: z.array(z.string().trim().min(1).max(100)).min(1, OFFICE_MSG.keepEveryLine).max(200),
  })
  .superRefine((value, issues) => {
    if (value.reason === 'other' && !value.note) {
      issues.addIssue({ code: 'custom', path: ['note'], message: OFFICE_MSG.noteRequired });
    }
    if (new Set(value.keep).size !== value.keep.length) {
      issues.addIssue({ code: 'custom', path: ['keep'], message: OFFICE_MSG.duplicateLine });
    }
  });

/** The correct body. */
export type CorrectReceiptInput = z.output<typeof correctReceiptInputSchema>;
/** The correct body as sent. */
export type CorrectReceiptInputRaw = z.input<typeof correctReceiptInputSchema>;

/**
 * `POST /api/receipts/{id}/correct` answer: the voided receipt (id, number, every payment it held,
 * now pending unless re-issued) and the new receipt with the lines that stand (as `POST
 * /api/collections` answers it; rupees).
 */
export const correctReceiptResultSchema = reverseReceiptResultSchema.extend({
  newReceipt: collectDuesResultSchema.pick({ receiptId: true, receiptNumber: true, items: true, total: true }),
});

/** The correct answer. */
export type CorrectReceiptResult = z.infer<typeof correctReceiptResultSchema>;

/**
 * `GET /api/office/inactive-member-dues` answer (`docs/domain.md`, "Reversal with a reason",
 * decision 0101): the pending dues of members marked inactive (a reversal of their receipt reopened
 * them; they count in Total Pending and Member-wise Due while the member is hidden from the lists),
 * by member name then head; amounts in rupees; `total` their sum.
 */
export const inactiveMemberDuesSchema = z.object({
  items: z.array(
    z.object({
      paymentId: z.string(),
      memberId: z.string(),
      memberName: z.string(),
      parishNumber: z.string(),
      paymentHeadId: z.string(),
      headName: z.string(),
      headYear: z.number(),
      amount: rupeesOutputSchema,
    }),
  ),
  total: rupeesOutputSchema,
});

/** The pending dues of inactive members. */
export type InactiveMemberDues = z.infer<typeof inactiveMemberDuesSchema>;

/** The cash denominations counted at day close: notes by face value, coins as one rupee amount. */
export const DENOMINATIONS = ['500', '200', '100', '50', '20', '10'] as const;

/** `POST /api/day-sheets/close` body: the day (default today), and an optional cash count. */
export const closeDayInputSchema = z.strictObject({
  day: calendarDate.optional(),
  denominations: z
    .strictObject({
      notes: z.partialRecord(z.enum(DENOMINATIONS), z.number().int().min(0).max(100_000)),
      coins: rupeesSchema,
    })
    .optional(),
});

/** The close-day body. */
export type CloseDayInput = z.output<typeof closeDayInputSchema>;
/** The close-day body as the web sends it (coins a plain rupee number, checked by the server). */
export type CloseDayInputRaw = z.input<typeof closeDayInputSchema>;

/** Totals by method in rupees. */
const methodTotalsSchema = z.object({
  cash: rupeesOutputSchema,
  upi: rupeesOutputSchema,
  cheque: rupeesOutputSchema,
  total: rupeesOutputSchema,
});

/**
 * A cashier's day sheet (`docs/domain.md`, "Day close"): the receipts issued that day (with those
 * voided later), the reversals made that day of the cashier's receipts (with their original date),
 * totals by method in rupees (collected, reversed, net), the count, whether the day is closed, and
 * the cash count with its difference to the net cash.
 */
export const daySheetSchema = z.object({
  cashier: z.object({ _id: z.string(), name: z.string() }),
  day: z.string(),
  status: z.enum(['open', 'closed']),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  reopenedAt: z.string().nullable(),
  receipts: z.array(
    z.object({
      _id: z.string(),
      number: z.string(),
      issuedAt: z.string(),
      member: z.object({ name: z.string(), parishNumber: z.string() }),
      method: z.string(),
      reference: z.string().nullable(),
      total: rupeesOutputSchema,
      lines: z.number().int(),
      voided: z.boolean(),
    }),
  ),
  reversals: z.array(
    z.object({
      _id: z.string(),
      number: z.string(),
      originalDate: z.string(),
      voidedAt: z.string(),
      voidedBy: z.string().nullable(),
      reason: z.string(),
      note: z.string().nullable(),
      member: z.object({ name: z.string(), parishNumber: z.string() }),
      method: z.string(),
      total: rupeesOutputSchema,
    }),
  ),
  collected: methodTotalsSchema,
  reversed: methodTotalsSchema,
  net: methodTotalsSchema,
  receiptCount: z.number().int(),
  voidedCount: z.number().int(),
  cashCount: z
    .object({
      notes: z.record(z.string(), z.number()),
      coins: rupeesOutputSchema,
      counted: rupeesOutputSchema,
      difference: rupeesOutputSchema,
    })
    .nullable(),
});

/** A day sheet. */
export type DaySheet = z.infer<typeof daySheetSchema>;

/** `GET /api/day-sheets` query: the cashier (admin only; default the caller) and the day (default today). */
export const daySheetQuerySchema = z.object({
  cashierId: z.uuid().optional(),
  day: calendarDate.optional(),
});

/** `GET /api/day-sheets/days` answer: the days with collections or a close, newest first (admin: every cashier). */
export const cashierDaysSchema = z.object({
  items: z.array(
    z.object({
      cashier: z.object({ _id: z.string(), name: z.string() }),
      day: z.string(),
      status: z.enum(['open', 'closed']),
      receiptCount: z.number().int(),
      total: rupeesOutputSchema,
    }),
  ),
});

/** The days list. */
export type CashierDays = z.infer<typeof cashierDaysSchema>;

/** `POST /api/day-sheets/reopen` body (admin). */
export const reopenDayInputSchema = z.strictObject({ cashierId: z.uuid(), day: calendarDate });

/** Cheque statuses (`docs/domain.md`, "Cheques"). */
export const CHEQUE_STATUSES = ['received', 'deposited', 'cleared', 'bounced'] as const;

/**
 * `GET /api/cheques` answer: cheques not yet cleared, oldest first, with their age in days, their
 * status (received, or deposited with its slip number; decision 0147).
 */
export const chequeListSchema = z.object({
  items: z.array(
    z.object({
      receiptId: z.string(),
      receiptNumber: z.string(),
      member: z.object({ _id: z.string(), name: z.string(), parishNumber: z.string() }),
      bank: z.string(),
      number: z.string(),
      date: z.string(),
      issuedAt: z.string(),
      ageDays: z.number().int(),
      total: rupeesOutputSchema,
      collectedBy: z.string().nullable(),
      status: z.enum(['received', 'deposited']),
      slipNumber: z.string().nullable(),
    }),
  ),
});

/** The cheques list. */
export type ChequeList = z.infer<typeof chequeListSchema>;

/** `POST /api/receipts/{id}/cheque` body: cleared or bounced. */
export const chequeStatusInputSchema = z.strictObject({ status: z.enum(['cleared', 'bounced']) });

/** `GET /api/settings/upi` answer: the parish UPI ID and name for the counter's QR code. */
export const upiSettingsSchema = z.object({ vpa: z.string(), payeeName: z.string() });

/** The UPI settings. */
export type UpiSettings = z.infer<typeof upiSettingsSchema>;

/** `PUT /api/settings/upi` body (admin): a VPA like `stmarys@sbi`, or '' to turn the QR off. */
export const updateUpiSettingsSchema = z.strictObject({
  vpa: z
    .string()
    .trim()
    .max(100)
    .refine((value) => value === '' || /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/.test(value), {
      message: 'A UPI ID looks like name@bank',
    }),
});

/**
 * The `upi://pay` link of a counter collection (`docs/domain.md`, "UPI at the counter"): payee
 * address and name, the exact amount in rupees with two decimals, INR, and a note naming the
 * member's parish number and the heads (at most 50 characters). Values are percent-encoded, spaces as
 * `%20`, the address's `@` kept (the NPCI linking specification's sample).
 * @param amountPaise the amount to receive, in paise
 */
export function upiPayLink(input: { vpa: string; payeeName: string; amountPaise: Paise; note: string }): string {
  const amount = `${Math.floor(input.amountPaise / 100)}.${String(input.amountPaise % 100).padStart(2, '0')}`;
  const params = [
    ['pa', input.vpa],
    ['pn', input.payeeName],
    ['am', amount],
    ['cu', 'INR'],
    ['tn', input.note.slice(0, 50)],
  ];
  // Spaces as %20 (never '+'), and '@' of the address left as the NPCI sample writes it.
  return `upi://pay?${params.map(([k, v]) => `${k}=${encodeURIComponent(v ?? '').replace(/%40/g, '@')}`).join('&')}`;
}
