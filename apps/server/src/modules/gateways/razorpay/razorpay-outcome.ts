import { GATEWAY_MSG, paise } from '@parish/shared';

import { amountMismatchDetails, type Outcome, type TransactionRow } from '../gateway.ts';
import { CHECKOUT_HOLD_MS } from '../orders.service.ts';
import type { RazorpayPaymentEntity } from './razorpay-api.ts';

/**
 * Razorpay's outcome decision from the payments the API lists for the order (or the one payment
 * the news named), compared with the stored order (`docs/domain.md`, "§4 Payment rules"). Pure:
 * the adapter fetches, this decides.
 */

/** What arrived with the news of a Razorpay payment. Signatures are verified BEFORE this is built. */
export interface RazorpayEvidence {
  /** A Razorpay payment id whose signature (checkout or webhook) was verified. */
  paymentId?: string | undefined;
  /** The browser reported a cancel or failure (unverified; used only when Razorpay has no payment). */
  claimedFailure?: string | undefined;
  /**
   * The transaction's dues were paid otherwise meanwhile (the counter): an authorized payment is
   * not captured, so Razorpay returns it by itself (decision 0120). Set by the settlement.
   */
  leaveUncaptured?: boolean | undefined;
}

/**
 * Decides a Razorpay transaction from `payments` (amounts in paise; `now` for the checkout hold):
 * a named payment of another order → mismatch (stays pending); a captured payment of the order →
 * paid, or a failing mismatch when its amount is not `row.amountPaise` INR; authorized or created
 * → pending; a failed one → failed with Razorpay's description; no payment → the browser's
 * claimed cancel or failure, abandoned after the checkout hold, else pending.
 */
export function decideRazorpayOutcome(
  row: TransactionRow,
  evidence: RazorpayEvidence,
  payments: RazorpayPaymentEntity[],
  now: Date,
): Outcome {
  const orderId = row.gatewayOrderId ?? '';
  const own = payments.filter((p) => p.order_id === orderId);
  if (evidence.paymentId && payments.length > 0 && own.length === 0) {
    return {
      kind: 'mismatch',
      statusCode: row.statusCode,
      message: 'The payment belongs to another order',
      fail: false,
      details: { reason: 'order', paymentId: evidence.paymentId, gatewayOrder: payments[0]?.order_id ?? null },
    };
  }
  const captured = own.find((p) => p.status === 'captured');
  if (captured) {
    if (captured.amount !== row.amountPaise || captured.currency !== 'INR') {
      return {
        kind: 'mismatch',
        statusCode: 'captured',
        message: GATEWAY_MSG.amountMismatch,
        fail: true,
        details: amountMismatchDetails('status', row.amountPaise, { paise: paise(captured.amount) }),
      };
    }
    return { kind: 'paid', statusCode: 'captured', pgReferenceId: captured.id, method: captured.method ?? 'online' };
  }
  if (own.some((p) => p.status === 'authorized' || p.status === 'created')) {
    return { kind: 'pending', statusCode: 'authorized', reason: 'not captured yet' };
  }
  const failed = own.find((p) => p.status === 'failed');
  if (failed) {
    return {
      kind: 'failed',
      statusCode: 'failed',
      message: failed.error_description ?? GATEWAY_MSG.paymentFailed,
      pgReferenceId: failed.id,
    };
  }
  if (evidence.claimedFailure) return { kind: 'failed', statusCode: 'cancelled', message: evidence.claimedFailure };
  if (now.getTime() - new Date(row.createdAt).getTime() > CHECKOUT_HOLD_MS) {
    return { kind: 'failed', statusCode: null, message: 'Checkout abandoned: no payment was made on the order' };
  }
  return { kind: 'pending', statusCode: row.statusCode, reason: 'no payment yet' };
}
