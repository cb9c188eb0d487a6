import { expect, test, type APIRequestContext } from '@playwright/test';

import { ADMIN, axeFindings, signInStaff } from './fixtures.ts';

/*
 * The limits at the counter (docs/domain.md, §4 "Effective amount", "Day close"; decisions 0025,
 * 0107; issue 27 items 3 and 4), in the browser on the production build: a collection above the due
 * asks first, naming the excess; after the day is closed the cashier sees it before any form, with
 * Collect disabled. A cashier of its own, so the demo cashier's day stays open for other specs.
 */

async function tokenOf(request: APIRequestContext, who: { username: string; password: string }) {
  const response = await request.post('/api/auth/admin/login', { data: who });
  expect(response.ok(), await response.text()).toBe(true);
  return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

/** A new cashier, and a new member tagged to a variable Building Fund of ₹2,000 and a ₹300 Feast Fund. */
async function cashierAndFamily(request: APIRequestContext) {
  const admin = await tokenOf(request, ADMIN);
  const stamp = `${Date.now()}`.slice(-7);
  const cashier = { username: `limits${stamp}`, password: 'limits-cashier-1' };
  const created = await request.post('/api/admin/users', {
    headers: admin,
    data: { ...cashier, name: `Limits Cashier ${stamp}`, role: 'cashier' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const name = `Limits Family ${stamp}`;
  const member = await request.post('/api/members', {
    headers: admin,
    data: { name, mobile: `97${stamp.padStart(8, '3')}`, parishNumber: `LF${stamp}` },
  });
  expect(member.ok(), await member.text()).toBe(true);
  const memberJson = (await member.json()) as { _id?: string; member?: { _id: string } };
  const memberId = memberJson._id ?? memberJson.member?._id ?? '';
  const fund = `Building Fund ${stamp}`;
  const feast = `Feast Fund ${stamp}`;
  for (const data of [
    { name: fund, amount: 2000, type: 'miscellaneous', year: 2026, variable_amount: true },
    { name: feast, amount: 300, type: 'miscellaneous', year: 2026 },
  ]) {
    const head = await request.post('/api/payment-heads', { headers: admin, data });
    expect(head.ok(), await head.text()).toBe(true);
    const { _id } = (await head.json()) as { _id: string };
    const tagged = await request.post('/api/payments/assign', {
      headers: admin,
      data: { paymentHeadId: _id, assignments: [{ memberId }] },
    });
    expect(tagged.ok(), await tagged.text()).toBe(true);
  }
  return { cashier, name, fund, feast };
}

test('above the due the counter asks first; a closed day shows before any form, Collect disabled', async ({ page }) => {
  const { cashier, name, fund, feast } = await cashierAndFamily(page.request);
  await signInStaff(page, cashier, 'Cashier');
  await expect(page).toHaveURL(/\/cashier\/dashboard$/);
  await expect(page.getByText('Today’s day sheet is closed')).toHaveCount(0);

  await page.getByRole('navigation').getByRole('link', { name: 'View/Collect Payments' }).click();
  await page.getByRole('searchbox', { name: 'Search members' }).fill(name);
  await page.getByRole('button', { name: `View payments of ${name}` }).click();
  const summary = page.getByRole('dialog', { name: 'Payment Summary' });
  await summary.getByRole('button', { name: `Collect ${fund}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Collect Payment' });
  await dialog.getByRole('checkbox', { name: new RegExp(`^${feast}`) }).uncheck();
  await dialog.getByRole('textbox', { name: `Amount for ${fund} (₹)` }).fill('2500');
  await dialog.getByRole('button', { name: 'Confirm Collection' }).click();
  const ask = dialog.getByRole('alertdialog', { name: 'More than the due' });
  await expect(ask).toContainText(`₹500.00 above the due of ₹2,000.00 for ${fund}`);
  const findings = await axeFindings(page);
  expect(findings.critical + findings.serious, JSON.stringify(findings.rules)).toBe(0);
  await ask.getByRole('button', { name: 'Yes, collect ₹2,500.00' }).click();
  const done = page.getByRole('dialog', { name: 'Collection Complete' });
  await expect(done).toContainText('Payment collected successfully!');
  await done.getByRole('button', { name: 'OK' }).click();
  await page.keyboard.press('Escape');

  // The cashier closes today; a day in the future is refused.
  const headers = await tokenOf(page.request, cashier);
  const future = await page.request.post('/api/day-sheets/close', { headers, data: { day: '2099-12-31' } });
  expect(future.status()).toBe(400);
  expect(((await future.json()) as { error: string }).error).toBe('A day in the future cannot be closed');
  const closed = await page.request.post('/api/day-sheets/close', { headers, data: {} });
  expect(closed.ok(), await closed.text()).toBe(true);

  await page.reload();
  await expect(page.getByText('Today’s day sheet is closed').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search members' }).fill(name);
  await page.getByRole('button', { name: `View payments of ${name}` }).click();
  await expect(summary.getByText('Collections are off until an admin reopens your day sheet of today.')).toBeVisible();
  const collect = summary.getByRole('button', { name: `Collect ${feast}` });
  await expect(collect).toBeDisabled();
  await expect(collect).toHaveAccessibleDescription(
    'Collections are off until an admin reopens your day sheet of today.',
  );

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByText('Today’s day sheet is closed').first()).toBeVisible();
});
