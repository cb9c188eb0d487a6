import { readFileSync } from 'node:fs';

import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';

import { ADMIN, apiToken, expectAccessible, memberWithDues, type MemberWithDues } from './fixtures.ts';

/**
 * The payment link as a complete journey without sign-in (issue 29 item 2, decision 0140;
 * `docs/domain.md`, §9 "Payment links without a password"), on a 375 px phone from a fresh
 * browser: the member chooses dues (arrears first, a variable amount above its minimum), pays at
 * the Worldline sandbox bank and lands on the link's confirmation page with the receipt (view,
 * PDF, WhatsApp), or, on a failure, back on the link with the reason. And the language: the link
 * opens in the member's saved language, and the language chosen at sign-in wins and is saved.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const PHONE = { width: 375, height: 800 };
let member: MemberWithDues;
let linkPath = '';

/** The member's payment link, as the admin's wa.me reminder carries it: its path. */
async function payLinkOf(request: APIRequestContext, memberId: string): Promise<string> {
  const headers = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  const response = await request.get(`/api/members/${memberId}/whatsapp-link`, { headers });
  expect(response.ok(), await response.text()).toBe(true);
  return new URL(((await response.json()) as { payLink: string }).payLink).pathname;
}

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  return context.newPage();
}

const item = (page: Page, name: string) => page.getByTestId('pay-item').filter({ hasText: name });

/** Clicks Pay, then the outcome's button on the sandbox bank page. */
async function payAtBank(page: Page, pay: RegExp, outcome: 'Success' | 'Failure') {
  await page.getByRole('button', { name: pay }).click();
  const choice = page.getByRole('button', { name: new RegExp(`^${outcome}`) });
  await expect(choice).toBeVisible({ timeout: 15_000 });
  await choice.click();
}

test.beforeAll(async ({ request }) => {
  member = await memberWithDues(request, 'Linkpay');
  linkPath = await payLinkOf(request, member.memberId);
});

test('the link lists the dues to choose: arrears first, a variable amount with its minimum', async ({ browser }) => {
  const page = await phone(browser);
  await page.goto(linkPath);
  await expect(page.getByRole('heading', { name: 'Pay your dues' })).toBeVisible();
  const [arrear, current, fund] = member.heads;
  await expect(item(page, arrear?.name ?? '').getByRole('checkbox')).toBeChecked();
  await expect(item(page, current?.name ?? '').getByRole('checkbox')).toBeDisabled();
  await expect(item(page, current?.name ?? '').getByText('Blocked', { exact: true })).toBeVisible();
  await expect(page.getByText('Arrears are paid first: current dues wait until they are cleared.')).toBeVisible();
  await expect(item(page, fund?.name ?? '').getByText('(min: ₹300.00)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay ₹800.00' })).toBeVisible();
  await page.getByRole('textbox', { name: `Amount to pay for ${fund?.name}` }).fill('450');
  await expect(page.getByRole('button', { name: 'Pay ₹950.00' })).toBeVisible();
  await item(page, arrear?.name ?? '')
    .getByRole('checkbox')
    .uncheck();
  await expect(page.getByRole('button', { name: 'Pay ₹450.00' })).toBeVisible();
  await expect(page.getByLabel('Language')).toBeVisible();
  await expectAccessible(page, 'payment link');
  await page.context().close();
});

test('a failed payment returns to the link with the reason, and the dues stay to pay', async ({ browser }) => {
  const page = await phone(browser);
  await page.goto(linkPath);
  const fund = member.heads[2];
  await page.getByRole('textbox', { name: `Amount to pay for ${fund?.name}` }).fill('450');
  await payAtBank(page, /^Pay ₹950\.00$/, 'Failure');
  await expect(page).toHaveURL(new RegExp(`${linkPath}\\?txn=`), { timeout: 20_000 });
  const alert = page.getByRole('alert').filter({ hasText: 'Payment Failed' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/It did not go through: .+\. You can try again\./);
  await expect(page.getByTestId('pay-item')).toHaveCount(3);
  await expect(page.getByText('Admin Portal')).toHaveCount(0);
  await page.context().close();
});

test('a paid link lands on its confirmation page with the receipt: view, PDF, WhatsApp', async ({
  browser,
  request,
}) => {
  const page = await phone(browser);
  await page.goto(linkPath);
  const fund = member.heads[2];
  await item(page, fund?.name ?? '')
    .getByRole('checkbox')
    .uncheck();
  await payAtBank(page, /^Pay ₹500\.00$/, 'Success');
  await expect(page).toHaveURL(new RegExp(`${linkPath}/done\\?txn=`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/^Thank you, Linkpay\. ₹500\.00 has been paid\.$/)).toBeVisible();
  const receipt = page.getByTestId('pay-receipt');
  await expect(receipt).toHaveCount(1);
  const title = (await receipt.getByRole('heading').textContent()) ?? '';
  const number = title.replace(/^Receipt /, '');
  expect(number).not.toBe('');

  const view = await receipt.getByRole('link', { name: 'View receipt' }).getAttribute('href');
  expect(view).toMatch(/^\/api\/receipt-links\/[0-9a-f]{32}-[A-Za-z0-9_-]{43}$/);
  const html = await request.get(view ?? '');
  expect(html.status()).toBe(200);
  expect(await html.text()).toContain(number);
  await expect(receipt.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
    'href',
    `${view}/pdf?layout=a5&lang=en`,
  );
  // The PDF itself downloads (decision 0139): a PDF file named by the receipt number.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    receipt.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = readFileSync((await download.path()) ?? '');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const share = (await receipt.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')) ?? '';
  expect(share.startsWith('https://wa.me/?text=')).toBe(true);
  const text = new URL(share).searchParams.get('text') ?? '';
  expect(text).toContain(`${new URL(page.url()).origin}${view}`);
  expect(text).toContain(number);
  await expectAccessible(page, 'payment link confirmation');

  // Back on the link, the arrear is paid and the current due may be chosen now.
  await page.getByRole('link', { name: 'Back to my dues' }).click();
  await expect(page.getByTestId('pay-item')).toHaveCount(2);
  await expect(item(page, member.heads[1]?.name ?? '').getByRole('checkbox')).toBeEnabled();
  await page.context().close();
});

test('the link opens in the member’s saved language; the language chosen at sign-in wins and is saved', async ({
  browser,
  request,
}) => {
  // The member's saved language is Malayalam.
  const signedIn = await request.post('/api/auth/customer/login', {
    data: { identifier: member.mobile, password: member.password },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const token = ((await signedIn.json()) as { token: string }).token;
  const saved = await request.put('/api/customer/language', {
    headers: { authorization: `Bearer ${token}` },
    data: { language: 'ml' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  const link = await phone(browser);
  await link.goto(linkPath);
  await expect(link.getByRole('heading', { name: 'നിങ്ങളുടെ ബാക്കി തുക അടയ്ക്കുക' })).toBeVisible();
  await expect(link.locator('html')).toHaveAttribute('lang', 'ml');
  await link.context().close();

  // हिन्दी chosen on the sign-in screen wins over the saved Malayalam.
  const page = await phone(browser);
  await page.goto('/customer/login');
  await page.getByLabel('Language').selectOption('hi');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await signIn(page, member);
  await expect(page.getByRole('heading', { name: `स्वागत है, ${member.name}` })).toBeVisible();
  await page.context().close();

  // A fresh browser, nothing chosen: the member's language is now Hindi.
  const again = await phone(browser);
  await again.goto('/customer/login');
  await signIn(again, member);
  await expect(again.getByRole('heading', { name: `स्वागत है, ${member.name}` })).toBeVisible();
  await expect(again.locator('html')).toHaveAttribute('lang', 'hi');
  await again.context().close();
});

/** Signs in on the member sign-in screen in whatever language it shows. */
async function signIn(page: Page, who: MemberWithDues) {
  await page.locator('input[autocomplete="username"]').fill(who.mobile);
  await page.locator('input[autocomplete="current-password"]').fill(who.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/, { timeout: 15_000 });
}
