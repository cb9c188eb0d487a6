import { sql } from 'drizzle-orm';

import { payments } from '../../../db/schema/index.ts';

/**
 * Test money is not money, in any figure (`docs/domain.md`, §3 "Derived figures"; decision 0114):
 * a due paid by a test payment (`payments.is_test`) counts as still owed, never as paid or
 * collected. The summaries carry the rule (migration 0022); these are its forms for the few
 * figures read from `payments` itself (the payment heads page) and for rows read one by one (the
 * member portal).
 */

/** SQL condition on `payments`: paid with real money (counts as paid and collected). */
export const PAID_REAL_MONEY = sql`(${payments.status} = 'paid' and not ${payments.isTest})`;

/** SQL condition on `payments`: still owed as the figures count it: pending, or paid by a test payment. */
export const OWED_PENDING = sql`(${payments.status} = 'pending' or (${payments.status} = 'paid' and ${payments.isTest}))`;

/** The same rule for one payment row: whether it counts as paid (real money) in the figures. */
export function countsAsPaid(payment: { status: string; isTest: boolean }): boolean {
  return payment.status === 'paid' && !payment.isTest;
}
