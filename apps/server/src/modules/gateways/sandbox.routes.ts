import { randomBytes, randomInt } from 'node:crypto';

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorBodySchema, formatINR, parseRupeesToPaise } from '@parish/shared';

import { escapeHtml } from '../collections/receipt-html.ts';
import { razorpayCheckoutSignature, hexEquals } from './razorpay/razorpay-signature.ts';
import { razorpayAuthHeader } from './gateway-client.ts';
import { sandboxStoreOf, type SandboxRazorpayPayment } from './sandbox/sandbox-store.ts';
import { buildWorldlineResponse, worldlineRequestToken } from './worldline/worldline-hash.ts';

/**
 * THE SANDBOX GATEWAYS (not part of the product's payment logic): when a gateway has no live
 * credentials, the server plays it here, under `/api/sandbox/…`, so the whole online flow runs
 * and is tested without the internet. Each route answers 404 while its gateway is live.
 *
 * Worldline: `checkout.js` with Paynimo's call shape (`$.pnCheckout(config)`, a tiny `$` shim),
 * a simulated bank page (Success / Failure / Cancel) that checks the request token like the
 * real gateway, then POSTs a `msg` hashed with the published sandbox salt to the return URL
 * `/api/worldline/callback`, and the status API `paynimoV2.req` that dual verification calls.
 *
 * Razorpay: `checkout.js` with `new Razorpay(options).open()`, a simulated payment page that
 * POSTs `razorpay_order_id`, `razorpay_payment_id` and `razorpay_signature` (HMAC with the
 * published sandbox key secret) — or Razorpay's `error[…]` fields — to `/api/razorpay/callback`,
 * and the REST API subset the server uses (`/v1/orders`, `/v1/orders/:id/payments`,
 * `/v1/payments/:id`, HTTP Basic auth with the sandbox key).
 *
 * The pages are plain server-rendered HTML with escaped values and no inline script (one
 * same-origin script submits the return form; a button does the same without script).
 */

const PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "script-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f1f3f5;color:#212529}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.1)}
h1{font-size:1.25rem;margin:0 0 .25rem}
.tag{display:inline-block;background:#fff3bf;color:#5c3c00;border-radius:4px;padding:.1rem .5rem;font-size:.8rem;font-weight:600}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:1.25rem 0}
dt{color:#495057}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.buttons{display:flex;flex-direction:column;gap:.6rem}
button{font:inherit;font-size:1rem;padding:.75rem;border-radius:6px;border:1px solid #adb5bd;background:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #1c7ed6;outline-offset:2px}
.ok{background:#2b8a3e;border-color:#2b8a3e;color:#fff}.bad{background:#c92a2a;border-color:#c92a2a;color:#fff}
p.note{font-size:.85rem;color:#495057}
@media (max-width:30rem){main{margin:0;border-radius:0;min-height:100vh;box-sizing:border-box}}
`;

function page(title: string, body: string, script = false): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style>${
    script ? '<script src="/api/sandbox/autosubmit.js" defer></script>' : ''
  }</head><body><main>${body}</main></body></html>`;
}

function sendPage(reply: FastifyReply, html: string, status = 200) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .send(html);
}

function hiddenFields(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
}

/** The form that returns the gateway's answer to the merchant (submitted by autosubmit.js). */
function returnPage(title: string, message: string, action: string, fields: Record<string, string>): string {
  return page(
    title,
    `<span class="tag">SANDBOX — no real money</span><h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<form method="post" action="${escapeHtml(action)}" data-autosubmit="true">${hiddenFields(fields)}
<div class="buttons"><button type="submit" class="ok">Return to the parish site</button></div></form>`,
    true,
  );
}

const AUTOSUBMIT_JS = `'use strict';
document.addEventListener('DOMContentLoaded', function () {
  var form = document.querySelector('form[data-autosubmit]');
  if (form) form.submit();
});
`;

const WORLDLINE_CHECKOUT_JS = `/* Parish Dues SANDBOX stand-in for Paynimo checkout.js: $.pnCheckout(config) */
(function () {
  'use strict';
  var $ = (window.$ = window.$ || {});
  $.pnCheckout = function (config) {
    var c = (config && config.consumerData) || {};
    var q = new URLSearchParams();
    ['merchantId', 'txnId', 'consumerId', 'consumerMobileNo', 'consumerEmailId', 'token'].forEach(function (k) {
      q.set(k, c[k] == null ? '' : String(c[k]));
    });
    q.set('amount', c.items && c.items[0] ? String(c.items[0].amount) : '');
    window.location.assign('/api/sandbox/worldline/bank?' + q.toString());
  };
  window.pnCheckoutShared = window.pnCheckoutShared || { openNewWindow: function () {} };
})();
`;

const RAZORPAY_CHECKOUT_JS = `/* Parish Dues SANDBOX stand-in for Razorpay checkout.js: new Razorpay(options).open() */
(function () {
  'use strict';
  function Razorpay(options) {
    this.options = options || {};
    this.handlers = {};
  }
  Razorpay.prototype.on = function (event, fn) {
    this.handlers[event] = fn;
  };
  Razorpay.prototype.close = function () {};
  Razorpay.prototype.open = function () {
    var o = this.options;
    var q = new URLSearchParams();
    q.set('key', o.key == null ? '' : String(o.key));
    q.set('order_id', o.order_id == null ? '' : String(o.order_id));
    window.location.assign('/api/sandbox/razorpay/pay?' + q.toString());
  };
  window.Razorpay = Razorpay;
})();
`;

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

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');
const rzpId = (prefix: string) =>
  `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;

const worldlineRequestQuery = z.object({
  merchantId: z.string().max(100).default(''),
  txnId: z.string().max(100).default(''),
  amount: z.string().max(30).default(''),
  consumerId: z.string().max(100).default(''),
  consumerMobileNo: z.string().max(30).default(''),
  consumerEmailId: z.string().max(200).default(''),
  token: z.string().max(256).default(''),
});

const OUTCOMES = ['success', 'failure', 'cancel'] as const;
const html = {
  200: z.string().meta({ description: 'HTML page' }),
  400: z.union([z.string(), errorBodySchema]),
  404: z.string(),
};

/** The sandbox gateways' routes (public, tag `sandbox`). */
export async function sandboxRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = { roles: 'public' as const };
  const wlLive = () => app.config.worldline.mode === 'live';
  const rzLive = () => app.config.razorpay.mode === 'live';
  const store = () => sandboxStoreOf(app);

  r.get(
    '/api/sandbox/autosubmit.js',
    {
      config: open,
      schema: {
        tags: ['sandbox'],
        summary: 'SANDBOX: submits the return form of a sandbox gateway page.',
        response: { 200: z.string() },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(AUTOSUBMIT_JS),
  );

  r.get(
    '/api/sandbox/worldline/checkout.js',
    {
      config: open,
      schema: {
        tags: ['sandbox'],
        summary:
          'SANDBOX Worldline: checkout.js stand-in, `$.pnCheckout(config)` goes to the sandbox bank page. 404 when live.',
        response: { 200: z.string(), 404: z.string() },
      },
    },
    async (_request, reply) => {
      if (wlLive()) return reply.status(404).send('Not found');
      return reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(WORLDLINE_CHECKOUT_JS);
    },
  );

  function worldlineTokenOk(q: z.infer<typeof worldlineRequestQuery>): boolean {
    const settings = app.config.worldline;
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

  const invalidRequestPage = () =>
    page(
      'Invalid payment request',
      '<span class="tag">SANDBOX</span><h1>Invalid payment request</h1><p>The request hash does not match (wrong merchant, amount or token).</p>',
    );

  r.get(
    '/api/sandbox/worldline/bank',
    {
      config: open,
      schema: {
        tags: ['sandbox'],
        summary:
          'SANDBOX Worldline: the simulated bank page. Checks the request token (SHA-512 with the sandbox salt) and ' +
          'offers Success, Failure and Cancel. 400 on a bad token; 404 when live.',
        querystring: worldlineRequestQuery,
        produces: ['text/html'],
        response: html,
      },
    },
    async (request, reply) => {
      if (wlLive()) return reply.status(404).send('Not found');
      const q = request.query;
      if (!worldlineTokenOk(q)) return sendPage(reply, invalidRequestPage(), 400);
      const paise = parseRupeesToPaise(q.amount) ?? 0;
      const body = `<span class="tag">SANDBOX — no real money</span>
<h1>Sandbox bank (Worldline)</h1>
<p class="note">This page stands in for the bank. Choose what the bank answers.</p>
<dl><dt>Merchant</dt><dd>${escapeHtml(q.merchantId)}</dd><dt>Transaction</dt><dd>${escapeHtml(q.txnId)}</dd>
<dt>Amount</dt><dd>${escapeHtml(formatINR(paise))}</dd></dl>
<form method="post" action="/api/sandbox/worldline/bank">${hiddenFields(q)}
<div class="buttons">
<button type="submit" name="outcome" value="success" class="ok">Success</button>
<button type="submit" name="outcome" value="failure" class="bad">Failure</button>
<button type="submit" name="outcome" value="cancel">Cancel</button>
</div></form>`;
      return sendPage(reply, page('Sandbox bank (Worldline)', body));
    },
  );

  r.post(
    '/api/sandbox/worldline/bank',
    {
      config: open,
      schema: {
        tags: ['sandbox'],
        summary:
          'SANDBOX Worldline: the bank decides (form post). Records the outcome for the status API and POSTs the ' +
          'hashed `msg` to /api/worldline/callback. 400 on a bad token or a transaction id used before; 404 when live.',
        body: worldlineRequestQuery.extend({ outcome: z.enum(OUTCOMES) }),
        produces: ['text/html'],
        response: html,
      },
    },
    async (request, reply) => {
      if (wlLive()) return reply.status(404).send('Not found');
      const q = request.body;
      if (!worldlineTokenOk(q)) return sendPage(reply, invalidRequestPage(), 400);
      if (store().worldlineByTxnId(q.txnId)) {
        return sendPage(
          reply,
          page(
            'Transaction already processed',
            '<span class="tag">SANDBOX</span><h1>Transaction already processed</h1><p>This transaction id was used before.</p>',
          ),
          400,
        );
      }
      const [statusCode, txnMsg, errMsg] =
        q.outcome === 'success'
          ? ['0300', 'success', 'NA']
          : q.outcome === 'failure'
            ? ['0399', 'failure', 'Transaction failed at the bank (sandbox)']
            : ['0392', 'aborted', 'Transaction cancelled by user'];
      const tpslTxnId = digits(10);
      const dateTime = worldlineTime(app.clock.now());
      store().worldline.set(tpslTxnId, {
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
          BankTransactionID: `SBX${digits(8)}`,
          mandate_reg_no: '',
          token: '',
        },
        app.config.worldline.salt,
      );
      return sendPage(
        reply,
        returnPage('Returning to the parish site', `The bank answered: ${txnMsg}.`, '/api/worldline/callback', { msg }),
      );
    },
  );

  r.post(
    '/api/sandbox/worldline/api/paynimoV2.req',
    {
      config: open,
      schema: {
        tags: ['sandbox'],
        summary:
          'SANDBOX Worldline status API (dual verification `requestType: "S"` by tpsl_txn_id, offline `"O"` by our ' +
          'txnId), answering the shape of paynimoV2.req; 9999 when unknown. 404 when live.',
        body: z.object({
          merchant: z.object({ identifier: z.string() }),
          transaction: z.object({
            requestType: z.string(),
            token: z.string().optional(),
            identifier: z.string().optional(),
            dateTime: z.string().optional(),
          }),
        }),
        response: { 200: z.record(z.string(), z.unknown()), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (wlLive()) return reply.status(404).send({ success: false, error: 'Not found', code: 'NOT_FOUND' });
      const { merchant, transaction } = request.body;
      const found =
        merchant.identifier !== app.config.worldline.merchantId
          ? undefined
          : transaction.requestType === 'S' && transaction.token
            ? store().worldline.get(transaction.token)
            : transaction.requestType === 'O' && transaction.identifier
              ? store().worldlineByTxnId(transaction.identifier)
              : undefined;
      return {
        merchantCode: merchant.identifier,
        merchantTransactionIdentifier: found?.txnId ?? transaction.identifier ?? '',
        merchantTransactionRequestType: transaction.requestType,
        responseType: 'web',
        transactionState: null,
        paymentMethod: {
          token: found?.tpslTxnId ?? '',
          paymentTransaction: found
            ? {
                amount: found.amount,
                balanceAmount: 'NA',
                bankReferenceIdentifier: found.tpslTxnId,
                dateTime: found.dateTime,
                errorMessage: found.errorMessage,
                identifier: found.tpslTxnId,
                statusCode: found.statusCode,
                statusMessage: found.statusMessage,
              }
            : {
                amount: '',
                identifier: '',
                statusCode: '9999',
                statusMessage: 'F',
                errorMessage: 'Transaction Not Found',
                dateTime: transaction.dateTime ?? '',
              },
        },
      };
    },
  );

  // ---- Razorpay ----

  r.get(
    '/api/sandbox/razorpay/checkout.js',
    {
      config: open,
      schema: {
        tags: ['sandbox'],
        summary:
          'SANDBOX Razorpay: checkout.js stand-in, `new Razorpay(options).open()` goes to the sandbox payment page. 404 when live.',
        response: { 200: z.string(), 404: z.string() },
      },
    },
    async (_request, reply) => {
      if (rzLive()) return reply.status(404).send('Not found');
      return reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(RAZORPAY_CHECKOUT_JS);
    },
  );

  const payQuery = z.object({ key: z.string().max(100).default(''), order_id: z.string().max(100).default('') });

  r.get(
    '/api/sandbox/razorpay/pay',
    {
      config: open,
      schema: {
        tags: ['sandbox'],
        summary:
          'SANDBOX Razorpay: the simulated payment page for an order (Success, Failure, Cancel). 400 unknown order or key; 404 when live.',
        querystring: payQuery,
        produces: ['text/html'],
        response: html,
      },
    },
    async (request, reply) => {
      if (rzLive()) return reply.status(404).send('Not found');
      const order = store().orders.get(request.query.order_id);
      if (!order || request.query.key !== app.config.razorpay.keyId || order.status === 'paid') {
        return sendPage(
          reply,
          page(
            'Invalid payment request',
            '<span class="tag">SANDBOX</span><h1>Invalid payment request</h1><p>Unknown or already paid order, or wrong key.</p>',
          ),
          400,
        );
      }
      const body = `<span class="tag">SANDBOX — no real money</span>
<h1>Sandbox payment (Razorpay)</h1>
<p class="note">This page stands in for Razorpay Checkout. Choose what the payment does.</p>
<dl><dt>Order</dt><dd>${escapeHtml(order.id)}</dd><dt>Receipt</dt><dd>${escapeHtml(order.receipt)}</dd>
<dt>Amount</dt><dd>${escapeHtml(formatINR(order.amount))}</dd></dl>
<form method="post" action="/api/sandbox/razorpay/pay">${hiddenFields(request.query)}
<div class="buttons">
<button type="submit" name="outcome" value="success" class="ok">Success</button>
<button type="submit" name="outcome" value="failure" class="bad">Failure</button>
<button type="submit" name="outcome" value="cancel">Cancel</button>
</div></form>`;
      return sendPage(reply, page('Sandbox payment (Razorpay)', body));
    },
  );

  r.post(
    '/api/sandbox/razorpay/pay',
    {
      config: open,
      schema: {
        tags: ['sandbox'],
        summary:
          'SANDBOX Razorpay: the payment decides (form post), then POSTs the checkout fields (signed with the sandbox ' +
          'key secret) or error[...] fields to /api/razorpay/callback. 404 when live.',
        body: payQuery.extend({ outcome: z.enum(OUTCOMES) }),
        produces: ['text/html'],
        response: html,
      },
    },
    async (request, reply) => {
      if (rzLive()) return reply.status(404).send('Not found');
      const order = store().orders.get(request.body.order_id);
      if (!order || request.body.key !== app.config.razorpay.keyId || order.status === 'paid') {
        return sendPage(reply, page('Invalid payment request', '<h1>Invalid payment request</h1>'), 400);
      }
      const now = Math.floor(app.clock.now().getTime() / 1000);
      order.attempts += 1;
      if (request.body.outcome === 'cancel') {
        if (order.status === 'created') order.status = 'attempted';
        return sendPage(
          reply,
          returnPage('Returning to the parish site', 'The payment was cancelled.', '/api/razorpay/callback', {
            'error[code]': 'BAD_REQUEST_ERROR',
            'error[description]': 'Payment was cancelled by user',
            'error[reason]': 'payment_cancelled',
            'error[metadata]': JSON.stringify({ order_id: order.id }),
          }),
        );
      }
      const success = request.body.outcome === 'success';
      const payment: SandboxRazorpayPayment = {
        id: rzpId('pay'),
        entity: 'payment',
        order_id: order.id,
        amount: order.amount,
        currency: order.currency,
        status: success ? 'captured' : 'failed',
        method: 'card',
        captured: success,
        error_code: success ? null : 'BAD_REQUEST_ERROR',
        error_description: success ? null : 'Payment failed at the bank (sandbox)',
        created_at: now,
      };
      store().payments.set(payment.id, payment);
      if (success) {
        order.status = 'paid';
        order.amount_paid = order.amount;
        order.amount_due = 0;
        return sendPage(
          reply,
          returnPage('Returning to the parish site', 'The payment succeeded.', '/api/razorpay/callback', {
            razorpay_payment_id: payment.id,
            razorpay_order_id: order.id,
            razorpay_signature: razorpayCheckoutSignature(order.id, payment.id, app.config.razorpay.keySecret),
          }),
        );
      }
      order.status = 'attempted';
      return sendPage(
        reply,
        returnPage('Returning to the parish site', 'The payment failed.', '/api/razorpay/callback', {
          'error[code]': 'BAD_REQUEST_ERROR',
          'error[description]': 'Payment failed',
          'error[reason]': 'payment_failed',
          'error[metadata]': JSON.stringify({ order_id: order.id, payment_id: payment.id }),
        }),
      );
    },
  );

  const rzError = (description: string) => ({ error: { code: 'BAD_REQUEST_ERROR', description } });
  const rzAuthorized = (authorization: string | undefined) =>
    authorization !== undefined &&
    hexEquals(authorization, razorpayAuthHeader(app.config.razorpay.keyId, app.config.razorpay.keySecret));
  const rzJson = { 200: z.record(z.string(), z.unknown()), 400: z.unknown(), 401: z.unknown(), 404: z.unknown() };

  r.post(
    '/api/sandbox/razorpay/v1/orders',
    {
      config: open,
      schema: {
        tags: ['sandbox'],
        summary:
          'SANDBOX Razorpay Orders API: creates an order (amount in paise, at least 100). Basic auth with the sandbox key. 404 when live.',
        body: z.object({
          amount: z.number().int(),
          currency: z.string(),
          receipt: z.string().max(40),
          notes: z.record(z.string(), z.string()).optional(),
        }),
        response: rzJson,
      },
    },
    async (request, reply) => {
      if (rzLive()) return reply.status(404).send(rzError('Not found'));
      if (!rzAuthorized(request.headers.authorization)) return reply.status(401).send(rzError('Authentication failed'));
      if (request.body.amount < 100) return reply.status(400).send(rzError('The amount must be at least INR 1.00'));
      const order = {
        id: rzpId('order'),
        entity: 'order' as const,
        amount: request.body.amount,
        amount_paid: 0,
        amount_due: request.body.amount,
        currency: request.body.currency,
        receipt: request.body.receipt,
        status: 'created' as const,
        attempts: 0,
        notes: request.body.notes ?? {},
        created_at: Math.floor(app.clock.now().getTime() / 1000),
      };
      store().orders.set(order.id, order);
      return order;
    },
  );

  r.get(
    '/api/sandbox/razorpay/v1/orders/:id',
    {
      config: open,
      // Basic auth answers 401 like Razorpay; no automatic HEAD twin (it would look like the role guard).
      exposeHeadRoute: false,
      schema: {
        tags: ['sandbox'],
        summary: 'SANDBOX Razorpay: fetch an order. 404 when unknown or live.',
        params: z.object({ id: z.string() }),
        response: rzJson,
      },
    },
    async (request, reply) => {
      if (rzLive()) return reply.status(404).send(rzError('Not found'));
      if (!rzAuthorized(request.headers.authorization)) return reply.status(401).send(rzError('Authentication failed'));
      const order = store().orders.get(request.params.id);
      if (!order) return reply.status(400).send(rzError('The id provided does not exist'));
      return { ...order };
    },
  );

  r.get(
    '/api/sandbox/razorpay/v1/orders/:id/payments',
    {
      config: open,
      // Basic auth answers 401 like Razorpay; no automatic HEAD twin (it would look like the role guard).
      exposeHeadRoute: false,
      schema: {
        tags: ['sandbox'],
        summary: 'SANDBOX Razorpay: the payments of an order. 404 when live.',
        params: z.object({ id: z.string() }),
        response: rzJson,
      },
    },
    async (request, reply) => {
      if (rzLive()) return reply.status(404).send(rzError('Not found'));
      if (!rzAuthorized(request.headers.authorization)) return reply.status(401).send(rzError('Authentication failed'));
      if (!store().orders.has(request.params.id))
        return reply.status(400).send(rzError('The id provided does not exist'));
      const items = [...store().payments.values()].filter((p) => p.order_id === request.params.id);
      return { entity: 'collection', count: items.length, items };
    },
  );

  r.get(
    '/api/sandbox/razorpay/v1/payments/:id',
    {
      config: open,
      // Basic auth answers 401 like Razorpay; no automatic HEAD twin (it would look like the role guard).
      exposeHeadRoute: false,
      schema: {
        tags: ['sandbox'],
        summary: 'SANDBOX Razorpay: fetch a payment. 404 when live.',
        params: z.object({ id: z.string() }),
        response: rzJson,
      },
    },
    async (request, reply) => {
      if (rzLive()) return reply.status(404).send(rzError('Not found'));
      if (!rzAuthorized(request.headers.authorization)) return reply.status(401).send(rzError('Authentication failed'));
      const payment = store().payments.get(request.params.id);
      if (!payment) return reply.status(400).send(rzError('The id provided does not exist'));
      return { ...payment };
    },
  );
}
