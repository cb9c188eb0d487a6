import { and, eq, isNull } from 'drizzle-orm';

import type { PaymentRecord } from '@parish/shared';

import type { ServiceContext } from '../../../context.ts';
import { payments } from '../../../db/schema/index.ts';
import { recordAudit } from '../../audit/audit.repository.ts';
import { issueReceipt } from '../ledger/receipts.ts';
import { findPaymentRecord } from '../payment-record.ts';
import { parishTimeZone } from '../../settings/parish-time-zone.ts';

/**
 * Gives a paid payment settled without a receipt (older data) its receipt on its first print
 * (`docs/domain.md`, §8 "Receipt content"; `receipts/receipt.service.ts`), in one database
 * transaction: the payment locked (`FOR UPDATE`) and checked still paid and without a receipt;
 * a receipt of one line under the next number of the financial year of `paidAt` (the parish day),
 * with the payment's own method, gateway, collector, references and notes; audit
 * `payment.receipt_numbered`. A payment numbered meanwhile is left as it is: every reprint keeps
 * the first number.
 * @param paidAt when the payment was paid (the receipt's date)
 * @returns the payment as it now stands, or null when there is none
 */
export async function numberPaidPayment(
  ctx: ServiceContext,
  input: { paymentId: string; paidAt: Date },
): Promise<PaymentRecord | null> {
  const { paymentId, paidAt } = input;
  return ctx.db.transaction(async (tx) => {
    const [unnumbered] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'paid'), isNull(payments.receiptId)))
      .for('update');
    if (unnumbered) {
      const receipt = await issueReceipt(
        tx,
        await parishTimeZone(ctx, tx),
        {
          memberId: unnumbered.memberId,
          issuedAt: paidAt,
          paymentMethod: unnumbered.paymentMethod ?? 'online',
          paymentGateway: unnumbered.paymentGateway ?? 'manual',
          collectionMode: unnumbered.collectionMode === 'online' ? 'online' : 'manual',
          collectedBy: unnumbered.collectedBy,
          transactionId: unnumbered.transactionId,
          pgTransactionId: unnumbered.pgTransactionId,
          notes: unnumbered.notes,
        },
        [{ paymentId, amountPaise: unnumbered.paidAmountPaise ?? unnumbered.amountPaise }],
      );
      await recordAudit(tx, ctx.audit, {
        action: 'payment.receipt_numbered',
        entityType: 'payment',
        entityId: paymentId,
        after: { receiptNumber: receipt.number },
      });
    }
    return findPaymentRecord(tx, paymentId);
  });
}
