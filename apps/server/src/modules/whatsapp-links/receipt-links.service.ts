import { asc, eq } from 'drizzle-orm';

import { ErrorCode, PAY_LINK_MSG } from '@parish/shared';

import type { ServiceContext } from '../../context.ts';
import { members, payments } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { getReceiptHtml } from '../receipts/receipt.service.ts';
import { readReceiptLink } from './link-signing.ts';

/**
 * `GET /api/receipt-links/:token` (no sign-in): the printable receipt a signed receipt link names
 * (`docs/domain.md`, §9 "WhatsApp without the Cloud API"), rendered exactly as the member would
 * see it signed in (`getReceiptHtml`, as that member).
 * @throws AppError 404 `PAY_LINK_INVALID` for a tampered or unknown link
 */
export async function receiptHtmlByLink(ctx: ServiceContext, input: { token: string; nonce: string }): Promise<string> {
  const receiptId = readReceiptLink(ctx.config.linkKeys, input.token);
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
  return getReceiptHtml(asMember, { paymentId: line.paymentId, nonce: input.nonce });
}
