import { and, asc, eq, isNull } from 'drizzle-orm';

import { COLLECTION_MSG, ErrorCode, MSG, formatDisplayDate, headTypeLabel, rupeesToPaise } from '@parish/shared';

import type { DbOrTx } from '../../db/client.ts';
import { members, payments, receiptItems } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { actorOf, type ServiceContext } from '../../context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { findPaymentRecord } from '../payments/payment-record.ts';
import { issueReceipt } from '../payments/receipts.ts';
import { getParishSettings } from '../settings/settings.service.ts';
import { buildReceiptHtml } from './receipt-html.ts';

/**
 * The printable receipt of a paid payment (`docs/domain.md`, §8 "Receipt content"), as HTML.
 * Staff may print any paid payment; a member only their own: anyone else's payment answers 404
 * exactly like a missing one (`docs/domain.md`, "AZ-04", no confirmation that it exists). Values come from the ledger
 * and the parish settings, never from the request. A paid payment that was settled without a
 * receipt number (older data) gets the next one of its financial year now, with an audit event,
 * and keeps it for every reprint.
 * @param nonce the CSP nonce of the inline script and style
 * @throws 404 {@link MSG.notFound} unknown or foreign payment; 404 `NO_RECEIPT`
 *   {@link COLLECTION_MSG.noReceipt} when it is not paid.
 */
export async function getReceiptHtml(
  ctx: ServiceContext,
  input: { paymentId: string; nonce: string },
): Promise<string> {
  const { paymentId, nonce } = input;
  const actor = actorOf(ctx);
  let record = await findPaymentRecord(ctx.db, paymentId);
  if (!record || (actor.type === 'member' && record.memberId._id !== actor.id)) throw notFound(MSG.notFound);
  if (record.status !== 'paid' || !record.paidAt) throw notFound(COLLECTION_MSG.noReceipt, ErrorCode.NO_RECEIPT);
  if (record.receiptNumber === null) {
    const paidAt = new Date(record.paidAt);
    record = await ctx.db.transaction(async (tx) => {
      const [unnumbered] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'paid'), isNull(payments.receiptId)))
        .for('update');
      if (unnumbered) {
        const receipt = await issueReceipt(
          tx,
          ctx.config.parishTimezone,
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
    if (!record || record.status !== 'paid' || !record.paidAt) {
      throw notFound(COLLECTION_MSG.noReceipt, ErrorCode.NO_RECEIPT);
    }
  }
  const [member] = await ctx.db
    .select({ email: members.email })
    .from(members)
    .where(eq(members.id, record.memberId._id));
  const settings = await getParishSettings(ctx.db);
  const tz = ctx.config.parishTimezone;
  // A receipt of several payments prints all its lines and its total, whichever payment it is opened from.
  const lines = await receiptLinesOf(ctx.db, paymentId);
  const total = lines.reduce((sum, line) => sum + line.amountPaise, 0);
  return buildReceiptHtml(
    {
      parish: settings,
      receiptNumber: record.receiptNumber,
      transactionId: record.transactionId ?? record.pgTransactionId,
      date: formatDisplayDate(record.paidAt, tz),
      paymentMethod:
        record.paymentMethod ??
        (record.paymentGateway !== null && record.paymentGateway !== 'manual' ? 'online' : null),
      member: {
        name: record.memberId.name,
        parishNumber: record.memberId.parishNumber,
        mobile: record.memberId.mobile,
        email: member?.email ?? null,
      },
      head: {
        name: record.paymentHeadId.name,
        description: record.paymentHeadId.description,
        typeLabel: headTypeLabel(record.paymentHeadId.type),
      },
      amountPaise: lines.length > 1 ? total : rupeesToPaise(record.paidAmount ?? record.amount),
      lines,
      ...(settings.receiptLanguage && { secondLanguage: settings.receiptLanguage }),
    },
    nonce,
  );
}

/** The lines of the receipt that holds a paid payment, in line order (amounts in paise). */
async function receiptLinesOf(db: DbOrTx, paymentId: string) {
  return db
    .select({ headName: receiptItems.headName, headYear: receiptItems.headYear, amountPaise: receiptItems.amountPaise })
    .from(receiptItems)
    .innerJoin(payments, eq(payments.receiptId, receiptItems.receiptId))
    .where(eq(payments.id, paymentId))
    .orderBy(asc(receiptItems.line));
}
