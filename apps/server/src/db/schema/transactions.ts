import type { Paise } from '@parish/shared';
import { bigint, boolean, index, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

import { paymentGateway, transactionStatus } from './enums.ts';
import { members } from './members.ts';
import { payments } from './payments.ts';

/** An online checkout (`docs/domain.md`, §3 "Online transactions"): one per order, amounts in paise. */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    memberId: uuid()
      .notNull()
      .references(() => members.id),
    amountPaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    status: transactionStatus().notNull().default('pending'),
    paymentGateway: paymentGateway().notNull(),
    /** Our own transaction id sent to the gateway (Worldline txnId); unique. */
    transactionId: text().notNull().unique(),
    /** The gateway's order id (Razorpay `order_...`). */
    gatewayOrderId: text().unique(),
    /** The gateway's reference for the payment (Worldline tpsl_txn_id, Razorpay pay_...). */
    pgReferenceId: text(),
    paymentMethod: text(),
    statusCode: text(),
    errorMessage: text(),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true, mode: 'string' }),
    /**
     * When a newer order for the same dues replaced this pending checkout (`docs/domain.md`, §4
     * "Retry after an abandoned checkout"); it stays pending and is re-checked until final, but no
     * longer holds its payments.
     */
    supersededAt: timestamp({ withTimezone: true, mode: 'string' }),
    /** Our transaction id of the order that superseded this one. */
    supersededBy: text(),
    /** A sandbox checkout: no real money (`docs/domain.md`, §10 "Payment mode"). */
    isTest: boolean().notNull().default(false),
  },
  (t) => [
    index('transactions_member_created_idx').on(t.memberId, t.createdAt),
    index('transactions_status_idx').on(t.status, t.paymentGateway),
  ],
);

/** The payments an online transaction pays, with the amount for each, in paise. */
export const transactionItems = pgTable(
  'transaction_items',
  {
    transactionId: uuid()
      .notNull()
      .references(() => transactions.id),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id),
    amountPaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.transactionId, t.paymentId] }),
    index('transaction_items_payment_idx').on(t.paymentId),
  ],
);

/** Gateway and messaging webhook deliveries, deduplicated by (provider, event id). */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    receivedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    payload: jsonb().notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The refunds and exceptions queue (`docs/domain.md`, §4 "Refunds and exceptions"): money a
 * gateway received that could not be applied to the dues it was meant for (a due already paid, a
 * superseded checkout paid late, an amount mismatch, the gateway saying paid while our record
 * disagrees). Amounts in paise; `remainingPaise` is what is still to be refunded or applied.
 * Staff close it with "Refunded" or apply it to another due of the member.
 */
export const paymentExceptions = pgTable(
  'payment_exceptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The online transaction that brought the money. */
    transactionRowId: uuid()
      .notNull()
      .references(() => transactions.id),
    memberId: uuid()
      .notNull()
      .references(() => members.id),
    /** The due the money was meant for, when one. */
    paymentId: uuid().references(() => payments.id),
    /** `paid_twice`, `superseded_paid`, `amount_mismatch`, `status_disagrees`, `due_changed` (decision 0113). */
    reason: text().notNull(),
    amountPaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    remainingPaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    /** `open`, `refunded` or `applied`. */
    status: text().notNull().default('open'),
    /** The gateway's payment reference (Worldline tpsl_txn_id, Razorpay pay_…). */
    gatewayReference: text(),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true, mode: 'string' }),
    /** Refunded: the refund's reference in the gateway's dashboard, its date (yyyy-mm-dd) and a note. */
    refundReference: text(),
    refundDate: text(),
    note: text(),
  },
  (t) => [
    index('payment_exceptions_status_idx').on(t.status, t.createdAt),
    unique('payment_exceptions_source_key').on(t.transactionRowId, t.reason, t.paymentId).nullsNotDistinct(),
  ],
);
