import { ErrorCode, OFFICE_MSG, paiseToRupees } from '@parish/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';

import { actorOf, type ServiceContext } from '../../../context.ts';
import { receipts } from '../../../db/schema/index.ts';
import { conflict } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/audit.repository.ts';
import { AWAITING_CLEARANCE, receiptWithChequeReceived } from '../ledger/cheques.ts';

/**
 * Marks a cheque awaiting clearance (`received`, or `deposited` on a slip, decision 0147) `cleared`
 * (`docs/domain.md`, "Cheques"; `POST /api/receipts/{id}/cheque`): the receipt's cheque status only
 * (its payments stay paid), with who and when, in one transaction with the audit event
 * `cheque.cleared`; the update is conditional on the cheque still awaiting clearance, so of two
 * concurrent marks one wins. After the
 * commit, `payment.updated` for the member (open cheque lists refresh).
 * @returns the message 'Cheque marked cleared'
 * @throws 404 unknown receipt; 409 `CHEQUE_NOT_RECEIVED` when not awaiting clearance.
 */
export async function clearCheque(
  ctx: ServiceContext,
  input: { receiptId: string },
): Promise<{ success: true; message: string }> {
  const actor = actorOf(ctx);
  const receipt = await receiptWithChequeReceived(ctx.db, input.receiptId);
  await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(receipts)
      .set({ chequeStatus: 'cleared', chequeStatusAt: ctx.clock.now().toISOString(), chequeStatusBy: actor.id })
      .where(
        and(
          eq(receipts.id, receipt.id),
          inArray(receipts.chequeStatus, [...AWAITING_CLEARANCE]),
          isNull(receipts.voidedAt),
        ),
      )
      .returning({ id: receipts.id });
    if (updated.length === 0) throw conflict(OFFICE_MSG.chequeNotReceived, ErrorCode.CHEQUE_NOT_RECEIVED);
    await recordAudit(tx, ctx.audit, {
      action: 'cheque.cleared',
      entityType: 'receipt',
      entityId: receipt.id,
      before: { chequeStatus: receipt.chequeStatus },
      after: { chequeStatus: 'cleared', receiptNumber: receipt.number, total: paiseToRupees(receipt.totalPaise) },
    });
  });
  ctx.events.publish({
    type: 'payment.updated',
    memberId: receipt.memberId,
    data: { paymentIds: [], status: 'paid', via: 'manual' },
  });
  return { success: true, message: 'Cheque marked cleared' };
}
