import { expect, test } from '@playwright/test';

import { A11Y_WIDTHS, ADMIN, expectAccessible, signInStaff } from './fixtures.ts';

/**
 * The back office's date fields (decision 0162): shown and typed day first whatever the browser's
 * language, and their calendars, open, pass axe at 1366 and 375 px (every month, year and decade
 * button named; no day drawn below AA contrast).
 */
test('date fields read dd/mm/yyyy and their open calendars pass axe at both widths', async ({ page }) => {
  await signInStaff(page, ADMIN, 'Admin');
  await page.waitForURL(/\/admin\/dashboard$/);
  for (const width of A11Y_WIDTHS) {
    await page.setViewportSize({ width: width.width, height: width.height });
    for (const path of ['/admin/settlements', '/admin/accounts-export', '/admin/deposits']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expectAccessible(page, path);
    }
    await page.goto('/admin/settlements');
    const from = page.getByRole('textbox', { name: 'From' });
    await expect(from).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
    await from.click();
    await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
    await expectAccessible(page, 'Gateway settlements, the calendar open');
    await from.fill('03/04/2026');
    await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
    await expect(page.getByText('April 2026')).toBeVisible();
  }
});
