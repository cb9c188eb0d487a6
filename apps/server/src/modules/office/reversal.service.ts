import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import {
  COLLECTION_MSG,
  ErrorCode,
  MSG,
  OFFICE_MSG,
  calendarDateIn,
  paiseToRupees,
  type PaymentRecord,
  type ReverseInput,
  type ReverseReceiptResult,
} from '@parish/shared';

import { actorOf, type ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { payments, receiptItems, receipts } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { findPaymentRecord } from '../payments/payment-record.ts';
import { voidReceipt } from '../payments/receipts.ts';
import { isDayClosed } from './cashier-days.ts';
import { paymentDetails } from './counter.service.ts';

/** What a reversal is asked to do: the receipt, the reason and note, and whether it is a cheque bounce. */
interface ReversalRequest extends ReverseInput {
  receiptId: string;
}

/**
 * The permission rules of a reversal (`docs/domain.md`, "Reversal with a reason";
 * `docs/decisions/0003-cashier-reverses-own-collections.md`): only a standing office collection;
 * a cashier only their own, and — except a cheque bounce, recorded on the day it is marked — only
 * of a day not closed; anyone only while the collector's sheet of today is open (a closed day's
 * sheet never changes).
 * @throws 409 `RECEIPT_VOIDED`, `ONLINE_NOT_REVERSIBLE`, `SHEET_CLOSED`; 403
 *   `NOT_OWN_COLLECTION`, `DAY_CLOSED`.
 */
async function checkMayReverse(
  ctx: ServiceContext,
  tx: DbOrTx,
  receipt: typeof receipts.$inferSelect,
  reason: string,
): Promise<void> {
  const actor = actorOf(ctx);
  const tz = ctx.config.parishTimezone;
  if (receipt.voidedAt !== null) throw conflict(OFFICE_MSG.alreadyVoided, ErrorCode.RECEIPT_VOIDED);
  if (receipt.paymentGateway !== 'manual') {
    throw conflict(COLLECTION_MSG.onlineNotReversible, ErrorCode.ONLINE_NOT_REVERSIBLE);
  }
  if (actor.role === 'cashier') {
    if (receipt.collectedBy !== actor.id) {
      throw new AppError(ErrorCode.NOT_OWN_COLLECTION, COLLECTION_MSG.notOwnCollection);
    }
    const originalDay = calendarDateIn(receipt.issuedAt, tz);
    if (reason !== 'cheque_bounced' && (await isDayClosed(tx, actor.id, originalDay))) {
      throw new AppError(ErrorCode.DAY_CLOSED, OFFICE_MSG.dayClosed);
    }
  }
  if (receipt.collectedBy && (await isDayClosed(tx, receipt.collectedBy, calendarDateIn(ctx.clock.now(), tz)))) {
    throw conflict(OFFICE_MSG.todayClosed, ErrorCode.SHEET_CLOSED);
  }
}

/**
 * Reverses a receipt as a whole (`docs/domain.md`, "Reversal with a reason"; `POST
 * /api/receipts/{id}/reverse`): in one transaction, the receipt row locked, then its payments in
 * id order (`docs/ARCHITECTURE.md`, "Lock order"); the receipt voided with the reason, note, who
 * and when (it keeps its number and lines and reprints with a VOID mark); every payment it held
 * back to pending with its collection details cleared (kept in `payment.reversed`); the audit
 * event `receipt.reversed`. The reversal belongs to the day it is made: it shows on the
 * collector's sheet of that day, with the receipt's original date.
 * @throws 404 unknown receipt; the refusals of {@link checkMayReverse}.
 */
export async function reverseReceipt(ctx: ServiceContext, input: ReversalRequest): Promise<ReverseReceiptResult> {
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
    await voidReceipt(tx, receipt.id, {
      voidedAt: now,
      voidedBy: actor.id,
      reason: input.reason,
      note: input.note ?? null,
    });
    await reopenPayments(tx, ids, now);
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
    const lines = await tx
      .select({
        paymentId: receiptItems.paymentId,
        headName: receiptItems.headName,
        headYear: receiptItems.headYear,
        amountPaise: receiptItems.amountPaise,
      })
      .from(receiptItems)
      .where(eq(receiptItems.receiptId, receipt.id))
      .orderBy(asc(receiptItems.line));
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
        note: input.note ?? null,
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

/** Puts paid office payments back to pending, clearing what the collection set. */
async function reopenPayments(tx: DbOrTx, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(payments)
    .set({
      status: 'pending',
      paidAmountPaise: null,
      paidAt: null,
      paymentMethod: null,
      paymentGateway: null,
      collectionMode: null,
      collectedBy: null,
      transactionId: null,
      pgTransactionId: null,
      notes: null,
      receiptNumber: null,
      receiptId: null,
      updatedAt: now.toISOString(),
    })
    .where(and(inArray(payments.id, ids), eq(payments.status, 'paid'), eq(payments.paymentGateway, 'manual')));
}

/**
 * Reverses the receipt that holds a paid office payment (`PUT /api/payments/{id}/reverse`,
 * `docs/domain.md`, "Reversal with a reason"): the whole receipt, with the reason.
 * @returns the payment as it now stands (pending)
 * @throws 404 unknown payment; 409 `NOT_PAID`, `ONLINE_NOT_REVERSIBLE`; 404 `NO_RECEIPT` for a
 *   paid payment without a receipt; the refusals of {@link reverseReceipt}.
 */
export async function reversePaymentReceipt(
  ctx: ServiceContext,
  input: ReverseInput & { paymentId: string },
): Promise<PaymentRecord> {
  const record = await findPaymentRecord(ctx.db, input.paymentId);
  if (!record) throw notFound(MSG.notFound);
  if (record.status !== 'paid') throw conflict(COLLECTION_MSG.notPaid, ErrorCode.NOT_PAID);
  if (record.paymentGateway !== 'manual') {
    throw conflict(COLLECTION_MSG.onlineNotReversible, ErrorCode.ONLINE_NOT_REVERSIBLE);
  }
  if (!record.receiptId) throw notFound(COLLECTION_MSG.noReceipt, ErrorCode.NO_RECEIPT);
  await reverseReceipt(ctx, { receiptId: record.receiptId, reason: input.reason, note: input.note });
  const after = await findPaymentRecord(ctx.db, input.paymentId);
  if (!after) throw notFound(MSG.notFound);
  return after;
}
