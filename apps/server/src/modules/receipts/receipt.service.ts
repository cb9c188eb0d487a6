import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import {
  COLLECTION_MSG,
  ErrorCode,
  MSG,
  REVERSAL_REASON_LABELS,
  formatDisplayDate,
  headTypeLabel,
  type ReversalReason,
} from '@parish/shared';

import { members, paymentHeads, receiptItems, receipts, staffUsers, transactions } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { actorOf, type ServiceContext } from '../../context.ts';
import { numberPaidPayment } from '../payments/commands/number-receipt.ts';
import { findPaymentRecord } from '../payments/payment-record.ts';
import { getParishSettings } from '../settings/settings.service.ts';
import { receiptCheckLink } from './receipt-check.ts';
import { buildReceiptHtml } from './receipt-html.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';

/**
 * The printable receipt of a paid payment (`docs/domain.md`, §8 "Receipt content"), as HTML.
 * Staff may print any paid payment; a member only their own: anyone else's payment answers 404
 * exactly like a missing one (`docs/domain.md`, "AZ-04", no confirmation that it exists). Values come from the ledger
 * and the parish settings, never from the request. A paid payment that was settled without a
 * receipt number (older data) gets the next one of its financial year now, with an audit event,
 * and keeps it for every reprint (the ledger's {@link numberPaidPayment}).
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
    record = await numberPaidPayment(ctx, { paymentId, paidAt });
    if (!record || record.status !== 'paid' || !record.paidAt) {
      throw notFound(COLLECTION_MSG.noReceipt, ErrorCode.NO_RECEIPT);
    }
  }
  if (!record.receiptId) throw notFound(COLLECTION_MSG.noReceipt, ErrorCode.NO_RECEIPT);
  return getReceiptHtmlById(ctx, { receiptId: record.receiptId, nonce });
}

/**
 * The printable receipt by its id (`GET /api/receipts/{id}/print`; `docs/domain.md`, §8 "Receipt
 * content", "Collecting several dues" and "Reversal with a reason"): every line, the total and
 * the total in words, the remarks, a cheque's details, and — for a voided receipt — the VOID mark
 * with the reason, who voided it and when; the TEST mark for money of a sandbox checkout
 * (`docs/domain.md`, §10 "Payment mode"); the receipt's check link and its QR code (issue 29 item 7,
 * `receipt-check.ts`). Staff may print any receipt; a member only their own
 * (anyone else's is 404, `docs/domain.md`, "AZ-04"). Dates in the parish time zone.
 * @param nonce the CSP nonce of the inline script and style
 * @throws 404 unknown or foreign receipt.
 */
export async function getReceiptHtmlById(
  ctx: ServiceContext,
  input: { receiptId: string; nonce: string },
): Promise<string> {
  const actor = actorOf(ctx);
  const voider = alias(staffUsers, 'voider');
  const [row] = await ctx.db
    .select({
      receipt: receipts,
      member: { name: members.name, parishNumber: members.parishNumber, mobile: members.mobile, email: members.email },
      voidedBy: voider.name,
    })
    .from(receipts)
    .innerJoin(members, eq(members.id, receipts.memberId))
    .leftJoin(voider, eq(voider.id, receipts.voidedBy))
    .where(eq(receipts.id, input.receiptId));
  if (!row || (actor.type === 'member' && row.receipt.memberId !== actor.id)) throw notFound(MSG.notFound);
  const { receipt } = row;
  const lines = await ctx.db
    .select({
      headName: receiptItems.headName,
      headYear: receiptItems.headYear,
      amountPaise: receiptItems.amountPaise,
      head: { name: paymentHeads.name, description: paymentHeads.description, type: paymentHeads.type },
    })
    .from(receiptItems)
    .leftJoin(paymentHeads, eq(paymentHeads.id, receiptItems.paymentHeadId))
    .where(eq(receiptItems.receiptId, receipt.id))
    .orderBy(asc(receiptItems.line));
  const first = lines[0];
  const settings = await getParishSettings(ctx.db);
  // A receipt of money from a sandbox (test) checkout, or applied from one in the refunds queue.
  const [testCheckout] = receipt.transactionId
    ? await ctx.db
        .select({ isTest: transactions.isTest })
        .from(transactions)
        .where(eq(transactions.transactionId, receipt.transactionId))
    : [];
  const tz = await parishTimeZone(ctx);
  const check = await receiptCheckLink(ctx, receipt);
  return buildReceiptHtml(
    {
      parish: settings,
      receiptNumber: receipt.number,
      transactionId: receipt.transactionId ?? receipt.pgTransactionId,
      date: formatDisplayDate(receipt.issuedAt, tz),
      paymentMethod: receipt.paymentGateway === 'manual' ? receipt.paymentMethod : 'online',
      member: row.member,
      head: {
        name: first?.head?.name ?? first?.headName ?? '',
        description: first?.head?.description ?? '',
        typeLabel: first?.head ? headTypeLabel(first.head.type) : '',
      },
      amountPaise: receipt.totalPaise,
      lines,
      remarks: receipt.notes,
      cheque:
        receipt.chequeNumber && receipt.chequeBank && receipt.chequeDate
          ? {
              bank: receipt.chequeBank,
              number: receipt.chequeNumber,
              date: formatDisplayDate(receipt.chequeDate),
              status: receipt.chequeStatus,
            }
          : null,
      voided: receipt.voidedAt
        ? {
            reason: REVERSAL_REASON_LABELS[receipt.voidReason as ReversalReason] ?? 'Reversed',
            note: receipt.voidNote,
            by: row.voidedBy ?? '-',
            at: formatDisplayDateTime(receipt.voidedAt, tz),
          }
        : null,
      test: testCheckout?.isTest === true,
      check,
      ...(settings.receiptLanguage && { secondLanguage: settings.receiptLanguage }),
    },
    input.nonce,
  );
}

/** An instant as dd/mm/yyyy hh:mm in a time zone. */
function formatDisplayDateTime(instant: string, timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }).format(
    new Date(instant),
  );
  return `${formatDisplayDate(instant, timeZone)} ${time}`;
}
