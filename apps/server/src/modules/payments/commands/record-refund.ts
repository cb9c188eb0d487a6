import { ZERO_PAISE, paiseToRupees, type MarkRefundedInput } from '@parish/shared';
import { eq } from 'drizzle-orm';

import { actorOf, type ServiceContext } from '../../../context.ts';
import { paymentExceptions } from '../../../db/schema/index.ts';
import { recordAudit } from '../../audit/audit.repository.ts';
import { lockOpenEntry } from '../ledger/exceptions.ts';

/**
 * "Refunded" (`docs/domain.md`, §4 "Refunds and exceptions"): records a refund the parish made in
 * the gateway's own dashboard (no refund API is called). One database transaction: the queue
 * entry locked and checked open, closed with the reference, the date (yyyy-mm-dd) and a note,
 * nothing still to refund; audit `refund.refunded` as the admin. No payment or receipt changes.
 * @throws 404 unknown entry; 409 `NOT_PENDING` when already closed.
 */
export async function recordRefund(ctx: ServiceContext, id: string, input: MarkRefundedInput): Promise<void> {
  actorOf(ctx);
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction(async (tx) => {
    const row = await lockOpenEntry(tx, id);
    await tx
      .update(paymentExceptions)
      .set({
        status: 'refunded',
        remainingPaise: ZERO_PAISE,
        resolvedAt: now,
        refundReference: input.refundReference,
        refundDate: input.refundDate,
        note: input.note || null,
      })
      .where(eq(paymentExceptions.id, id));
    await recordAudit(tx, ctx.audit, {
      action: 'refund.refunded',
      entityType: 'payment_exception',
      entityId: id,
      before: { status: 'open', remaining: paiseToRupees(row.remainingPaise) },
      after: {
        status: 'refunded',
        remaining: 0,
        refundReference: input.refundReference,
        refundDate: input.refundDate,
        note: input.note || null,
      },
    });
  });
}
