import {
  ErrorCode,
  GATEWAY_MSG,
  paiseToRupees,
  type PaymentStatusResult,
  type VerifyResult,
  type WorldlineConfig,
  type WorldlineOrder,
} from '@parish/shared';

import type { ServiceContext } from '../../../context.ts';
import { AppError, badRequest, notFound } from '../../../lib/app-error.ts';
import { parishPaymentGateways } from '../adapters.ts';
import { orderPayments, type OrderRequest } from '../orders.service.ts';
import { findTransaction, settleFoundTransaction, settleTransaction } from '../settle.ts';
import { openCheckout, recordRejectedResponse, transactionStatus, type ReturnAnswer } from '../transactions.service.ts';

/**
 * Worldline (Paynimo checkout.js) services (`docs/domain.md`, "§7 API"): its public settings, a
 * checkout for the signed-in member, its return URL, the verify call and the status check. A
 * response `msg` is trusted only once its SHA-512 hash verifies, and even then the status API
 * decides ({@link settleTransaction}).
 */

/** The public checkout settings: availability, mode, merchant code, scripts; never the salt. */
export async function worldlineConfig(ctx: ServiceContext): Promise<WorldlineConfig> {
  return (await parishPaymentGateways(ctx)).worldline.publicConfig();
}

/**
 * Opens a Worldline checkout for the signed-in member's own payments (see `openCheckout`).
 * @returns the order as `POST /api/worldline/create-customer-order` and the payment link's order
 * (`modules/whatsapp-links`) answer it (`worldlineOrderSchema`): the transaction id, the amount in
 * rupees, the request token, the checkout.js configuration and the order's payments.
 * @param via `payLink: true` for a payment link's order: the consumer fields carry only what the
 * link does (`linkHolderMember`, decision 0036)
 * @throws as `openCheckout`
 */
export async function createWorldlineCheckout(
  ctx: ServiceContext,
  input: OrderRequest,
  via: { payLink?: boolean } = {},
): Promise<WorldlineOrder> {
  const opened = await openCheckout(ctx, { ...input, ...via, gateway: (await parishPaymentGateways(ctx)).worldline });
  const { txnId, totalPaise, lines, checkout } = opened;
  return {
    txnId,
    token: checkout.token,
    amount: paiseToRupees(totalPaise),
    consumerId: checkout.consumerId,
    consumerMobileNo: checkout.consumerMobileNo,
    consumerEmailId: checkout.consumerEmailId,
    mode: checkout.mode,
    checkoutScriptUrl: checkout.checkoutScriptUrl,
    payments: orderPayments(lines),
    worldlineOrder: checkout.worldlineOrder,
  };
}

/**
 * Worldline's return to the site with `msg`: verifies its hash (a failure is recorded as a
 * security event), then settles the transaction it names.
 * @param input `via`: the route that received it, for the audit trail
 * @returns the settled answer with the gateway's reference (tpsl_txn_id); or, refused, 'Invalid
 * response format from payment gateway' without `msg`, 'Payment verification failed…' when the
 * hash does not verify, 'Transaction not found' for an unknown transaction.
 */
export async function worldlineReturn(
  ctx: ServiceContext,
  input: { msg: string | undefined; via: string | undefined },
): Promise<ReturnAnswer> {
  const { msg } = input;
  if (!msg) return { settled: false, message: GATEWAY_MSG.invalidResponse };
  const fields = (await parishPaymentGateways(ctx)).worldline.verifyResponse(msg);
  const claimedRef = (msg.split('|')[3] ?? '').replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64);
  if (!fields) {
    const reason = 'response hash does not verify';
    await recordRejectedResponse(ctx, { gateway: 'worldline', entityId: claimedRef, reason, via: input.via });
    return { settled: false, txnId: claimedRef, message: GATEWAY_MSG.hashMismatch };
  }
  try {
    const { result, transaction } = await settleTransaction(ctx, {
      txnId: fields.clnt_txn_ref,
      evidence: { gateway: 'worldline', source: 'callback', msg: fields },
    });
    return { settled: true, result, reference: transaction.pgReferenceId ?? fields.tpsl_txn_id };
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) {
      return { settled: false, txnId: claimedRef, message: GATEWAY_MSG.transactionNotFound };
    }
    throw error;
  }
}

/**
 * Verifies a Worldline payment (idempotent). Nothing in the input is trusted: `msg`, when given,
 * must verify and name `txnId`; `statusCode` is only the browser's word (used to give up on a
 * transaction the gateway never saw). The status API decides. The in-page checkout's cancel or failure
 * (Worldline 0392/0399) is posted here too, so the attempt shows so at once (decision 0144); a
 * signed-in member may ask only about their own transactions.
 * @throws 400 'Payment verification failed…' (field `msg`) when `msg` does not verify or names
 * another transaction (recorded as a security event); 404 'Transaction not found' (also when a
 * signed-in member names another member's transaction).
 */
export async function verifyWorldlinePayment(
  ctx: ServiceContext,
  input: { txnId: string; msg?: string | undefined; statusCode?: string | undefined; via: string | undefined },
): Promise<VerifyResult> {
  const { txnId, msg } = input;
  let fields;
  if (msg) {
    fields = (await parishPaymentGateways(ctx)).worldline.verifyResponse(msg);
    if (!fields || fields.clnt_txn_ref !== txnId) {
      const reason = fields ? 'response is for another transaction' : 'response hash does not verify';
      await recordRejectedResponse(ctx, { gateway: 'worldline', entityId: txnId, reason, via: input.via });
      throw badRequest(GATEWAY_MSG.hashMismatch, 'msg', ErrorCode.VERIFICATION_FAILED);
    }
  }
  const row = await findTransaction(ctx, txnId);
  // A signed-in member asks only about their own attempts (the dashboard posts the checkout's
  // cancel or failure here, decision 0144): another member's transaction is not found, unchanged.
  if (row && ctx.actor?.type === 'member' && row.memberId !== ctx.actor.id)
    throw notFound(GATEWAY_MSG.transactionNotFound, ErrorCode.TRANSACTION_NOT_FOUND);
  const { result } = await settleFoundTransaction(ctx, {
    row,
    evidence: {
      gateway: 'worldline',
      source: 'verify',
      ...(fields && { msg: fields }),
      claimedStatusCode: input.statusCode,
    },
  });
  return result;
}

/**
 * The state of an online transaction by our txn id (any gateway), re-checked with the gateway
 * while pending (`transactionStatus`). A member sees only their own.
 * @returns the verify fields and the transaction (amounts in rupees)
 * @throws 404 'Transaction not found'.
 */
export async function worldlinePaymentStatus(
  ctx: ServiceContext,
  input: { txnId: string },
): Promise<PaymentStatusResult> {
  const row = await findTransaction(ctx, input.txnId);
  if (!row) throw notFound(GATEWAY_MSG.transactionNotFound, ErrorCode.TRANSACTION_NOT_FOUND);
  return transactionStatus(ctx, { row });
}

/**
 * Worldline's server-to-server notification (`GET ?msg=`, `docs/domain.md`, §10 "Worldline S2S";
 * the merchant kits' S2S handlers): the same 16-field `msg` as the return URL. Its hash is
 * verified (a failure is recorded as a security event), then the transaction it names is settled
 * through the status API (dual verification), audited `via: 's2s'`.
 * @returns the kits' plain-text answer `clnt_txn_ref|tpsl_txn_id|1` when the hash verifies and the
 * transaction is ours, `…|0` otherwise (the fields cut to 64 safe characters).
 */
export async function worldlineS2s(
  ctx: ServiceContext,
  input: { msg: string | undefined; via: string | undefined },
): Promise<string> {
  const parts = (input.msg ?? '').split('|');
  const safe = (value: string | undefined) => (value ?? '').replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64);
  const answer = (ok: boolean) => `${safe(parts[3])}|${safe(parts[5])}|${ok ? 1 : 0}`;
  if (!input.msg) return answer(false);
  const fields = (await parishPaymentGateways(ctx)).worldline.verifyResponse(input.msg);
  if (!fields) {
    const reason = 'response hash does not verify';
    await recordRejectedResponse(ctx, { gateway: 'worldline', entityId: safe(parts[3]), reason, via: input.via });
    return answer(false);
  }
  try {
    await settleTransaction(ctx, {
      txnId: fields.clnt_txn_ref,
      evidence: { gateway: 'worldline', source: 's2s', msg: fields },
    });
    return answer(true);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return answer(false);
    throw error;
  }
}
