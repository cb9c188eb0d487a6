import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { paymentGateway } from './enums.ts';
import { members } from './members.ts';
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
    id: uuid().primaryKey().defaultRandom(),
    /** `2026-27/000001`: the financial year it was issued in and the sequence within it. */
    number: text().notNull().unique(),
    /** The financial year (April to March) named by the year it starts, e.g. 2026 for 2026-27. */
    financialYear: integer().notNull(),
    memberId: uuid()
      .notNull()
      .references(() => members.id),
    /** When the money was received (the payments' paidAt). */
    issuedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    /** cash, upi, cheque at the office; online (or the gateway's method) for a gateway payment. */
    paymentMethod: text().notNull(),
    paymentGateway: paymentGateway().notNull(),
    /** manual (office) or online. */
    collectionMode: text().notNull(),
    /** The staff member who collected it; null for an online payment. */
    collectedBy: uuid().references(() => staffUsers.id),
    /** The reference typed at the counter, or our online transaction id. */
    transactionId: text(),
    /** The gateway's reference, or the reference typed at the counter. */
    pgTransactionId: text(),
    /** The sum of its lines, in paise. */
    totalPaise: bigint({ mode: 'number' }).notNull(),
    /** The remarks typed at the counter. */
    notes: text(),
    /** When it was voided by a reversal; null while it stands. */
    voidedAt: timestamp({ withTimezone: true, mode: 'string' }),
    voidedBy: uuid().references(() => staffUsers.id),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('receipts_member_issued_idx').on(t.memberId, t.issuedAt)],
);
