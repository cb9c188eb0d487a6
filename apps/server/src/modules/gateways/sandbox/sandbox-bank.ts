import { z } from 'zod';

import { ZERO_PAISE, formatINR, paise, parseRupeesToPaise } from '@parish/shared';

import { escapeHtml } from '../../../lib/html.ts';
import { hexEquals, razorpayCheckoutSignature } from '../razorpay/razorpay-signature.ts';
import { buildWorldlineResponse, worldlineRequestToken } from '../worldline/worldline-hash.ts';
import type { SandboxDeps } from './sandbox-api.ts';
import { hiddenFields, page, returnPage } from './sandbox-pages.ts';
import {
  markOrderPaid,
  randomDigits,
  razorpayLikeId,
  sandboxStoreOf,
  type SandboxRazorpayPayment,
} from './sandbox-store.ts';

/**
 * The sandbox "banks": the pages where the tester chooses what the bank answers, and what each
 * choice records and posts back. Worldline's bank checks the request token like the real gateway,
 * then returns a `msg` hashed with the sandbox salt to `/api/worldline/callback`; Razorpay's
 * payment page returns the checkout fields signed with the sandbox key secret, or Razorpay's
 * `error[…]` fields, to `/api/razorpay/callback`. Each answers an HTML page with its status.
 */

/** A sandbox page and its HTTP status. */
export interface SandboxPage {
  status: number;
  html: string;
}

/** What the bank can answer. */
export const OUTCOMES = ['success', 'failure', 'cancel'] as const;

/** The checkout's request, as Paynimo's checkout.js would pass it to the bank (amount as rupee text). */
export const worldlineRequestQuery = z.object({
  merchantId: z.string().max(100).default(''),
  txnId: z.string().max(100).default(''),
  amount: z.string().max(30).default(''),
  consumerId: z.string().max(100).default(''),
  consumerMobileNo: z.string().max(30).default(''),
  consumerEmailId: z.string().max(200).default(''),
  token: z.string().max(256).default(''),
});

type WorldlineRequest = z.infer<typeof worldlineRequestQuery>;

/** The buttons of a bank page, one for each of {@link OUTCOMES}. */
const OUTCOME_BUTTONS = `<div class="buttons">
<button type="submit" name="outcome" value="success" class="ok">Success</button>
<button type="submit" name="outcome" value="failure" class="bad">Failure</button>
<button type="submit" name="outcome" value="cancel">Cancel</button>
</div>`;

/** `DD-MM-YYYY HH:MM:SS` in India time, as Worldline's `tpsl_txn_time`. */
function worldlineTime(instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('day')}-${get('month')}-${get('year')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** Whether the request is for the sandbox merchant and its token is the SHA-512 of its fields and the salt. */
function worldlineTokenOk(deps: SandboxDeps, q: WorldlineRequest): boolean {
  const settings = deps.config.worldline;
  if (q.merchantId !== settings.merchantId || !q.txnId || parseRupeesToPaise(q.amount) === null) return false;
  try {
    const expected = worldlineRequestToken(
      {
        merchantId: q.merchantId,
        txnId: q.txnId,
        totalAmount: q.amount,
        consumerId: q.consumerId,
        consumerMobileNo: q.consumerMobileNo,
        consumerEmailId: q.consumerEmailId,
      },
      settings.salt,
    );
    return hexEquals(expected, q.token);
  } catch {
    return false;
  }
}

const invalidWorldlineRequest: SandboxPage = {
  status: 400,
  html: page(
    'Invalid payment request',
    '<span class="tag">SANDBOX</span><h1>Invalid payment request</h1><p>The request hash does not match (wrong merchant, amount or token).</p>',
  ),
};

/** Worldline's bank page: Success, Failure and Cancel; 400 on a bad token. */
export function worldlineBankPage(deps: SandboxDeps, q: WorldlineRequest): SandboxPage {
  if (!worldlineTokenOk(deps, q)) return invalidWorldlineRequest;
  const amountPaise = parseRupeesToPaise(q.amount) ?? ZERO_PAISE;
  const body = `<span class="tag">SANDBOX — no real money</span>
<h1>Sandbox bank (Worldline)</h1>
<p class="note">This page stands in for the bank. Choose what the bank answers.</p>
<dl><dt>Merchant</dt><dd>${escapeHtml(q.merchantId)}</dd><dt>Transaction</dt><dd>${escapeHtml(q.txnId)}</dd>
<dt>Amount</dt><dd>${escapeHtml(formatINR(amountPaise))}</dd></dl>
<form method="post" action="/api/sandbox/worldline/bank">${hiddenFields(q)}
${OUTCOME_BUTTONS}</form>`;
  return { status: 200, html: page('Sandbox bank (Worldline)', body) };
}

const WORLDLINE_ANSWERS = {
  success: ['0300', 'success', 'NA'],
  failure: ['0399', 'failure', 'Transaction failed at the bank (sandbox)'],
  cancel: ['0392', 'aborted', 'Transaction cancelled by user'],
} as const;

/**
 * Worldline's bank decides: records the outcome for the status API and returns the page that
 * posts the hashed `msg` to the return URL. 400 on a bad token or a transaction id used before.
 */
export function worldlineBankDecide(
  deps: SandboxDeps,
  q: WorldlineRequest & { outcome: (typeof OUTCOMES)[number] },
): SandboxPage {
  if (!worldlineTokenOk(deps, q)) return invalidWorldlineRequest;
  const store = sandboxStoreOf(deps);
  if (store.worldlineByTxnId(q.txnId)) {
    const html = page(
      'Transaction already processed',
      '<span class="tag">SANDBOX</span><h1>Transaction already processed</h1><p>This transaction id was used before.</p>',
    );
    return { status: 400, html };
  }
  const [statusCode, txnMsg, errMsg] = WORLDLINE_ANSWERS[q.outcome];
  const tpslTxnId = randomDigits(10);
  const dateTime = worldlineTime(deps.clock.now());
  store.worldline.set(tpslTxnId, {
    txnId: q.txnId,
    tpslTxnId,
    merchantId: q.merchantId,
    amount: q.amount,
    statusCode,
    statusMessage: statusCode === '0300' ? 'S' : 'F',
    errorMessage: errMsg,
    dateTime,
  });
  const msg = buildWorldlineResponse(
    {
      txn_status: statusCode,
      txn_msg: txnMsg,
      txn_err_msg: errMsg,
      clnt_txn_ref: q.txnId,
      tpsl_bank_cd: '470',
      tpsl_txn_id: tpslTxnId,
      txn_amt: q.amount,
      clnt_rqst_meta: `{mob:${q.consumerMobileNo}}`,
      tpsl_txn_time: dateTime,
      bal_amt: 'NA',
      card_id: '',
      alias_name: '',
      BankTransactionID: `SBX${randomDigits(8)}`,
      mandate_reg_no: '',
      token: '',
    },
    deps.config.worldline.salt,
  );
  const html = returnPage('Returning to the parish site', `The bank answered: ${txnMsg}.`, '/api/worldline/callback', {
    msg,
  });
  return { status: 200, html };
}

/** The payment page's request: the key id and the Razorpay order id. */
export const razorpayPayQuery = z.object({
  key: z.string().max(100).default(''),
  order_id: z.string().max(100).default(''),
});

type RazorpayPayRequest = z.infer<typeof razorpayPayQuery>;

/** The sandbox order of a request, when it exists, the key is the sandbox's and it is not paid yet. */
function payableOrder(deps: SandboxDeps, q: RazorpayPayRequest) {
  const order = sandboxStoreOf(deps).orders.get(q.order_id);
  if (!order || q.key !== deps.config.razorpay.keyId || order.status === 'paid') return undefined;
  return order;
}

/** Razorpay's payment page for an order: Success, Failure, Cancel; 400 unknown or paid order, or wrong key. */
export function razorpayPayPage(deps: SandboxDeps, q: RazorpayPayRequest): SandboxPage {
  const order = payableOrder(deps, q);
  if (!order) {
    const html = page(
      'Invalid payment request',
      '<span class="tag">SANDBOX</span><h1>Invalid payment request</h1><p>Unknown or already paid order, or wrong key.</p>',
    );
    return { status: 400, html };
  }
  const body = `<span class="tag">SANDBOX — no real money</span>
<h1>Sandbox payment (Razorpay)</h1>
<p class="note">This page stands in for Razorpay Checkout. Choose what the payment does.</p>
<dl><dt>Order</dt><dd>${escapeHtml(order.id)}</dd><dt>Receipt</dt><dd>${escapeHtml(order.receipt)}</dd>
<dt>Amount</dt><dd>${escapeHtml(formatINR(paise(order.amount)))}</dd></dl>
<form method="post" action="/api/sandbox/razorpay/pay">${hiddenFields(q)}
${OUTCOME_BUTTONS}</form>`;
  return { status: 200, html: page('Sandbox payment (Razorpay)', body) };
}

const RAZORPAY_RETURN = '/api/razorpay/callback';

/**
 * The Razorpay payment decides: a cancel posts `error[…]` fields; a success records a captured
 * payment (an `authorized` one while the store's auto-capture is off), marks the order paid and
 * posts the signed checkout fields; a failure records a failed
 * payment and posts `error[…]` fields naming it. 400 unknown or paid order, or wrong key.
 */
export function razorpayPayDecide(
  deps: SandboxDeps,
  q: RazorpayPayRequest & { outcome: (typeof OUTCOMES)[number] },
): SandboxPage {
  const order = payableOrder(deps, q);
  if (!order) return { status: 400, html: page('Invalid payment request', '<h1>Invalid payment request</h1>') };
  order.attempts += 1;
  if (q.outcome === 'cancel') {
    if (order.status === 'created') order.status = 'attempted';
    const html = returnPage('Returning to the parish site', 'The payment was cancelled.', RAZORPAY_RETURN, {
      'error[code]': 'BAD_REQUEST_ERROR',
      'error[description]': 'Payment was cancelled by user',
      'error[reason]': 'payment_cancelled',
      'error[metadata]': JSON.stringify({ order_id: order.id }),
    });
    return { status: 200, html };
  }
  const success = q.outcome === 'success';
  const store = sandboxStoreOf(deps);
  // Auto-capture off: the bank authorized the money, the merchant has to capture it.
  const captured = success && store.razorpayAutoCapture;
  const payment: SandboxRazorpayPayment = {
    id: razorpayLikeId('pay'),
    entity: 'payment',
    order_id: order.id,
    amount: order.amount,
    currency: order.currency,
    status: success ? (captured ? 'captured' : 'authorized') : 'failed',
    method: 'card',
    captured,
    error_code: success ? null : 'BAD_REQUEST_ERROR',
    error_description: success ? null : 'Payment failed at the bank (sandbox)',
    created_at: Math.floor(deps.clock.now().getTime() / 1000),
  };
  store.payments.set(payment.id, payment);
  if (success) {
    if (captured) markOrderPaid(order);
    else order.status = 'attempted';
    const html = returnPage('Returning to the parish site', 'The payment succeeded.', RAZORPAY_RETURN, {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: razorpayCheckoutSignature(order.id, payment.id, deps.config.razorpay.keySecret),
    });
    return { status: 200, html };
  }
  order.status = 'attempted';
  const html = returnPage('Returning to the parish site', 'The payment failed.', RAZORPAY_RETURN, {
    'error[code]': 'BAD_REQUEST_ERROR',
    'error[description]': 'Payment failed',
    'error[reason]': 'payment_failed',
    'error[metadata]': JSON.stringify({ order_id: order.id, payment_id: payment.id }),
  });
  return { status: 200, html };
}
