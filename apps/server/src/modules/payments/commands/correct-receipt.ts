import { and, eq } from 'drizzle-orm';

import { OFFICE_MSG, type CorrectReceiptInput, type CorrectReceiptResult } from '@parish/shared';

import type { ServiceContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { receipts } from '../../../db/schema/index.ts';
import { badRequest } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/audit.repository.ts';
import { markPaid } from '../ledger/mark-paid.ts';
import { receiptAnswer, receiptCollectedEntry } from '../ledger/office-receipt.ts';
import type { ReceiptFacts, ReceiptLine } from '../ledger/receipts.ts';
import { receiptReversedEntry, voidAndReopen, type VoidedReceipt } from '../ledger/void-and-reopen.ts';
import { parishTimeZone } from '../../settings/parish-time-zone.ts';

/**
 * Corrects a receipt in ONE step (`POST /api/receipts/{id}/correct`; `docs/domain.md`, "Correcting
 * a receipt"; decision 0100), in one database transaction:
 * 1. check, lock, void and reopen ({@link voidAndReopen}) with the permissions of a reversal
 *    (decision 0003): the receipt voided with the reason and note, every payment it held pending,
 *    `payment.reversed` audited for each line left out;
 * 2. re-issue: the lines in `keep` (payment ids; each a line of the receipt, not every line: 400
 *    `keep`) paid again at the amounts the receipt recorded, on a NEW receipt issued now (the next
 *    number), with the same method, reference, UTR, cheque details (a cleared cheque stays
 *    cleared), remarks and collector — so the collector's sheet of today shows the reversal and the
 *    new receipt;
 * 3. audit: `receipt.reversed` naming the new number (`reissuedAs`), `receipt.collected` naming
 *    the voided one (`correctionOf`);
 * 4. after the commit, `payment.updated` for the member: the lines left out pending (via
 *    `reversal`), the lines kept paid (via `manual`).
 * Not keyed: a repeat finds the receipt voided (409 `RECEIPT_VOIDED`), like a reversal.
 * @throws 404 unknown receipt; 400 `keep`; the refusals of `checkMayReverse`.
 */
export async function correctReceipt(
  ctx: ServiceContext,
  input: CorrectReceiptInput & { receiptId: string },
): Promise<CorrectReceiptResult> {
  const now = ctx.clock.now();
  const keep = new Set(input.keep);
  const reason = { receiptId: input.receiptId, reason: input.reason, note: input.note ?? null };
  const done = await ctx.db.transaction(async (tx) => {
    const voided = await voidAndReopen(ctx, tx, reason, { now, audited: (id) => !keep.has(id) });
    const lines = keptLines(voided, keep);
    const { receipt } = voided;
    const facts = reissueFacts(receipt, now);
    const marked = await markPaid(tx, await parishTimeZone(ctx, tx), { ...facts, lines, enforceDueAmount: false });
    if (!marked.receipt || marked.notPaid.length > 0) throw new Error('a kept line could not be paid again');
    if (receipt.chequeStatus === 'cleared') await keepChequeCleared(tx, marked.receipt.id, receipt);
    const answer = await receiptAnswer(tx, marked.receipt);
    await recordAudit(tx, ctx.audit, receiptReversedEntry(voided, reason, now, answer.receiptNumber));
    const collected = receiptCollectedEntry(answer, {
      ...facts,
      method: facts.paymentMethod,
      reference: facts.transactionId,
    });
    await recordAudit(tx, ctx.audit, { ...collected, after: { ...collected.after, correctionOf: receipt.number } });
    return { voided, answer };
  });
  const { receipt, paymentIds } = done.voided;
  const left = paymentIds.filter((id) => !keep.has(id));
  const events = [
    { paymentIds: left, status: 'pending' as const, via: 'reversal' as const },
    { paymentIds: [...keep], status: 'paid' as const, via: 'manual' as const },
  ];
  for (const data of events) ctx.events.publish({ type: 'payment.updated', memberId: receipt.memberId, data });
  const { receiptId, receiptNumber, items, total } = done.answer;
  return {
    success: true,
    message: OFFICE_MSG.corrected,
    receiptId: receipt.id,
    receiptNumber: receipt.number,
    paymentIds,
    newReceipt: { receiptId, receiptNumber, items, total },
  };
}

/**
 * The lines to re-issue, at the amounts the voided receipt recorded (paise), in its line order.
 * @throws 400 (field `keep`) a kept payment that is not a line of the receipt, or every line kept.
 */
function keptLines(voided: VoidedReceipt, keep: ReadonlySet<string>): ReceiptLine[] {
  const lines = voided.lines.filter((line) => line.paymentId !== null);
  const kept = lines.filter((line) => line.paymentId !== null && keep.has(line.paymentId));
  if (kept.length !== keep.size) throw badRequest(OFFICE_MSG.keepNotOnReceipt, 'keep');
  if (kept.length === lines.length) throw badRequest(OFFICE_MSG.keepEveryLine, 'keep');
  return kept.map((line) => ({ paymentId: line.paymentId ?? '', amountPaise: line.amountPaise }));
}

/** How the voided receipt was paid, as the new receipt records it: same member, method, reference, UTR, cheque, remarks and collector; issued `now`. */
function reissueFacts(receipt: VoidedReceipt['receipt'], now: Date): ReceiptFacts & { memberId: string } {
  const { chequeBank, chequeNumber, chequeDate } = receipt;
  return {
    memberId: receipt.memberId,
    issuedAt: now,
    paymentMethod: receipt.paymentMethod,
    paymentGateway: 'manual',
    collectionMode: 'manual',
    collectedBy: receipt.collectedBy,
    transactionId: receipt.transactionId,
    pgTransactionId: receipt.pgTransactionId,
    notes: receipt.notes,
    cheque:
      chequeBank && chequeNumber && chequeDate ? { bank: chequeBank, number: chequeNumber, date: chequeDate } : null,
    utr: receipt.utr,
  };
}

/** A cheque that had cleared stays cleared on the new receipt (when, and by whom, as recorded). */
async function keepChequeCleared(tx: DbOrTx, receiptId: string, old: VoidedReceipt['receipt']): Promise<void> {
  await tx
    .update(receipts)
    .set({ chequeStatus: 'cleared', chequeStatusAt: old.chequeStatusAt, chequeStatusBy: old.chequeStatusBy })
    .where(and(eq(receipts.id, receiptId), eq(receipts.chequeStatus, 'received')));
}
