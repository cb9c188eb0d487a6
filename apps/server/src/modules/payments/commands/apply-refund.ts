import { REFUND_MSG, paise, paiseToRupees, type ApplyRefundInput, type Paise } from '@parish/shared';
import { and, eq } from 'drizzle-orm';

import { actorOf, type ServiceContext } from '../../../context.ts';
import { paymentExceptions, payments, transactions } from '../../../db/schema/index.ts';
import { badRequest } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/audit.repository.ts';
import { lockOpenEntry } from '../ledger/exceptions.ts';
import { markPaid } from '../ledger/mark-paid.ts';
import { parishTimeZone } from '../../settings/parish-time-zone.ts';

/**
 * "Apply to another due of this member" (`docs/domain.md`, §4 "Refunds and exceptions"): pays a
 * pending due of the same member with money of the refunds queue, a collection with its own
 * receipt, only when the money still in the entry covers the due; the rest stays in the queue.
 * One database transaction, in lock order (`docs/ARCHITECTURE.md`, "Lock order"): the entry
 * locked and checked open, then `markPaid` (the payment, then the receipt counter: method online,
 * the transaction's gateway, references and test flag, collected by the admin); the entry's
 * remaining money lowered (`applied` at 0); audit `refund.applied`. `payment.updated` after the
 * commit.
 * @returns the receipt number and the amount applied, in paise
 * @throws 404 unknown entry; 409 `NOT_PENDING` closed entry; 400 (`paymentId`) not a pending due
 *   of the member, or not covered.
 */
export async function applyRefundToDue(
  ctx: ServiceContext,
  id: string,
  input: ApplyRefundInput,
): Promise<{ receiptNumber: string | null; appliedPaise: Paise }> {
  const admin = actorOf(ctx);
  const now = ctx.clock.now();
  const done = await ctx.db.transaction(async (tx) => {
    const row = await lockOpenEntry(tx, id);
    const [due] = await tx
      .select({ amountPaise: payments.amountPaise, status: payments.status })
      .from(payments)
      .where(and(eq(payments.id, input.paymentId), eq(payments.memberId, row.memberId)));
    if (!due || due.status !== 'pending') throw badRequest(REFUND_MSG.notMembersDue, 'paymentId');
    if (due.amountPaise > row.remainingPaise) throw badRequest(REFUND_MSG.notCovered, 'paymentId');
    const [source] = await tx
      .select({ gateway: transactions.paymentGateway, txnId: transactions.transactionId, isTest: transactions.isTest })
      .from(transactions)
      .where(eq(transactions.id, row.transactionRowId));
    const marked = await markPaid(tx, await parishTimeZone(ctx, tx), {
      memberId: row.memberId,
      lines: [{ paymentId: input.paymentId, amountPaise: due.amountPaise }],
      issuedAt: now,
      paymentMethod: 'online',
      paymentGateway: source?.gateway ?? 'worldline',
      collectionMode: 'online',
      collectedBy: admin.id,
      transactionId: source?.txnId ?? null,
      pgTransactionId: row.gatewayReference,
      notes: 'Applied from the refunds queue',
      enforceDueAmount: true,
      isTest: source?.isTest ?? false,
    });
    if (marked.paid.length === 0) throw badRequest(REFUND_MSG.notMembersDue, 'paymentId');
    const remainingPaise = paise(row.remainingPaise - due.amountPaise);
    const status = remainingPaise === 0 ? 'applied' : 'open';
    await tx
      .update(paymentExceptions)
      .set({ remainingPaise, status, ...(status === 'applied' && { resolvedAt: now.toISOString() }) })
      .where(eq(paymentExceptions.id, id));
    const receiptNumber = marked.receipt?.number ?? null;
    await recordAudit(tx, ctx.audit, {
      action: 'refund.applied',
      entityType: 'payment_exception',
      entityId: id,
      before: { status: 'open', remaining: paiseToRupees(row.remainingPaise) },
      after: {
        status,
        remaining: paiseToRupees(remainingPaise),
        paymentId: input.paymentId,
        amount: paiseToRupees(due.amountPaise),
        receiptNumber,
      },
    });
    return { memberId: row.memberId, receiptNumber, appliedPaise: due.amountPaise };
  });
  ctx.events.publish({
    type: 'payment.updated',
    memberId: done.memberId,
    data: { paymentIds: [input.paymentId], status: 'paid', via: 'manual' },
  });
  return { receiptNumber: done.receiptNumber, appliedPaise: done.appliedPaise };
}
