import { sql } from 'drizzle-orm';

import type { Tx } from '../../../db/client.ts';

/**
 * The dues' part of the year-end roll-over of current-due heads to arrears (`docs/domain.md`, §4
 * "Year-end roll-over"; decision 0027), inside `rolloverHeads`' transaction: every due of the heads
 * locked (`FOR UPDATE`, id order: a collection, reversal or concession of one of them waits, and
 * its summary trigger then sees the new type), and the due date of the pending ones cleared (an
 * arrear has none). The caller has taken the payments data version, then locked the heads, and
 * changes their type and writes the audit event `payment_head.rolled_over` after this.
 * Paid dues keep their due date.
 */
export async function rollOverDues(tx: Tx, headIds: readonly string[]): Promise<void> {
  const ids = sql.param([...headIds]);
  await tx.execute(sql`select id from payments where payment_head_id = any(${ids}::uuid[]) order by id for update`);
  await tx.execute(
    sql`update payments set due_date = null
         where payment_head_id = any(${ids}::uuid[]) and status = 'pending' and due_date is not null`,
  );
}
