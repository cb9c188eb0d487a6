import { z } from 'zod';

import { rupeesOutputSchema } from '../money-schemas.ts';

import { LANGUAGES } from '../languages.ts';
import { paymentRecordSchema } from './collections.ts';
import { PAYMENT_GATEWAYS } from './payments.ts';

/**
 * The member portal (`docs/domain.md`, §2 "Customer dashboard", §3 "Online transactions", §4
 * "Arrears first" and §7 "Shapes the specification leaves open"). Every answer is the signed-in
 * member's own data: the member id always comes from the access token.
 */

/** `GET /api/customer/payments` query: `status` pending or paid; absent means every payment. */
export const customerPaymentsQuerySchema = z.object({
  status: z.enum(['pending', 'paid']).optional(),
});

/** The customer payments query. */
export type CustomerPaymentsQuery = z.infer<typeof customerPaymentsQuerySchema>;

/** One summary card: an amount in rupees and how many payments make it. */
export const summaryFigureSchema = z.object({
  /** Rupees. */
  amount: rupeesOutputSchema,
  count: z.number().int(),
});

/** One summary card's figures. */
export type SummaryFigure = z.infer<typeof summaryFigureSchema>;

/**
 * The four summary cards of the customer dashboard (`docs/domain.md`, §2 "Customer dashboard"):
 * pending arrears, pending current dues, pending miscellaneous (each the assigned amounts of the
 * member's pending payments of that head type) and paid (paidAmount, else amount, of paid
 * payments). Always over ALL the member's payments, whatever the `status` filter of the list.
 */
export const customerSummarySchema = z.object({
  arrears: summaryFigureSchema,
  current: summaryFigureSchema,
  misc: summaryFigureSchema,
  paid: summaryFigureSchema,
});

/** The customer summary. */
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

/**
 * `GET /api/customer/payments` answer: the member's own payments (Payment JSON with member and head
 * populated, `receiptNumber` when paid), head type order (arrears, current dues, miscellaneous)
 * then due date and head name for pending, newest paid first for paid; the summary; and
 * `arrearsBlocking`: true while any arrear of the member is pending, so current dues cannot be
 * selected or paid (`docs/domain.md`, §4 "Arrears first").
 */
export const customerPaymentsSchema = z.object({
  items: z.array(paymentRecordSchema),
  total: z.number().int(),
  summary: customerSummarySchema,
  arrearsBlocking: z.boolean(),
});

/** The customer payments answer. */
export type CustomerPayments = z.infer<typeof customerPaymentsSchema>;

/** An online transaction's status (`docs/domain.md`, §3 "Online transactions": success, failed, other/pending). */
export const TRANSACTION_STATUSES = ['pending', 'success', 'failed'] as const;
/** An online transaction's status. */
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** One payment paid (or to be paid) by an online transaction, with the amount for it in rupees. */
export const transactionPaymentSchema = z.object({
  paymentId: z.string(),
  paymentHeadId: z.object({ _id: z.string(), name: z.string() }),
  /** Rupees: the amount this transaction carries for the payment. */
  paidAmount: rupeesOutputSchema,
});

/**
 * An online transaction (`docs/domain.md`, §3 "Online transactions" and §7 "Entities on the wire"): `amount` in rupees;
 * `transactionId` our own id sent to the gateway (Worldline txnId, Razorpay receipt);
 * `gatewayOrderId` the gateway's order id (Razorpay `order_…`; null for Worldline);
 * `pgReferenceId` the gateway's payment reference (Worldline tpsl_txn_id, Razorpay `pay_…`);
 * `statusCode` the last gateway status code seen (Worldline `0300`…); `date` when it was created
 * and `settledAt` when it became success, ISO 8601 UTC; `errorMessage` why it failed, or a note
 * for staff (e.g. money received twice, refund needed).
 */
export const transactionSchema = z.object({
  _id: z.string(),
  amount: rupeesOutputSchema,
  status: z.enum(TRANSACTION_STATUSES),
  paymentGateway: z.enum(PAYMENT_GATEWAYS),
  transactionId: z.string(),
  gatewayOrderId: z.string().nullable(),
  pgReferenceId: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  statusCode: z.string().nullable(),
  date: z.string(),
  settledAt: z.string().nullable(),
  errorMessage: z.string().nullable(),
  memberId: z.string(),
  paymentIds: z.array(transactionPaymentSchema),
});

/** An online transaction. */
export type Transaction = z.infer<typeof transactionSchema>;

/**
 * `GET /api/customer/transactions` query: `limit` 1-100, default 50 (`docs/domain.md`, §2 "Page
 * sizes and timings").
 */
export const customerTransactionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** The customer transactions query after defaults. */
export type CustomerTransactionsQuery = z.output<typeof customerTransactionsQuerySchema>;

/**
 * What the member is shown for an online attempt (`docs/domain.md`, §2 "Transactions tab", decision
 * 0142), derived from the facts the server holds, display only: `paid` (success); `pending` (the
 * gateway has not answered it final and nothing replaced it); `cancelled` (the gateway answered
 * cancelled by the member, or the member pressed Cancel on the dashboard); `superseded` (a newer
 * order for the same dues replaced it: "Replaced by a newer attempt"; still checked with the
 * gateway); `failed` (the gateway answered failed, or the staff's review failed it); `expired`
 * (abandoned after the checkout hold: the gateway never saw a payment).
 */
export const ATTEMPT_STATES = ['paid', 'pending', 'failed', 'cancelled', 'superseded', 'expired'] as const;
/** What the member is shown for an online attempt. */
export type AttemptState = (typeof ATTEMPT_STATES)[number];

/**
 * Money an attempt brought for dues that were already paid (the refunds queue's `paid_twice` and
 * `superseded_paid` entries, `docs/domain.md`, §4 "Paid twice"): `amount` in rupees, the dues
 * concerned by head name (each with its amount in rupees), `outcome` what the parish did with it
 * (`open`: still to refund; `refunded`; `applied` to another due of the member: the queue's
 * entries, `open` while any is open), and `refundedOn` the refund's date (yyyy-mm-dd, as staff
 * recorded it; the latest) once it is refunded, else null.
 */
export const paidTwiceSchema = z.object({
  amount: rupeesOutputSchema,
  dues: z.array(z.object({ name: z.string(), amount: rupeesOutputSchema })),
  outcome: z.enum(['open', 'refunded', 'applied']),
  refundedOn: z.string().nullable(),
});

/** Money paid twice by one attempt. */
export type PaidTwice = z.infer<typeof paidTwiceSchema>;

/**
 * An online transaction as its member sees it: the Transaction with its display `state` and, for
 * a paid attempt whose dues were already paid, `paidTwice` (else null).
 */
export const customerTransactionSchema = transactionSchema.extend({
  state: z.enum(ATTEMPT_STATES),
  paidTwice: paidTwiceSchema.nullable(),
});

/** An online transaction as its member sees it. */
export type CustomerTransaction = z.infer<typeof customerTransactionSchema>;

/** `GET /api/customer/transactions` answer: the member's own online transactions, newest first. */
export const customerTransactionsSchema = z.object({
  items: z.array(customerTransactionSchema),
  total: z.number().int(),
});

/** The customer transactions answer. */
export type CustomerTransactions = z.infer<typeof customerTransactionsSchema>;

/**
 * `PUT /api/customer/language` body and answer: the member's language for the member's side
 * (`docs/domain.md`, "Member languages"), one of `LANGUAGES`.
 */
export const memberLanguageSchema = z.object({ language: z.enum(LANGUAGES) });
