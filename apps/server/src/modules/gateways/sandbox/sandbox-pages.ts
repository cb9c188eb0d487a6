import { escapeHtml } from '../../../lib/html.ts';

/**
 * The sandbox gateways' pages and scripts: plain server-rendered HTML with escaped values and no
 * inline script (one same-origin script submits the return form; a button does the same without
 * script), and the stand-ins for Paynimo's and Razorpay's checkout.js.
 */

/** The Content-Security-Policy of every sandbox page. */
export const PAGE_CSP = [
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

/** A sandbox page: `body` is HTML (escape its values); `script` adds autosubmit.js. */
export function page(title: string, body: string, script = false): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style>${
    script ? '<script src="/api/sandbox/autosubmit.js" defer></script>' : ''
  }</head><body><main>${body}</main></body></html>`;
}

/** Hidden inputs carrying `fields` (escaped). */
export function hiddenFields(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
}

/** The form that returns the gateway's answer to the merchant (submitted by autosubmit.js). */
export function returnPage(title: string, message: string, action: string, fields: Record<string, string>): string {
  return page(
    title,
    `<span class="tag">SANDBOX — no real money</span><h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<form method="post" action="${escapeHtml(action)}" data-autosubmit="true">${hiddenFields(fields)}
<div class="buttons"><button type="submit" class="ok">Return to the parish site</button></div></form>`,
    true,
  );
}

/** Submits the return form of a sandbox page (`/api/sandbox/autosubmit.js`). */
export const AUTOSUBMIT_JS = `'use strict';
document.addEventListener('DOMContentLoaded', function () {
  var form = document.querySelector('form[data-autosubmit]');
  if (form) form.submit();
});
`;

/** The stand-in for Paynimo checkout.js: `$.pnCheckout(config)` goes to the sandbox bank page. */
export const WORLDLINE_CHECKOUT_JS = `/* Parish Dues SANDBOX stand-in for Paynimo checkout.js: $.pnCheckout(config) */
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

/** The stand-in for Razorpay checkout.js: `new Razorpay(options).open()` goes to the sandbox payment page. */
export const RAZORPAY_CHECKOUT_JS = `/* Parish Dues SANDBOX stand-in for Razorpay checkout.js: new Razorpay(options).open() */
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
