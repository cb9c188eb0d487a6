import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import {
  COLLECTION_MSG,
  ErrorCode,
  MSG,
  PDF_MSG,
  REVERSAL_REASON_LABELS,
  isLanguage,
  type Language,
  formatDisplayDate,
  headTypeLabel,
  type ReversalReason,
} from '@parish/shared';

import { members, paymentHeads, receiptItems, receipts, staffUsers, transactions } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { actorOf, type ServiceContext } from '../../context.ts';
import { numberPaidPayment } from '../payments/commands/number-receipt.ts';
import { findPaymentRecord } from '../payments/payment-record.ts';
import { getParishSettings } from '../settings/settings.service.ts';
import { donation80gOf } from './donation-80g.ts';
import { receiptCheckLink } from './receipt-check.ts';
import { buildReceiptHtml, type ReceiptData } from './receipt-html.ts';
import { embeddableLogo } from './logo-fetch.ts';
import { buildReceiptPdf, RECEIPT_PDF_LAYOUTS, type ReceiptPdfLayout } from './receipt-pdf.ts';
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
  const receiptId = await receiptIdOfPayment(ctx, input.paymentId);
  return getReceiptHtmlById(ctx, { receiptId, nonce: input.nonce });
}

/**
 * The printable receipt by its id (`GET /api/receipts/{id}/print`; `docs/domain.md`, §8 "Receipt
 * content", "Collecting several dues" and "Reversal with a reason"), as HTML: everything
 * {@link getReceiptData} reads. Staff may print any receipt; a member only their own (anyone
 * else's is 404, `docs/domain.md`, "AZ-04").
 * @param nonce the CSP nonce of the inline script and style
 * @throws 404 unknown or foreign receipt.
 */
export async function getReceiptHtmlById(
  ctx: ServiceContext,
  input: { receiptId: string; nonce: string },
): Promise<string> {
  return buildReceiptHtml(await getReceiptData(ctx, input.receiptId), input.nonce);
}

/**
 * The paid payment's receipt id, numbering it first when it was settled without a number (older
 * data: the next number of its financial year, with an audit event, kept for every reprint; the
 * ledger's {@link numberPaidPayment}). Staff: any payment; a member only their own.
 * @throws 404 {@link MSG.notFound} unknown or foreign payment; 404 `NO_RECEIPT`
 *   {@link COLLECTION_MSG.noReceipt} when it is not paid.
 */
export async function receiptIdOfPayment(ctx: ServiceContext, paymentId: string): Promise<string> {
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
  return record.receiptId;
}

/**
 * Everything a printed receipt shows (`docs/domain.md`, §8 "Receipt content", "Collecting several
 * dues" and "Reversal with a reason"), read from the ledger and the parish settings, never from a
 * request: every line, the total, the remarks, a cheque's details, and — for a voided receipt —
 * the reason, who voided it and when; the TEST mark for money of a sandbox checkout
 * (`docs/domain.md`, §10 "Payment mode"); the receipt's check link and its QR code (issue 29 item 7,
 * `receipt-check.ts`); the parish's second receipt language. The one source of the HTML receipt
 * and the receipt PDF (`receipt-pdf.ts`). Dates dd/mm/yyyy in the parish time zone; amounts in paise.
 * Staff may read any receipt; a member only their own (anyone else's is 404, `docs/domain.md`, "AZ-04").
 * @returns the receipt's data and its member's chosen language (null when none saved)
 * @throws 404 {@link MSG.notFound} unknown or foreign receipt.
 */
export async function getReceiptData(
  ctx: ServiceContext,
  receiptId: string,
): Promise<ReceiptData & { memberLanguage: string | null }> {
  const actor = actorOf(ctx);
  const voider = alias(staffUsers, 'voider');
  const [row] = await ctx.db
    .select({
      receipt: receipts,
      member: { name: members.name, parishNumber: members.parishNumber, mobile: members.mobile, email: members.email },
      memberLanguage: members.language,
      memberPan: members.pan,
      voidedBy: voider.name,
    })
    .from(receipts)
    .innerJoin(members, eq(members.id, receipts.memberId))
    .leftJoin(voider, eq(voider.id, receipts.voidedBy))
    .where(eq(receipts.id, receiptId));
  if (!row || (actor.type === 'member' && row.receipt.memberId !== actor.id)) throw notFound(MSG.notFound);
  const { receipt } = row;
  const lines = await ctx.db
    .select({
      headName: receiptItems.headName,
      headYear: receiptItems.headYear,
      amountPaise: receiptItems.amountPaise,
      head: {
        name: paymentHeads.name,
        description: paymentHeads.description,
        type: paymentHeads.type,
        isDonation: paymentHeads.isDonation,
      },
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
  const test = testCheckout?.isTest === true;
  const donation80g = await donation80gOf(
    ctx.db,
    { ...receipt, test, timeZone: tz },
    lines.map((line) => ({ amountPaise: line.amountPaise, isDonation: line.head?.isDonation === true })),
    row.memberPan,
  );
  return {
    parish: settings,
    receiptNumber: receipt.number,
    transactionId: receipt.transactionId ?? receipt.pgTransactionId,
    date: formatDisplayDate(receipt.issuedAt, tz),
    paymentMethod: receipt.paymentGateway === 'manual' ? receipt.paymentMethod : 'online',
    member: row.member,
    memberLanguage: row.memberLanguage,
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
    test,
    check,
    donation80g,
    ...(settings.receiptLanguage && { secondLanguage: settings.receiptLanguage }),
  };
}

/** An instant as dd/mm/yyyy hh:mm in a time zone. */
function formatDisplayDateTime(instant: string, timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }).format(
    new Date(instant),
  );
  return `${formatDisplayDate(instant, timeZone)} ${time}`;
}

/**
 * The receipt as a PDF (decision 0139; `docs/domain.md`, §8 "Receipt PDF"): the data of
 * {@link getReceiptData}, by the receipt's id or by a paid payment it holds (numbered first when
 * older data left it without a number: {@link receiptIdOfPayment}), laid out by `buildReceiptPdf`.
 * Staff: any receipt; a member: only their own (404 otherwise). The amount in words is in English,
 * and in `language` too when that is ml, hi or ta; without `language`, the member's saved
 * language, else the parish's second receipt language, else English only. A logo given as a web
 * address is fetched on the server (`embeddableLogo`: https, PNG or JPEG, at most 512 KB, 3 s,
 * kept per parish and address; any failure: no logo; decision 0144).
 * @returns the PDF's bytes
 * @throws AppError 404 for an unknown, foreign or unpaid receipt
 */
export async function renderReceiptPdf(
  ctx: ServiceContext,
  input: ({ receiptId: string } | { paymentId: string }) & { layout: ReceiptPdfLayout; language?: Language },
): Promise<{ pdf: Buffer; receiptNumber: string | null }> {
  const receiptId = 'receiptId' in input ? input.receiptId : await receiptIdOfPayment(ctx, input.paymentId);
  const data = await getReceiptData(ctx, receiptId);
  const language =
    input.language ?? (isLanguage(data.memberLanguage) ? data.memberLanguage : (data.secondLanguage ?? 'en'));
  // A logo given as a web address is fetched (and kept) on the server; a data URL as it is.
  const logoUrl = await embeddableLogo(data.parish.logoUrl);
  const pdf = await buildReceiptPdf({ ...data, parish: { ...data.parish, logoUrl } }, input.layout, language);
  return { pdf, receiptNumber: data.receiptNumber };
}

/**
 * The `layout` and `lang` query of a receipt PDF route, checked.
 * @returns the layout ('a5' when absent) and the language (undefined when absent)
 * @throws AppError 400 {@link PDF_MSG.badLayout} (field `layout`) or {@link PDF_MSG.badLanguage} (field `lang`)
 */
export function receiptPdfQuery(query: { layout?: string; lang?: string }): {
  layout: ReceiptPdfLayout;
  language?: Language;
} {
  const layout = query.layout ?? 'a5';
  if (!(RECEIPT_PDF_LAYOUTS as readonly string[]).includes(layout)) throw badRequest(PDF_MSG.badLayout, 'layout');
  if (query.lang !== undefined && !isLanguage(query.lang)) throw badRequest(PDF_MSG.badLanguage, 'lang');
  return { layout: layout as ReceiptPdfLayout, ...(query.lang !== undefined && { language: query.lang as Language }) };
}
