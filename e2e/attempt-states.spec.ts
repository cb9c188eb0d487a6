import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

import { ADMIN, expectAccessible } from './fixtures.ts';

/**
 * Honest states in the member portal at 375 px (issue 29 item 4, decision 0142; `docs/domain.md`,
 * §2 "Transactions tab" and "Dialogs"), through the Worldline sandbox: an attempt cancelled on the
 * bank page reads "Cancelled" at once (not a yellow pending for half an hour), and a payment for a
 * due the office collected meanwhile says what was paid twice and that the parish refunds it; no
 * id or message runs off the right edge. A member of its own is made through the API.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });
test.use({ viewport: { width: 375, height: 812 } });

const suffix = String(Date.now()).slice(-6);
const PERSON = { name: `Clara States ${suffix}`, mobile: `97${suffix}22`, parishNumber: `HST${suffix}` };
const PASSWORD = `Clar${PERSON.mobile.slice(-4)}`;
const CANCEL_HEAD = `States Cancel Fund ${suffix}`;
const TWICE_HEAD = `States Twice Fund ${suffix}`;
let memberId = '';
let adminHeaders: Record<string, string> = {};

async function createDue(api: APIRequestContext, name: string, amount: number) {
  const head = await api.post('/api/payment-heads', {
    headers: adminHeaders,
    data: { name, amount, type: 'miscellaneous' },
  });
  expect(head.status(), await head.text()).toBe(201);
  const headId = ((await head.json()) as { _id: string })._id;
  const assigned = await api.post('/api/payments/assign', {
    headers: adminHeaders,
    data: { paymentHeadId: headId, assignments: [{ memberId }] },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);
}

test.beforeAll(async ({ playwright }, info) => {
  const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  const login = await api.post('/api/auth/admin/login', { data: ADMIN });
  expect(login.ok()).toBe(true);
  adminHeaders = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const member = await api.post('/api/members', { headers: adminHeaders, data: PERSON });
  expect(member.status(), await member.text()).toBe(201);
  memberId = ((await member.json()) as { _id: string })._id;
  await createDue(api, CANCEL_HEAD, 400);
  await createDue(api, TWICE_HEAD, 100);
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

/** Whether anything inside `box` reaches past its right edge (or the page scrolls sideways). */
async function overflowsRight(page: Page, box: Locator): Promise<string[]> {
  const inside = await box.evaluate((root) => {
    const edge = root.getBoundingClientRect().right + 0.5;
    return [...root.querySelectorAll('*')]
      .filter((node) => node.getBoundingClientRect().right > edge)
      .map((node) => `${node.tagName}: ${(node.textContent ?? '').slice(0, 40)}`);
  });
  const page375 = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  return page375 ? [...inside, 'the page scrolls sideways'] : inside;
}

test('a payment cancelled on the bank page reads Cancelled at once, beside nothing pending', async ({ page }) => {
  await openPortal(page);
  await toBankPage(page, CANCEL_HEAD);
  await page.getByRole('button', { name: /^Cancel/ }).click();
  await expect(page).toHaveURL(/\/payment-callback|\/customer\/dashboard/, { timeout: 15_000 });
  if (/\/payment-callback/.test(page.url())) {
    await page.getByRole('button', { name: 'Return to Dashboard' }).click();
  }
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  const failed = page.getByRole('dialog', { name: 'Payment Failed' });
  await expect(failed).toContainText('Payment was cancelled by user');
  expect(await overflowsRight(page, failed)).toEqual([]);
  await failed.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(failed).toHaveCount(0);

  await page.getByRole('tab', { name: /Transactions/ }).click();
  const attempt = page.getByTestId('transaction-item').filter({ hasText: CANCEL_HEAD });
  await expect(attempt).toHaveCount(1);
  await expect(attempt.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(attempt.getByText('Pending', { exact: true })).toHaveCount(0);
  expect(await overflowsRight(page, attempt)).toEqual([]);
  await expectAccessible(page, 'member transactions with a cancelled attempt (375 px)');
});

test('a payment for a due the office collected meanwhile: the success dialog says what was paid twice', async ({
  page,
  playwright,
}, info) => {
  await openPortal(page);
  await toBankPage(page, TWICE_HEAD);

  // Meanwhile the office collects the same due in cash.
  const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  const rows = await api.get(`/api/collections/members/${memberId}/payments`, { headers: adminHeaders });
  expect(rows.ok(), await rows.text()).toBe(true);
  const items = ((await rows.json()) as { items: { _id: string; paymentHeadId: { name: string } }[] }).items;
  const due = items.find((item) => item.paymentHeadId.name === TWICE_HEAD);
  const collected = await api.post(`/api/payments/${due?._id}/collect`, {
    headers: adminHeaders,
    data: { collectionMode: 'manual', collectionAmount: 100, paymentMethod: 'cash' },
  });
  expect(collected.ok(), await collected.text()).toBe(true);
  await api.dispose();

  await page.getByRole('button', { name: /^Success/ }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard/, { timeout: 20_000 });
  const success = page.getByRole('dialog', { name: 'Payment Successful!' });
  await expect(success.getByTestId('paid-twice')).toContainText(
    `₹100.00 for ${TWICE_HEAD} had already been paid, so it was paid twice. The parish will refund ₹100.00 to you.`,
  );
  await expect(success.getByText(/Transaction ID: WL/)).toBeVisible();
  expect(await overflowsRight(page, success)).toEqual([]);
  await expectAccessible(page, 'member success dialog after a double payment (375 px)');
  await success.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('tab', { name: /Transactions/ }).click();
  const attempt = page.getByTestId('transaction-item').filter({ hasText: TWICE_HEAD });
  await expect(attempt.getByText('Paid', { exact: true })).toBeVisible();
  await expect(attempt.getByTestId('paid-twice')).toContainText('The parish will refund ₹100.00 to you.');
  expect(await overflowsRight(page, attempt)).toEqual([]);
});
