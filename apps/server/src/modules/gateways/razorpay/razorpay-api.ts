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

const razorpaySettlementAnswer = z.object({
  id: z.string(),
  amount: z.number().int(),
  status: z.string(),
  fees: z.number().int(),
  tax: z.number().int(),
  utr: z.string().nullish(),
  created_at: z.number().int(),
});

/**
 * A Razorpay settlement (razorpay.com/docs/api/settlements, the Settlements entity): `amount` the
 * net paid to the bank, `fees` Razorpay's fees including GST and `tax` the GST, in paise; status
 * created|processed|failed; `utr` the bank transfer's reference; `created_at` unix seconds.
 */
export type RazorpaySettlementEntity = z.infer<typeof razorpaySettlementAnswer>;

const razorpayReconAnswer = z.object({
  entity_id: z.string(),
  type: z.string(),
  debit: z.number().int(),
  credit: z.number().int(),
  amount: z.number().int(),
  fee: z.number().int().nullish(),
  tax: z.number().int().nullish(),
  settled: z.boolean(),
  settled_at: z.number().int().nullish(),
  settlement_id: z.string().nullish(),
  settlement_utr: z.string().nullish(),
  order_id: z.string().nullish(),
  method: z.string().nullish(),
});

/**
 * One row of Razorpay's settlement recon (razorpay.com/docs/api/settlements, "Settlement
 * Recon"): a payment, refund or adjustment (`type`) by its id (`entity_id`), `amount` its gross,
 * `credit`/`debit` what it added to or took from the settlement, `fee` (with GST) and `tax`, in
 * paise; the settlement it went in (`settlement_id`, `settlement_utr`, `settled_at` unix seconds)
 * and the order (`order_id`).
 */
export type RazorpayReconItem = z.infer<typeof razorpayReconAnswer>;

/** The largest page each list answers (Razorpay's maximum `count`). */
const SETTLEMENT_PAGE = 100;
const RECON_PAGE = 1000;

/** Reads every page of a Razorpay collection (`count`/`skip`), checking each item's shape. */
async function allPages<T extends z.ZodType>(
  settings: RazorpaySettings,
  transport: GatewayTransport,
  path: string,
  query: Record<string, string>,
  item: T,
  page: number,
): Promise<z.infer<T>[]> {
  const items: z.infer<T>[] = [];
  for (let skip = 0; ; skip += page) {
    const search = new URLSearchParams({ ...query, count: String(page), skip: String(skip) });
    const { status, body } = await callGateway(transport, {
      method: 'GET',
      url: `${settings.apiUrl}${path}?${search}`,
      headers: razorpayHeaders(settings),
    });
    const parsed = z.object({ items: z.array(item) }).safeParse(body);
    if (status !== 200 || !parsed.success) throw new GatewayUnavailableError(`Razorpay ${path} (${status})`);
    items.push(...parsed.data.items);
    if (parsed.data.items.length < page) return items;
  }
}

/**
 * Every settlement created between two instants (`GET /v1/settlements?from&to`, unix seconds,
 * every page; razorpay.com/docs/api/settlements, "Fetch All Settlements").
 * @throws GatewayUnavailableError when Razorpay cannot be reached, refuses or answers another shape.
 */
export function fetchRazorpaySettlements(
  settings: RazorpaySettings,
  transport: GatewayTransport,
  range: { from: number; to: number },
): Promise<RazorpaySettlementEntity[]> {
  const query = { from: String(range.from), to: String(range.to) };
  return allPages(settings, transport, '/v1/settlements', query, razorpaySettlementAnswer, SETTLEMENT_PAGE);
}

/**
 * The settlement recon of one Indian day (`GET /v1/settlements/recon/combined?year&month&day`,
 * every page; razorpay.com/docs/api/settlements, "Settlement Recon").
 * @param day `YYYY-MM-DD`
 * @throws GatewayUnavailableError when Razorpay cannot be reached, refuses or answers another shape.
 */
export function fetchRazorpaySettlementRecon(
  settings: RazorpaySettings,
  transport: GatewayTransport,
  day: string,
): Promise<RazorpayReconItem[]> {
  const [year = '', month = '', date = ''] = day.split('-');
  const query = { year, month: String(Number(month)), day: String(Number(date)) };
  return allPages(settings, transport, '/v1/settlements/recon/combined', query, razorpayReconAnswer, RECON_PAGE);
}
