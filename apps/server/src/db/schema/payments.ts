import { ZERO_PAISE, type Paise } from '@parish/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { paymentGateway, paymentStatus } from './enums.ts';
import { members } from './members.ts';
import { parishIdColumn } from './parishes.ts';
import { paymentHeads } from './payment-heads.ts';
import { receipts } from './receipts.ts';
import { staffUsers } from './staff-users.ts';

/**
 * A payment: the assignment of a head to a member, one row per member and head
 * (`docs/domain.md`, §3 "Payments"; `docs/ARCHITECTURE.md`, "Paying exactly once"). Settled by a
 * conditional update from pending to paid; a paid payment is never deleted and never re-tagged.
 * Amounts in paise.
 */
export const payments = pgTable(
  'payments',
  {
    /**
     * Held to `parishes` by the member key below (`(parish_id, member_id)` to members, whose
     * `parish_id` references `parishes`), not by a key of its own (migration 0051, decision 0160).
     */
    parishId: parishIdColumn({ referencesParishes: false }),
    /**
     * Time-ordered since migration 0050 (`time_ordered_uuid()`, a UUID version 7; decision 0157): a
     * parish's payments in id order are in the order they were written. Older rows keep their random
     * (version 4) ids.
     */
    id: uuid()
      .notNull()
      .default(sql`time_ordered_uuid()`),
    memberId: uuid().notNull(),
    paymentHeadId: uuid().notNull(),
    /** Assigned amount in paise. */
    amountPaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    /** What was actually paid, in paise; null while not paid. */
    paidAmountPaise: bigint({ mode: 'number' }).$type<Paise>(),
    status: paymentStatus().notNull().default('pending'),
    year: integer().notNull(),
    dueDate: date({ mode: 'string' }),
    paidAt: timestamp({ withTimezone: true, mode: 'string' }),
    transactionId: text(),
    pgTransactionId: text(),
    paymentMethod: text(),
    paymentGateway: paymentGateway(),
    collectionMode: text(),
    collectedBy: uuid(),
    notes: text(),
    /** The receipt that holds this payment while it is paid; null while it is not. */
    receiptId: uuid(),
    /**
     * The number of that receipt (`receipts.number`), kept beside `receiptId` by `markPaid` and
     * cleared with it by a reversal, so readers of payments need no join.
     */
    receiptNumber: text(),
    /**
     * What concessions forgave of this due, in paise (`docs/domain.md`, §4 "Concessions"): the
     * assigned amount before any concession is `amountPaise + concessionPaise`; a waived payment
     * has `amountPaise` 0. 0 when no concession was granted.
     */
    concessionPaise: bigint({ mode: 'number' }).$type<Paise>().notNull().default(ZERO_PAISE),
    /**
     * Paid by a sandbox (test) checkout, migration 0018 (`docs/domain.md`, §10 "Payment mode"): no
     * real money. The summaries count it apart, outside every collected figure; false while not
     * paid and for every payment collected at the office or by a live gateway.
     */
    isTest: boolean().notNull().default(false),
    /** The reason of the last concession: widow, hardship, deceased or other; null without one. */
    concessionReason: text(),
    /** The admin's words for the last concession (required for `other`). */
    concessionNote: text(),
    concededBy: uuid(),
    concededAt: timestamp({ withTimezone: true, mode: 'string' }),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'payments_pkey', columns: [t.parishId, t.id] }),
    foreignKey({
      name: 'payments_member_id_members_id_fk',
      columns: [t.parishId, t.memberId],
      foreignColumns: [members.parishId, members.id],
    }),
    foreignKey({
      name: 'payments_payment_head_id_payment_heads_id_fk',
      columns: [t.parishId, t.paymentHeadId],
      foreignColumns: [paymentHeads.parishId, paymentHeads.id],
    }),
    foreignKey({
      name: 'payments_collected_by_staff_users_id_fk',
      columns: [t.parishId, t.collectedBy],
      foreignColumns: [staffUsers.parishId, staffUsers.id],
    }),
    foreignKey({
      name: 'payments_receipt_id_receipts_id_fk',
      columns: [t.parishId, t.receiptId],
      foreignColumns: [receipts.parishId, receipts.id],
    }),
    foreignKey({
      name: 'payments_conceded_by_staff_users_id_fk',
      columns: [t.parishId, t.concededBy],
      foreignColumns: [staffUsers.parishId, staffUsers.id],
    }),
    uniqueIndex('payments_member_head_uq').on(t.parishId, t.memberId, t.paymentHeadId),
    index('payments_receipt_idx').on(t.receiptId),
    index('payments_head_status_idx').on(t.paymentHeadId, t.status),
    index('payments_member_status_idx').on(t.memberId, t.status),
    index('payments_status_idx').on(t.status),
    index('payments_paid_at_idx')
      .on(t.paidAt)
      .where(sql`${t.status} = 'paid'`),
    index('payments_collected_by_paid_at_idx')
      .on(t.collectedBy, t.paidAt)
      .where(sql`${t.status} = 'paid'`),
    index('payments_id_lookup_idx').on(t.id),
  ],
);

/**
 * Receipt number counters: one row per parish and Indian financial year (named by the year it starts),
 * incremented in the same transaction that marks a payment paid, so numbers are unique and
 * sequential within the year.
 */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    parishId: parishIdColumn(),
    financialYear: integer().notNull(),
    lastNumber: integer().notNull().default(0),
  },
  (t) => [primaryKey({ name: 'receipt_counters_financial_year_pk', columns: [t.parishId, t.financialYear] })],
);

/**
 * The lines of a receipt, numbered from 1: each payment it paid, what that payment was for (the
 * head's name and year, copied when issued) and the amount received for it, in paise. Written
 * once when the receipt is issued and never changed, so a voided receipt still reprints its
 * lines; a line's payment or head may later be deleted (a pending payment revoked), and the line
 * keeps what it said.
 */
export const receiptItems = pgTable(
  'receipt_items',
  {
    parishId: parishIdColumn(),
    receiptId: uuid().notNull(),
    line: integer().notNull(),
    paymentId: uuid(),
    paymentHeadId: uuid(),
    headName: text().notNull(),
    headYear: integer().notNull(),
    amountPaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'receipt_items_receipt_id_line_pk', columns: [t.parishId, t.receiptId, t.line] }),
    foreignKey({
      name: 'receipt_items_receipt_id_receipts_id_fk',
      columns: [t.parishId, t.receiptId],
      foreignColumns: [receipts.parishId, receipts.id],
    }),
    // ON DELETE SET NULL (payment_id) in the SQL (migration 0024): the parish stays.
    foreignKey({
      name: 'receipt_items_payment_id_payments_id_fk',
      columns: [t.parishId, t.paymentId],
      foreignColumns: [payments.parishId, payments.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'receipt_items_payment_head_id_payment_heads_id_fk',
      columns: [t.parishId, t.paymentHeadId],
      foreignColumns: [paymentHeads.parishId, paymentHeads.id],
    }).onDelete('set null'),
    index('receipt_items_payment_idx').on(t.paymentId),
    index('receipt_items_receipt_lookup_idx').on(t.receiptId),
  ],
);
