import type { Paise } from '@parish/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { headType } from './enums.ts';
import { parishes } from './parishes.ts';

/**
 * The diocese's administrators (migration 0031, decision 0131; issue 28 items 1 and 5): a global
 * table, no parish owns them. They sign in with `POST /api/diocese/auth/login` and hold a token of
 * their own kind that no parish route accepts. The first is made by `npm run diocese:admin`.
 */
export const dioceseStaff = pgTable(
  'diocese_staff',
  {
    id: uuid().primaryKey().defaultRandom(),
    username: text().notNull(),
    name: text().notNull(),
    /** Argon2id PHC string. */
    passwordHash: text().notNull(),
    isActive: boolean().notNull().default(true),
    /** Raised on sign-out and password change: older diocese tokens stop working. */
    tokenVersion: integer().notNull().default(0),
    /** True while the password is a one-time password: the session may only change it. */
    passwordMustChange: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('diocese_staff_username_lower_uq').using('btree', sql`lower(${t.username})`)],
);

/**
 * The diocese's levy on a parish (migration 0031, decision 0131; issue 28 item 5): a global table
 * kept by the diocese. Kind `share`: `basisPoints` (1/100 of a per cent, 0 to 10,000) of what the
 * parish collected on dues of `headType` in a financial year; kind `fixed`: `fixedPaise` a financial
 * year. In force from `effectiveYear` (a financial year, named by the year it starts) until a later
 * row of the same parish, kind and head type.
 */
export const dioceseLevies = pgTable(
  'diocese_levies',
  {
    id: uuid().primaryKey().defaultRandom(),
    parishId: integer()
      .notNull()
      .references(() => parishes.id),
    kind: text().$type<'share' | 'fixed'>().notNull(),
    headType: headType(),
    basisPoints: integer(),
    fixedPaise: bigint({ mode: 'number' }).$type<Paise>(),
    effectiveYear: integer().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    unique('diocese_levies_slot_year_uq').on(t.parishId, t.kind, t.headType, t.effectiveYear).nullsNotDistinct(),
    check(
      'diocese_levies_kind_check',
      sql`(${t.kind} = 'share' AND ${t.headType} IS NOT NULL AND ${t.basisPoints} BETWEEN 0 AND 10000 AND ${t.fixedPaise} IS NULL) OR (${t.kind} = 'fixed' AND ${t.headType} IS NULL AND ${t.basisPoints} IS NULL AND ${t.fixedPaise} BETWEEN 0 AND 100000000000)`,
    ),
    check('diocese_levies_year_check', sql`${t.effectiveYear} BETWEEN 2000 AND 2100`),
  ],
);
