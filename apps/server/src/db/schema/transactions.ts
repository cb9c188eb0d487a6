import type { Paise } from '@parish/shared';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

import { paymentGateway, transactionStatus } from './enums.ts';
import { members } from './members.ts';
import { parishIdColumn } from './parishes.ts';
import { payments } from './payments.ts';

/** An online checkout (`docs/domain.md`, §3 "Online transactions"): one per order, amounts in paise. */
export const transactions = pgTable(
  'transactions',
  {
    parishId: parishIdColumn(),
    id: uuid().notNull().defaultRandom(),
    memberId: uuid().notNull(),
    amountPaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    status: transactionStatus().notNull().default('pending'),
    paymentGateway: paymentGateway().notNull(),
    /** Our own transaction id sent to the gateway (Worldline txnId); unique. */
    transactionId: text().notNull(),
    /** The gateway's order id (Razorpay `order_...`). */
    gatewayOrderId: text(),
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
    primaryKey({ name: 'transactions_pkey', columns: [t.parishId, t.id] }),
    foreignKey({
      name: 'transactions_member_id_members_id_fk',
      columns: [t.parishId, t.memberId],
      foreignColumns: [members.parishId, members.id],
    }),
    unique('transactions_transactionId_unique').on(t.parishId, t.transactionId),
    unique('transactions_gatewayOrderId_unique').on(t.parishId, t.gatewayOrderId),
    index('transactions_member_created_idx').on(t.memberId, t.createdAt),
    index('transactions_status_idx').on(t.status, t.paymentGateway),
    index('transactions_id_lookup_idx').on(t.id),
    index('transactions_transaction_id_lookup_idx').on(t.transactionId),
    index('transactions_gateway_order_id_lookup_idx').on(t.gatewayOrderId),
  ],
);

/** The payments an online transaction pays, with the amount for each, in paise. */
export const transactionItems = pgTable(
  'transaction_items',
  {
    parishId: parishIdColumn(),
    transactionId: uuid().notNull(),
    paymentId: uuid().notNull(),
    amountPaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'transaction_items_transaction_id_payment_id_pk',
      columns: [t.parishId, t.transactionId, t.paymentId],
    }),
    foreignKey({
      name: 'transaction_items_transaction_id_transactions_id_fk',
      columns: [t.parishId, t.transactionId],
      foreignColumns: [transactions.parishId, transactions.id],
    }),
    foreignKey({
      name: 'transaction_items_payment_id_payments_id_fk',
      columns: [t.parishId, t.paymentId],
      foreignColumns: [payments.parishId, payments.id],
    }),
    index('transaction_items_payment_idx').on(t.paymentId),
    index('transaction_items_transaction_lookup_idx').on(t.transactionId),
  ],
);

/** Gateway and messaging webhook deliveries, deduplicated by (parish, provider, event id). */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    parishId: parishIdColumn(),
    provider: text().notNull(),
    eventId: text().notNull(),
    receivedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    payload: jsonb().notNull(),
  },
  (t) => [
    primaryKey({ name: 'gateway_events_provider_event_id_pk', columns: [t.parishId, t.provider, t.eventId] }),
    index('gateway_events_event_lookup_idx').on(t.provider, t.eventId),
  ],
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
    parishId: parishIdColumn(),
    id: uuid().notNull().defaultRandom(),
    /** The online transaction that brought the money. */
    transactionRowId: uuid().notNull(),
    memberId: uuid().notNull(),
    /** The due the money was meant for, when one. */
    paymentId: uuid(),
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
    primaryKey({ name: 'payment_exceptions_pkey', columns: [t.parishId, t.id] }),
    foreignKey({
      name: 'payment_exceptions_transaction_row_id_transactions_id_fk',
      columns: [t.parishId, t.transactionRowId],
      foreignColumns: [transactions.parishId, transactions.id],
    }),
    foreignKey({
      name: 'payment_exceptions_member_id_members_id_fk',
      columns: [t.parishId, t.memberId],
      foreignColumns: [members.parishId, members.id],
    }),
    foreignKey({
      name: 'payment_exceptions_payment_id_payments_id_fk',
      columns: [t.parishId, t.paymentId],
      foreignColumns: [payments.parishId, payments.id],
    }),
    unique('payment_exceptions_source_key')
      .on(t.parishId, t.transactionRowId, t.reason, t.paymentId)
      .nullsNotDistinct(),
    index('payment_exceptions_id_lookup_idx').on(t.id),
  ],
);
