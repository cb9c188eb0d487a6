import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { expect, test, type Route } from '@playwright/test';

/**
 * The live Content-Security-Policy lets Paynimo's checkout work (issue 13; `docs/domain.md`, §10
 * "Payment mode", `docs/ARCHITECTURE.md`, "Security headers"). A second server runs in LIVE
 * Worldline mode (merchant code and salt set; its checkout script is Paynimo's real address, so the
 * production CSP is what the browser enforces, unchanged). The browser never reaches the internet:
 * every request to https://www.paynimo.com and to the stand-in bank is answered by this spec
 * (`page.route`), with a checkout.js that behaves like Paynimo's with `enableNewWindowFlow: false`:
 * it loads its stylesheet and an image from its own host, then submits a form to the card issuer's
 * ACS page on another https origin. Chromium must report no CSP violation, and the page must reach
 * the stand-in bank.
 *
 * The live server listens on E2E_WHATSAPP_PORT (no WhatsApp stand-in runs during this spec) with a
 * database of its own; the status API points at a closed port, so nothing is ever settled.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const PORT = Number(process.env.E2E_WHATSAPP_PORT ?? 3299);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.join(os.tmpdir(), `parish-e2e-live-${process.pid}`);
const ADMIN = { username: 'admin', password: 'live-csp-admin-password' };
const PAYNIMO = 'https://www.paynimo.com';
const BANK = 'https://acs.stand-in-bank.example';
const PERSON = { name: 'Live Csp Member', mobile: '9811122233', parishNumber: 'LIVE001' };
const PASSWORD = `Live${PERSON.mobile.slice(-4)}`;

/** Paynimo's checkout.js, as a stand-in: stylesheet and image from its host, then a form to the ACS. */
const CHECKOUT_JS = `(function () {
  var $ = (window.$ = window.jQuery = window.$ || {});
  $.pnCheckout = function (config) {
    var css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = '${PAYNIMO}/paynimocheckout/server/css/checkout.css';
    document.head.appendChild(css);
    var logo = new Image();
    logo.src = '${PAYNIMO}/paynimocheckout/client/images/logo.png';
    css.onload = function () {
      var form = document.createElement('form');
      form.method = 'POST';
      form.action = '${BANK}/acs/authenticate';
      var field = document.createElement('input');
      field.type = 'hidden';
      field.name = 'txnId';
      field.value = config.consumerData.txnId;
      form.appendChild(field);
      document.body.appendChild(form);
      form.submit();
    };
  };
  window.pnCheckoutShared = { openNewWindow: function () {} };
})();`;

let server: ChildProcess | undefined;

test.beforeAll(async ({ playwright }) => {
  rmSync(DATA_DIR, { recursive: true, force: true });
  server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.mjs'], {
    // Only what this server needs: nothing of the runner's environment (a DATABASE_URL, say) leaks in.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      DATA_DIR,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      // A public name (decision 0117 refuses a live checkout with a local PUBLIC_URL); the browser
      // still opens the server at ORIGIN, and nothing here follows a return URL.
      PUBLIC_URL: `http://dues.live-csp-parish.example:${PORT}`,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      WORLDLINE_MERCHANT_ID: 'L3411',
      WORLDLINE_SALT: 'live-csp-test-salt',
      WORLDLINE_SCHEME_CODE: 'LIVE1',
      WORLDLINE_STATUS_URL: 'http://127.0.0.1:9/api/paynimoV2.req',
      GATEWAY_RECHECK_SECONDS: '0',
      PAYMENTS_SANDBOX: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const api = await playwright.request.newContext({ baseURL: ORIGIN });
  await expect(async () => expect((await api.get('/api/health')).ok()).toBe(true)).toPass({ timeout: 90_000 });
  expect(await (await api.get('/api/health')).json()).toMatchObject({ payments: { worldline: 'live' } });
  const login = await api.post('/api/auth/admin/login', { data: ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const member = await api.post('/api/members', { headers, data: PERSON });
  expect(member.status(), await member.text()).toBe(201);
  const memberId = ((await member.json()) as { _id: string })._id;
  const head = await api.post('/api/payment-heads', {
    headers,
    data: { name: 'Live Csp Fund', amount: 150, type: 'miscellaneous' },
  });
  expect(head.status(), await head.text()).toBe(201);
  const assigned = await api.post('/api/payments/assign', {
    headers,
    data: { paymentHeadId: ((await head.json()) as { _id: string })._id, assignments: [{ memberId }] },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);
  await api.dispose();
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(DATA_DIR, { recursive: true, force: true });
});

/** Answers Paynimo's host: checkout.js, its jQuery, its stylesheet and its images. */
async function paynimo(route: Route) {
  const url = new URL(route.request().url());
  if (url.pathname.endsWith('/checkout.js')) {
    return route.fulfill({ contentType: 'application/javascript', body: CHECKOUT_JS });
  }
  if (url.pathname.endsWith('/jquery.min.js')) {
    return route.fulfill({ contentType: 'application/javascript', body: 'window.$ = window.jQuery = window.$ || {};' });
  }
  if (url.pathname.endsWith('.css')) return route.fulfill({ contentType: 'text/css', body: '.pn { color: #123; }' });
  // A 1×1 transparent GIF.
  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  return route.fulfill({ contentType: 'image/gif', body: gif });
}

test('live Worldline: the checkout loads its stylesheet and submits to the bank with no CSP violation', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.route(`${PAYNIMO}/**`, paynimo);
  const bankPosts: string[] = [];
  await page.route(`${BANK}/**`, async (route) => {
    bankPosts.push(`${route.request().method()} ${route.request().postData() ?? ''}`);
    await route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Stand-in bank</title><h1>Stand-in bank: enter your OTP</h1></html>',
    });
  });

  const response = await page.goto(`${ORIGIN}/customer/login`);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("form-action 'self' https:");
  expect(csp).toContain(PAYNIMO);
  await page.getByRole('textbox', { name: /Mobile Number/ }).fill(PERSON.mobile);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  await page
    .getByTestId('pending-item')
    .filter({ hasText: 'Live Csp Fund' })
    .getByRole('button', { name: 'Pay Now' })
    .click();
  await page
    .getByRole('dialog', { name: 'Confirm Payment' })
    .getByRole('button', { name: 'Pay with Worldline' })
    .click();

  // A blocked stylesheet or form never reaches the bank: name the violation first.
  await page.waitForURL(`${BANK}/acs/authenticate`, { timeout: 20_000 }).catch(() => undefined);
  expect(violations).toEqual([]);
  await expect(page).toHaveURL(`${BANK}/acs/authenticate`);
  await expect(page.getByRole('heading', { name: /Stand-in bank/ })).toBeVisible();
  expect(bankPosts).toHaveLength(1);
  expect(bankPosts[0]).toMatch(/^POST txnId=WL/);
});
