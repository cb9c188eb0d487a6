import { ZERO_PAISE, type Paise } from '@parish/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

import { headType, paymentGateway, paymentStatus, subjectType } from './enums.ts';
import { members } from './members.ts';
import { parishIdColumn } from './parishes.ts';
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
    parishId: parishIdColumn(),
    paymentHeadId: uuid().notNull(),
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
  (t) => [
    primaryKey({
      name: 'payment_head_status_summary_payment_head_id_status_pk',
      columns: [t.parishId, t.paymentHeadId, t.status],
    }),
    foreignKey({
      name: 'payment_head_status_summary_payment_head_id_payment_heads_id_fk',
      columns: [t.parishId, t.paymentHeadId],
      foreignColumns: [paymentHeads.parishId, paymentHeads.id],
    }).onDelete('cascade'),
    index('payment_head_status_summary_head_lookup_idx').on(t.paymentHeadId),
  ],
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
    parishId: parishIdColumn(),
    id: bigserial({ mode: 'number' }).notNull(),
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
    primaryKey({ name: 'collection_day_summary_pkey', columns: [t.parishId, t.id] }),
    unique('collection_day_summary_key_uq')
      .on(t.parishId, t.day, t.paymentMethod, t.paymentGateway, t.collectedBy)
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
    parishId: parishIdColumn(),
    memberId: uuid().notNull(),
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
    primaryKey({ name: 'member_payment_summary_pkey', columns: [t.parishId, t.memberId] }),
    foreignKey({
      name: 'member_payment_summary_member_id_members_id_fk',
      columns: [t.parishId, t.memberId],
      foreignColumns: [members.parishId, members.id],
    }).onDelete('cascade'),
    // The member-due report's first page, largest unpaid total first, in the parish (migration 0048).
    index('member_payment_summary_parish_unpaid_idx')
      .on(t.parishId, t.unpaidPaise.desc().nullsFirst(), t.memberId)
      .where(sql`${t.unpaidPaise} > 0`),
    index('member_payment_summary_member_lookup_idx').on(t.memberId),
  ],
);

/**
 * The diocese roll-up's sums per parish, month and head type (migration 0033, decision 0133; issue 28
 * "Performance"): `month` is the first day of the month of the due's day (its due date, else 1 April
 * of its year; decision 0131). Amounts in paise: raised (every due but waived ones), collected (real
 * money: paid, not a test payment), outstanding (pending, failed, or paid only by a test payment;
 * decision 0114); `dueCount` counts the dues. Kept by the statement-level triggers
 * `payments_summary_rollup_*` and `payment_heads_summary_rollup_upd`, rebuilt by `summaries_rebuild()`.
 */
export const rollupMonthSummary = pgTable(
  'rollup_month_summary',
  {
    parishId: parishIdColumn(),
    month: date({ mode: 'string' }).notNull(),
    headType: headType().notNull(),
    dueCount: bigint({ mode: 'number' }).notNull().default(0),
    raisedPaise: bigint({ mode: 'number' }).$type<Paise>().notNull().default(ZERO_PAISE),
    collectedPaise: bigint({ mode: 'number' }).$type<Paise>().notNull().default(ZERO_PAISE),
    outstandingPaise: bigint({ mode: 'number' }).$type<Paise>().notNull().default(ZERO_PAISE),
  },
  (t) => [primaryKey({ name: 'rollup_month_summary_pkey', columns: [t.parishId, t.month, t.headType] })],
);

/**
 * The parish's time zone: the summary triggers' and the server's "day" (one row per parish, id 1; migration 0024).
 * Start-up sets the home parish's from `PARISH_TIMEZONE` while no admin has chosen one (`chosenAt` null; migration
 * 0034, decision 0135); an admin chooses it on Settings (`setParishTimeZone`), which rebuilds the summaries.
 */
export const parishTimezone = pgTable(
  'parish_timezone',
  {
    parishId: parishIdColumn(),
    id: integer().notNull().default(1),
    timezone: text().notNull(),
    /** When an admin chose the zone on Settings (UTC); null while it is the install's `PARISH_TIMEZONE`. */
    chosenAt: timestamp({ withTimezone: true, mode: 'string' }),
  },
  (t) => [
    primaryKey({ name: 'parish_timezone_pkey', columns: [t.parishId, t.id] }),
    check('parish_timezone_single_row', sql`${t.id} = 1`),
  ],
);

/**
 * Single-use tickets for the event stream (`GET /api/subscribe?ticket=`): SHA-256 of the random
 * ticket, who it is for, when it expires (30 s after issue) and when it was used. Kept in the
 * database so that any server process can redeem a ticket exactly once.
 */
export const eventTickets = pgTable(
  'event_tickets',
  {
    parishId: parishIdColumn(),
    ticketHash: text().notNull(),
    subjectType: subjectType().notNull(),
    subjectId: uuid().notNull(),
    /** admin, cashier or customer. */
    role: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'string' }),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'event_tickets_pkey', columns: [t.parishId, t.ticketHash] }),
    index('event_tickets_expires_idx').on(t.expiresAt),
    index('event_tickets_ticket_lookup_idx').on(t.ticketHash),
  ],
);
