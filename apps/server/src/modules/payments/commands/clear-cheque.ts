import { ErrorCode, OFFICE_MSG, paiseToRupees, type Paise } from '@parish/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';

import { actorOf, type AuditContext, type ServiceContext } from '../../../context.ts';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
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

/**
 * Marks `cleared` the cheques of a deposit slip still `deposited` on it (decision 0152): the slip's
 * total was credited to the bank account as the statement shows, found by its slip number or
 * matched by a person. In the caller's transaction (the match's), each cheque audited
 * `cheque.cleared` with the slip number and the statement line; a cheque already cleared, bounced
 * (its receipt reversed) or voided is left as it is. Who: `actorId` (the person who uploaded or
 * matched); when: `now` (UTC ISO instant).
 * @returns how many cheques were marked cleared
 */
export async function clearDepositCheques(
  tx: DbOrTx,
  audit: AuditContext,
  input: { depositId: string; slipNumber: string; bankLineId: string; actorId: string | null; now: string },
): Promise<number> {
  const cleared = await queryRows<{ id: string; number: string; total_paise: string }>(
    tx,
    sql`update receipts r set cheque_status = 'cleared', cheque_status_at = ${input.now}::timestamptz,
               cheque_status_by = ${input.actorId}::uuid
          from bank_deposit_cheques c
         where c.parish_id = r.parish_id and c.receipt_id = r.id and c.deposit_id = ${input.depositId}
           and r.cheque_status = 'deposited' and r.voided_at is null
        returning r.id, r.number, r.total_paise`,
  );
  for (const receipt of cleared) {
    await recordAudit(tx, audit, {
      action: 'cheque.cleared',
      entityType: 'receipt',
      entityId: receipt.id,
      before: { chequeStatus: 'deposited' },
      after: {
        chequeStatus: 'cleared',
        receiptNumber: receipt.number,
        total: paiseToRupees(Number(receipt.total_paise) as Paise),
        slipNumber: input.slipNumber,
        bankLineId: input.bankLineId,
      },
    });
  }
  return cleared.length;
}
