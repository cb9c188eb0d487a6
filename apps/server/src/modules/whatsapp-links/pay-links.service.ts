import { eq, sql } from 'drizzle-orm';

import {
  ErrorCode,
  GATEWAY_MSG,
  PAY_LINK_MSG,
  isLanguage,
  paiseOfSum,
  paiseToRupees,
  sumPaise,
  type PayLinkOutcome,
  type PayView,
  type WorldlineOrder,
} from '@parish/shared';

import { memberActor, type ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { OrderRequest } from '../gateways/orders.service.ts';
import { createWorldlineCheckout } from '../gateways/worldline/worldline.service.ts';
import { readWhatsAppSettings } from '../settings/whatsapp-settings.service.ts';
import { paymentLink } from '../reminders/whatsapp-client.ts';
import { publicUrlOf } from '../parishes/request-parish.ts';
import { findTransaction } from '../gateways/settle.ts';
import { transactionStatus } from '../gateways/transactions.service.ts';
import { readPayLink, signPayLink, signReceiptLink } from './link-signing.ts';

/**
 * Payment links that open without a password (`docs/domain.md`, §9 "Payment links without a
 * password"; `docs/decisions/0036-signed-payment-links.md`). A link is
 * `{PUBLIC_URL}/pay/<mobile>/<token>`: signed, member-specific, valid `PAY_LINK_DAYS` (default
 * 14), revoked by raising the member's `pay_link_version`, and refused for everyone while the
 * admin has switched payment links off. It opens a pay-only view (first name and pending dues)
 * and pays through the normal online order.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A member as a link needs them. */
interface LinkMember {
  id: string;
  name: string;
  mobile: string;
  parishNumber: string;
  isActive: boolean;
  whatsappOptOut: boolean;
  payLinkVersion: number;
  /** The member's saved language (any text; read with `isLanguage`), or null. */
  language: string | null;
}

async function linkMember(db: DbOrTx, memberId: string): Promise<LinkMember | undefined> {
  const [member] = await db
    .select({
      id: members.id,
      name: members.name,
      mobile: members.mobile,
      parishNumber: members.parishNumber,
      isActive: members.isActive,
      whatsappOptOut: members.whatsappOptOut,
      payLinkVersion: members.payLinkVersion,
      language: members.language,
    })
    .from(members)
    .where(eq(members.id, memberId));
  return member;
}

/**
 * The member's payment link as of now: the signed link while payment links are on, else the
 * specification's link (`/customer/login?mobile=…&type=payment`, which always works).
 * @param member the member (id, mobile, current `pay_link_version`)
 * @returns an absolute URL under `PUBLIC_URL`
 */
export async function memberPaymentLink(
  ctx: ServiceContext,
  member: { id: string; mobile: string; payLinkVersion: number },
): Promise<string> {
  return (await paymentLinkMaker(ctx))(member);
}

/**
 * {@link memberPaymentLink} for many members: the settings are read once.
 * @returns a function from a member to their payment link
 */
export async function paymentLinkMaker(
  ctx: ServiceContext,
): Promise<(member: { id: string; mobile: string; payLinkVersion: number }) => string> {
  const { payLinksEnabled } = await readWhatsAppSettings(ctx.db);
  const publicUrl = await publicUrlOf(ctx);
  const expiresAt = Math.floor((ctx.clock.now().getTime() + ctx.config.payLinkDays * DAY_MS) / 1000);
  return (member) => {
    if (!payLinksEnabled) return paymentLink(publicUrl, member.mobile);
    const token = signPayLink(ctx.config.linkKeys, {
      memberId: member.id,
      mobile: member.mobile,
      version: member.payLinkVersion,
      expiresAt,
    });
    return `${publicUrl}/pay/${member.mobile}/${token}`;
  };
}

/**
 * Checks a payment link and returns its member (active). Order of checks: switched off for the
 * parish (403 `PAY_LINKS_OFF`), the signature over member, mobile, version and expiry (404
 * `PAY_LINK_INVALID`: tampered, malformed), the member still active with that mobile and that
 * version (404 `PAY_LINK_INVALID`: revoked), the expiry against the app clock (404
 * `PAY_LINK_EXPIRED`). Never says more about a member than the link already did.
 */
export async function memberOfPayLink(
  ctx: ServiceContext,
  input: { mobile: string; token: string },
): Promise<LinkMember> {
  const { payLinksEnabled } = await readWhatsAppSettings(ctx.db);
  if (!payLinksEnabled) throw new AppError(ErrorCode.PAY_LINKS_OFF, PAY_LINK_MSG.off);
  const claims = readPayLink(ctx.config.linkKeys, input.mobile, input.token);
  if (!claims) throw notFound(PAY_LINK_MSG.invalid, ErrorCode.PAY_LINK_INVALID);
  const member = await linkMember(ctx.db, claims.memberId);
  if (!member?.isActive || member.mobile !== claims.mobile || member.payLinkVersion !== claims.version) {
    throw notFound(PAY_LINK_MSG.invalid, ErrorCode.PAY_LINK_INVALID);
  }
  if (claims.expiresAt * 1000 <= ctx.clock.now().getTime()) {
    throw notFound(PAY_LINK_MSG.expired, ErrorCode.PAY_LINK_EXPIRED);
  }
  return member;
}

/**
 * `GET /api/pay/:mobile/:token`: the pay-only view of the link's member: the first name and the
 * pending dues (arrears, then current dues, then miscellaneous; due date, head name, whether the
 * head takes a variable amount), their total in rupees, whether arrears block current dues
 * (`docs/domain.md`, §4 "Arrears first") and the member's saved language (decision 0140).
 * Nothing else: no mobile, address, history or receipts.
 * @throws AppError as {@link memberOfPayLink}
 */
export async function payView(ctx: ServiceContext, input: { mobile: string; token: string }): Promise<PayView> {
  const member = await memberOfPayLink(ctx, input);
  const rows = await queryRows<{
    id: string;
    headName: string;
    type: string;
    amountPaise: string | number;
    dueDate: string | null;
    variableAmount: boolean;
  }>(
    ctx.db,
    sql`SELECT p.id, h.name AS "headName", h.type::text AS type, p.amount_paise AS "amountPaise",
               coalesce(p.due_date, h.due_date)::text AS "dueDate", h.variable_amount AS "variableAmount"
          FROM payments p JOIN payment_heads h ON h.id = p.payment_head_id
         WHERE p.member_id = ${member.id} AND p.status = 'pending'
         ORDER BY CASE h.type WHEN 'arrear' THEN 0 WHEN 'current due' THEN 1 ELSE 2 END,
                  coalesce(p.due_date, h.due_date), h.name, p.id`,
  );
  const totalPaise = sumPaise(rows.map((row) => paiseOfSum(row.amountPaise)));
  return {
    firstName: member.name.trim().split(/\s+/)[0] ?? '',
    items: rows.map((row) => ({
      _id: row.id,
      headName: row.headName,
      type: row.type,
      amount: paiseToRupees(paiseOfSum(row.amountPaise)),
      dueDate: row.dueDate,
      variableAmount: row.variableAmount,
    })),
    total: paiseToRupees(totalPaise),
    arrearsBlocking: rows.some((row) => row.type === 'arrear'),
    language: isLanguage(member.language) ? member.language : null,
  };
}

/**
 * The service context of a payment link's member: the normal online order runs as that member
 * (their own payments only, the arrears gate, the checkout hold), named in the audit trail as
 * the member "via payment link".
 */
async function payLinkContext(ctx: ServiceContext, input: { mobile: string; token: string }): Promise<ServiceContext> {
  const member = await memberOfPayLink(ctx, input);
  const actor = memberActor(member);
  return {
    ...ctx,
    actor,
    audit: { ...ctx.audit, actorType: 'member', actorId: member.id, actorName: `${member.name} (payment link)` },
  };
}

/**
 * The normal online order (as `POST /api/worldline/create-customer-order`, `createWorldlineCheckout`)
 * for the payment link's member, run as that member ({@link payLinkContext}); the answer carries
 * no e-mail, parish number or full name (`linkHolderMember`, decision 0036, issue 27 item 22).
 * @param input the link (`mobile`, `token`) and the order asked for (payment ids, heads, custom amounts)
 * @returns the Worldline order (`worldlineOrderSchema`, amounts in rupees)
 * @throws 404 PAY_LINK_INVALID / PAY_LINK_EXPIRED, 403 PAY_LINKS_OFF (the link is checked first,
 * {@link memberOfPayLink}); then as `createWorldlineCheckout`
 */
export async function payLinkOrder(
  ctx: ServiceContext,
  input: { mobile: string; token: string; order: OrderRequest },
): Promise<WorldlineOrder> {
  return createWorldlineCheckout(await payLinkContext(ctx, input), input.order, { payLink: true });
}

/**
 * `GET /api/pay/:mobile/:token/transactions/:txnId` (decision 0140): the outcome of a payment made
 * for the link's member, for the confirmation page the gateway's return leads to. A pending
 * transaction is settled first with the gateway's status API (dual verification, as
 * `transactionStatus`). Once paid, the receipts its dues are on, each with its signed receipt-link
 * token (`GET /api/receipt-links/:token`).
 * @param input the link and our transaction id (`txnId`, as the gateway's return names it)
 * @returns status success | pending | failed, the message, the amount in rupees and the receipts
 * @throws as {@link memberOfPayLink}; 404 TRANSACTION_NOT_FOUND for an unknown transaction and for
 * another member's (never says which)
 */
export async function payLinkOutcome(
  ctx: ServiceContext,
  input: { mobile: string; token: string; txnId: string },
): Promise<PayLinkOutcome> {
  const memberCtx = await payLinkContext(ctx, input);
  const row = await findTransaction(memberCtx, input.txnId);
  if (!row || row.memberId !== memberCtx.actor?.id)
    throw notFound(GATEWAY_MSG.transactionNotFound, ErrorCode.TRANSACTION_NOT_FOUND);
  const state = await transactionStatus(memberCtx, { row });
  const receipts =
    state.status === 'success'
      ? await queryRows<{ receiptId: string; receiptNumber: string }>(
          ctx.db,
          sql`SELECT DISTINCT p.receipt_id AS "receiptId", p.receipt_number AS "receiptNumber"
                FROM transaction_items i JOIN payments p ON p.id = i.payment_id
               WHERE i.transaction_id = ${row.id} AND p.member_id = ${row.memberId}
                 AND p.status = 'paid' AND p.receipt_id IS NOT NULL AND p.transaction_id = ${row.transactionId}
               ORDER BY p.receipt_number`,
        )
      : [];
  return {
    txnId: row.transactionId,
    status: state.status,
    message: state.message,
    amount: paiseToRupees(row.amountPaise),
    receipts: receipts.map((receipt) => ({
      receiptNumber: receipt.receiptNumber,
      token: signReceiptLink(ctx.config.linkKeys, receipt.receiptId),
    })),
  };
}

/**
 * Revokes every payment link of a member issued so far (admin): raises `pay_link_version`,
 * audited `member.pay_links_revoked` in the same transaction. New links work at once.
 * @throws AppError 404 for an unknown member
 */
export async function revokePayLinks(
  ctx: ServiceContext,
  input: { memberId: string },
): Promise<{ payLinkVersion: number }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(members)
      .set({ payLinkVersion: sql`${members.payLinkVersion} + 1` })
      .where(eq(members.id, input.memberId))
      .returning({ payLinkVersion: members.payLinkVersion });
    if (!row) throw notFound('Member not found');
    await recordAudit(tx, ctx.audit, {
      action: 'member.pay_links_revoked',
      entityType: 'member',
      entityId: input.memberId,
      after: { payLinkVersion: row.payLinkVersion },
    });
    return row;
  });
}

export { linkMember };
