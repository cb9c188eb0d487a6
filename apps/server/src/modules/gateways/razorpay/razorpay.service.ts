import { createHash } from 'node:crypto';

import { eq, or, sql } from 'drizzle-orm';

import {
  ErrorCode,
  GATEWAY_MSG,
  paiseToRupees,
  type PaymentStatusResult,
  type RazorpayConfig,
  type RazorpayOrder,
  type VerifyResult,
} from '@parish/shared';

import { actorOf, type ServiceContext } from '../../../context.ts';
import { transactions } from '../../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../../lib/app-error.ts';
import {
  HOME_PARISH_ID,
  parishInProgress,
  parishOfCredential,
  parishOfGatewayOrder,
} from '../../settings/parish-credentials.ts';
import { parishPaymentGateways } from '../adapters.ts';
import { parseRazorpayWebhook } from './razorpay-webhook.ts';
import { orderPayments, type OrderRequest } from '../orders.service.ts';
import { findTransactionByOrderId, settleFoundTransaction, type Settlement } from '../settle.ts';
import { openCheckout, recordRejectedResponse, transactionStatus, type ReturnAnswer } from '../transactions.service.ts';

/**
 * Razorpay services (`docs/domain.md`, "§7 API"): its public settings, a checkout (an order made
 * with the Orders API) for the signed-in member, the verify call, its callback URL, the status
 * check and webhooks. The checkout signature is always checked against the order id WE stored;
 * the outcome always comes from Razorpay's payments API ({@link settleFoundTransaction}).
 */

/** The public checkout settings: availability, mode, key id, script; never a secret. */
export async function razorpayConfig(ctx: ServiceContext): Promise<RazorpayConfig> {
  return (await parishPaymentGateways(ctx)).razorpay.publicConfig();
}

/**
 * Opens a Razorpay checkout for the signed-in member's own payments (see `openCheckout`): a
 * Razorpay order of the total in paise (receipt = our txn id) and the Standard Checkout options.
 * @returns the order as `POST /api/razorpay/create-order` answers it (`razorpayOrderSchema`): our
 * transaction id, the amount in rupees, Razorpay's order and checkout options (in paise, as
 * Razorpay wants them) and the order's payments (rupees)
 * @throws as `openCheckout`
 */
export async function createRazorpayCheckout(ctx: ServiceContext, input: OrderRequest): Promise<RazorpayOrder> {
  const opened = await openCheckout(ctx, { ...input, gateway: (await parishPaymentGateways(ctx)).razorpay });
  const { txnId, totalPaise, lines, checkout } = opened;
  return {
    txnId,
    amount: paiseToRupees(totalPaise),
    mode: checkout.mode,
    checkoutScriptUrl: checkout.checkoutScriptUrl,
    order: checkout.order,
    checkout: checkout.checkout,
    payments: orderPayments(lines),
  };
}

const signatureRefused = 'checkout signature does not verify';

/**
 * Verifies a Razorpay checkout of the signed-in member: the signature over the stored order id and
 * the payment id, then Razorpay's payments API decides; settles exactly once.
 * @throws 404 'Transaction not found' when the order is not the member's; 400 'Payment
 * verification failed…' (field `razorpay_signature`) on a bad signature (a security event).
 */
export async function verifyRazorpayPayment(
  ctx: ServiceContext,
  input: { orderId: string; paymentId: string; signature: string; via: string | undefined },
): Promise<VerifyResult> {
  const memberId = actorOf(ctx).id;
  const row = await findTransactionByOrderId(ctx, input.orderId);
  if (!row || row.memberId !== memberId)
    throw notFound(GATEWAY_MSG.transactionNotFound, ErrorCode.TRANSACTION_NOT_FOUND);
  if (
    !(await parishPaymentGateways(ctx)).razorpay.verifyCheckout(
      row.gatewayOrderId ?? '',
      input.paymentId,
      input.signature,
    )
  ) {
    await recordRejectedResponse(ctx, {
      gateway: 'razorpay',
      entityId: row.transactionId,
      reason: signatureRefused,
      via: input.via,
    });
    throw badRequest(GATEWAY_MSG.hashMismatch, 'razorpay_signature', ErrorCode.VERIFICATION_FAILED);
  }
  const evidence = { gateway: 'razorpay', source: 'verify', paymentId: input.paymentId } as const;
  return (await settleFoundTransaction(ctx, { row, evidence })).result;
}

/** The form fields Razorpay's checkout posts to the callback URL. */
export interface RazorpayReturnFields {
  razorpay_order_id?: string | undefined;
  razorpay_payment_id?: string | undefined;
  razorpay_signature?: string | undefined;
  'error[description]'?: string | undefined;
  'error[metadata]'?: string | undefined;
}

/** The order and failed payment named by `error[metadata]` (JSON); none when it is not JSON. */
function failureMetadata(metadata: string | undefined): { orderId?: string; paymentId?: string } {
  if (!metadata) return {};
  try {
    const meta = JSON.parse(metadata) as { order_id?: unknown; payment_id?: unknown };
    return {
      ...(typeof meta.order_id === 'string' && { orderId: meta.order_id }),
      ...(typeof meta.payment_id === 'string' && { paymentId: meta.payment_id }),
    };
  } catch {
    return {};
  }
}

/**
 * Razorpay's callback: on success the three checkout fields (signature checked with the stored
 * order id; a bad one is a security event), on failure `error[…]` fields (the order from
 * `error[metadata]`, the browser's cancel or failure only as a claim); then settles.
 * @returns the settled answer with the payment reference, the order id and the payment id; or,
 * refused, 'Transaction not found' for an unknown order, 'Payment verification failed…' on a bad
 * signature.
 */
export async function razorpayReturn(
  ctx: ServiceContext,
  input: { fields: RazorpayReturnFields; via: string | undefined },
): Promise<ReturnAnswer<{ orderId: string; paymentId: string | null }>> {
  const { fields } = input;
  const failure = fields.razorpay_order_id ? {} : failureMetadata(fields['error[metadata]']);
  const orderId = fields.razorpay_order_id || failure.orderId;
  const row = orderId ? await findTransactionByOrderId(ctx, orderId) : null;
  if (!row) return { settled: false, message: GATEWAY_MSG.transactionNotFound };
  let settlement: Settlement;
  if (fields.razorpay_payment_id && fields.razorpay_signature) {
    const gateway = (await parishPaymentGateways(ctx)).razorpay;
    if (!gateway.verifyCheckout(row.gatewayOrderId ?? '', fields.razorpay_payment_id, fields.razorpay_signature)) {
      const rejected = { gateway: 'razorpay', entityId: row.transactionId, reason: signatureRefused } as const;
      await recordRejectedResponse(ctx, { ...rejected, via: input.via });
      return { settled: false, txnId: row.transactionId, message: GATEWAY_MSG.hashMismatch };
    }
    const evidence = { gateway: 'razorpay', source: 'callback', paymentId: fields.razorpay_payment_id } as const;
    settlement = await settleFoundTransaction(ctx, { row, evidence });
  } else {
    const claimedFailure =
      fields['error[description]'] === GATEWAY_MSG.cancelledByUser
        ? GATEWAY_MSG.cancelledByUser
        : GATEWAY_MSG.paymentFailed;
    settlement = await settleFoundTransaction(ctx, {
      row,
      evidence: {
        gateway: 'razorpay',
        source: 'callback',
        ...(failure.paymentId && { paymentId: failure.paymentId }),
        claimedFailure,
      },
    });
  }
  const reference = settlement.transaction.pgReferenceId;
  return {
    settled: true,
    result: settlement.result,
    reference,
    orderId: row.gatewayOrderId ?? '',
    paymentId: reference,
  };
}

/**
 * The state of a Razorpay transaction by our txn id or the Razorpay order id, re-checked with
 * Razorpay while pending (`transactionStatus`). A member sees only their own.
 * @returns the verify fields and the transaction (amounts in rupees)
 * @throws 404 'Transaction not found' (also for another gateway's transaction).
 */
export async function razorpayPaymentStatus(ctx: ServiceContext, input: { id: string }): Promise<PaymentStatusResult> {
  const [row] = await ctx.db
    .select()
    .from(transactions)
    .where(or(eq(transactions.transactionId, input.id), eq(transactions.gatewayOrderId, input.id)));
  if (!row || row.paymentGateway !== 'razorpay')
    throw notFound(GATEWAY_MSG.transactionNotFound, ErrorCode.TRANSACTION_NOT_FOUND);
  return transactionStatus(ctx, { row });
}

/** A Razorpay webhook as received: the raw body bytes, the parsed body and the two headers. */
export interface RazorpayWebhookInput {
  /** Exactly the bytes received (the signature is over them). */
  rawBody: Buffer;
  body: { event: string; payload?: Record<string, unknown> | undefined };
  /** `X-Razorpay-Signature`. */
  signature: string | undefined;
  /** `x-razorpay-event-id`; without it the SHA-256 of the raw body identifies the event. */
  eventId: string | undefined;
  /** The route that received it, for the audit trail. */
  via: string | undefined;
}

/**
 * A Razorpay webhook: the signature over the raw body with the webhook secret, then each event
 * once (deduplicated in `gateway_events` by its id); `payment.captured`, `order.paid`,
 * `payment.failed` and `payment.authorized` settle the order's transaction, unless already
 * paid. When settling fails the event is forgotten (so Razorpay's retry is processed) and the
 * error thrown.
 * @returns whether the event was delivered before.
 * @throws 401 'Invalid webhook signature' (a security event).
 */
export async function razorpayWebhook(
  ctx: ServiceContext,
  input: RazorpayWebhookInput,
): Promise<{ duplicate: boolean }> {
  const gateway = (await parishPaymentGateways(ctx)).razorpay;
  if (input.signature === undefined || !gateway.verifyWebhook(input.rawBody, input.signature)) {
    const rejected = { gateway: 'razorpay', entityId: '', reason: 'webhook signature does not verify' } as const;
    await recordRejectedResponse(ctx, { ...rejected, via: input.via });
    throw new AppError(ErrorCode.UNAUTHORIZED, 'Invalid webhook signature');
  }
  const eventId = input.eventId
    ? input.eventId.slice(0, 200)
    : createHash('sha256').update(input.rawBody).digest('hex');
  const inserted = await ctx.db.execute(sqlInsertEvent(eventId, input.body));
  if ((inserted as unknown as { rows: unknown[] }).rows.length === 0) return { duplicate: true };
  try {
    const news = gateway.parseWebhook(input.body);
    if (news.settles && news.orderId) {
      const row = await findTransactionByOrderId(ctx, news.orderId);
      if (row && row.status !== 'success') {
        const evidence = {
          gateway: 'razorpay',
          source: 'webhook',
          ...(news.paymentId && { paymentId: news.paymentId }),
        } as const;
        await settleFoundTransaction(ctx, { row, evidence });
      }
    }
  } catch (error) {
    // Let Razorpay retry this event: forget it, then fail.
    await ctx.db.execute(sqlDeleteEvent(eventId));
    throw error;
  }
  return { duplicate: false };
}

/**
 * The parish a Razorpay webhook belongs to (issue 28 item 4, decision 0130), from Razorpay's own
 * identifiers, never from anything the caller chooses (query, header, host): the parish of the
 * order it names (an order we created, `transactions.gateway_order_id`), else the parish whose
 * Razorpay account id is the body's `account_id`, else the home parish (whose environment
 * credentials served one-parish installs). The signature is then checked with THAT parish's webhook
 * secret, so a webhook signed with one parish's secret naming another parish's order is refused.
 * @param body the parsed, not yet verified, body: only the order id and account id are read
 * @returns the parish id
 */
export async function razorpayWebhookParish(
  ctx: Pick<ServiceContext, 'db'>,
  body: RazorpayWebhookInput['body'] & { account_id?: unknown },
): Promise<number> {
  const news = parseRazorpayWebhook(body);
  if (news.orderId) {
    const parishId = await parishOfGatewayOrder(ctx.db, 'razorpay', news.orderId);
    if (parishId !== null) return parishId;
  }
  if (typeof body.account_id === 'string' && body.account_id !== '') {
    const parishId = await parishOfCredential(ctx.db, 'razorpayAccountId', body.account_id);
    if (parishId !== null) return parishId;
  }
  return HOME_PARISH_ID;
}

/** Records a webhook event once, in the parish in progress: no row back means it was delivered before. */
function sqlInsertEvent(eventId: string, payload: unknown) {
  return sql`insert into gateway_events (parish_id, provider, event_id, payload)
             values (${parishInProgress()}, 'razorpay', ${eventId}, ${JSON.stringify(payload)}::jsonb)
             on conflict (parish_id, provider, event_id) do nothing returning event_id`;
}

/** Forgets an event whose processing failed, so Razorpay's retry is processed. */
function sqlDeleteEvent(eventId: string) {
  return sql`delete from gateway_events
             where parish_id = ${parishInProgress()} and provider = 'razorpay' and event_id = ${eventId}`;
}
