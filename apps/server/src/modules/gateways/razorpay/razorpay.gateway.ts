import { paise, type RazorpayConfig } from '@parish/shared';

import { GatewayUnavailableError } from '../gateway-client.ts';
import type { GatewayDeps, Outcome, PaymentGateway, TransactionRow } from '../gateway.ts';
import {
  captureRazorpayPayment,
  createRazorpayOrder,
  fetchRazorpayOrderPayments,
  fetchRazorpayPayment,
  type RazorpayPaymentEntity,
} from './razorpay-api.ts';
import { razorpayCheckout, type RazorpayCheckout } from './razorpay-checkout.ts';
import { decideRazorpayOutcome, type RazorpayEvidence } from './razorpay-outcome.ts';
import { verifyRazorpayCheckoutSignature, verifyRazorpayWebhookSignature } from './razorpay-signature.ts';
import { parseRazorpayWebhook, type RazorpayWebhookNews } from './razorpay-webhook.ts';

/** The Razorpay adapter, with what only Razorpay has. */
export interface RazorpayGateway extends PaymentGateway<RazorpayEvidence, RazorpayCheckout> {
  /** The public checkout settings (`GET /api/razorpay/config`): never a secret. */
  publicConfig(): RazorpayConfig;
  /**
   * Whether `signature` is HMAC-SHA256(`storedOrderId|paymentId`, key secret): pass the order id
   * WE stored, never the one the browser sent. Constant-time.
   */
  verifyCheckout(storedOrderId: string, paymentId: string, signature: string): boolean;
  /** Whether `X-Razorpay-Signature` is the HMAC-SHA256 of the RAW body bytes with the webhook secret. */
  verifyWebhook(rawBody: Buffer, signature: string): boolean;
  /** What a verified webhook body names (order, payment) and whether it settles. */
  parseWebhook(body: { event: string; payload?: Record<string, unknown> | undefined }): RazorpayWebhookNews;
}

/**
 * The Razorpay adapter over `deps.config.razorpay` (sandbox or live). Its order is created with
 * the Orders API (at least ₹1.00); its outcome comes from the payment the news named, or else from
 * the order's payments, after capturing one Razorpay left `authorized`.
 */
export function razorpayGateway(deps: GatewayDeps): RazorpayGateway {
  const settings = () => deps.config.razorpay;

  /** The payments to judge: the named one (none when Razorpay does not know it), else the order's. */
  async function payments(row: TransactionRow, evidence: RazorpayEvidence): Promise<RazorpayPaymentEntity[]> {
    if (evidence.paymentId) {
      const one = await fetchRazorpayPayment(settings(), deps.transport, evidence.paymentId);
      return one ? [one] : [];
    }
    return fetchRazorpayOrderPayments(settings(), deps.transport, row.gatewayOrderId ?? '');
  }

  /**
   * Captures each payment of the order we hold that Razorpay left `authorized` for exactly the
   * order's amount in INR (auto-capture off in the merchant's dashboard), and answers the list
   * with Razorpay's state after it: the captured payment as the capture answered it, or, when the
   * capture is refused (already captured by a concurrent check, the dashboard, or no longer
   * authorized), as a fresh fetch says. Idempotent. A superseded checkout's payment is left
   * authorized: Razorpay refunds it by itself, the member's dues are held by the newer checkout
   * (`docs/domain.md`, §10 "Razorpay capture"); so is one for dues already paid otherwise
   * (`leaveUncaptured`, decision 0120).
   */
  async function captureAuthorized(row: TransactionRow, list: RazorpayPaymentEntity[], leaveUncaptured: boolean) {
    if (row.supersededAt || leaveUncaptured) return list;
    const captured: RazorpayPaymentEntity[] = [];
    for (const payment of list) {
      const ours = payment.order_id === row.gatewayOrderId && payment.currency === 'INR';
      if (!ours || payment.status !== 'authorized' || payment.amount !== row.amountPaise) {
        captured.push(payment);
        continue;
      }
      const answer = await captureRazorpayPayment(settings(), deps.transport, payment.id, row.amountPaise);
      const now =
        answer?.status === 'captured' ? answer : await fetchRazorpayPayment(settings(), deps.transport, payment.id);
      deps.log.info({ txnId: row.transactionId, paymentId: payment.id, status: now?.status }, 'Razorpay capture');
      captured.push(now ?? payment);
    }
    return captured;
  }

  return {
    name: 'razorpay',
    displayName: 'Razorpay',
    txnIdPrefix: 'RP',
    minimumPaise: paise(100),
    async createOrder(order) {
      const created = await createRazorpayOrder(settings(), deps.transport, {
        amountPaise: order.amountPaise,
        receipt: order.txnId,
        notes: { txnId: order.txnId },
      });
      return {
        gatewayOrderId: created.id,
        checkout: razorpayCheckout(settings(), order.publicUrl, order, created),
      };
    },
    async outcome(row, evidence): Promise<Outcome> {
      let list: RazorpayPaymentEntity[];
      try {
        list = await captureAuthorized(row, await payments(row, evidence), evidence.leaveUncaptured === true);
      } catch (error) {
        if (!(error instanceof GatewayUnavailableError)) throw error;
        deps.log.warn({ txnId: row.transactionId, err: error.message }, 'Razorpay API unavailable');
        return { kind: 'pending', statusCode: row.statusCode, reason: 'status API unavailable' };
      }
      return decideRazorpayOutcome(row, evidence, list, deps.clock.now());
    },
    publicConfig() {
      const rz = settings();
      return {
        available: rz.mode !== 'off',
        mode: rz.mode,
        keyId: rz.keyId,
        checkoutScriptUrl: rz.checkoutScriptUrl,
        currency: 'INR' as const,
      };
    },
    verifyCheckout(storedOrderId, paymentId, signature) {
      // Off: the published sandbox secrets must never verify anything (docs/domain.md, §10 "Payment mode").
      if (settings().mode === 'off') return false;
      return verifyRazorpayCheckoutSignature(storedOrderId, paymentId, signature, settings().keySecret);
    },
    verifyWebhook(rawBody, signature) {
      if (settings().mode === 'off') return false;
      return verifyRazorpayWebhookSignature(rawBody, signature, settings().webhookSecret);
    },
    parseWebhook: parseRazorpayWebhook,
  };
}
