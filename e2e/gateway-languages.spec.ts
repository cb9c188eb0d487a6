import { expect, test } from '@playwright/test';

import { expectAccessible, memberWithDues } from './fixtures.ts';

/*
 * Issue 29 item 3 (decision 0141), in the browser on the production build at 375 px: a member who
 * reads Malayalam cancels a payment on the sandbox bank page, and the gateway's answer (the server's
 * 'Payment was cancelled by user') shows in Malayalam on the return page (reason and details too), no English in sight.
 * axe finds nothing critical or serious.
 */
test('a cancelled payment says so in Malayalam for a Malayalam member', async ({ page }) => {
  test.setTimeout(90_000);
  const member = await memberWithDues(page.request, 'Lang');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/customer/login');
  await page.getByRole('textbox', { name: /Mobile Number/ }).fill(member.mobile);
  await page.getByLabel(/^Password/).fill(member.password);
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  await page.getByRole('combobox', { name: 'Language' }).first().selectOption('ml');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ml');

  await page.getByRole('button', { name: /^എല്ലാ കുടിശ്ശികയും തീർക്കുക \(₹/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Worldline വഴി പണമടയ്ക്കുക' }).click();
  const cancel = page.getByRole('button', { name: /^Cancel/ });
  await expect(cancel).toBeVisible({ timeout: 15_000 });
  await cancel.click();
  await expect(page).toHaveURL(/\/payment-callback|\/customer\/dashboard/, { timeout: 15_000 });

  await expect(page.getByRole('heading', { name: 'പേയ്‌മെന്റ് പരാജയപ്പെട്ടു' })).toBeVisible({ timeout: 15_000 });
  const alert = page.getByRole('alert').filter({ hasText: 'പേയ്‌മെന്റ് നിങ്ങൾ റദ്ദാക്കി' });
  await expect(alert).toBeVisible();
  // Only the collapsed debug details keep the gateway's raw answer.
  await expect(page.getByText('Payment was cancelled by user')).toBeHidden();
  await expectAccessible(page, 'cancelled payment, Malayalam');
});
