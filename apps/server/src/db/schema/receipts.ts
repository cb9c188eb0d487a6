import type { Paise } from '@parish/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { paymentGateway } from './enums.ts';
import { members } from './members.ts';
import { parishIdColumn } from './parishes.ts';
import { staffUsers } from './staff-users.ts';

/**
 * A receipt: what one act of paying received, for one member, under one number of the Indian
 * financial year (`docs/domain.md`, "Receipt numbers"). It holds one or more lines
 * (`receipt_items`, one per payment). A receipt is never deleted and its number never changes:
 * a reversal voids it (`voided_at`), and the number stays with the voided receipt. Amounts in
 * paise; instants UTC.
 */
export const receipts = pgTable(
  'receipts',
  {
    parishId: parishIdColumn(),
    id: uuid().notNull().defaultRandom(),
    /** `2026-27/000001`: the financial year it was issued in and the sequence within it. */
    number: text().notNull(),
    /** The financial year (April to March) named by the year it starts, e.g. 2026 for 2026-27. */
    financialYear: integer().notNull(),
    memberId: uuid().notNull(),
    /** When the money was received (the payments' paidAt). */
    issuedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    /** cash, upi, cheque at the office; online (or the gateway's method) for a gateway payment. */
    paymentMethod: text().notNull(),
    paymentGateway: paymentGateway().notNull(),
    /** manual (office) or online. */
    collectionMode: text().notNull(),
    /** The staff member who collected it; null for an online payment. */
    collectedBy: uuid(),
    /** The reference typed at the counter, or our online transaction id. */
    transactionId: text(),
    /** The gateway's reference, or the reference typed at the counter. */
    pgTransactionId: text(),
    /** The sum of its lines, in paise. */
    totalPaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    /** The remarks typed at the counter. */
    notes: text(),
    /** When it was voided by a reversal; null while it stands. */
    voidedAt: timestamp({ withTimezone: true, mode: 'string' }),
    voidedBy: uuid(),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** Why it was voided (`REVERSAL_REASONS`: wrong_member, wrong_amount, cheque_bounced, duplicate, other). */
    voidReason: text(),
    /** The reversal's note (required with the reason 'other'). */
    voidNote: text(),
    /** A cheque collection: the bank, the cheque number and the cheque's date (a calendar date). */
    chequeBank: text(),
    chequeNumber: text(),
    chequeDate: date({ mode: 'string' }),
    /**
     * received (receipt issued, dues paid), deposited (on a bank deposit slip, decision 0147),
     * cleared, or bounced (voided); null when not a cheque.
     */
    chequeStatus: text(),
    /** When the cheque was last moved (deposited, cleared or bounced), and by whom. */
    chequeStatusAt: timestamp({ withTimezone: true, mode: 'string' }),
    chequeStatusBy: uuid(),
    /** A UPI collection at the counter: the 12-digit UTR the member's app showed, unique among receipts that stand. */
    utr: text(),
  },
  (t) => [
    primaryKey({ name: 'receipts_pkey', columns: [t.parishId, t.id] }),
    unique('receipts_number_unique').on(t.parishId, t.number),
    foreignKey({
      name: 'receipts_member_id_members_id_fk',
      columns: [t.parishId, t.memberId],
      foreignColumns: [members.parishId, members.id],
    }),
    foreignKey({
      name: 'receipts_collected_by_staff_users_id_fk',
      columns: [t.parishId, t.collectedBy],
      foreignColumns: [staffUsers.parishId, staffUsers.id],
    }),
    foreignKey({
      name: 'receipts_voided_by_staff_users_id_fk',
      columns: [t.parishId, t.voidedBy],
      foreignColumns: [staffUsers.parishId, staffUsers.id],
    }),
    foreignKey({
      name: 'receipts_cheque_status_by_staff_users_id_fk',
      columns: [t.parishId, t.chequeStatusBy],
      foreignColumns: [staffUsers.parishId, staffUsers.id],
    }),
    index('receipts_member_issued_idx').on(t.memberId, t.issuedAt),
    uniqueIndex('receipts_utr_uq')
      .on(t.parishId, t.utr)
      .where(sql`${t.voidedAt} is null and ${t.utr} is not null`),
    index('receipts_utr_lookup_idx')
      .on(t.utr)
      .where(sql`${t.voidedAt} is null and ${t.utr} is not null`),
    index('receipts_collector_issued_idx').on(t.collectedBy, t.issuedAt),
    index('receipts_voided_idx')
      .on(t.voidedAt)
      .where(sql`${t.voidedAt} is not null`),
    index('receipts_cheque_status_idx')
      .on(t.chequeStatus)
      .where(sql`${t.chequeStatus} in ('received', 'deposited')`),
    index('receipts_id_lookup_idx').on(t.id),
    index('receipts_number_lookup_idx').on(t.number),
  ],
);
