import { z } from 'zod';

import { pageQuerySchema } from './common.ts';
import { memberSchema } from './members.ts';
import { paymentSchema } from './payments.ts';
import { rupeesOutputSchema, rupeesSchema } from '../money.ts';

/**
 * Collection at the parish office (`docs/domain.md`, "§2 Screens", "§4 Payment rules", "§5
 * Validation", "§7 API", §5 "Error and outcome messages", §7 "Routes" and "Shapes the specification
 * leaves open"): collect, reverse, receipts, the cashier's own collections and one member's
 * payments for the Payment Summary dialog.
 */

/** Texts of `docs/domain.md`, §5 "Error and outcome messages" and the server's own answers. */
export const COLLECTION_MSG = {
  /** `docs/domain.md`, §5 "Error and outcome messages", collect success (title 'Collection Complete'). */
  collected: 'Payment collected successfully! The page has been refreshed.',
  /** `docs/domain.md`, §5 "Error and outcome messages", reverse success. */
  reversed: 'Collection reversed successfully!',
  /** `docs/domain.md`, §5 "Error and outcome messages", reverse failure fallback. */
  reverseFailed: 'Failed to reverse collection. Please try again.',
  /** 409: the payment is not pending (paid by someone else, from another tab, or online). */
  notPending: 'This payment has already been collected',
  /** 409: only paid payments can be reversed. */
  notPaid: 'Only a paid collection can be reversed',
  /** 409: online payments are settled by the gateway and are not reversed here. */
  onlineNotReversible: 'Online payments cannot be reversed; only direct collections can',
  /** 403: a cashier reverses only their own collections. */
  notOwnCollection: 'You can reverse only the collections you made yourself',
  /** 404: a receipt exists only for a paid payment. */
  noReceipt: 'There is no receipt for a payment that is not paid',
} as const;

/**
 * 400 text when a collection is below the assigned amount (the amount is never below it,
 * `docs/domain.md`, §3 "Payment heads", §4 "Effective amount" and §7 "Shapes the specification leaves open").
 * @param due the assigned amount, already formatted (e.g. `₹1,500.00`)
 */
export const amountBelowDueMessage = (due: string) => `The amount cannot be less than the due amount of ${due}`;

/**
 * 400 text when a collection exceeds the assigned amount on a head that does not take a
 * variable amount.
 * @param due the assigned amount, already formatted (e.g. `₹1,500.00`)
 */
export const amountFixedMessage = (due: string) =>
  `The amount must be exactly ${due}: this payment head does not accept a different amount`;

/** How a payment was collected at the office (`docs/domain.md`, §2 "Collect Payment dialog"). */
export const COLLECTION_METHODS = ['cash', 'upi', 'cheque'] as const;

/** One of {@link COLLECTION_METHODS}. */
export type CollectionMethod = (typeof COLLECTION_METHODS)[number];

/** Optional free text: trimmed, blank becomes undefined. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * `POST /api/payments/{id}/collect` body (`docs/domain.md`, §7 "Shapes the specification leaves
 * open"): `collectionMode` is always `manual`; `collectionAmount` in rupees (at most 2 decimals);
 * `paymentMethod` cash, upi or cheque; `pgTransactionId` the optional Payment Reference (saved as
 * the transaction id), `notes` the optional Remarks (`docs/domain.md`, §5 "Cash collection fields":
 * both optional). Unknown fields are a 400 (no mass assignment of `collectedBy`, `status`,
 * `receiptNumber`...).
 */
export const collectPaymentInputSchema = z.strictObject({
  collectionMode: z.literal('manual').default('manual'),
  collectionAmount: rupeesSchema.meta({ description: 'Rupees, at most 2 decimals' }),
  paymentMethod: z.enum(COLLECTION_METHODS).default('cash'),
  pgTransactionId: optionalText(100, 'Payment reference must be at most 100 characters'),
  notes: optionalText(500, 'Remarks must be at most 500 characters'),
});

/** The collect body as sent. */
export type CollectPaymentInputRaw = z.input<typeof collectPaymentInputSchema>;
/** The collect body after validation (amount still in rupees). */
export type CollectPaymentInput = z.output<typeof collectPaymentInputSchema>;

/**
 * A payment as the collections routes answer it: the API's Payment (`docs/domain.md`, §7 "Entities
 * on the wire", {@link paymentSchema}: amounts in rupees, instants ISO 8601 UTC, member and head
 * populated) plus the `receiptNumber` (`2026-27/000001`) given when it was paid, null otherwise, the
 * receipt's id and a cheque's clearance state (`docs/domain.md`, "Cheques").
 */
export const paymentRecordSchema = paymentSchema.extend({
  receiptNumber: z.string().nullable(),
  /**
   * True while an online checkout of the member for this due is in progress (pending, not
   * superseded, younger than 30 minutes): the collect dialog warns (`docs/domain.md`, §4 "Refunds
   * and exceptions"). Set on the Payment Summary's rows only.
   */
  checkoutInProgress: z.boolean().optional(),
  /** The receipt that holds it while paid (its id, for the receipt's URL), else null. */
  receiptId: z.string().nullable().default(null),
  /** A cheque collection's state: received (awaiting clearance) or cleared; null when not a cheque. */
  chequeStatus: z.enum(['received', 'deposited', 'cleared', 'bounced']).nullable().default(null),
});

/** A payment in the collections answers. */
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/** `POST /api/payments/{id}/collect` answer. */
export const collectResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  payment: paymentRecordSchema,
});

/** The collect answer. */
export type CollectResult = z.infer<typeof collectResultSchema>;

/** `PUT /api/payments/{id}/reverse` answer: the payment, pending again. */
export const reverseResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  payment: paymentRecordSchema,
});

/** The reverse answer. */
export type ReverseResult = z.infer<typeof reverseResultSchema>;

/** A parish calendar date `YYYY-MM-DD` that exists. */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'Dates must be YYYY-MM-DD');

/**
 * `GET /api/cashier/collections` query: page, limit (default 20, `docs/domain.md`, §2 "Page sizes
 * and timings"), search (member name, parish number, mobile, head name or transaction id), from and
 * to (parish-time-zone calendar dates, inclusive).
 */
export const cashierCollectionsQuerySchema = pageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(100).optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
});

/** The cashier collections query after defaults. */
export type CashierCollectionsQuery = z.output<typeof cashierCollectionsQuerySchema>;

/** `GET /api/cashier/collections` answer: one page plus the rupee total of every match. */
export const cashierCollectionsSchema = z.object({
  items: z.array(paymentRecordSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Rupees: the sum of paid amounts of all matching collections (not only this page). */
  totalCollected: rupeesOutputSchema,
});

/** The cashier collections answer. */
export type CashierCollections = z.infer<typeof cashierCollectionsSchema>;

/**
 * `GET /api/collections/members/{id}/payments` answer: the member, all their payments, and
 * totals in rupees (paid uses paidAmount, else amount; pending is every unpaid payment).
 */
export const memberPaymentsSchema = z.object({
  member: memberSchema,
  items: z.array(paymentRecordSchema),
  totals: z.object({ paid: rupeesOutputSchema, pending: rupeesOutputSchema, total: rupeesOutputSchema }),
});

/** The member payments answer. */
export type MemberPayments = z.infer<typeof memberPaymentsSchema>;
