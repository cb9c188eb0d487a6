import { eq, sql } from 'drizzle-orm';

import { MSG, paiseToRupees, type AuditEntry, type Paise, type PaymentRecord } from '@parish/shared';

import { actorOf, type ServiceContext } from '../../../context.ts';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { receipts } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/audit.repository.ts';
import { findPaymentRecord, paymentDetails } from '../payment-record.ts';
import { reopenPayments } from './reopen-payments.ts';
import { receiptLines } from './receipt-lines.ts';
import { voidReceipt } from './receipts.ts';
import { checkMayReverse } from './reversal-rules.ts';

/** Why a receipt is voided: the reversal reason and its note (null without one). */
export interface VoidReason {
  receiptId: string;
  reason: string;
  note: string | null;
}

/** What {@link voidAndReopen} did: the receipt as it was locked, its lines as stored (paise) and every payment it held. */
export interface VoidedReceipt {
  receipt: typeof receipts.$inferSelect;
  lines: { paymentId: string | null; headName: string; headYear: number; amountPaise: Paise }[];
  paymentIds: string[];
}

/**
 * The first half of a reversal and of a correction (`docs/domain.md`, "Reversal with a reason",
 * "Correcting a receipt"), in the caller's transaction: the receipt row locked (404 unknown), the
 * reversal rules ({@link checkMayReverse}), its payments locked in id order (`docs/ARCHITECTURE.md`,
 * "Lock order"), the receipt voided with the reason, note, who and `now` (it keeps its number and
 * lines), every payment it held back to pending, and `payment.reversed` audited for each payment
 * `audited` accepts (the cleared details in `before`, the retired number in `after`).
 * @throws 404 unknown receipt; the refusals of {@link checkMayReverse}.
 */
export async function voidAndReopen(
  ctx: ServiceContext,
  tx: DbOrTx,
  input: VoidReason,
  options: { now: Date; audited: (paymentId: string) => boolean },
): Promise<VoidedReceipt> {
  const actor = actorOf(ctx);
  const { now } = options;
  const [receipt] = await tx.select().from(receipts).where(eq(receipts.id, input.receiptId)).for('update');
  if (!receipt) throw notFound(MSG.notFound);
  await checkMayReverse(ctx, tx, receipt, input.reason);
  const held = await queryRows<{ id: string }>(
    tx,
    sql`select id from payments where receipt_id = ${receipt.id} order by id for update`,
  );
  const ids = held.map((row) => row.id);
  const before = new Map<string, PaymentRecord>();
  for (const id of ids.filter(options.audited)) {
    const record = await findPaymentRecord(tx, id);
    if (record) before.set(id, record);
  }
  await voidReceipt(tx, receipt.id, { voidedAt: now, voidedBy: actor.id, reason: input.reason, note: input.note });
  await reopenPayments(tx, ids, now, { manualOnly: true });
  for (const [id, was] of before) {
    const after = await findPaymentRecord(tx, id);
    if (!after) continue;
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
  return { receipt, lines: await receiptLines(tx, receipt.id), paymentIds: ids };
}

/**
 * The audit record `receipt.reversed` of a voided receipt: its number, collector and date before;
 * the reason, note, when, total and lines (rupees) after, and for a correction the new receipt's
 * number (`reissuedAs`).
 */
export function receiptReversedEntry(
  voided: VoidedReceipt,
  input: VoidReason,
  now: Date,
  reissuedAs?: string,
): AuditEntry<'receipt.reversed'> {
  const { receipt, lines } = voided;
  return {
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
      note: input.note,
      voidedAt: now.toISOString(),
      total: paiseToRupees(receipt.totalPaise),
      lines: lines.map((line) => ({
        paymentId: line.paymentId,
        head: `${line.headName} ${line.headYear}`,
        amount: paiseToRupees(line.amountPaise),
      })),
      ...(reissuedAs === undefined ? {} : { reissuedAs }),
    },
  };
}
