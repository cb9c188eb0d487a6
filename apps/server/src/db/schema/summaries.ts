import { ZERO_PAISE, type Paise } from '@parish/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

import { paymentGateway, paymentStatus, subjectType } from './enums.ts';
import { members } from './members.ts';
import { paymentHeads } from './payment-heads.ts';

/*
 * Pre-aggregated summaries of `payments` (`docs/domain.md`, "B3", "B4" and §12 "What the goals
 * force", items 2 and 7). They are kept exact by PostgreSQL statement-level AFTER triggers with
 * transition tables on `payments` (migration 0004), so every code path that changes payments
 * (collections, online settling, imports, tagging, deletes) updates them in the SAME transaction.
 * The dashboard and the reports read these instead of scanning a million payments.
 *
 * "Collected" (paid amount) is paidAmount, else the assigned amount (`docs/domain.md`, §3 "Derived figures").
 * "Unpaid" is status pending or failed.
 */

/** Count and sums of payments per head and status. Amounts in paise. */
export const paymentHeadStatusSummary = pgTable(
  'payment_head_status_summary',
  {
    paymentHeadId: uuid()
      .notNull()
      .references(() => paymentHeads.id, { onDelete: 'cascade' }),
    status: paymentStatus().notNull(),
    count: bigint({ mode: 'number' }).notNull().default(0),
    /** Sum of assigned amounts. */
    amountPaise: bigint({ mode: 'number' }).$type<Paise>().notNull().default(ZERO_PAISE),
    /** Sum of collected amounts of paid payments (0 for other statuses), test payments left out. */
    paidAmountPaise: bigint({ mode: 'number' }).$type<Paise>().notNull().default(ZERO_PAISE),
    /** Sum of concessions granted (`payments.concession_paise`), migration 0010. */
    concessionPaise: bigint({ mode: 'number' }).$type<Paise>().notNull().default(ZERO_PAISE),
    /** Paid test payments (`payments.is_test`, no real money), migration 0018: their count and amounts. */
    testCount: bigint({ mode: 'number' }).notNull().default(0),
    testPaise: bigint({ mode: 'number' }).$type<Paise>().notNull().default(ZERO_PAISE),
  },
  (t) => [primaryKey({ columns: [t.paymentHeadId, t.status] })],
);

/**
 * Paid payments per parish day (the calendar day of `paid_at` in the parish time zone), method,
 * gateway and collector. Amounts in paise. Nullable key columns are made unique with NULLS NOT
 * DISTINCT (PostgreSQL 15+), so the trigger's upsert finds the row whose collector or method is
 * null. The head is deliberately not a key: no figure needs collections per day and head, and
 * with it a diocese-sized parish (50 heads) would have ~50× more rows to add up for the dashboard.
 */
export const collectionDaySummary = pgTable(
  'collection_day_summary',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    day: date({ mode: 'string' }).notNull(),
    paymentMethod: text(),
    paymentGateway: paymentGateway(),
    collectedBy: uuid(),
    /** Paid payments, test payments left out. */
    count: bigint({ mode: 'number' }).notNull().default(0),
    /** Sum of collected amounts, test payments left out. */
    amountPaise: bigint({ mode: 'number' }).$type<Paise>().notNull().default(ZERO_PAISE),
    /** Paid test payments (`payments.is_test`, no real money), migration 0018: their count and amounts. */
    testCount: bigint({ mode: 'number' }).notNull().default(0),
    testPaise: bigint({ mode: 'number' }).$type<Paise>().notNull().default(ZERO_PAISE),
  },
  (t) => [
    unique('collection_day_summary_key_uq')
      .on(t.day, t.paymentMethod, t.paymentGateway, t.collectedBy)
      .nullsNotDistinct(),
    index('collection_day_summary_collector_day_idx').on(t.collectedBy, t.day),
  ],
);

/**
 * One row per member with payments: counts and sums of their payments, and the unpaid amount per
 * due group (arrear / current due / miscellaneous, from the head's type). Amounts in paise.
 */
export const memberPaymentSummary = pgTable(
  'member_payment_summary',
  {
    memberId: uuid()
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    totalCount: bigint({ mode: 'number' }).notNull().default(0),
    paidCount: bigint({ mode: 'number' }).notNull().default(0),
    unpaidCount: bigint({ mode: 'number' }).notNull().default(0),
    /** Sum of assigned amounts of all the member's payments. */
    assignedPaise: bigint({ mode: 'number' }).$type<Paise>().notNull().default(ZERO_PAISE),
    /** Sum of collected amounts of paid payments, test payments left out. */
    paidPaise: bigint({ mode: 'number' }).$type<Paise>().notNull().default(ZERO_PAISE),
    /**
     * Sum of assigned amounts of unpaid payments (pending, failed) and of dues a test payment paid:
     * test money is not money (migration 0022, decision 0114). `paidCount` and `unpaidCount` count alike.
     */
    unpaidPaise: bigint({ mode: 'number' }).$type<Paise>().notNull().default(ZERO_PAISE),
    arrearUnpaidPaise: bigint({ mode: 'number' }).$type<Paise>().notNull().default(ZERO_PAISE),
    currentUnpaidPaise: bigint({ mode: 'number' }).$type<Paise>().notNull().default(ZERO_PAISE),
    miscUnpaidPaise: bigint({ mode: 'number' }).$type<Paise>().notNull().default(ZERO_PAISE),
    /** Sum of concessions granted on the member's payments, migration 0010. */
    concessionPaise: bigint({ mode: 'number' }).$type<Paise>().notNull().default(ZERO_PAISE),
    /** Payments waived whole (status `waived`), migration 0010; not counted as unpaid. */
    waivedCount: bigint({ mode: 'number' }).notNull().default(0),
    /** Paid test payments (`payments.is_test`, no real money), migration 0018: their count and amounts. */
    testCount: bigint({ mode: 'number' }).notNull().default(0),
    testPaise: bigint({ mode: 'number' }).$type<Paise>().notNull().default(ZERO_PAISE),
  },
  (t) => [
    index('member_payment_summary_unpaid_idx')
      .on(t.unpaidPaise.desc(), t.memberId)
      .where(sql`${t.unpaidPaise} > 0`),
  ],
);

/**
 * The parish time zone the summary triggers use for "day" (a single row, id 1). Set at start-up
 * from `PARISH_TIMEZONE` (`setParishTimezone`), which rebuilds the day summary when it changes.
 */
export const parishTimezone = pgTable(
  'parish_timezone',
  {
    id: integer().primaryKey().default(1),
    timezone: text().notNull(),
  },
  (t) => [check('parish_timezone_single_row', sql`${t.id} = 1`)],
);

/**
 * Single-use tickets for the event stream (`GET /api/subscribe?ticket=`): SHA-256 of the random
 * ticket, who it is for, when it expires (30 s after issue) and when it was used. Kept in the
 * database so that any server process can redeem a ticket exactly once.
 */
export const eventTickets = pgTable(
  'event_tickets',
  {
    ticketHash: text().primaryKey(),
    subjectType: subjectType().notNull(),
    subjectId: uuid().notNull(),
    /** admin, cashier or customer. */
    role: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'string' }),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('event_tickets_expires_idx').on(t.expiresAt)],
);
