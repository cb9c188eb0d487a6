import { ErrorCode, MSG, OFFICE_MSG } from '@parish/shared';
import { eq } from 'drizzle-orm';

import type { DbOrTx } from '../../../db/client.ts';
import { receipts } from '../../../db/schema/index.ts';
import { conflict, notFound } from '../../../lib/app-error.ts';

/** The cheque statuses that await clearance: received, or deposited on a slip (decision 0147). */
export const AWAITING_CLEARANCE = ['received', 'deposited'] as const;

/**
 * A receipt whose cheque awaits clearance (`docs/domain.md`, "Cheques"): cheque status
 * `received` or `deposited` (decision 0147), not voided.
 * @throws 404 unknown receipt; 409 `CHEQUE_NOT_RECEIVED` otherwise.
 */
export async function receiptWithChequeReceived(db: DbOrTx, receiptId: string) {
  const [receipt] = await db.select().from(receipts).where(eq(receipts.id, receiptId));
  if (!receipt) throw notFound(MSG.notFound);
  const status = AWAITING_CLEARANCE.find((s) => s === receipt.chequeStatus);
  if (!status || receipt.voidedAt !== null) {
    throw conflict(OFFICE_MSG.chequeNotReceived, ErrorCode.CHEQUE_NOT_RECEIVED);
  }
  return { ...receipt, chequeStatus: status };
}
