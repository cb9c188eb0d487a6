import { ErrorCode, GATEWAY_MSG, type VerifyResult } from '@parish/shared';

import { actorOf, type ServiceContext } from '../../context.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { GatewayUnavailableError } from './gateway-client.ts';
import { gatewayAudit, type GatewayName, type PaymentGateway, type TransactionRow } from './gateway.ts';
import {
  newTxnId,
  prepareOrder,
  recordPendingTransaction,
  type OrderLine,
  type OrderRequest,
} from './orders.service.ts';
import { settleFoundTransaction, transactionResult, type Settlement } from './settle.ts';

/**
 * The gateway-neutral services of online payment (`docs/domain.md`, "§4 Payment rules", "§7
 * API"): opening a checkout for the signed-in member, the state of a transaction, and the record
 * of a response that failed its hash or signature check. Each gateway's services
 * (`worldline.service.ts`, `razorpay.service.ts`) build on them.
 */

/** A checkout opened for a pending transaction. */
export interface OpenedCheckout<Checkout> {
  /** Our transaction id. */
  txnId: string;
  /** The total charged, in paise. */
  totalPaise: number;
  /** The payments paid (amounts in paise). */
  lines: OrderLine[];
  /** What the browser needs to start the gateway's checkout. */
  checkout: Checkout;
}

/**
 * What a gateway's return to the site (the browser's redirect) tells the callback page: the
 * settled verify answer with the gateway's payment reference, or why there is none.
 */
export type ReturnAnswer<Settled = object> =
  | ({ settled: true; result: VerifyResult; reference: string | null } & Settled)
  | { settled: false; txnId?: string | undefined; message: string };

/**
 * Opens a checkout with `gateway` for the signed-in member's own payments: the order is checked
 * and every amount computed from the database ({@link prepareOrder}), then the gateway's order is
 * opened and the pending transaction recorded (audited as the member).
 * @throws 400 'Please enter a valid amount' below the gateway's minimum (Razorpay ₹1.00); 503
 * 'Failed to create payment order' when the gateway cannot be reached; 400/404/409 as
 * {@link prepareOrder} and {@link recordPendingTransaction}.
 */
export async function openCheckout<Evidence, Checkout>(
  ctx: ServiceContext,
  input: OrderRequest & { gateway: PaymentGateway<Evidence, Checkout> },
): Promise<OpenedCheckout<Checkout>> {
  const { gateway } = input;
  const { member, lines, totalPaise } = await prepareOrder(ctx, {
    memberId: actorOf(ctx).id,
    paymentIds: input.paymentIds,
    paymentHeads: input.paymentHeads,
    customAmounts: input.customAmounts,
  });
  if (totalPaise < gateway.minimumPaise) throw badRequest(GATEWAY_MSG.invalidAmount, 'paymentIds');
  const txnId = newTxnId(gateway.txnIdPrefix, ctx.clock.now());
  let opened;
  try {
    opened = await gateway.createOrder({ txnId, amountPaise: totalPaise, member, lines });
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    ctx.log.warn({ err: error.message }, `${gateway.displayName} order creation failed`);
    throw new AppError(ErrorCode.UNAVAILABLE, GATEWAY_MSG.createOrderFailed);
  }
  await recordPendingTransaction(ctx, {
    gateway: gateway.name,
    txnId,
    gatewayOrderId: opened.gatewayOrderId,
    memberId: member.id,
    lines,
    totalPaise,
  });
  return { txnId, totalPaise, lines, checkout: opened.checkout };
}

/**
 * The state of a transaction for its member or staff: a pending one is settled first with the
 * gateway's status API (audited as the gateway).
 * @throws 404 'Transaction not found' when a member asks about another member's transaction.
 */
export async function transactionStatus(ctx: ServiceContext, input: { row: TransactionRow }): Promise<Settlement> {
  const { row } = input;
  const actor = actorOf(ctx);
  if (actor.type === 'member' && row.memberId !== actor.id)
    throw notFound(GATEWAY_MSG.transactionNotFound, ErrorCode.TRANSACTION_NOT_FOUND);
  if (row.status !== 'pending') return { result: await transactionResult(ctx, row), transaction: row };
  const gateway = row.paymentGateway === 'razorpay' ? 'razorpay' : 'worldline';
  return settleFoundTransaction(ctx, { row, evidence: { gateway, source: 'status' } });
}

/**
 * Records a response that failed its hash or signature check, a security event (nothing else
 * changes): audit `transaction.verification_failed` as the gateway, with the reason and `via`
 * (the route that received it).
 * @param input `entityId` is the transaction id claimed (cut to 100 characters; none when empty)
 */
export async function recordRejectedResponse(
  ctx: ServiceContext,
  input: { gateway: GatewayName; entityId: string; reason: string; via: string | undefined },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await recordAudit(tx, gatewayAudit(input.gateway, ctx.audit), {
      action: 'transaction.verification_failed',
      entityType: 'transaction',
      entityId: input.entityId.slice(0, 100) || null,
      after: { reason: input.reason, via: input.via },
    });
  });
}
