import { expect, test, type Page } from '@playwright/test';

import { ADMIN, CASHIER, MEMBER } from './fixtures.ts';

interface PaymentJson {
  _id: string;
  status: string;
  amount: number;
  paidAmount: number | null;
  transactionId: string | null;
  receiptNumber: string | null;
  collectedBy: { name: string } | null;
  paymentHeadId: { name: string; type: string; variable_amount: boolean };
}

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('no token in local storage');
  return token;
}

async function staffToken(page: Page, who: { username: string; password: string }): Promise<string> {
  const response = await page.request.post('/api/auth/admin/login', { data: who });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

async function memberPayments(page: Page, token: string, memberId: string): Promise<PaymentJson[]> {
  const response = await page.request.get(`/api/collections/members/${memberId}/payments`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: PaymentJson[] }).items;
}

test('a cashier collects a pending payment by cash, prints the receipt, finds it in My Collections, and it is reversed', async ({
  page,
  browser,
}) => {
  const reference = `E2E-${Date.now()}`;
  await page.goto('/admin/login');
  await page.getByText('Cashier', { exact: true }).click();
  await page.getByLabel(/^Username/).fill(CASHIER.username);
  await page.getByLabel(/^Password/).fill(CASHIER.password);
  await page.getByRole('button', { name: 'Access Cashier Dashboard' }).click();
  await expect(page).toHaveURL(/\/cashier\/dashboard$/);
  const token = await tokenOf(page);

  // Which pending payment of Thomas Mathew to collect: a fixed-amount one, read from the API.
  const members = await page.request.get(`/api/members?search=${MEMBER.parishNumber}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const memberId = ((await members.json()) as { items: { _id: string }[] }).items[0]?._id;
  if (!memberId) throw new Error('Thomas Mathew is missing from the demo parish');
  const target = (await memberPayments(page, token, memberId)).find(
    (p) => p.status === 'pending' && !p.paymentHeadId.variable_amount,
  );
  if (!target) throw new Error('Thomas Mathew has no pending fixed-amount payment');
  const headName = target.paymentHeadId.name;

  // Find the member and open the Payment Summary.
  await page.getByRole('navigation').getByRole('link', { name: 'View/Collect Payments' }).click();
  await expect(page.getByRole('heading', { name: 'View/Collect Payments' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search members' }).fill(MEMBER.name);
  await page.getByRole('button', { name: `View payments of ${MEMBER.name}` }).click();
  const summary = page.getByRole('dialog', { name: 'Payment Summary' });
  await expect(summary).toBeVisible();
  await expect(summary.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(summary.getByText('Total', { exact: true })).toBeVisible();

  // Collect it by cash with a reference.
  await summary.getByRole('button', { name: `Collect ${headName}` }).click();
  const collectDialog = page.getByRole('dialog', { name: 'Collect Payment' });
  await expect(collectDialog.getByRole('textbox', { name: 'Member' })).toHaveValue(
    `${MEMBER.name} (${MEMBER.parishNumber})`,
  );
  // The due clicked is ticked; arrears are ticked too (docs/domain.md, "Collecting several dues"):
  // this test collects only the one due, so any other is unticked.
  await expect(collectDialog.getByRole('checkbox', { name: new RegExp(`^${headName}`) })).toBeChecked();
  const arrears = (await memberPayments(page, token, memberId)).filter(
    (p) => p.status === 'pending' && p.paymentHeadId.type === 'arrear' && p._id !== target._id,
  );
  for (const arrear of arrears) {
    await collectDialog.getByRole('checkbox', { name: new RegExp(`^${arrear.paymentHeadId.name}`) }).uncheck();
  }
  await expect(collectDialog.getByLabel('Payment Method', { exact: true })).toHaveValue('Direct Collection - Cash');
  await collectDialog.getByRole('textbox', { name: /Payment Reference/ }).fill(reference);
  await collectDialog.getByRole('textbox', { name: /Remarks/ }).fill('Collected in the e2e test');
  await collectDialog.getByRole('button', { name: 'Confirm Collection' }).click();
  const done = page.getByRole('dialog', { name: 'Collection Complete' });
  await expect(done).toContainText('Payment collected successfully! The page has been refreshed.');
  await done.getByRole('button', { name: 'OK' }).click();

  // The payment turns Paid, with the reference and the cashier's name.
  await summary.locator('label[for$="-paid"]').click();
  await expect(summary.getByRole('radio', { name: 'Paid' })).toBeChecked();
  const receiptButton = summary.getByRole('button', { name: `Receipt for ${headName}` });
  await expect(receiptButton).toBeVisible();
  await expect(summary.getByText(reference)).toBeVisible();
  const paid = (await memberPayments(page, token, memberId)).find((p) => p._id === target._id);
  expect(paid?.status).toBe('paid');
  expect(paid?.transactionId).toBe(reference);
  expect(paid?.receiptNumber).toMatch(/^\d{4}-\d{2}\/\d{6}$/);

  // The receipt opens in a new window and is printed, then closed, by the app.
  await page.evaluate(() => {
    const open = window.open.bind(window);
    const calls: string[] = [];
    (window as unknown as { __receiptCalls: string[] }).__receiptCalls = calls;
    window.open = (...args: Parameters<typeof window.open>) => {
      const popup = open(...args);
      if (popup) {
        popup.print = () => calls.push('print');
        popup.close = () => calls.push('close');
      }
      return popup;
    };
  });
  const popupPromise = page.waitForEvent('popup');
  await receiptButton.click();
  const popup = await popupPromise;
  await expect(popup.locator('body')).toContainText('Payment Receipt');
  await expect(popup.locator('body')).toContainText(MEMBER.name);
  await expect(popup.locator('body')).toContainText(headName);
  await expect(popup.locator('body')).toContainText(reference);
  await expect(popup.locator('body')).toContainText(String(paid?.receiptNumber));
  await expect(popup.locator('body')).toContainText('Rupees Only');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __receiptCalls: string[] }).__receiptCalls.join(',')))
    .toBe('print,close');

  // The server's receipt, fetched with the token: amount in words and figures.
  const html = await (
    await page.request.get(`/api/payments/${target._id}/receipt`, { headers: { authorization: `Bearer ${token}` } })
  ).text();
  const paise = Math.round(target.amount * 100);
  const grouped = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(paise / 100);
  expect(html).toContain(`₹${grouped}`);
  expect(html).toMatch(/Rupees Only|Paise Only/);
  expect(html).toContain('Cash');
  await page.keyboard.press('Escape');

  // The admin sees the collection in the member's payments.
  const adminToken = await staffToken(page, ADMIN);
  const seenByAdmin = (await memberPayments(page, adminToken, memberId)).find((p) => p._id === target._id);
  expect(seenByAdmin?.status).toBe('paid');
  expect(seenByAdmin?.collectedBy?.name).toBeTruthy();

  // ... and on the Members page, in the member's Payment Summary, in a browser of their own.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin/login');
  await adminPage.getByLabel(/^Username/).fill(ADMIN.username);
  await adminPage.getByLabel(/^Password/).fill(ADMIN.password);
  await adminPage.getByRole('button', { name: 'Access Admin Dashboard' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  await adminPage.goto('/admin/members');
  await adminPage.getByRole('searchbox', { name: 'Search members' }).fill(MEMBER.name);
  await adminPage
    .getByRole('button', { name: `View payment history of ${MEMBER.name}` })
    .first()
    .click();
  const adminSummary = adminPage.getByRole('dialog', { name: 'Payment Summary' });
  await expect(adminSummary.getByText(reference)).toBeVisible();
  await expect(adminSummary.getByRole('button', { name: `Receipt for ${headName}` })).toBeVisible();
  await adminContext.close();

  // It is among the cashier's own collections.
  await page.getByRole('navigation').getByRole('link', { name: 'My Collections' }).click();
  await expect(page.getByRole('heading', { name: 'My Collections' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(reference);
  await expect(page.getByRole('row').filter({ hasText: reference })).toHaveCount(1);
  await expect(page.getByText('1 collection', { exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(`${reference}-none`);
  await expect(page.getByText('No Collections Found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Export my collections as Excel' })).toBeDisabled();

  // Reversed through the API with the cashier's token: pending again in the dialog.
  const reversed = await page.request.put(`/api/payments/${target._id}/reverse`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    data: { reason: 'wrong_amount' },
  });
  expect(reversed.ok()).toBe(true);
  expect(((await reversed.json()) as { message: string }).message).toBe('Collection reversed successfully!');
  await page.getByRole('navigation').getByRole('link', { name: 'View/Collect Payments' }).click();
  await page.getByRole('searchbox', { name: 'Search members' }).fill(MEMBER.name);
  await page.getByRole('button', { name: `View payments of ${MEMBER.name}` }).click();
  const again = page.getByRole('dialog', { name: 'Payment Summary' });
  await expect(again.getByRole('button', { name: `Collect ${headName}` })).toBeVisible();
  await expect(again.getByText(reference)).toHaveCount(0);
});

test('the cashier screens fit a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/admin/login');
  await page.getByText('Cashier', { exact: true }).click();
  await page.getByLabel(/^Username/).fill(CASHIER.username);
  await page.getByLabel(/^Password/).fill(CASHIER.password);
  await page.getByRole('button', { name: 'Access Cashier Dashboard' }).click();
  await expect(page).toHaveURL(/\/cashier\/dashboard$/);
  for (const path of ['/cashier/arrears', '/cashier/collections']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
