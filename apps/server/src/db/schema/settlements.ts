import type { Paise } from '@parish/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

import { parishIdColumn } from './parishes.ts';
import { staffUsers } from './staff-users.ts';
import { transactions } from './transactions.ts';

/**
 * One transfer a gateway made to the parish's bank (migration 0045, decision 0151; `docs/domain.md`,
 * "Gateway settlements"): Razorpay's settlement (`setl_…`, read with its Settlements API,
 * razorpay.com/docs/api/settlements) or a Worldline settlement imported from the merchant portal's
 * report (its `settlementId` is the UTR). `amountPaise` is the net credited to the bank, `feePaise`
 * the gateway's fees without GST and `taxPaise` the GST on them, all in paise; `settledAt` the
 * instant (UTC) it was paid out. `source` 'api' (fetched) or 'import' (a file); `recordedBy` null
 * when the daily worker fetched it. Unique per gateway and settlement id: fetched twice, stored once.
 */
export const gatewaySettlements = pgTable(
  'gateway_settlements',
  {
    parishId: parishIdColumn(),
    id: uuid().notNull().defaultRandom(),
    gateway: text().$type<'razorpay' | 'worldline'>().notNull(),
    settlementId: text().notNull(),
    utr: text().notNull(),
    amountPaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    feePaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    taxPaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    settledAt: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    source: text().$type<'api' | 'import'>().notNull(),
    recordedBy: uuid(),
    recordedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'gateway_settlements_pkey', columns: [t.parishId, t.id] }),
    unique('gateway_settlements_settlement_uq').on(t.parishId, t.gateway, t.settlementId),
    foreignKey({
      name: 'gateway_settlements_recorded_by_staff_users_id_fk',
      columns: [t.parishId, t.recordedBy],
      foreignColumns: [staffUsers.parishId, staffUsers.id],
    }),
    index('gateway_settlements_utr_idx').on(t.utr),
    check('gateway_settlements_gateway_check', sql`${t.gateway} IN ('razorpay', 'worldline')`),
    check('gateway_settlements_source_check', sql`${t.source} IN ('api', 'import')`),
    check('gateway_settlements_fee_check', sql`${t.feePaise} >= 0 AND ${t.taxPaise} >= 0`),
  ],
);

/**
 * What one settlement carried (decision 0151): a payment, refund or adjustment of the gateway
 * (`entityId`: Razorpay's `pay_…`/`rfnd_…`, Worldline's merchant transaction id), with its gross,
 * fee, GST on the fee and net in paise, and our transaction when it is one of ours. Unique per
 * gateway, type and entity: an item is never counted in two settlements.
 */
export const gatewaySettlementItems = pgTable(
  'gateway_settlement_items',
  {
    parishId: parishIdColumn(),
    id: uuid().notNull().defaultRandom(),
    settlementRowId: uuid().notNull(),
    gateway: text().$type<'razorpay' | 'worldline'>().notNull(),
    type: text().$type<'payment' | 'refund' | 'adjustment'>().notNull(),
    entityId: text().notNull(),
    transactionId: uuid(),
    grossPaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    feePaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    taxPaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    netPaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'gateway_settlement_items_pkey', columns: [t.parishId, t.id] }),
    unique('gateway_settlement_items_entity_uq').on(t.parishId, t.gateway, t.type, t.entityId),
    foreignKey({
      name: 'gateway_settlement_items_settlement_row_id_fk',
      columns: [t.parishId, t.settlementRowId],
      foreignColumns: [gatewaySettlements.parishId, gatewaySettlements.id],
    }),
    foreignKey({
      name: 'gateway_settlement_items_transaction_id_transactions_id_fk',
      columns: [t.parishId, t.transactionId],
      foreignColumns: [transactions.parishId, transactions.id],
    }),
    index('gateway_settlement_items_settlement_idx').on(t.settlementRowId),
    index('gateway_settlement_items_transaction_idx')
      .on(t.transactionId)
      .where(sql`${t.transactionId} is not null`),
    check('gateway_settlement_items_type_check', sql`${t.type} IN ('payment', 'refund', 'adjustment')`),
  ],
);

/**
 * The parish's holiday list (Settings; decision 0151): a parish calendar day that is not a working
 * day, with its name. The working-day rule (`docs/domain.md`, "Working days") also leaves out
 * Sundays and the 2nd and 4th Saturdays.
 */
export const parishHolidays = pgTable(
  'parish_holidays',
  {
    parishId: parishIdColumn(),
    day: date({ mode: 'string' }).notNull(),
    name: text().notNull(),
  },
  (t) => [primaryKey({ name: 'parish_holidays_pkey', columns: [t.parishId, t.day] })],
);
