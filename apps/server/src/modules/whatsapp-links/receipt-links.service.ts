import { asc, eq } from 'drizzle-orm';

import { ErrorCode, PAY_LINK_MSG } from '@parish/shared';

import type { ServiceContext } from '../../context.ts';
import { members, payments } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { getReceiptHtml, receiptPdfQuery, renderReceiptPdf } from '../receipts/receipt.service.ts';
import { readReceiptLink } from './link-signing.ts';

/**
 * The receipt a signed receipt link names, its first payment, and a context acting as that
 * receipt's member (so the receipt is read exactly as the member would see it signed in).
 * @throws AppError 404 `PAY_LINK_INVALID` for a tampered or unknown link
 */
async function receiptOfLink(
  ctx: ServiceContext,
  token: string,
): Promise<{ receiptId: string; paymentId: string; asMember: ServiceContext }> {
  const receiptId = readReceiptLink(ctx.config.linkKeys, token);
  if (!receiptId) throw notFound(PAY_LINK_MSG.invalid, ErrorCode.PAY_LINK_INVALID);
  const [line] = await ctx.db
    .select({
      paymentId: payments.id,
      memberId: members.id,
      name: members.name,
      mobile: members.mobile,
      parishNumber: members.parishNumber,
    })
    .from(payments)
    .innerJoin(members, eq(members.id, payments.memberId))
    .where(eq(payments.receiptId, receiptId))
    .orderBy(asc(payments.id))
    .limit(1);
  if (!line) throw notFound(PAY_LINK_MSG.invalid, ErrorCode.PAY_LINK_INVALID);
  const asMember: ServiceContext = {
    ...ctx,
    actor: {
      type: 'member',
      id: line.memberId,
      name: line.name,
      role: 'customer',
      mobile: line.mobile,
      parishNumber: line.parishNumber,
      mustChangePassword: false,
    },
  };
  return { receiptId, paymentId: line.paymentId, asMember };
}

/**
 * `GET /api/receipt-links/:token` (no sign-in): the printable receipt a signed receipt link names
 * (`docs/domain.md`, §9 "WhatsApp without the Cloud API"), rendered exactly as the member would
 * see it signed in (`getReceiptHtml`, as that member).
 * @throws AppError 404 `PAY_LINK_INVALID` for a tampered or unknown link
 */
export async function receiptHtmlByLink(ctx: ServiceContext, input: { token: string; nonce: string }): Promise<string> {
  const { paymentId, asMember } = await receiptOfLink(ctx, input.token);
  return getReceiptHtml(asMember, { paymentId, nonce: input.nonce });
}

/**
 * `GET /api/receipt-links/:token/pdf?layout=a5|80mm&lang=en|ml|hi|ta` (no sign-in; decision 0139):
 * the receipt a signed receipt link names as a PDF (`renderReceiptPdf`, as that member; numbered
 * first if older data left it without a number). The link other pages and WhatsApp messages give
 * for a receipt document.
 * @param input the link's token and the request's `layout` (a5 when absent) and `lang` (absent: the
 *   member's saved language), checked by `receiptPdfQuery`
 * @returns the PDF and the receipt's number
 * @throws AppError 400 for a bad layout or lang; 404 `PAY_LINK_INVALID` for a tampered or unknown link
 */
export async function receiptPdfByLink(
  ctx: ServiceContext,
  input: { token: string; layout?: string; lang?: string },
): Promise<{ pdf: Buffer; receiptNumber: string | null }> {
  const query = receiptPdfQuery(input);
  const { paymentId, asMember } = await receiptOfLink(ctx, input.token);
  return renderReceiptPdf(asMember, { paymentId, ...query });
}
