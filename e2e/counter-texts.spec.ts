import { readFile } from 'node:fs/promises';

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { ADMIN, CASHIER, memberWithDues, signInStaff, type MemberWithDues } from './fixtures.ts';

/**
 * Issue 27, item 5 in the browser: the Collect Payment dialog has one reference field per method
 * (`docs/domain.md`, "Collect Payment dialog"), says why no UPI QR code shows, the cashier's Payment
 * Summary exports CSV, Parish Settings shows an empty UPI ID as empty, counts read in the plural
 * rules ("1 member"), My Collections explains collections beside receipts, and a chart's axis reads
 * in one unit.
 */

async function token(request: APIRequestContext, who: { username: string; password: string }) {
  const response = await request.post('/api/auth/admin/login', { data: who });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** The member's payments as staff read them. */
async function paymentsOf(request: APIRequestContext, family: MemberWithDues) {
  const response = await request.get(`/api/collections/members/${family.memberId}/payments`, {
    headers: { authorization: `Bearer ${await token(request, CASHIER)}` },
  });
  expect(response.ok()).toBe(true);
  return (
    (await response.json()) as {
      items: { status: string; transactionId: string | null; paymentHeadId: { name: string } }[];
    }
  ).items;
}

/** Opens the Payment Summary of `family` on View/Collect Payments, then Collect on `head`. */
async function openCollect(page: Page, family: MemberWithDues, head: string) {
  await page.goto('/cashier/arrears');
  await page.getByRole('searchbox', { name: 'Search members' }).fill(family.parishNumber);
  await expect(page.getByText('1 member', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `View payments of ${family.name}` }).click();
  const summary = page.getByRole('dialog', { name: 'Payment Summary' });
  await summary.getByRole('button', { name: `Collect ${head}` }).click();
  return { summary, dialog: page.getByRole('dialog', { name: 'Collect Payment' }) };
}

async function chooseMethod(page: Page, method: 'Cash' | 'UPI' | 'Cheque') {
  await page.getByRole('dialog', { name: 'Collect Payment' }).getByLabel('Payment Method', { exact: true }).click();
  await page.getByRole('option', { name: `Direct Collection - ${method}` }).click();
}

test('one reference field per method: UPI says why no QR code shows, a cheque stars its fields and keeps its number', async ({
  page,
  request,
}) => {
  const family = await memberWithDues(request, 'Refs');
  const [arrear, tax] = family.heads;
  await signInStaff(page, CASHIER, 'Cashier');
  await expect(page).toHaveURL(/\/cashier\/dashboard$/);
  const { dialog } = await openCollect(page, family, arrear!.name);
  const reference = dialog.getByRole('textbox', { name: /^Payment Reference/ });
  const utr = dialog.getByRole('textbox', { name: /^UTR/ });

  await expect(reference).toBeVisible();
  await expect(utr).toHaveCount(0);

  await chooseMethod(page, 'UPI');
  await expect(reference).toHaveCount(0);
  await expect(utr).toBeVisible();
  await expect(utr).not.toHaveAttribute('required');
  await expect(dialog.getByTestId('upi-no-qr')).toHaveText(
    'No QR code is shown because the parish UPI ID is not set. An admin can set it in Parish Settings.',
  );
  await expect(dialog.getByRole('img', { name: /^UPI QR code/ })).toHaveCount(0);

  await chooseMethod(page, 'Cheque');
  await expect(reference).toHaveCount(0);
  await expect(utr).toHaveCount(0);
  for (const name of ['Bank', 'Cheque number', 'Cheque date']) {
    const field = dialog.getByLabel(new RegExp(`^${name}`));
    await expect(field).toHaveAttribute('required', '');
    // The star Mantine draws beside a required field's label.
    await expect(
      dialog.locator('label').filter({ hasText: name }).locator('.mantine-InputWrapper-required'),
    ).toHaveText('*');
  }
  const number = `${Date.now()}`.slice(-6);
  await dialog.getByRole('textbox', { name: /^Bank/ }).fill('State Bank of India');
  await dialog.getByRole('textbox', { name: /^Cheque number/ }).fill(number);
  await dialog.getByLabel(/^Cheque date/).fill('2026-11-20');
  await dialog.getByRole('checkbox', { name: new RegExp(`^${tax!.name}`) }).uncheck();
  await dialog.getByRole('button', { name: 'Confirm Collection' }).click();
  await page.getByRole('dialog', { name: 'Collection Complete' }).getByRole('button', { name: 'OK' }).click();

  const paid = (await paymentsOf(request, family)).find((item) => item.paymentHeadId.name === arrear!.name);
  expect(paid).toMatchObject({ status: 'paid', transactionId: number });
});

test("the cashier's Payment Summary exports the member's payments as CSV", async ({ page, request }) => {
  const family = await memberWithDues(request, 'Csvx');
  await signInStaff(page, CASHIER, 'Cashier');
  await expect(page).toHaveURL(/\/cashier\/dashboard$/);
  await page.goto('/cashier/arrears');
  await page.getByRole('searchbox', { name: 'Search members' }).fill(family.parishNumber);
  await page.getByRole('button', { name: `View payments of ${family.name}` }).click();
  const summary = page.getByRole('dialog', { name: 'Payment Summary' });
  await expect(summary.getByRole('button', { name: 'Export the payment details as Excel' })).toBeEnabled();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    summary.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/_payment_details_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path()) ?? '', 'utf8');
  for (const head of family.heads) expect(text).toContain(head.name);
});

test('Parish Settings shows an unset UPI ID as "Not set", the example only in its hint', async ({ page }) => {
  await signInStaff(page, ADMIN, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/settings');
  const vpa = page.getByRole('textbox', { name: 'Parish UPI ID' });
  await expect(vpa).toHaveValue('');
  await expect(vpa).toHaveAttribute('placeholder', 'Not set');
  await expect(page.getByText(/^For example parishname@sbi\./)).toBeVisible();
});

test('counts read in the plural rules, My Collections explains collections beside receipts, an axis reads in one unit', async ({
  page,
  request,
}) => {
  const family = await memberWithDues(request, 'Plur');
  await signInStaff(page, CASHIER, 'Cashier');
  await expect(page).toHaveURL(/\/cashier\/dashboard$/);

  // One member found: "1 member" (openCollect waits for it); collect two dues on one receipt.
  const { dialog } = await openCollect(page, family, family.heads[1]!.name);
  await dialog.getByRole('button', { name: 'Confirm Collection' }).click();
  await page.getByRole('dialog', { name: 'Collection Complete' }).getByRole('button', { name: 'OK' }).click();
  await page.keyboard.press('Escape');

  await page.goto('/cashier/collections');
  await expect(page.getByText('A collection is one due paid: one receipt can hold several collections')).toBeVisible();
  const collections = page.getByText(/^\d+ collections?$/);
  const sheet = page.getByRole('region', { name: /^Day sheet of / });
  const counts = sheet.getByText(/^\d+ receipts? · \d+ voided receipts?$/);
  await expect(collections).toBeVisible();
  await expect(counts).toBeVisible();
  const agree = (text: string) =>
    [...text.matchAll(/(\d+) ([a-z ]+?receipt)(s?)\b/g)].every(([, n, , s]) => (n === '1') === (s === ''));
  expect(agree((await counts.innerText()).trim()), await counts.innerText()).toBe(true);
  const [, n, s] = /^(\d+) collection(s?)$/.exec((await collections.innerText()).trim()) ?? [];
  expect((n === '1') === (s === '')).toBe(true);

  // The daily chart's money axis: every tick in one unit.
  await page.goto('/cashier/reports');
  await page.getByRole('tab', { name: 'Daily Collections', exact: true }).click();
  const ticks = page.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
  await expect(ticks.first()).toBeVisible();
  // The axis first draws for an empty chart (only ₹0) and redraws when the day's figures arrive.
  const moneyTicks = async () =>
    (await ticks.allTextContents()).map((label) => label.trim()).filter((label) => label !== '₹0');
  await expect.poll(async () => (await moneyTicks()).length).toBeGreaterThan(1);
  const labels = await moneyTicks();
  const units = new Set(labels.map((label) => /(Cr|L|K)?$/.exec(label)?.[1] ?? ''));
  expect([...units], labels.join(', ')).toHaveLength(1);
});
