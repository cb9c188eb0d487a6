import { eq } from 'drizzle-orm';

import {
  ErrorCode,
  GATEWAY_MSG,
  publicAddressProblem,
  type Paise,
  type PaymentStatusResult,
  type VerifyResult,
} from '@parish/shared';

import { testMoney } from '../../config/gateways.ts';
import { actorOf, type ServiceContext } from '../../context.ts';
import { transactions } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { publicUrlOf } from '../parishes/request-parish.ts';
import { GatewayUnavailableError } from './gateway-client.ts';
import { gatewayAudit, type GatewayName, type OrderLine, type PaymentGateway, type TransactionRow } from './gateway.ts';
import {
  heldBy,
  linkHolderMember,
  newTxnId,
  supersedeHolders,
  prepareOrder,
  recordPendingTransaction,
  type OrderRequest,
} from './orders.service.ts';
import { settleFoundTransaction, transactionResult } from './settle.ts';
import { transactionRecords } from './transaction-records.ts';

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
  totalPaise: Paise;
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
 * opened and the pending transaction recorded (audited as the member). Through a payment link
 * (`payLink`), the gateway and the browser get only what the link already carries
 * ({@link linkHolderMember}, decision 0036).
 * @throws 503 'Online payment is not available yet…' when the gateway is off, or live while
 * the address links start with (`publicUrlOf`: the request's parish host, else `PUBLIC_URL`) is
 * not a public address (its return URL would not reach this server, decisions 0117 and 0125; the sandbox and test credentials keep working locally); 400 'Please enter a valid amount'
 * below the gateway's minimum (Razorpay ₹1.00); 503
 * 'Failed to create payment order' when the gateway cannot be reached; 400/404/409 as
 * {@link prepareOrder} and {@link recordPendingTransaction}.
 */
export async function openCheckout<Evidence, Checkout>(
  ctx: ServiceContext,
  input: OrderRequest & { gateway: PaymentGateway<Evidence, Checkout>; payLink?: boolean },
): Promise<OpenedCheckout<Checkout>> {
  const { gateway } = input;
  const mode = ctx.config[gateway.name].mode;
  if (mode === 'off') throw new AppError(ErrorCode.GATEWAY_UNAVAILABLE, GATEWAY_MSG.paymentsOff);
  const publicUrl = await publicUrlOf(ctx);
  const addressProblem = publicAddressProblem(publicUrl);
  if (mode === 'live' && addressProblem) {
    ctx.log.error(
      { publicUrl, problem: addressProblem },
      `${gateway.displayName} checkout refused: PUBLIC_URL is not an address the gateway and the member's phone can reach`,
    );
    throw new AppError(ErrorCode.GATEWAY_UNAVAILABLE, GATEWAY_MSG.paymentsOff);
  }
  const { member, lines, totalPaise } = await prepareOrder(ctx, {
    memberId: actorOf(ctx).id,
    paymentIds: input.paymentIds,
    paymentHeads: input.paymentHeads,
    customAmounts: input.customAmounts,
  });
  await settleHolders(
    ctx,
    member.id,
    lines.map((line) => line.paymentId),
  );
  if (totalPaise < gateway.minimumPaise) throw badRequest(GATEWAY_MSG.invalidAmount, 'paymentIds');
  const txnId = newTxnId(gateway.txnIdPrefix, ctx.clock.now());
  let opened;
  try {
    const orderMember = input.payLink ? linkHolderMember(member) : member;
    opened = await gateway.createOrder({ txnId, amountPaise: totalPaise, member: orderMember, lines, publicUrl });
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
    // Sandbox and test credentials move no real money (decisions 0045, 0119).
    isTest: testMoney(mode),
  });
  return { txnId, totalPaise, lines, checkout: opened.checkout };
}

/** How long a new order waits for the status of a pending checkout that holds its dues. */
export const HOLDER_STATUS_LIMIT_MS = 3_000;

/**
 * Before a new order (`docs/domain.md`, §4 "Retry after an abandoned checkout"): asks the gateway
 * of each pending checkout that holds these dues for its status, as settling does (dual
 * verification), waiting at most {@link HOLDER_STATUS_LIMIT_MS} in all. A checkout the gateway
 * says is paid is settled; then the dues are paid and the new order is refused. Any other answer,
 * or none in time, lets the order go on: {@link recordPendingTransaction} supersedes the checkout,
 * which the re-check keeps asking about (a status call still running finishes in the background).
 * @throws 409 `ALREADY_PAID` (`GATEWAY_MSG.earlierCheckoutPaid`) when an earlier checkout turned out paid.
 */
async function settleHolders(ctx: ServiceContext, memberId: string, paymentIds: string[]): Promise<void> {
  const holders = await heldBy(ctx.db, memberId, paymentIds);
  if (holders.length === 0) return;
  const checks = Promise.all(
    holders.map((row) =>
      settleFoundTransaction(ctx, {
        row,
        evidence: { gateway: row.paymentGateway === 'razorpay' ? 'razorpay' : 'worldline', source: 'status' },
      }).catch((error: unknown) => {
        ctx.log.warn({ err: error, txnId: row.transactionId }, 'status check of a held checkout failed');
        return null;
      }),
    ),
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), HOLDER_STATUS_LIMIT_MS);
  });
  const settled = await Promise.race([checks, timeout]).finally(() => clearTimeout(timer));
  if (settled?.some((s) => s?.transaction.status === 'success'))
    throw conflict(GATEWAY_MSG.earlierCheckoutPaid, ErrorCode.ALREADY_PAID);
}

/**
 * The state of a transaction for its member or staff (`GET /api/worldline/payment-status/…`,
 * `GET /api/razorpay/payment-status/…`): a pending one is settled first with the gateway's status
 * API (audited as the gateway).
 * @returns the verify fields and the transaction as the portal shows it (amounts in rupees)
 * @throws 404 'Transaction not found' when a member asks about another member's transaction, or
 * when the transaction cannot be read back.
 */
export async function transactionStatus(
  ctx: ServiceContext,
  input: { row: TransactionRow },
): Promise<PaymentStatusResult> {
  const { row } = input;
  const actor = actorOf(ctx);
  if (actor.type === 'member' && row.memberId !== actor.id)
    throw notFound(GATEWAY_MSG.transactionNotFound, ErrorCode.TRANSACTION_NOT_FOUND);
  const gateway = row.paymentGateway === 'razorpay' ? 'razorpay' : 'worldline';
  const settled =
    row.status !== 'pending'
      ? { result: await transactionResult(ctx, row), transaction: row }
      : await settleFoundTransaction(ctx, { row, evidence: { gateway, source: 'status' } });
  const [transaction] = await transactionRecords(ctx.db, eq(transactions.id, settled.transaction.id), 1);
  if (!transaction) throw notFound(GATEWAY_MSG.transactionNotFound, ErrorCode.TRANSACTION_NOT_FOUND);
  const { result } = settled;
  return {
    success: result.success,
    status: result.status,
    statusCode: result.statusCode,
    message: result.message,
    transaction,
  };
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
      after: { reason: input.reason, via: input.via ?? 'unknown' },
    });
  });
}

/**
 * "Cancel" on the member's dashboard (`docs/domain.md`, §4 "Retry after an abandoned checkout"):
 * the signed-in member gives up the pending checkouts that hold these of their dues. Each is first
 * asked about, as for a new order ({@link settleHolders}, at most 3 s): one the gateway says is paid
 * is settled (409 `ALREADY_PAID`); the others are superseded without a successor (audited
 * `transaction.superseded`, `via: 'cancel'`) and keep being re-checked until final.
 * @returns how many checkouts were given up.
 */
export async function cancelCheckouts(
  ctx: ServiceContext,
  input: { paymentIds: string[] },
): Promise<{ cancelled: number }> {
  const memberId = actorOf(ctx).id;
  await settleHolders(ctx, memberId, input.paymentIds);
  const cancelled = await supersedeHolders(ctx, { memberId, paymentIds: input.paymentIds, by: null });
  return { cancelled };
}
