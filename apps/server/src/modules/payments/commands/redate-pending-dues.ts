import { and, eq } from 'drizzle-orm';

import type { Tx } from '../../../db/client.ts';
import { payments } from '../../../db/schema/index.ts';

/**
 * A head's pending dues take its new year and due date (`YYYY-MM-DD`, or null) after an edit
 * (`docs/domain.md`, §5 "Account head form"); paid dues keep theirs. Runs inside the head's edit,
 * which locked the head and writes the audit event `payment_head.updated`.
 */
export async function redatePendingDues(
  tx: Tx,
  headId: string,
  head: { year: number; dueDate: string | null },
): Promise<void> {
  await tx
    .update(payments)
    .set({ year: head.year, dueDate: head.dueDate })
    .where(and(eq(payments.paymentHeadId, headId), eq(payments.status, 'pending')));
}
