import type { ColumnMapping, Paise } from '@parish/shared';
import { sql } from 'drizzle-orm';
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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { bankDeposits } from './deposits.ts';
import { parishIdColumn } from './parishes.ts';
import { receipts } from './receipts.ts';
import { gatewaySettlements } from './settlements.ts';
import { staffUsers } from './staff-users.ts';

/**
 * A bank account of the parish and the column mapping of its net-banking export (migration 0044,
 * decision 0149; `docs/domain.md`, "Column mappings"). `preset` names the bank preset the mapping
 * started from (`BANK_PRESET_KEYS`), null for one set by hand.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    parishId: parishIdColumn(),
    id: uuid().notNull().defaultRandom(),
    name: text().notNull(),
    preset: text(),
    mapping: jsonb().$type<ColumnMapping>().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'bank_accounts_pkey', columns: [t.parishId, t.id] }),
    unique('bank_accounts_name_uq').on(t.parishId, t.name),
  ],
);

/** A bank preset the parish confirmed reads its bank's export (who, when); absent while unverified. */
export const bankPresetConfirmations = pgTable(
  'bank_preset_confirmations',
  {
    parishId: parishIdColumn(),
    preset: text().notNull(),
    confirmedBy: uuid(),
    confirmedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'bank_preset_confirmations_pkey', columns: [t.parishId, t.preset] }),
    foreignKey({
      name: 'bank_preset_confirmations_confirmed_by_staff_users_id_fk',
      columns: [t.parishId, t.confirmedBy],
      foreignColumns: [staffUsers.parishId, staffUsers.id],
    }),
  ],
);

/**
 * A line of an uploaded bank statement (decision 0149): the date the bank prints (a calendar
 * date), its narration and reference, the amount in paise (credit positive, debit negative), the
 * running balance after it in paise, and the UPI UTR read from it. Its identity (account, date,
 * amount, reference, balance) is unique, so uploading a statement again stores nothing new.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    parishId: parishIdColumn(),
    id: uuid().notNull().defaultRandom(),
    bankAccountId: uuid().notNull(),
    lineDate: date({ mode: 'string' }).notNull(),
    narration: text().notNull(),
    /** The reference, UTR or cheque number column; '' when the bank printed none. */
    reference: text().notNull(),
    amountPaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    balancePaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    /** The 12-digit UPI reference read from the reference or the narration; null when none. */
    utr: text(),
    fileName: text().notNull(),
    importedBy: uuid(),
    importedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'bank_statement_lines_pkey', columns: [t.parishId, t.id] }),
    unique('bank_statement_lines_identity_uq').on(
      t.parishId,
      t.bankAccountId,
      t.lineDate,
      t.amountPaise,
      t.reference,
      t.balancePaise,
    ),
    foreignKey({
      name: 'bank_statement_lines_bank_account_id_bank_accounts_id_fk',
      columns: [t.parishId, t.bankAccountId],
      foreignColumns: [bankAccounts.parishId, bankAccounts.id],
    }),
    foreignKey({
      name: 'bank_statement_lines_imported_by_staff_users_id_fk',
      columns: [t.parishId, t.importedBy],
      foreignColumns: [staffUsers.parishId, staffUsers.id],
    }),
    index('bank_statement_lines_utr_idx')
      .on(t.utr)
      .where(sql`${t.utr} is not null`),
    check('bank_statement_lines_amount_check', sql`${t.amountPaise} <> 0`),
  ],
);

/**
 * A statement line matched with what it pays in (decisions 0149, 0151, 0152): `kind` 'upi_receipt'
 * names a UPI receipt of the counter (`receiptId`), 'gateway_settlement' a gateway's settlement
 * (`settlementId`, migration 0045), 'deposit' a deposit slip (`depositId`, migration 0046). One
 * match per line (the key), per receipt, per settlement and per deposit (unique indexes), so nothing
 * is matched twice. `method` 'utr' (a receipt or a settlement by its UTR), 'slip' (a deposit by its
 * slip number), 'amount_date' (the only deposit of the amount from 3 days before the line), 'manual'
 * (a person); `matchedBy` null for a matcher run by an upload (its person is in its audit record).
 */
export const bankMatches = pgTable(
  'bank_matches',
  {
    parishId: parishIdColumn(),
    lineId: uuid().notNull(),
    kind: text().notNull(),
    receiptId: uuid(),
    settlementId: uuid(),
    depositId: uuid(),
    method: text().notNull(),
    matchedBy: uuid(),
    matchedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'bank_matches_pkey', columns: [t.parishId, t.lineId] }),
    foreignKey({
      name: 'bank_matches_line_id_bank_statement_lines_id_fk',
      columns: [t.parishId, t.lineId],
      foreignColumns: [bankStatementLines.parishId, bankStatementLines.id],
    }),
    foreignKey({
      name: 'bank_matches_receipt_id_receipts_id_fk',
      columns: [t.parishId, t.receiptId],
      foreignColumns: [receipts.parishId, receipts.id],
    }),
    foreignKey({
      name: 'bank_matches_settlement_id_gateway_settlements_id_fk',
      columns: [t.parishId, t.settlementId],
      foreignColumns: [gatewaySettlements.parishId, gatewaySettlements.id],
    }),
    foreignKey({
      name: 'bank_matches_deposit_id_bank_deposits_id_fk',
      columns: [t.parishId, t.depositId],
      foreignColumns: [bankDeposits.parishId, bankDeposits.id],
    }),
    foreignKey({
      name: 'bank_matches_matched_by_staff_users_id_fk',
      columns: [t.parishId, t.matchedBy],
      foreignColumns: [staffUsers.parishId, staffUsers.id],
    }),
    uniqueIndex('bank_matches_receipt_uq')
      .on(t.parishId, t.receiptId)
      .where(sql`${t.receiptId} is not null`),
    uniqueIndex('bank_matches_settlement_uq')
      .on(t.parishId, t.settlementId)
      .where(sql`${t.settlementId} is not null`),
    uniqueIndex('bank_matches_deposit_uq')
      .on(t.parishId, t.depositId)
      .where(sql`${t.depositId} is not null`),
    check(
      'bank_matches_kind_check',
      sql`(${t.kind} = 'upi_receipt' AND ${t.receiptId} IS NOT NULL AND ${t.settlementId} IS NULL AND ${t.depositId} IS NULL) OR (${t.kind} = 'gateway_settlement' AND ${t.settlementId} IS NOT NULL AND ${t.receiptId} IS NULL AND ${t.depositId} IS NULL) OR (${t.kind} = 'deposit' AND ${t.depositId} IS NOT NULL AND ${t.receiptId} IS NULL AND ${t.settlementId} IS NULL)`,
    ),
    check('bank_matches_method_check', sql`${t.method} IN ('utr', 'slip', 'amount_date', 'manual')`),
  ],
);
