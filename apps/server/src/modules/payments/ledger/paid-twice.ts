import { eq } from 'drizzle-orm';

import { GATEWAY_MSG, paiseToRupees, sumPaise, type AuditAfter, type Paise, type Rupees } from '@parish/shared';

import type { AuditContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { payments, transactions } from '../../../db/schema/index.ts';
import { recordAudit } from '../../audit/audit.repository.ts';
import type { ReceiptLine } from './receipts.ts';

/**
 * A line of an online transaction the settlement could not pay (amount in paise and rupees): who
 * paid its due meanwhile (`paidBy`, null when the payment is gone) and the refunds queue's reason.
 */
export interface PaidTwice {
  paymentId: string;
  amountPaise: Paise;
  amount: Rupees;
  paidBy: AuditAfter<'transaction.paid_twice'>['conflicts'][number]['paidBy'];
  reason: RefundReasonOfSettlement;
}

/** The refunds queue's reasons a settlement gives (decision 0113). */
export type RefundReasonOfSettlement = 'due_changed' | 'superseded_paid' | 'paid_twice';

/**
 * The lines a settlement could not pay (`markPaid`'s `notPaid`), each with its payment as it now
 * stands and its reason ({@link exceptionReason}; `row` is the settled transaction).
 */
export async function paidTwiceLines(
  tx: Tx,
  row: { supersededAt: Date | string | null },
  notPaid: readonly ReceiptLine[],
): Promise<PaidTwice[]> {
  const conflicts: PaidTwice[] = [];
  for (const line of notPaid) {
    const [current] = await tx
      .select({
        status: payments.status,
        gateway: payments.paymentGateway,
        transactionId: payments.transactionId,
        receiptNumber: payments.receiptNumber,
      })
      .from(payments)
      .where(eq(payments.id, line.paymentId));
    conflicts.push({
      paymentId: line.paymentId,
      amountPaise: line.amountPaise,
      amount: paiseToRupees(line.amountPaise),
      paidBy: current ?? null,
      reason: exceptionReason(row, current),
    });
  }
  return conflicts;
}

/**
 * Records money a settlement could not apply: the note on the transaction (`GATEWAY_MSG.paidTwice:
 * <payment ids>` for dues paid otherwise, `GATEWAY_MSG.dueChanged: <payment ids>` for dues whose
 * amount changed, joined by "; " when both) and the audit `transaction.paid_twice` with each line's
 * reason and the refund due in rupees.
 * @returns the note.
 */
export async function recordPaidTwice(
  tx: Tx,
  audit: AuditContext,
  transaction: { id: string; transactionId: string },
  conflicts: readonly PaidTwice[],
): Promise<string> {
  const changed = conflicts.filter((c) => c.reason === 'due_changed');
  const paidOtherwise = conflicts.filter((c) => c.reason !== 'due_changed');
  const note = [[GATEWAY_MSG.paidTwice, paidOtherwise] as const, [GATEWAY_MSG.dueChanged, changed] as const]
    .filter(([, lines]) => lines.length > 0)
    .map(([message, lines]) => `${message}: ${lines.map((c) => c.paymentId).join(', ')}`)
    .join('; ');
  await tx.update(transactions).set({ errorMessage: note }).where(eq(transactions.id, transaction.id));
  await recordAudit(tx, audit, {
    action: 'transaction.paid_twice',
    entityType: 'transaction',
    entityId: transaction.transactionId,
    after: {
      conflicts: conflicts.map(({ paymentId, amount, paidBy, reason }) => ({ paymentId, amount, paidBy, reason })),
      // Summed in paise: rupee floats do not add up (100.1 + 200.2 is 300.29999999999995).
      refundDue: paiseToRupees(sumPaise(conflicts.map((c) => c.amountPaise))),
    },
  });
  return note;
}

/**
 * The refunds queue's reason for money a settlement could not apply to a line's due: the due is
 * still pending (its amount changed after a failed checkout: `due_changed`, decision 0113), or it
 * was paid otherwise (`superseded_paid` for a superseded checkout paid late, else `paid_twice`).
 */
export function exceptionReason(
  row: { supersededAt: Date | string | null },
  paidBy: { status: string } | null | undefined,
): RefundReasonOfSettlement {
  if (paidBy?.status === 'pending') return 'due_changed' as const;
  return row.supersededAt ? ('superseded_paid' as const) : ('paid_twice' as const);
}
