import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';

import { ADMIN, CASHIER } from './fixtures.ts';

/**
 * Online payments that survive real life (issue 13; `docs/domain.md`, §4 "Retry after an
 * abandoned checkout", "Refunds and exceptions", §10 "Payment mode") in the browser, through the
 * Worldline sandbox. A member of its own is made through the API, so the demo member the other
 * specs use is left alone: two miscellaneous dues (₹700 and ₹300).
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const suffix = String(Date.now()).slice(-6);
const PERSON = { name: `Rosa Online ${suffix}`, mobile: `98${suffix}11`, parishNumber: `ONL${suffix}` };
const PASSWORD = `Rosa${PERSON.mobile.slice(-4)}`;
const FIRST_HEAD = `Online Retry Fund ${suffix}`;
const SECOND_HEAD = `Online Second Fund ${suffix}`;
let memberId = '';

async function adminToken(api: APIRequestContext): Promise<string> {
  const response = await api.post('/api/auth/admin/login', { data: ADMIN });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

async function createDue(api: APIRequestContext, token: string, name: string, amount: number) {
  const headers = { authorization: `Bearer ${token}` };
  const head = await api.post('/api/payment-heads', { headers, data: { name, amount, type: 'miscellaneous' } });
  expect(head.status(), await head.text()).toBe(201);
  const headId = ((await head.json()) as { _id: string })._id;
  const assigned = await api.post('/api/payments/assign', {
    headers,
    data: { paymentHeadId: headId, assignments: [{ memberId }] },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);
}

test.beforeAll(async ({ playwright }, info) => {
  const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  const token = await adminToken(api);
  const member = await api.post('/api/members', { headers: { authorization: `Bearer ${token}` }, data: PERSON });
  expect(member.status(), await member.text()).toBe(201);
  memberId = ((await member.json()) as { _id: string })._id;
  await createDue(api, token, FIRST_HEAD, 700);
  await createDue(api, token, SECOND_HEAD, 300);
  await api.dispose();
});

async function openPortal(page: Page) {
  await page.goto('/customer/login');
  await page.getByRole('textbox', { name: /Mobile Number/ }).fill(PERSON.mobile);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  await expect(page.getByText('Loading your payments...')).toHaveCount(0);
}

/** Pay Now on a head, then Pay with Worldline, up to the sandbox bank page. */
async function toBankPage(page: Page, head: string) {
  await page.getByTestId('pending-item').filter({ hasText: head }).getByRole('button', { name: 'Pay Now' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Payment' })
    .getByRole('button', { name: 'Pay with Worldline' })
    .click();
  await expect(page.getByRole('button', { name: /^Success/ })).toBeVisible({ timeout: 15_000 });
}

async function staffPage(browser: Browser, who: { username: string; password: string }, portal: 'Admin' | 'Cashier') {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/admin/login');
  if (portal === 'Cashier') await page.getByText('Cashier', { exact: true }).click();
  await page.getByLabel(/^Username/).fill(who.username);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole('button', { name: `Access ${portal} Dashboard` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

test('every screen says test payments in sandbox mode', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('test-payments-band')).toHaveText('Test payments: no real money');
  await openPortal(page);
  await expect(page.getByTestId('test-payments-band')).toBeVisible();
});

test('Back on the bank page, then Pay again, reaches the sandbox bank at once with no error', async ({ page }) => {
  await openPortal(page);
  await toBankPage(page, FIRST_HEAD);
  await page.goBack();
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  await expect(page.getByText('Loading your payments...')).toHaveCount(0);
  const started = Date.now();
  await toBankPage(page, FIRST_HEAD);
  const elapsed = Date.now() - started;
  test.info().annotations.push({ type: 'retry after Back (ms)', description: String(elapsed) });
  console.log(`retry after Back reached the sandbox bank in ${elapsed} ms`);
  await expect(page.getByText('already in progress')).toHaveCount(0);
  expect(elapsed).toBeLessThan(15_000);

  // Back again: the dashboard offers Continue / Cancel for the unfinished payment.
  await page.goBack();
  await expect(page.getByText('Loading your payments...')).toHaveCount(0);
  const banner = page.getByTestId('checkout-in-progress-banner');
  await expect(banner).toContainText(FIRST_HEAD);
  await banner.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Payment' })
    .getByRole('button', { name: 'Pay with Worldline' })
    .click();
  await expect(page.getByRole('button', { name: /^Success/ })).toBeVisible({ timeout: 15_000 });
  await page.goBack();
  await page.getByTestId('checkout-in-progress-banner').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('checkout-in-progress-banner')).toHaveCount(0);
});

test('a cash collection while the checkout is open, then Success: the due is paid once and the queue shows it', async ({
  page,
  browser,
}) => {
  await openPortal(page);
  await toBankPage(page, FIRST_HEAD);

  // Meanwhile the cashier collects the same due in cash, warned that a checkout is in progress.
  const cashier = await staffPage(browser, CASHIER, 'Cashier');
  await cashier.getByRole('navigation').getByRole('link', { name: 'View/Collect Payments' }).click();
  await cashier.getByRole('searchbox', { name: 'Search members' }).fill(PERSON.name);
  await cashier.getByRole('button', { name: `View payments of ${PERSON.name}` }).click();
  const summary = cashier.getByRole('dialog', { name: 'Payment Summary' });
  await summary.getByRole('button', { name: `Collect ${FIRST_HEAD}` }).click();
  const collect = cashier.getByRole('dialog', { name: 'Collect Payment' });
  await expect(collect.getByTestId('checkout-in-progress')).toContainText(
    'An online payment for this due is in progress',
  );
  await collect.getByRole('button', { name: 'Confirm Collection' }).click();
  await expect(cashier.getByRole('dialog', { name: 'Collection Complete' })).toBeVisible();
  await cashier.context().close();

  // The member now presses Success on the bank page.
  await page.getByRole('button', { name: /^Success/ }).click();
  await expect(page).toHaveURL(/\/payment-callback|\/customer\/dashboard/, { timeout: 15_000 });

  const admin = await staffPage(browser, ADMIN, 'Admin');
  await expect(admin.getByTestId('refunds-pending')).toContainText(/Refunds pending: \d+, ₹/);
  await admin.getByRole('navigation').getByRole('link', { name: 'Refunds' }).click();
  await expect(admin.getByRole('heading', { name: 'Refunds and Exceptions' })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: PERSON.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('₹700.00');
  await expect(row).toContainText('The due was already paid at the office');
  await expect(row).toContainText(`For: ${FIRST_HEAD}`);
  await expect(row).toContainText('Test');
  await admin.context().close();
});

test('the admin applies part of the money to another due (its own receipt) and records the rest as refunded', async ({
  browser,
}) => {
  const admin = await staffPage(browser, ADMIN, 'Admin');
  await admin.goto('/admin/refunds');
  const row = admin.getByRole('row').filter({ hasText: PERSON.name });
  await row.getByRole('button', { name: 'Apply to another due of this member' }).click();
  const apply = admin.getByRole('dialog', { name: 'Apply to another due' });
  await apply.getByLabel(/^Due/).click();
  await admin.getByRole('option', { name: new RegExp(SECOND_HEAD) }).click();
  await apply.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText(/Applied\. Receipt \d{4}-\d{2}\/\d{6}\./)).toBeVisible();
  await expect(row).toContainText('₹400.00 of ₹700.00');

  await row.getByRole('button', { name: 'Refunded' }).click();
  const refunded = admin.getByRole('dialog', { name: 'Record a refund' });
  await refunded.getByRole('textbox', { name: 'Refund reference' }).fill('rfnd_E2E1');
  await refunded.getByLabel('Refund date').fill('2026-11-23');
  await refunded.getByRole('textbox', { name: 'Note' }).fill('Refunded in the Worldline dashboard');
  await refunded.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Refund recorded.')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: PERSON.name })).toHaveCount(0);

  // The ₹300 applied from test money is a test payment: on a line of its own, not collected.
  await admin.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await expect(admin.getByTestId('test-payments-line')).toContainText(
    /^Test payments \(no real money\): \d+ payments? · ₹/,
  );
  await admin.context().close();
});
