import { sql } from 'drizzle-orm';

import type { DbOrTx } from '../../../db/client.ts';

/**
 * Puts paid payments back to pending (`docs/domain.md`, "Reversal with a reason" and §10 "Payment
 * mode", void all test payments), clearing everything their collection or settlement set: paid
 * amount and time, method, gateway, mode, collector, transaction ids, notes, receipt and its
 * number, the test flag. Only payments still paid change. Runs in the caller's transaction, after
 * it locked them and voided their receipt (`voidReceipt`).
 * @param options.manualOnly only office collections (`payment_gateway = 'manual'`): a reversal
 */
export async function reopenPayments(
  tx: DbOrTx,
  ids: readonly string[],
  now: Date,
  options: { manualOnly: boolean },
): Promise<void> {
  if (ids.length === 0) return;
  const manual = options.manualOnly ? sql`and payment_gateway = 'manual'` : sql``;
  await tx.execute(
    sql`update payments set status = 'pending', paid_amount_paise = null, paid_at = null, payment_method = null,
               payment_gateway = null, collection_mode = null, collected_by = null, transaction_id = null,
               pg_transaction_id = null, notes = null, receipt_id = null, receipt_number = null, is_test = false,
               updated_at = ${now.toISOString()}
         where id = any(${`{${ids.join(',')}}`}::uuid[]) and status = 'paid' ${manual}`,
  );
}
