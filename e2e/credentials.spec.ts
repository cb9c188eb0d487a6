import { expect, test } from '@playwright/test';

import { A11Y_WIDTHS, ADMIN, expectAccessible, signInStaff } from './fixtures.ts';

/**
 * The Settings page's gateway and WhatsApp credentials (issue 28 item 4, decision 0130): a secret
 * typed and saved is never shown again, only the date it was set; it can be removed. Only fields
 * that change nothing for the other specs (the verify token and the business account id, without a
 * phone number id) are saved, and removed again.
 */
for (const { name, width, height } of A11Y_WIDTHS) {
  test(`Settings: a saved secret shows only as set, and can be removed (${name})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signInStaff(page, ADMIN, 'Admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto('/admin/settings');
    const token = page.getByRole('textbox', { name: 'Webhook verify token' });
    await expect(token).toBeVisible();
    await expectAccessible(page, 'parish settings with the credentials card');

    await token.fill('e2e-verify-token-value');
    await page.getByLabel('WhatsApp business account id').fill('1234567890');
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await expect(page.getByText(/Saved on \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    await page.reload();
    await expect(token).toHaveValue('');
    await expect(page.getByText(/Saved on \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    await expect(page.getByLabel('WhatsApp business account id')).toHaveValue('1234567890');
    expect(await page.content()).not.toContain('e2e-verify-token-value');
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(scroll).toBe(true);

    await page.getByRole('button', { name: 'Remove Webhook verify token' }).click();
    await expect(page.getByRole('button', { name: 'Remove Webhook verify token' })).toHaveCount(0);
    await page.getByLabel('WhatsApp business account id').fill('');
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await expect(page.getByText(/Saved on/)).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('WhatsApp business account id')).toHaveValue('');
    await expect(page.getByText(/Saved on/)).toHaveCount(0);
  });
}
