import { eq, sql } from 'drizzle-orm';

import {
  MSG,
  OFFICE_MSG,
  paiseToRupees,
  type PaymentRecord,
  type ReverseInput,
  type ReverseReceiptResult,
} from '@parish/shared';

import { actorOf, type ServiceContext } from '../../../context.ts';
import { queryRows } from '../../../db/client.ts';
import { receipts } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/audit.repository.ts';
import { reopenPayments } from '../ledger/reopen-payments.ts';
import { receiptLines, voidReceipt } from '../ledger/receipts.ts';
import { checkMayReverse } from '../ledger/reversal-rules.ts';
import { findPaymentRecord, paymentDetails } from '../payment-record.ts';

/**
 * Reverses a receipt as a whole (`docs/domain.md`, "Reversal with a reason"; `POST
 * /api/receipts/{id}/reverse`, and a bounced cheque with reason `cheque_bounced`), in one
 * database transaction:
 * 1. check and lock: the receipt row locked (404 unknown), the reversal rules
 *    ({@link checkMayReverse}), then its payments locked in id order (`docs/ARCHITECTURE.md`,
 *    "Lock order");
 * 2. void and write: the receipt voided with the reason, note, who and when (it keeps its number
 *    and lines and reprints with a VOID mark); every payment it held back to pending with its
 *    collection details cleared;
 * 3. audit: `payment.reversed` per payment (the cleared details in `before`, the retired receipt
 *    number in `after`), then `receipt.reversed` with the lines;
 * 4. after the commit, `payment.updated` (via `reversal`) for the member.
 * The reversal belongs to the day it is made: it shows on the collector's sheet of that day, with
 * the receipt's original date.
 * @throws 404 unknown receipt; the refusals of {@link checkMayReverse}.
 */
export async function reverseReceipt(
  ctx: ServiceContext,
  input: ReverseInput & { receiptId: string },
): Promise<ReverseReceiptResult> {
  const actor = actorOf(ctx);
  const now = ctx.clock.now();
  const done = await ctx.db.transaction(async (tx) => {
    const [receipt] = await tx.select().from(receipts).where(eq(receipts.id, input.receiptId)).for('update');
    if (!receipt) throw notFound(MSG.notFound);
    await checkMayReverse(ctx, tx, receipt, input.reason);
    const held = await queryRows<{ id: string }>(
      tx,
      sql`select id from payments where receipt_id = ${receipt.id} order by id for update`,
    );
    const ids = held.map((row) => row.id);
    const before = new Map<string, PaymentRecord>();
    for (const id of ids) {
      const record = await findPaymentRecord(tx, id);
      if (record) before.set(id, record);
    }
    const note = input.note ?? null;
    await voidReceipt(tx, receipt.id, { voidedAt: now, voidedBy: actor.id, reason: input.reason, note });
    await reopenPayments(tx, ids, now, { manualOnly: true });
    for (const id of ids) {
      const was = before.get(id);
      const after = await findPaymentRecord(tx, id);
      if (!was || !after) continue;
      await recordAudit(tx, ctx.audit, {
        action: 'payment.reversed',
        entityType: 'payment',
        entityId: id,
        before: paymentDetails(was),
        after: {
          ...paymentDetails(after),
          reversedBy: { _id: actor.id, name: actor.name, role: actor.role },
          reversedAt: now.toISOString(),
          retiredReceiptNumber: receipt.number,
        },
      });
    }
    const lines = await receiptLines(tx, receipt.id);
    await recordAudit(tx, ctx.audit, {
      action: 'receipt.reversed',
      entityType: 'receipt',
      entityId: receipt.id,
      before: {
        receiptNumber: receipt.number,
        collectedBy: receipt.collectedBy,
        issuedAt: new Date(receipt.issuedAt).toISOString(),
      },
      after: {
        receiptNumber: receipt.number,
        reason: input.reason,
        note,
        voidedAt: now.toISOString(),
        total: paiseToRupees(receipt.totalPaise),
        lines: lines.map((line) => ({
          paymentId: line.paymentId,
          head: `${line.headName} ${line.headYear}`,
          amount: paiseToRupees(line.amountPaise),
        })),
      },
    });
    return { receipt, ids };
  });
  ctx.events.publish({
    type: 'payment.updated',
    memberId: done.receipt.memberId,
    data: { paymentIds: done.ids, status: 'pending', via: 'reversal' },
  });
  return {
    success: true,
    message: OFFICE_MSG.reversed,
    receiptId: done.receipt.id,
    receiptNumber: done.receipt.number,
    paymentIds: done.ids,
  };
}
