import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';

import { ADMIN, apiToken, CASHIER, signInStaff } from './fixtures.ts';

interface PendingPayment {
  _id: string;
  amount: number;
  status: string;
  paymentHeadId: { variable_amount: boolean };
}

/**
 * Collects a pending payment at the office through the API (as the cashier would from their
 * screen), with `reference` as its transaction id. Skips payments that cannot be collected
 * (the arrears-first rule, say) and answers the one collected.
 */
async function collectOne(request: APIRequestContext, token: string, reference: string): Promise<PendingPayment> {
  const headers = { authorization: `Bearer ${token}` };
  const list = await request.get('/api/payments?status=pending&limit=50', { headers });
  expect(list.ok()).toBe(true);
  const pending = ((await list.json()) as { items: PendingPayment[] }).items;
  for (const payment of pending) {
    const response = await request.post(`/api/payments/${payment._id}/collect`, {
      headers,
      data: {
        collectionMode: 'manual',
        collectionAmount: payment.amount,
        paymentMethod: 'cash',
        pgTransactionId: reference,
      },
    });
    if (response.ok()) return payment;
  }
  throw new Error('no pending payment could be collected');
}

/** The figure of a dashboard card, e.g. '₹67,250.00'. */
async function cardValue(scope: Locator, label: string): Promise<string> {
  const card = scope
    .locator('.mantine-Paper-root')
    .filter({ has: scope.page().getByText(label, { exact: true }) })
    .first();
  return (await card.locator('p').nth(1).innerText()).trim();
}

test('[ADMIN][DASHBOARD]: the demo parish figures, the header Collection YTD and the report links', async ({
  page,
}) => {
  await signInStaff(page, ADMIN, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  for (const label of ['Total Members', 'Account Heads', 'Total Arrears', 'Current Dues', 'Miscellaneous']) {
    await expect(page.locator('main').locator('p').getByText(label, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Payment Type Breakdown' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Collection Methods (YTD)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Quick actions' })).toBeVisible();

  const main = page.locator('main');
  const ytd = await cardValue(main, 'Collection YTD');
  const today = await cardValue(main, "Today's Collection");
  expect(ytd).toMatch(/^₹[\d,]+\.\d{2}$/);
  expect(ytd).not.toBe('₹0.00');
  expect(today).not.toBe('₹0.00');
  // Other specs add members to the demo parish's 300, so compare with the server's own count.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const dashboard = (await (
    await page.request.get('/api/admin/dashboard', { headers: { authorization: `Bearer ${token ?? ''}` } })
  ).json()) as { members: { total: number } };
  expect(dashboard.members.total).toBeGreaterThanOrEqual(300);
  expect(await cardValue(main, 'Total Members')).toBe(new Intl.NumberFormat('en-IN').format(dashboard.members.total));
  // The header shows the same Collection YTD.
  await expect(page.locator('header').getByText(ytd)).toBeVisible();

  // Total Arrears links to the reports with tab=arrears (the Member-wise Due report).
  await page.getByRole('link', { name: 'View report: Total Arrears' }).click();
  await expect(page).toHaveURL(/\/admin\/reports\?tab=arrears$/);
  await expect(page.getByRole('tab', { name: 'Member-wise Due', selected: true })).toBeVisible();
});

test('[ADMIN][LIVE]: a collection made elsewhere appears on the open dashboard without a reload', async ({
  page,
  browser,
}) => {
  await signInStaff(page, ADMIN, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const main = page.locator('main');
  await expect(page.getByText("Today's Collection", { exact: true })).toBeVisible();
  const before = await cardValue(main, "Today's Collection");
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });
  // Give the event stream a moment to open.
  await page.waitForTimeout(1500);

  const cashierContext = await browser.newContext();
  const token = await apiToken(cashierContext.request, CASHIER);
  await collectOne(cashierContext.request, token, `LIVE-${Date.now()}`);
  await cashierContext.close();

  // Polling would take 30 s; the live event refreshes well within the 10 s expectation.
  await expect.poll(() => cardValue(main, "Today's Collection"), { timeout: 10_000 }).not.toBe(before);
  expect(reloaded).toBe(false);
});

const TABS: { name: string; file: RegExp; ready: string }[] = [
  { name: 'Overview', file: /^overview_report_\d{4}-\d{2}-\d{2}\.csv$/, ready: 'Method' },
  { name: 'Daily Collections', file: /^daily_collection_report_\d{4}-\d{2}-\d{2}\.csv$/, ready: 'By method' },
  { name: 'Member Analysis', file: /^member_analysis_report_\d{4}-\d{2}-\d{2}\.csv$/, ready: 'Payment Rate' },
  {
    name: 'Payment Head Analysis',
    file: /^payment_head_analysis_report_\d{4}-\d{2}-\d{2}\.csv$/,
    ready: 'Outstanding',
  },
  { name: 'Year-wise Summary', file: /^yearwise_summary_report_\d{4}-\d{2}-\d{2}\.csv$/, ready: 'Total Receivable' },
  { name: 'Payment Details', file: /^payment_details_report_\d{4}-\d{2}-\d{2}\.csv$/, ready: 'Created' },
  { name: 'Direct Collections', file: /^direct_collections_report_\d{4}-\d{2}-\d{2}\.csv$/, ready: 'Collected by' },
  { name: 'Member-wise Due', file: /^member_wise_due_report_\d{4}-\d{2}-\d{2}\.csv$/, ready: 'Total Pending' },
];

test('[ADMIN][REPORTS]: every tab opens and downloads its CSV', async ({ page }) => {
  test.setTimeout(90_000);
  await signInStaff(page, ADMIN, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/reports?tab=headwise');
  await expect(page.getByRole('heading', { name: 'Reports and Analytics' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Payment Head Analysis', selected: true })).toBeVisible();

  for (const tab of TABS) {
    await page.getByRole('tab', { name: tab.name, exact: true }).click();
    const panel = page.getByRole('tabpanel');
    // Each tab's table header shows once its first page has arrived.
    await expect(panel.getByRole('columnheader', { name: tab.ready, exact: true })).toBeVisible();
    await expect(panel.getByText('Loading reports...')).toHaveCount(0);
    const button = panel.getByRole('button', { name: `Download ${tab.name} as CSV` });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(tab.file);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(path, 'utf8');
    expect(text.split('\n').filter((line) => line.trim() !== '').length).toBeGreaterThan(1);
  }
  await expect(page.getByRole('alert').filter({ hasText: 'Export Error' })).toHaveCount(0);
});

test('[ADMIN][DIRECT_COLLECTIONS]: a direct collection is reversed after the irreversible-action warning', async ({
  page,
}) => {
  const reference = `E2E-REV-${Date.now()}`;
  const token = await apiToken(page.request, CASHIER);
  const collected = await collectOne(page.request, token, reference);

  await signInStaff(page, ADMIN, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/reports?tab=direct');
  await expect(page.getByRole('tab', { name: 'Direct Collections', selected: true })).toBeVisible();
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('searchbox', { name: 'Transaction ID' }).fill(reference);
  await expect(panel.getByRole('row')).toHaveCount(2);
  await expect(panel.getByRole('cell', { name: reference })).toBeVisible();

  await panel.getByRole('button', { name: /^Reverse the collection of / }).click();
  const dialog = page.getByRole('dialog', { name: 'Reverse receipt' });
  await expect(dialog.getByText('This action is irreversible.')).toBeVisible();
  // A reason is required (docs/domain.md, "Reversal with a reason").
  await expect(dialog.getByRole('button', { name: 'Reverse receipt' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: /^Reason/ }).click();
  await page.getByRole('option', { name: 'Wrong amount' }).click();
  await dialog.getByRole('button', { name: 'Reverse receipt' }).click();
  await expect(page.getByText('Collection reversed successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText('No Collections Found')).toBeVisible();

  const adminToken = await page.evaluate(() => localStorage.getItem('token'));
  const check = await page.request.get(`/api/payments/${collected._id}`, {
    headers: { authorization: `Bearer ${adminToken ?? ''}` },
  });
  expect(check.ok()).toBe(true);
  expect(((await check.json()) as { status: string }).status).toBe('pending');
});
