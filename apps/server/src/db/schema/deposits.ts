import type { Paise } from '@parish/shared';
import {
  bigint,
  check,
  date,
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
import { sql } from 'drizzle-orm';

import { cashierDays } from './office.ts';
import { parishIdColumn } from './parishes.ts';
import { receipts } from './receipts.ts';
import { staffUsers } from './staff-users.ts';

/**
 * A bank deposit, the pay-in slip that took cash of closed day sheets and cheques received on
 * closed days to the parish's bank (`docs/domain.md`, "Bank deposits"; migration 0042, decision
 * 0147). `bankAccount` is the account as the parish's ledger names it; `slipNumber` is unique per
 * account (bank statements are matched by it); amounts in paise; `depositDate` a parish calendar
 * date; `denominations` the notes by face value and coins in paise, null when not counted.
 */
export const bankDeposits = pgTable(
  'bank_deposits',
  {
    parishId: parishIdColumn(),
    id: uuid().notNull().defaultRandom(),
    slipNumber: text().notNull(),
    bankAccount: text().notNull(),
    depositDate: date({ mode: 'string' }).notNull(),
    cashPaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    chequePaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    totalPaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    denominations: jsonb(),
    createdBy: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'bank_deposits_pkey', columns: [t.parishId, t.id] }),
    unique('bank_deposits_slip_unique').on(t.parishId, t.bankAccount, t.slipNumber),
    foreignKey({
      name: 'bank_deposits_created_by_staff_users_id_fk',
      columns: [t.parishId, t.createdBy],
      foreignColumns: [staffUsers.parishId, staffUsers.id],
    }),
    check(
      'bank_deposits_amounts_check',
      sql`${t.cashPaise} >= 0 AND ${t.chequePaise} >= 0 AND ${t.totalPaise} = ${t.cashPaise} + ${t.chequePaise} AND ${t.totalPaise} > 0`,
    ),
    index('bank_deposits_id_lookup_idx').on(t.id),
    index('bank_deposits_date_idx').on(t.depositDate),
    index('bank_deposits_slip_number_idx').on(t.slipNumber),
  ],
);

/**
 * The cash of one cashier's closed day on one deposit slip: its primary key makes a day's cash go
 * on at most one slip (decision 0147). `cashPaise` is the day sheet's net cash when deposited.
 */
export const bankDepositDays = pgTable(
  'bank_deposit_days',
  {
    parishId: parishIdColumn(),
    cashierId: uuid().notNull(),
    day: date({ mode: 'string' }).notNull(),
    depositId: uuid().notNull(),
    cashPaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'bank_deposit_days_pkey', columns: [t.parishId, t.cashierId, t.day] }),
    foreignKey({
      name: 'bank_deposit_days_deposit_id_bank_deposits_id_fk',
      columns: [t.parishId, t.depositId],
      foreignColumns: [bankDeposits.parishId, bankDeposits.id],
    }),
    foreignKey({
      name: 'bank_deposit_days_cashier_day_fk',
      columns: [t.parishId, t.cashierId, t.day],
      foreignColumns: [cashierDays.parishId, cashierDays.cashierId, cashierDays.day],
    }),
    index('bank_deposit_days_day_lookup_idx').on(t.cashierId, t.day),
    index('bank_deposit_days_deposit_idx').on(t.depositId),
  ],
);

/**
 * One cheque (its receipt) on one deposit slip: its primary key makes a cheque go on at most one
 * slip (decision 0147). `amountPaise` is the receipt's total.
 */
export const bankDepositCheques = pgTable(
  'bank_deposit_cheques',
  {
    parishId: parishIdColumn(),
    receiptId: uuid().notNull(),
    depositId: uuid().notNull(),
    amountPaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'bank_deposit_cheques_pkey', columns: [t.parishId, t.receiptId] }),
    foreignKey({
      name: 'bank_deposit_cheques_deposit_id_bank_deposits_id_fk',
      columns: [t.parishId, t.depositId],
      foreignColumns: [bankDeposits.parishId, bankDeposits.id],
    }),
    foreignKey({
      name: 'bank_deposit_cheques_receipt_id_receipts_id_fk',
      columns: [t.parishId, t.receiptId],
      foreignColumns: [receipts.parishId, receipts.id],
    }),
    check('bank_deposit_cheques_amount_check', sql`${t.amountPaise} > 0`),
    index('bank_deposit_cheques_receipt_lookup_idx').on(t.receiptId),
    index('bank_deposit_cheques_deposit_idx').on(t.depositId),
  ],
);
