import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    amountPaise: bigint({ mode: 'number' }).notNull(),
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
    amountPaise: bigint({ mode: 'number' }).notNull(),
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
