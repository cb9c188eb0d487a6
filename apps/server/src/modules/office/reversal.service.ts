import { COLLECTION_MSG, ErrorCode, MSG, type PaymentRecord, type ReverseInput } from '@parish/shared';

import type { ServiceContext } from '../../context.ts';
import { notFound, conflict } from '../../lib/app-error.ts';
import { correctReceipt } from '../payments/commands/correct-receipt.ts';
import { reverseReceipt } from '../payments/commands/reverse-receipt.ts';
import { findPaymentRecord } from '../payments/payment-record.ts';

/**
 * Reverses a receipt as a whole with a reason (`POST /api/receipts/{id}/reverse`): the ledger's
 * command, `payments/commands/reverse-receipt.ts`.
 */
export { reverseReceipt };

/**
 * Corrects a receipt in one step (`POST /api/receipts/{id}/correct`): voided, and the lines that
 * stand re-issued on a new receipt — the ledger's command, `payments/commands/correct-receipt.ts`.
 */
export { correctReceipt };

/**
 * Reverses the receipt that holds a paid office payment (`PUT /api/payments/{id}/reverse`,
 * `docs/domain.md`, "Reversal with a reason"): the whole receipt, with the reason
 * ({@link reverseReceipt}).
 * @returns the payment as it now stands (pending)
 * @throws 404 unknown payment; 409 `NOT_PAID`, `ONLINE_NOT_REVERSIBLE`; 404 `NO_RECEIPT` for a
 *   paid payment without a receipt; the refusals of {@link reverseReceipt}.
 */
export async function reversePaymentReceipt(
  ctx: ServiceContext,
  input: ReverseInput & { paymentId: string },
): Promise<PaymentRecord> {
  const record = await findPaymentRecord(ctx.db, input.paymentId);
  if (!record) throw notFound(MSG.notFound);
  if (record.status !== 'paid') throw conflict(COLLECTION_MSG.notPaid, ErrorCode.NOT_PAID);
  if (record.paymentGateway !== 'manual') {
    throw conflict(COLLECTION_MSG.onlineNotReversible, ErrorCode.ONLINE_NOT_REVERSIBLE);
  }
  if (!record.receiptId) throw notFound(COLLECTION_MSG.noReceipt, ErrorCode.NO_RECEIPT);
  await reverseReceipt(ctx, { receiptId: record.receiptId, reason: input.reason, note: input.note });
  const after = await findPaymentRecord(ctx.db, input.paymentId);
  if (!after) throw notFound(MSG.notFound);
  return after;
}
