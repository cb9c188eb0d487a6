import type { ReverseReceiptResult } from '@parish/shared';

import { actorOf, type ServiceContext } from '../../../context.ts';
import { receiptWithChequeReceived } from '../ledger/cheques.ts';
import { reverseReceipt } from './reverse-receipt.ts';

/**
 * Marks a cheque awaiting clearance (`received`, or `deposited` on a slip, decision 0147) `bounced` (`docs/domain.md`, "Cheques"; `POST
 * /api/receipts/{id}/cheque`, decision 0024): its receipt is reversed with reason
 * `cheque_bounced` on the day it is marked ({@link reverseReceipt}: an admin, or the collecting
 * cashier while their sheet of today is open), the receipt's cheque status `bounced`, and its
 * dues are pending again.
 * @throws 404 unknown receipt; 409 `CHEQUE_NOT_RECEIVED` when not awaiting clearance; the
 *   reversal's refusals.
 */
export async function bounceCheque(ctx: ServiceContext, input: { receiptId: string }): Promise<ReverseReceiptResult> {
  actorOf(ctx);
  const receipt = await receiptWithChequeReceived(ctx.db, input.receiptId);
  return reverseReceipt(ctx, { receiptId: receipt.id, reason: 'cheque_bounced', note: undefined });
}
