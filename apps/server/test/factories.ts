import type { SQL } from 'drizzle-orm';

import { paymentHeads, payments } from '../src/db/schema/index.ts';
import { queryRows, type DbOrTx } from '../src/db/client.ts';
import { paise } from '@parish/shared';

/** What {@link insertHead} may be told; amounts in paise. */
export interface HeadOverrides {
  name?: string;
  amountPaise?: number;
  variable?: boolean;
  type?: 'arrear' | 'current due' | 'miscellaneous';
  year?: number;
}

/**
 * Inserts a payment head straight into the database (no API, no audit): by default a fixed
 * current due of ₹1,500.00 for 2026, due 31/03/2027, with a random name.
 * @returns the inserted row (amounts in paise).
 */
export async function insertHead(db: DbOrTx, overrides: HeadOverrides = {}) {
  const [head] = await db
    .insert(paymentHeads)
    .values({
      name: overrides.name ?? `Head ${Math.random().toString(36).slice(2, 8)}`,
      description: 'Annual contribution',
      amountPaise: paise(overrides.amountPaise ?? 150_000),
      type: overrides.type ?? 'current due',
      year: overrides.year ?? 2026,
      dueDate: '2027-03-31',
      variableAmount: overrides.variable ?? false,
    })
    .returning();
  if (!head) throw new Error('head insert returned nothing');
  return head;
}

/**
 * Assigns a head to a member straight in the database: a pending payment of the head's amount
 * (or `amountPaise`, in paise) for the head's year.
 * @returns the inserted payment row.
 */
export async function insertPayment(
  db: DbOrTx,
  member: { id: string },
  head: { id: string; amountPaise: number; year?: number },
  amountPaise?: number,
) {
  const [payment] = await db
    .insert(payments)
    .values({
      memberId: member.id,
      paymentHeadId: head.id,
      amountPaise: paise(amountPaise ?? head.amountPaise),
      year: head.year ?? 2026,
    })
    .returning();
  if (!payment) throw new Error('payment insert returned nothing');
  return payment;
}

/**
 * The rows of a query as sorted text lines, the values of a row joined by `|` (`null` for SQL
 * null): for comparing a summary table with a full scan whatever the engine returns (bigint from
 * node-postgres is text, from PGlite a number).
 */
export async function sortedLines(db: DbOrTx, query: SQL): Promise<string[]> {
  const rows = await queryRows<Record<string, unknown>>(db, query);
  return rows
    .map((row) =>
      Object.values(row)
        .map((v) => (v === null ? 'null' : String(v)))
        .join('|'),
    )
    .sort();
}
