import { readFile } from 'node:fs/promises';

import { expect, test, type APIRequestContext } from '@playwright/test';

import { ADMIN, CASHIER, MEMBER, signInStaff } from './fixtures.ts';

/*
 * Issue 17: the Activity Log people read, the admin's Export data screen, downloads with a byte
 * order mark and an Excel beside them, the dashboard's type cards, the payment-link parameters,
 * Sunday-first date pickers, the year field's message and report cards on a phone.
 */

async function collectAsCashier(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/auth/admin/login', { data: CASHIER });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const list = await request.get('/api/payments?status=pending&limit=50', { headers });
  for (const payment of ((await list.json()) as { items: { _id: string; amount: number }[] }).items) {
    const response = await request.post(`/api/payments/${payment._id}/collect`, {
      headers,
      data: { collectionMode: 'manual', collectionAmount: payment.amount, paymentMethod: 'cash' },
    });
    if (response.ok()) return;
  }
  throw new Error('nothing could be collected');
}

test('the Activity Log reads as sentences, filters, shows details in rupees and downloads with a BOM', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await collectAsCashier(page.request);
  await signInStaff(page, ADMIN, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/activities');
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Collected payment' }).click();
  const entry = page
    .getByRole('listitem')
    .filter({ hasText: /\(cashier\) collected ₹[\d,]+\.\d{2} from .+ \(.+\) for .+, receipt \d{4}-\d{2}\/\d{6}/ });
  await expect(entry.first()).toBeVisible();
  await expect(entry.first()).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await entry
    .first()
    .getByRole('button', { name: /^Details of/ })
    .click();
  const drawer = page.getByRole('dialog', { name: 'Activity details' });
  await expect(drawer.getByRole('columnheader', { name: 'Before' })).toBeVisible();
  await expect(drawer.getByRole('row', { name: /paid amount/ })).toContainText(/₹[\d,]+\.\d{2}/);
  await drawer.getByRole('button', { name: "Show this member's activity" }).click();
  await expect(page.getByText(/^Member: /)).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^activity_log_\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8')).toContain('collected ₹');

  // The week of a date picker starts on Sunday.
  await page.getByRole('textbox', { name: 'From' }).click();
  await expect(page.locator('.mantine-DatePicker-weekday, [class*="weekday"]').first()).toHaveText(/^Su/);
});

test('Export data downloads the full export with progress, as CSV with a BOM', async ({ page }) => {
  await signInStaff(page, ADMIN, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'Export data' }).click();
  await expect(page.getByRole('heading', { name: 'Export data' })).toBeVisible();
  await page.getByRole('radio', { name: /^CSV/ }).check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download export' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^parish_export_\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  await expect(page.getByText(/^Export downloaded: [\d.]+ (B|KB|MB)\.$/)).toBeVisible();
  await page.getByRole('radio', { name: /^Excel/ }).check();
  const [workbook] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download export' }).click(),
  ]);
  expect(workbook.suggestedFilename()).toMatch(/^parish_export_\d{4}-\d{2}-\d{2}\.xlsx$/);
});

test("the dashboard's Arrears card opens the Member-wise Due report of arrears with the same total", async ({
  page,
}) => {
  await signInStaff(page, ADMIN, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const card = page.getByRole('link', { name: 'View report: Total Arrears' });
  // The card's figure sits beside its link.
  const figure = (await card.locator('xpath=..').innerText()).match(/₹[\d,]+\.\d{2}/)?.[0];
  expect(figure).toBeTruthy();
  await card.click();
  await expect(page.getByRole('tab', { name: 'Member-wise Due', selected: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('arrears');
  await expect(page.getByText(new RegExp(`members owe ${(figure ?? '').replace(/[.$]/g, '\\$&')}$`))).toBeVisible();
  const [excel] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Member-wise Due as Excel' }).click(),
  ]);
  expect(excel.suggestedFilename()).toMatch(/^member_wise_due_report_\d{4}-\d{2}-\d{2}\.xlsx$/);
});

test('a parish number link is not overridden by a mobile remembered from an earlier link', async ({ page }) => {
  await page.goto(`/customer/login?mobile=${MEMBER.mobile10}`);
  await expect(page.getByRole('textbox', { name: /Mobile Number/ })).toHaveValue(MEMBER.mobile10);
  await page.goto(`/customer/login?code=${MEMBER.parishNumber}`);
  await expect(page.getByRole('textbox', { name: /Parish Number/ })).toHaveValue(MEMBER.parishNumber);
});

test('the head form refuses a year out of range with a message instead of reverting it', async ({ page }) => {
  await signInStaff(page, ADMIN, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/payments');
  await page.getByRole('button', { name: 'Add Account Head' }).click();
  const year = page.getByRole('textbox', { name: 'Year' });
  await year.fill('2031');
  await year.blur();
  await expect(year).toHaveValue('2031');
  await expect(page.getByText(/^Year must be between \d{4} and \d{4}$/).first()).toBeVisible();
});

test('on a phone the report rows are cards with the amounts in view', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInStaff(page, ADMIN, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/reports?tab=member-due');
  const card = page.getByRole('tabpanel').getByRole('listitem').first();
  await expect(card).toBeVisible();
  await expect(card.getByText('Total Pending')).toBeInViewport();
  await expect(card.getByText(/₹[\d,]+\.\d{2}/).first()).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
