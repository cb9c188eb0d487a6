import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { callGateway, GatewayUnavailableError, razorpayAuthHeader } from './gateway-client.ts';

/**
 * The gateways' server APIs used by order creation and dual verification, with their answers
 * checked by zod (an answer of another shape is treated as "gateway unavailable": nothing is
 * settled on it).
 */

const worldlineStatusAnswer = z.object({
  merchantTransactionIdentifier: z.string().nullish(),
  paymentMethod: z
    .object({
      paymentTransaction: z
        .object({
          amount: z.union([z.string(), z.number()]).nullish(),
          identifier: z.string().nullish(),
          statusCode: z.string().nullish(),
          statusMessage: z.string().nullish(),
          errorMessage: z.string().nullish(),
          dateTime: z.string().nullish(),
        })
        .nullish(),
    })
    .nullish(),
});

/** What Worldline's status API says about one transaction (A.6). */
export interface WorldlineStatus {
  /** `0300`, `0398`, `0399`, `9999`… */
  statusCode: string;
  /** Our txnId as the gateway knows it. */
  merchantTransactionIdentifier: string;
  /** The gateway's transaction id (tpsl_txn_id). */
  identifier: string;
  /** The amount text, e.g. `"1500.00"`. */
  amount: string;
  errorMessage: string;
  statusMessage: string;
}

/**
 * Asks Worldline's status API (`POST paynimoV2.req`, A.6) about a transaction: dual verification
 * (`requestType: "S"`, by the gateway's `tpsl_txn_id`) when `tpslTxnId` is given, otherwise
 * offline verification (`requestType: "O"`, by our txnId).
 * @param date `DD-MM-YYYY`: the date part of `tpsl_txn_time`, or the transaction's date
 * @throws GatewayUnavailableError when the API cannot be reached or answers another shape.
 */
export async function fetchWorldlineStatus(
  app: FastifyInstance,
  query: { txnId: string; tpslTxnId?: string | undefined; date: string },
): Promise<WorldlineStatus> {
  const settings = app.config.worldline;
  const transaction = query.tpslTxnId
    ? { deviceIdentifier: 'S', currency: 'INR', dateTime: query.date, token: query.tpslTxnId, requestType: 'S' }
    : { deviceIdentifier: 'S', currency: 'INR', dateTime: query.date, identifier: query.txnId, requestType: 'O' };
  const { body } = await callGateway(app, {
    method: 'POST',
    url: settings.statusUrl,
    body: { merchant: { identifier: settings.merchantId }, transaction },
  });
  const parsed = worldlineStatusAnswer.safeParse(body);
  const pt = parsed.success ? parsed.data.paymentMethod?.paymentTransaction : undefined;
  if (!parsed.success || !pt?.statusCode) {
    throw new GatewayUnavailableError('Worldline status API answered an unexpected shape');
  }
  return {
    statusCode: pt.statusCode,
    merchantTransactionIdentifier: parsed.data.merchantTransactionIdentifier ?? '',
    identifier: pt.identifier ?? '',
    amount: pt.amount === null || pt.amount === undefined ? '' : String(pt.amount),
    errorMessage: pt.errorMessage ?? '',
    statusMessage: pt.statusMessage ?? '',
  };
}

const razorpayOrderAnswer = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  receipt: z.string().nullish(),
  status: z.string(),
});

/** A Razorpay order (B.1): amount in paise. */
export type RazorpayOrderEntity = z.infer<typeof razorpayOrderAnswer>;

const razorpayPaymentAnswer = z.object({
  id: z.string(),
  order_id: z.string().nullish(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  method: z.string().nullish(),
  error_description: z.string().nullish(),
});

/** A Razorpay payment (B.1): amount in paise; status created|authorized|captured|refunded|failed. */
export type RazorpayPaymentEntity = z.infer<typeof razorpayPaymentAnswer>;

function razorpayHeaders(app: FastifyInstance): Record<string, string> {
  const { keyId, keySecret } = app.config.razorpay;
  return { authorization: razorpayAuthHeader(keyId, keySecret) };
}

/**
 * Creates a Razorpay order (`POST /v1/orders`, B.1): amount in PAISE, INR, `receipt` our txnId.
 * @throws GatewayUnavailableError when Razorpay cannot be reached or refuses the order.
 */
export async function createRazorpayOrder(
  app: FastifyInstance,
  order: { amountPaise: number; receipt: string; notes: Record<string, string> },
): Promise<RazorpayOrderEntity> {
  const { status, body } = await callGateway(app, {
    method: 'POST',
    url: `${app.config.razorpay.apiUrl}/v1/orders`,
    headers: razorpayHeaders(app),
    body: { amount: order.amountPaise, currency: 'INR', receipt: order.receipt, notes: order.notes },
  });
  const parsed = razorpayOrderAnswer.safeParse(body);
  if (status !== 200 || !parsed.success) throw new GatewayUnavailableError(`Razorpay order refused (${status})`);
  return parsed.data;
}

/**
 * Fetches one Razorpay payment (`GET /v1/payments/:id`).
 * @returns the payment, or null when Razorpay does not know it (4xx).
 * @throws GatewayUnavailableError when Razorpay cannot be reached.
 */
export async function fetchRazorpayPayment(
  app: FastifyInstance,
  paymentId: string,
): Promise<RazorpayPaymentEntity | null> {
  const { status, body } = await callGateway(app, {
    method: 'GET',
    url: `${app.config.razorpay.apiUrl}/v1/payments/${encodeURIComponent(paymentId)}`,
    headers: razorpayHeaders(app),
  });
  if (status >= 400) return null;
  const parsed = razorpayPaymentAnswer.safeParse(body);
  if (!parsed.success) throw new GatewayUnavailableError('Razorpay payment answer of an unexpected shape');
  return parsed.data;
}

/**
 * The payments of a Razorpay order (`GET /v1/orders/:id/payments`), the reconciler's safety net.
 * @throws GatewayUnavailableError when Razorpay cannot be reached or answers another shape.
 */
export async function fetchRazorpayOrderPayments(
  app: FastifyInstance,
  orderId: string,
): Promise<RazorpayPaymentEntity[]> {
  const { status, body } = await callGateway(app, {
    method: 'GET',
    url: `${app.config.razorpay.apiUrl}/v1/orders/${encodeURIComponent(orderId)}/payments`,
    headers: razorpayHeaders(app),
  });
  if (status === 404) return [];
  const parsed = z.object({ items: z.array(razorpayPaymentAnswer) }).safeParse(body);
  if (status >= 400 || !parsed.success) throw new GatewayUnavailableError(`Razorpay order payments (${status})`);
  return parsed.data.items;
}
