import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { linkKeysFromSecret } from '../apps/server/src/lib/link-keys.ts';
import { signPayLink } from '../apps/server/src/modules/whatsapp-links/link-signing.ts';
import { ADMIN, apiToken, MEMBER, signInStaff } from './fixtures.ts';

/**
 * WhatsApp without the Cloud API and payment links without a password (`docs/domain.md`, §9
 * "WhatsApp without the Cloud API" and "Payment links without a password"): the wa.me link and its
 * text, walking through the list with ticks kept on the server, the pay-only view reaching the
 * sandbox gateway, and an expired or tampered link landing on the member sign-in with the mobile
 * prefilled. wa.me itself is answered by a stand-in route (no network).
 */
test.describe.configure({ mode: 'serial' });

/** The e2e server's JWT_SECRET (playwright.config.ts), from which payment links are signed. */
const E2E_JWT_SECRET = 'e2e-jwt-secret-known-to-the-payment-link-tests-0123456789';

let payLink = '';

async function standInForWaMe(page: Page) {
  await page
    .context()
    .route('https://wa.me/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/plain', body: 'wa.me stand-in' }),
    );
}

/** The message of a wa.me URL. */
function messageOf(url: string): string {
  return new URL(url).searchParams.get('text') ?? '';
}

test('Send on WhatsApp opens wa.me with the reminder text and the member’s payment link', async ({ page }) => {
  await standInForWaMe(page);
  await signInStaff(page, ADMIN, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/reminders');
  await page.getByRole('searchbox', { name: 'Search members' }).fill(MEMBER.parishNumber);
  const list = page.getByRole('region', { name: 'Members' });
  const button = list.getByRole('button', { name: `Send on WhatsApp to ${MEMBER.name}` });
  await expect(button).toBeVisible();
  const popup = page.waitForEvent('popup');
  await button.click();
  const opened = await popup;
  const url = opened.url();
  expect(url.startsWith(`https://wa.me/${MEMBER.mobile12}?text=`)).toBe(true);
  const text = messageOf(url);
  expect(text).toContain(`Dear ${MEMBER.name},`);
  expect(text).toMatch(/your pending dues come to ₹[\d,]+\.\d\d\./);
  const link = /Pay online here: (\S+)/.exec(text)?.[1] ?? '';
  expect(link).toMatch(new RegExp(`/pay/${MEMBER.mobile12}/[0-9a-f]{32}-\\d+-[0-9a-z]+-[A-Za-z0-9_-]{43}$`));
  payLink = link;
  await opened.close();
});

test('walk through the list: the next member at a click, sent ones ticked, progress kept', async ({ page }) => {
  await standInForWaMe(page);
  await signInStaff(page, ADMIN, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/reminders');
  const panel = page.getByRole('region', { name: 'Walk through the list' });
  await panel.getByRole('button', { name: /^Start (walking through the list|a new round)$/ }).click();
  const progress = panel.getByTestId('walk-progress');
  await expect(progress).toHaveText(/^0 of \d+ sent$/);
  const total = Number(/of (\d+)/.exec((await progress.textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(1);
  const items = panel.getByTestId('walk-item');
  const firstName = ((await items.first().textContent()) ?? '').replace(/Send on WhatsApp$/, '').trim();
  for (const step of [1, 2]) {
    const next = panel.getByRole('button', { name: /^Send to .+ on WhatsApp$/ });
    const popup = page.waitForEvent('popup');
    await next.click();
    const opened = await popup;
    expect(opened.url()).toMatch(/^https:\/\/wa\.me\/91\d{10}\?text=Dear%20/);
    await opened.close();
    await expect(progress).toHaveText(`${step} of ${total} sent`);
  }
  await expect(items.nth(0).getByRole('img', { name: 'Sent' })).toBeVisible();
  await expect(items.nth(1).getByRole('img', { name: 'Sent' })).toBeVisible();
  await expect(items.nth(2).getByRole('img', { name: 'Not sent yet' })).toBeVisible();
  // The progress is the server's: a reload shows the same round and ticks.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Walk through the list' }).getByTestId('walk-progress')).toHaveText(
    `2 of ${total} sent`,
  );
  await expect(items.first()).toContainText(firstName);
});

test('the payment link opens the pay-only view without a password and reaches the sandbox gateway', async ({
  browser,
}) => {
  expect(payLink).not.toBe('');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(new URL(payLink).pathname);
  await expect(page.getByRole('heading', { name: 'Pay your dues' })).toBeVisible();
  await expect(page.getByText('Hello Thomas', { exact: true })).toBeVisible();
  await expect(page.getByTestId('pay-item').first()).toBeVisible();
  // Nothing of the member but the first name: no mobile, no surname, no history.
  const body = (await page.locator('main').textContent()) ?? '';
  expect(body).not.toContain(MEMBER.mobile10);
  expect(body).not.toContain('Mathew');
  expect(body).not.toContain('Transactions');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByRole('button', { name: /^Success/ })).toBeVisible({ timeout: 15_000 });
  await context.close();
});

test('an expired or tampered link lands on the member sign-in with the mobile prefilled', async ({ browser }) => {
  const [, , mobile = '', token = ''] = new URL(payLink).pathname.split('/');
  const [, id = '', version = '0', , mac = ''] = /^(\w{32})-(\d+)-(\w+)-(.{43})$/.exec(token) ?? [];
  const memberId = `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
  const expired = signPayLink(linkKeysFromSecret(E2E_JWT_SECRET), {
    memberId,
    mobile,
    version: Number(version),
    expiresAt: Math.floor(Date.now() / 1000) - 60,
  });
  const tampered = token.replace(mac, `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`);
  for (const bad of [expired, tampered]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/pay/${mobile}/${bad}`);
    await expect(page).toHaveURL(new RegExp(`/customer/login\\?mobile=${mobile}&type=payment$`));
    await expect(page.getByRole('textbox', { name: /Mobile Number/ })).toHaveValue(new RegExp(MEMBER.mobile10));
    await context.close();
  }
});

/** The first demo member from SM150 to SM299 with a pending due: their parish number. */
async function memberWithPendingDues(request: APIRequestContext): Promise<string> {
  const headers = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  for (let n = 150; n < 300; n++) {
    const parishNumber = `SM${n}`;
    const found = await request.get(`/api/members?search=${parishNumber}`, { headers });
    const member = ((await found.json()) as { items: { _id: string; parishNumber: string }[] }).items.find(
      (item) => item.parishNumber === parishNumber,
    );
    if (!member) continue;
    const dues = await request.get(`/api/payments?memberId=${member._id}&status=pending&limit=1`, { headers });
    if (((await dues.json()) as { total: number }).total > 0) return parishNumber;
  }
  throw new Error('no demo member from SM150 on has a pending due');
}

test('an admin switches a member’s WhatsApp off in Edit Member; the reminder lists show it', async ({ page }) => {
  // A member from SM150 on with pending dues: the demo's pattern follows the day it is loaded on
  // (on a Sunday SM150's dues were all paid), and no other browser test uses these members.
  const parishNumber = await memberWithPendingDues(page.request);
  await signInStaff(page, ADMIN, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/members');
  await page.getByRole('searchbox', { name: 'Search members' }).fill(parishNumber);
  const edit = page.getByRole('button', { name: /^Edit / });
  await expect(edit).toHaveCount(1);
  const name = ((await edit.getAttribute('aria-label')) ?? '').replace(/^Edit /, '');
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Edit Member' });
  const toggle = dialog.getByRole('switch', { name: 'Do not send WhatsApp messages' });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(dialog.getByText(/^Set by .+ \(admin\) on \d\d\/\d\d\/\d{4} \d\d:\d\d$/)).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText(/This member gets no WhatsApp messages/);
  await page.keyboard.press('Escape');

  await page.goto('/admin/reminders');
  await page.getByRole('searchbox', { name: 'Search members' }).fill(parishNumber);
  const list = page.getByRole('region', { name: 'Members' });
  await expect(list.getByTestId('member-opted-out')).toHaveText('Opted out of WhatsApp');
  await expect(
    list.getByRole('checkbox', { name: `${name} opted out of WhatsApp messages and cannot be selected` }),
  ).toBeDisabled();
  await expect(list.getByRole('button', { name: `Send on WhatsApp to ${name}` })).toHaveCount(0);
  const optedOut = page.getByRole('region', { name: 'Opted out of WhatsApp' });
  await expect(optedOut.getByTestId('opted-out-member').filter({ hasText: name })).toBeVisible();

  // Back on, as the other tests expect the demo parish.
  await page.goto('/admin/members');
  await page.getByRole('searchbox', { name: 'Search members' }).fill(parishNumber);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const again = page
    .getByRole('dialog', { name: 'Edit Member' })
    .getByRole('switch', { name: 'Do not send WhatsApp messages' });
  await expect(again).toBeChecked();
  await again.click();
  await expect(again).not.toBeChecked();
  await expect(
    page.getByRole('dialog', { name: 'Edit Member' }).getByText(/^Switched back on by .+ \(admin\) on /),
  ).toBeVisible();
});
