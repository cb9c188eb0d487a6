import type { Paise } from '@parish/shared';
import {
  bigint,
  date,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { parishIdColumn } from './parishes.ts';
import { staffUsers } from './staff-users.ts';

/**
 * The answers of `POST /api/collections` by `Idempotency-Key` (`docs/domain.md`, "Collecting several
 * dues"): one row per caller and key, inserted first in the collection's own transaction, so a
 * concurrent second submit waits for the first and then reads its answer. `requestHash` is the
 * SHA-256 of the validated body; `response` the JSON answered.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    parishId: parishIdColumn(),
    actorId: uuid().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    response: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_actor_id_key_pk', columns: [t.parishId, t.actorId, t.key] }),
    index('idempotency_keys_key_lookup_idx').on(t.actorId, t.key),
  ],
);

/**
 * A cashier's day at the counter (`docs/domain.md`, "Day close"): a row exists once the day is
 * closed (or was, and reopened). While `closedAt` is set the day is closed: the cashier may not
 * reverse its collections, and nothing is recorded on it. `day` is a parish calendar date;
 * `denominations` the optional cash count (notes by face value, coins in paise) and `countedPaise`
 * its sum.
 */
export const cashierDays = pgTable(
  'cashier_days',
  {
    parishId: parishIdColumn(),
    cashierId: uuid().notNull(),
    day: date({ mode: 'string' }).notNull(),
    closedAt: timestamp({ withTimezone: true, mode: 'string' }),
    closedBy: uuid(),
    reopenedAt: timestamp({ withTimezone: true, mode: 'string' }),
    reopenedBy: uuid(),
    denominations: jsonb(),
    countedPaise: bigint({ mode: 'number' }).$type<Paise>(),
  },
  (t) => [
    primaryKey({ name: 'cashier_days_cashier_id_day_pk', columns: [t.parishId, t.cashierId, t.day] }),
    foreignKey({
      name: 'cashier_days_cashier_id_staff_users_id_fk',
      columns: [t.parishId, t.cashierId],
      foreignColumns: [staffUsers.parishId, staffUsers.id],
    }),
    foreignKey({
      name: 'cashier_days_closed_by_staff_users_id_fk',
      columns: [t.parishId, t.closedBy],
      foreignColumns: [staffUsers.parishId, staffUsers.id],
    }),
    foreignKey({
      name: 'cashier_days_reopened_by_staff_users_id_fk',
      columns: [t.parishId, t.reopenedBy],
      foreignColumns: [staffUsers.parishId, staffUsers.id],
    }),
    index('cashier_days_day_lookup_idx').on(t.cashierId, t.day),
  ],
);
