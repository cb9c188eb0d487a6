import { expect, test } from '@playwright/test';

import { A11Y_WIDTHS, ADMIN, expectAccessible, signInStaff } from './fixtures.ts';

/**
 * Links carry a reachable address (issue 27 item 18, decision 0117): the e2e server runs with
 * PUBLIC_URL on 127.0.0.1 (playwright.config.ts), an address only this computer can open, so
 * Settings and Send Reminders warn that links sent to members will not open, naming the address.
 */
for (const { name, width, height } of A11Y_WIDTHS) {
  test(`Settings and Send Reminders warn about a local PUBLIC_URL (${name})`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height });
    await signInStaff(page, ADMIN, 'Admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    for (const [path, heading] of [
      ['/admin/settings', 'Parish Settings'],
      ['/admin/reminders', 'Send Reminders'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      const warning = page.getByRole('alert').filter({ hasText: 'Links sent to members will not open' });
      await expect(warning).toBeVisible();
      await expect(warning).toContainText(`The server’s public address (PUBLIC_URL) is ${baseURL}`);
      await expect(warning).toContainText('only this computer can open');
      await expect(warning).toContainText('live online payment is refused');
      await expectAccessible(page, `${heading} with the PUBLIC_URL warning`);
    }
  });
}
