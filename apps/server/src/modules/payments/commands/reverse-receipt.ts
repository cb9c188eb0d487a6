import { OFFICE_MSG, type ReverseInput, type ReverseReceiptResult } from '@parish/shared';

import type { ServiceContext } from '../../../context.ts';
import { recordAudit } from '../../audit/audit.repository.ts';
import { receiptReversedEntry, voidAndReopen } from '../ledger/void-and-reopen.ts';

/**
 * Reverses a receipt as a whole (`docs/domain.md`, "Reversal with a reason"; `POST
 * /api/receipts/{id}/reverse`, and a bounced cheque with reason `cheque_bounced`), in one
 * database transaction:
 * 1. check, lock, void and reopen ({@link voidAndReopen}): the receipt voided with the reason,
 *    note, who and when (it keeps its number and lines and reprints with a VOID mark); every
 *    payment it held back to pending with its collection details cleared, each audited
 *    `payment.reversed` (the cleared details in `before`, the retired receipt number in `after`);
 * 2. audit: `receipt.reversed` with the lines;
 * 3. after the commit, `payment.updated` (via `reversal`) for the member.
 * The reversal belongs to the day it is made: it shows on the collector's sheet of that day, with
 * the receipt's original date.
 * @throws 404 unknown receipt; the refusals of `checkMayReverse` (`ledger/reversal-rules.ts`).
 */
export async function reverseReceipt(
  ctx: ServiceContext,
  input: ReverseInput & { receiptId: string },
): Promise<ReverseReceiptResult> {
  const now = ctx.clock.now();
  const reason = { receiptId: input.receiptId, reason: input.reason, note: input.note ?? null };
  const done = await ctx.db.transaction(async (tx) => {
    const voided = await voidAndReopen(ctx, tx, reason, { now, audited: () => true });
    await recordAudit(tx, ctx.audit, receiptReversedEntry(voided, reason, now));
    return voided;
  });
  ctx.events.publish({
    type: 'payment.updated',
    memberId: done.receipt.memberId,
    data: { paymentIds: done.paymentIds, status: 'pending', via: 'reversal' },
  });
  return {
    success: true,
    message: OFFICE_MSG.reversed,
    receiptId: done.receipt.id,
    receiptNumber: done.receipt.number,
    paymentIds: done.paymentIds,
  };
}
