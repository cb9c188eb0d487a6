import { expect, test } from '@playwright/test';

import { ADMIN } from './fixtures.ts';

/*
 * `docs/domain.md`, "Password resets" (issue #14 item 8): an admin resets a member's password to a
 * one-time password; the member signs in with it in the browser, sees only the change-password
 * dialog, chooses a password and reaches the portal.
 */
test('a member signs in with a one-time password from an admin reset and must choose a password first', async ({
  page,
  request,
}) => {
  const login = await request.post('/api/auth/admin/login', { data: ADMIN });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
  const suffix = String(Date.now()).slice(-6);
  const created = await request.post('/api/members', {
    headers,
    data: { name: 'Reset Kurian', mobile: `91981${suffix}0`.slice(0, 12), parishNumber: `RST${suffix}` },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const member = (await created.json()) as { _id: string; parishNumber: string };
  const reset = await request.post(`/api/admin/members/${member._id}/reset-password`, {
    headers,
    data: { to: 'one-time' },
  });
  expect(reset.ok(), await reset.text()).toBe(true);
  const { oneTimePassword } = (await reset.json()) as { oneTimePassword: string };

  await page.goto('/customer/login');
  await page.getByText('Parish Number', { exact: true }).first().click();
  await page.getByRole('textbox', { name: /Parish Number/ }).fill(member.parishNumber);
  await page.getByLabel(/^Password/).fill(oneTimePassword);
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();

  await expect(page.getByText('You signed in with a one-time password.')).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await dialog.getByLabel(/^Current password/).fill(oneTimePassword);
  await dialog.getByLabel(/^New password/).fill('kurian-chosen-9');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(page.getByText('You signed in with a one-time password.')).toHaveCount(0);
  await expect(page.getByText('Reset Kurian').first()).toBeVisible();
});
