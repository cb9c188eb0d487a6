import type { Paise } from '@parish/shared';
import { z } from 'zod';

import type { RazorpaySettings } from '../../../config/gateways.ts';
import { callGateway, GatewayUnavailableError, type GatewayTransport } from '../gateway-client.ts';

/**
 * The Razorpay REST API subset used by order creation and dual verification (Orders and Payments,
 * HTTP Basic auth with the key), with its answers checked by zod: an answer of another shape is
 * treated as "gateway unavailable" (nothing is settled on it). Amounts are in paise, as Razorpay's.
 */

const razorpayOrderAnswer = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  receipt: z.string().nullish(),
  status: z.string(),
});

/** A Razorpay order: amount in paise. */
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

/** A Razorpay payment: amount in paise; status created|authorized|captured|refunded|failed. */
export type RazorpayPaymentEntity = z.infer<typeof razorpayPaymentAnswer>;

/** `Authorization: Basic base64(key_id:key_secret)` for the Razorpay API. */
export function razorpayAuthHeader(keyId: string, keySecret: string): string {
  return `Basic ${Buffer.from(`${keyId}:${keySecret}`, 'utf8').toString('base64')}`;
}

function razorpayHeaders(settings: RazorpaySettings): Record<string, string> {
  return { authorization: razorpayAuthHeader(settings.keyId, settings.keySecret) };
}

/**
 * Creates a Razorpay order (`POST /v1/orders`): amount in PAISE, INR, `receipt` our txnId.
 * @throws GatewayUnavailableError when Razorpay cannot be reached or refuses the order.
 */
export async function createRazorpayOrder(
  settings: RazorpaySettings,
  transport: GatewayTransport,
  order: { amountPaise: Paise; receipt: string; notes: Record<string, string> },
): Promise<RazorpayOrderEntity> {
  const { status, body } = await callGateway(transport, {
    method: 'POST',
    url: `${settings.apiUrl}/v1/orders`,
    headers: razorpayHeaders(settings),
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
  settings: RazorpaySettings,
  transport: GatewayTransport,
  paymentId: string,
): Promise<RazorpayPaymentEntity | null> {
  const { status, body } = await callGateway(transport, {
    method: 'GET',
    url: `${settings.apiUrl}/v1/payments/${encodeURIComponent(paymentId)}`,
    headers: razorpayHeaders(settings),
  });
  if (status >= 400) return null;
  const parsed = razorpayPaymentAnswer.safeParse(body);
  if (!parsed.success) throw new GatewayUnavailableError('Razorpay payment answer of an unexpected shape');
  return parsed.data;
}

/**
 * Captures an `authorized` Razorpay payment (`POST /v1/payments/:id/capture`, body `{amount,
 * currency: 'INR'}`, amount in PAISE and equal to the order's; Razorpay's "Capture a Payment"):
 * a payment left authorized is never paid to the merchant, and Razorpay refunds it after some days
 * (`docs/domain.md`, §10 "Razorpay capture").
 * @returns the payment Razorpay answers (status `captured` on success), or null when it refuses
 *   the capture (4xx: e.g. "This payment has already been captured", or not authorized): the
 *   caller then fetches the payment to learn its state.
 * @throws GatewayUnavailableError when Razorpay cannot be reached or answers another shape.
 */
export async function captureRazorpayPayment(
  settings: RazorpaySettings,
  transport: GatewayTransport,
  paymentId: string,
  amountPaise: Paise,
): Promise<RazorpayPaymentEntity | null> {
  const { status, body } = await callGateway(transport, {
    method: 'POST',
    url: `${settings.apiUrl}/v1/payments/${encodeURIComponent(paymentId)}/capture`,
    headers: razorpayHeaders(settings),
    body: { amount: amountPaise, currency: 'INR' },
  });
  if (status >= 400) return null;
  const parsed = razorpayPaymentAnswer.safeParse(body);
  if (!parsed.success) throw new GatewayUnavailableError('Razorpay capture answer of an unexpected shape');
  return parsed.data;
}

/**
 * The payments of a Razorpay order (`GET /v1/orders/:id/payments`), the reconciler's safety net.
 * @returns the payments; none when Razorpay answers 404.
 * @throws GatewayUnavailableError when Razorpay cannot be reached or answers another shape.
 */
export async function fetchRazorpayOrderPayments(
  settings: RazorpaySettings,
  transport: GatewayTransport,
  orderId: string,
): Promise<RazorpayPaymentEntity[]> {
  const { status, body } = await callGateway(transport, {
    method: 'GET',
    url: `${settings.apiUrl}/v1/orders/${encodeURIComponent(orderId)}/payments`,
    headers: razorpayHeaders(settings),
  });
  if (status === 404) return [];
  const parsed = z.object({ items: z.array(razorpayPaymentAnswer) }).safeParse(body);
  if (status >= 400 || !parsed.success) throw new GatewayUnavailableError(`Razorpay order payments (${status})`);
  return parsed.data.items;
}
