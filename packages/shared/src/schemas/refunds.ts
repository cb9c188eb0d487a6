import { z } from 'zod';

import { rupeesOutputSchema, rupeesSchema } from '../money.ts';
import { idSchema } from './common.ts';

/**
 * The refunds and exceptions queue (`docs/domain.md`, §4 "Refunds and exceptions"): online money
 * that could not be applied to the dues it was meant for. Amounts in rupees on the wire.
 */

/**
 * Why money is in the queue. `not_captured`: a Razorpay payment authorized for dues already paid
 * otherwise, left uncaptured so Razorpay returns it by itself (decision 0120); listed, never open.
 * `due_changed`: money for a checkout that had failed, for a due whose amount changed since
 * (decision 0113).
 */
export const EXCEPTION_REASONS = [
  'paid_twice',
  'superseded_paid',
  'amount_mismatch',
  'status_disagrees',
  'not_captured',
  'due_changed',
] as const;
/** One of {@link EXCEPTION_REASONS}. */
export type ExceptionReason = (typeof EXCEPTION_REASONS)[number];

/** Where an exception stands: `open` until refunded or wholly applied. */
export const EXCEPTION_STATUSES = ['open', 'refunded', 'applied'] as const;

/** The product's texts of the queue. */
export const REFUND_MSG = {
  /** 409: acting on an entry already closed. */
  notOpen: 'This entry has already been settled',
  /** 400 (field `paymentId`): the queued money does not cover the due chosen. */
  notCovered: 'The money in this entry does not cover that due',
  /** 400 (field `paymentId`): the due is not a pending due of the same member. */
  notMembersDue: 'Choose a pending due of the same member',
  /** 400 (field `refundDate`): a date that is not dd/mm/yyyy or yyyy-mm-dd. */
  badDate: 'Please enter a valid date',
} as const;

/** One entry of the queue as staff see it. */
export const paymentExceptionSchema = z.object({
  _id: idSchema,
  status: z.enum(EXCEPTION_STATUSES),
  reason: z.enum(EXCEPTION_REASONS),
  /** Rupees received. */
  amount: rupeesOutputSchema,
  /** Rupees still to refund or apply. */
  remaining: rupeesOutputSchema,
  memberId: idSchema,
  memberName: z.string(),
  parishNumber: z.string(),
  /** The due the money was meant for, when one, and its head. */
  paymentId: idSchema.nullable(),
  headName: z.string().nullable(),
  gateway: z.enum(['worldline', 'razorpay']),
  /** Our transaction id. */
  transactionId: z.string(),
  gatewayReference: z.string().nullable(),
  isTest: z.boolean(),
  /** ISO 8601 UTC. */
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  refundReference: z.string().nullable(),
  /** yyyy-mm-dd. */
  refundDate: z.string().nullable(),
  note: z.string().nullable(),
});
/** One queue entry. */
export type PaymentException = z.infer<typeof paymentExceptionSchema>;

/** `GET /api/admin/refunds` query: open entries by default. */
export const refundListQuerySchema = z.object({ status: z.enum([...EXCEPTION_STATUSES, 'all']).default('open') });

/** `GET /api/admin/refunds` answer: the entries, newest first, and the open totals. */
export const refundListSchema = z.object({
  data: z.array(paymentExceptionSchema),
  pending: z.object({ count: z.number().int(), amount: rupeesOutputSchema }),
});
/** The queue answer. */
export type RefundList = z.infer<typeof refundListSchema>;

/** `GET /api/admin/refunds/summary`: "Refunds pending: n, ₹x" (rupees). */
export const refundSummarySchema = z.object({ count: z.number().int(), amount: rupeesOutputSchema });
/** The dashboard's refunds line. */
export type RefundSummary = z.infer<typeof refundSummarySchema>;

/** `POST /api/admin/refunds/:id/refunded` body: the refund made in the gateway's own dashboard. */
export const markRefundedInputSchema = z.strictObject({
  refundReference: z.string().trim().min(1, 'Please enter the refund reference').max(100),
  /** yyyy-mm-dd (the date picker's value). */
  refundDate: z.iso.date(REFUND_MSG.badDate),
  note: z.string().trim().max(500).optional(),
});
/** The "Refunded" body. */
export type MarkRefundedInput = z.infer<typeof markRefundedInputSchema>;

/** `POST /api/admin/refunds/:id/apply` body: another pending due of the same member. */
export const applyRefundInputSchema = z.strictObject({ paymentId: idSchema });
/** The "Apply to another due" body. */
export type ApplyRefundInput = z.infer<typeof applyRefundInputSchema>;

/** The answer of both actions: the entry as it now stands, and the receipt number of an application. */
export const refundActionResultSchema = z.object({
  entry: paymentExceptionSchema,
  receiptNumber: z.string().nullable(),
  /** Rupees applied, for an application. */
  applied: rupeesSchema.nullable(),
});
/** The answer of a queue action. */
export type RefundActionResult = z.infer<typeof refundActionResultSchema>;

/** `POST /api/admin/test-payments/void` answer: what was voided. */
export const voidTestPaymentsResultSchema = z.object({
  payments: z.number().int(),
  transactions: z.number().int(),
  receipts: z.array(z.string()),
});
/** The void-test-payments answer. */
export type VoidTestPaymentsResult = z.infer<typeof voidTestPaymentsResultSchema>;

/**
 * `POST /api/customer/checkouts/cancel` body: the member's dues whose pending checkouts they give up
 * ("Cancel" on the dashboard, `docs/domain.md`, §4 "Retry after an abandoned checkout").
 */
export const cancelCheckoutsInputSchema = z.strictObject({ paymentIds: z.array(idSchema).min(1).max(100) });
/** The Cancel body. */
export type CancelCheckoutsInput = z.infer<typeof cancelCheckoutsInputSchema>;

/** The Cancel answer: how many checkouts were given up. */
export const cancelCheckoutsResultSchema = z.object({ cancelled: z.number().int() });
