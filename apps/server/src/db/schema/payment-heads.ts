import type { Paise } from '@parish/shared';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { headType } from './enums.ts';
import { parishIdColumn } from './parishes.ts';

/** Payment heads (account heads, particulars; `docs/domain.md`, §3 "Payment heads"). Amounts in paise. */
export const paymentHeads = pgTable(
  'payment_heads',
  {
    parishId: parishIdColumn(),
    id: uuid().notNull().defaultRandom(),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** The base amount in paise; immutable after creation (`docs/domain.md`, "§5 Validation"). */
    amountPaise: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    type: headType().notNull(),
    /** 2020 to 2030 (`docs/domain.md`, §5 "Account head form"). */
    year: integer().notNull(),
    /** Only for current due and miscellaneous heads; calendar date. */
    dueDate: date({ mode: 'string' }),
    /** The payer may pay more than the assigned amount, never less. */
    variableAmount: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    /**
     * Money received under the head is a donation (section 80G; migration 0043, decision 0148): its
     * receipts carry the trust's 80G lines and it counts in the Form 10BD export.
     */
    isDonation: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'payment_heads_pkey', columns: [t.parishId, t.id] }),
    index('payment_heads_year_name_idx').on(t.year, t.name),
    index('payment_heads_type_idx').on(t.type),
    index('payment_heads_id_lookup_idx').on(t.id),
  ],
);
