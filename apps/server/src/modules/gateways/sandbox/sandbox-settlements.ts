import { TZDate } from '@date-fns/tz';

import { razorpayRefusal, type SandboxAnswer, type SandboxDeps } from './sandbox-api.ts';
import { razorpayLikeId, randomDigits, sandboxStoreOf, type SandboxStore } from './sandbox-store.ts';

/**
 * THE SANDBOX'S SETTLEMENTS (decision 0151): the Razorpay stand-in pays its captured payments out
 * as Razorpay does, so the settlements screen, the fee vouchers and the bank matching see real
 * figures in tests and the demo. A payment captured on an Indian day D is settled with the others
 * of that day at 11:00 IST on D + 2 (T+2), once the clock has reached it, with a fee of 2% of the
 * amount plus 18% GST on the fee (Razorpay's `fee` includes the GST, `tax` is the GST), each
 * rounded to the paisa. Answers the Settlements API in Razorpay's documented shapes
 * (razorpay.com/docs/api/settlements: the settlement entity, "Fetch all settlements" with
 * `from`/`to`/`count`/`skip`, and "Settlement recon" `GET /v1/settlements/recon/combined` with
 * `year`/`month`/`day`/`count`/`skip`). Amounts in paise.
 */

/** Razorpay's days are Indian days. */
const IST = 'Asia/Kolkata';
/** Sandbox fee: 2% of the amount (in basis points). */
const FEE_BASIS_POINTS = 200;
/** GST on the fee: 18%. */
const GST_PERCENT = 18;

/** The Indian calendar day of a unix-seconds instant, `YYYY-MM-DD`. */
function istDay(seconds: number): string {
  const local = new TZDate(seconds * 1000, IST);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/** 11:00 IST two days after an Indian day, unix seconds. */
function payoutOf(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Math.floor(new TZDate(year, month - 1, date + 2, 11, 0, 0, 0, IST).getTime() / 1000);
}

/** The sandbox fee of an amount: `[fee with GST, GST]` in paise. */
export function sandboxFeeOf(amount: number): [number, number] {
  const fee = Math.round((amount * FEE_BASIS_POINTS) / 10_000);
  const tax = Math.round((fee * GST_PERCENT) / 100);
  return [fee + tax, tax];
}

/**
 * Settles every captured payment whose payout time (T+2, 11:00 IST) the clock has reached and that
 * no settlement carries yet: one settlement per capture day, `processed`, with a 16-character UTR.
 * Idempotent.
 */
export function settleRazorpayPayments(store: SandboxStore, nowSeconds: number): void {
  const byDay = new Map<string, string[]>();
  for (const payment of store.payments.values()) {
    if (payment.status !== 'captured' || store.settledPayments.has(payment.id)) continue;
    const day = istDay(payment.created_at);
    if (payoutOf(day) > nowSeconds) continue;
    byDay.set(day, [...(byDay.get(day) ?? []), payment.id]);
  }
  for (const [day, ids] of [...byDay].sort(([a], [b]) => a.localeCompare(b))) {
    const settlement = {
      id: razorpayLikeId('setl'),
      entity: 'settlement' as const,
      amount: 0,
      status: 'processed' as const,
      fees: 0,
      tax: 0,
      utr: `${randomDigits(10)}${razorpayLikeId('x').slice(2, 8).toLowerCase()}`,
      created_at: payoutOf(day),
    };
    for (const id of ids) {
      const payment = store.payments.get(id);
      if (!payment) continue;
      const [fee, tax] = sandboxFeeOf(payment.amount);
      settlement.amount += payment.amount - fee;
      settlement.fees += fee;
      settlement.tax += tax;
      store.settledPayments.set(id, { settlementId: settlement.id, fee, tax, settledAt: settlement.created_at });
    }
    store.settlements.set(settlement.id, settlement);
  }
}

/** A non-negative integer query value, or the default; null when it is not one. */
function intParam(value: string | null, fallback: number, max: number): number | null {
  if (value === null || value === '') return fallback;
  if (!/^\d{1,12}$/.test(value)) return null;
  return Math.min(Number(value), max);
}

/** Razorpay's error body. */
const badRequest = (description: string): SandboxAnswer => ({
  status: 400,
  body: { error: { code: 'BAD_REQUEST_ERROR', description } },
});

/**
 * `GET /v1/settlements` ("Fetch all settlements"): the processed settlements created between
 * `from` and `to` (unix seconds, inclusive), newest first, `count` (default 10, at most 100) after
 * `skip`, as `{entity: 'collection', count, items}`. Settles what is due first. 401 without the
 * sandbox key, 404 while Razorpay is live.
 */
export function razorpaySettlementsApi(
  deps: SandboxDeps,
  authorization: string | undefined,
  query: URLSearchParams,
): SandboxAnswer {
  const refused = razorpayRefusal(deps, authorization);
  if (refused) return refused;
  const store = sandboxStoreOf(deps);
  const now = Math.floor(deps.clock.now().getTime() / 1000);
  settleRazorpayPayments(store, now);
  const from = intParam(query.get('from'), 0, Number.MAX_SAFE_INTEGER);
  const to = intParam(query.get('to'), now, Number.MAX_SAFE_INTEGER);
  const count = intParam(query.get('count'), 10, 100);
  const skip = intParam(query.get('skip'), 0, Number.MAX_SAFE_INTEGER);
  if (from === null || to === null || count === null || skip === null) return badRequest('The query is invalid');
  const items = [...store.settlements.values()]
    .filter((s) => s.created_at >= from && s.created_at <= to)
    .sort((a, b) => b.created_at - a.created_at || a.id.localeCompare(b.id))
    .slice(skip, skip + count)
    .map((s) => ({ ...s }));
  return { status: 200, body: { entity: 'collection', count: items.length, items } };
}

/**
 * `GET /v1/settlements/recon/combined?year=&month=&day=` ("Settlement recon"): one item per payment
 * settled on that Indian day (or month, without `day`): `entity_id` (pay_…), `type` payment,
 * `debit` 0, `credit` the net, `amount` the gross, `currency`, `fee` (with GST), `tax`, `on_hold`,
 * `settled`, `created_at`, `settled_at`, `settlement_id`, `settlement_utr`, `order_id`, `method`,
 * `description`, `payment_id`; `count` (default 10, at most 1000) after `skip`. 400 without a year
 * or month; 401 without the sandbox key, 404 while Razorpay is live.
 */
export function razorpaySettlementReconApi(
  deps: SandboxDeps,
  authorization: string | undefined,
  query: URLSearchParams,
): SandboxAnswer {
  const refused = razorpayRefusal(deps, authorization);
  if (refused) return refused;
  const store = sandboxStoreOf(deps);
  settleRazorpayPayments(store, Math.floor(deps.clock.now().getTime() / 1000));
  const year = intParam(query.get('year'), -1, 9999);
  const month = intParam(query.get('month'), -1, 12);
  const day = intParam(query.get('day'), 0, 31);
  const count = intParam(query.get('count'), 10, 1000);
  const skip = intParam(query.get('skip'), 0, Number.MAX_SAFE_INTEGER);
  if (year === null || month === null || day === null || count === null || skip === null || year < 0 || month < 1) {
    return badRequest('The year and month fields are required');
  }
  const prefix = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}${day > 0 ? `-${String(day).padStart(2, '0')}` : ''}`;
  const items = [...store.settledPayments]
    .filter(([, settled]) => istDay(settled.settledAt).startsWith(prefix))
    .sort(([a], [b]) => a.localeCompare(b))
    .slice(skip, skip + count)
    .flatMap(([paymentId, settled]) => {
      const payment = store.payments.get(paymentId);
      const settlement = store.settlements.get(settled.settlementId);
      if (!payment || !settlement) return [];
      return [
        {
          entity_id: payment.id,
          type: 'payment',
          debit: 0,
          credit: payment.amount - settled.fee,
          amount: payment.amount,
          currency: payment.currency,
          fee: settled.fee,
          tax: settled.tax,
          on_hold: false,
          settled: true,
          created_at: payment.created_at,
          settled_at: settled.settledAt,
          settlement_id: settlement.id,
          settlement_utr: settlement.utr,
          order_id: payment.order_id,
          order_receipt: store.orders.get(payment.order_id)?.receipt ?? null,
          method: payment.method,
          description: null,
          payment_id: null,
          card_network: null,
          card_issuer: null,
          card_type: null,
          dispute_id: null,
        },
      ];
    });
  return { status: 200, body: { entity: 'collection', count: items.length, items } };
}
