import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { ADMIN, createMemberByApi, signInStaff } from './fixtures.ts';

/*
 * `docs/domain.md`, "Password resets" (issue #14 item 8): an admin resets a member's password to a
 * one-time password from the member's Login Credentials dialog; the password is shown once with a
 * copy button; the member signs in with it in another browser, sees only the change-password
 * dialog, chooses a password and reaches the portal.
 */

const newMember = (request: APIRequestContext, name: string) =>
  createMemberByApi(request, { name, parishPrefix: 'RST', mobilePrefix: '981' });

/** On the Members screen, opens the member's Login Credentials and confirms a one-time password. @returns it. */
async function issueOneTimePassword(page: Page, member: { parishNumber: string }, name: string) {
  await page.goto('/admin/members');
  await page.getByRole('searchbox', { name: 'Search members' }).fill(member.parishNumber);
  await page
    .getByRole('button', { name: `View login credentials of ${name}` })
    .first()
    .click();
  const credentials = page.getByRole('dialog', { name: 'Login Credentials' });
  await credentials.getByRole('button', { name: 'Issue one-time password' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset password' });
  await expect(confirm.getByText(`Issue a one-time password for ${name}?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Reset password' }).click();
  const shown = page.getByRole('dialog', { name: 'One-time password' });
  await expect(shown.getByText(`${name} must change this password when signing in with it.`)).toBeVisible();
  await expect(shown.getByRole('button', { name: 'Copy' })).toBeVisible();
  return (await shown.getByTestId('one-time-password').innerText()).trim();
}

test('an admin issues a one-time password on the Members screen; the member signs in with it and must choose a password first', async ({
  page,
  request,
  browser,
}) => {
  // Two browsers, an admin and a member, each signing in: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const member = await newMember(request, 'Reset Kurian');
  await signInStaff(page, ADMIN, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const oneTimePassword = await issueOneTimePassword(page, member, 'Reset Kurian');
  expect(oneTimePassword.length).toBeGreaterThanOrEqual(8);
  await page
    .getByRole('dialog', { name: 'One-time password' })
    .getByRole('button', { name: 'Close', exact: true })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The Activity Log names the reset.
  await page.goto('/admin/activities');
  await expect(page.getByText(/reset the password of Reset Kurian/).first()).toBeVisible();

  const memberContext = await browser.newContext();
  const phone = await memberContext.newPage();
  await phone.goto('/customer/login');
  await phone.getByText('Parish Number', { exact: true }).first().click();
  await phone.getByRole('textbox', { name: /Parish Number/ }).fill(member.parishNumber);
  await phone.getByLabel(/^Password/).fill(oneTimePassword);
  await phone.getByRole('button', { name: 'Login to Dashboard' }).click();

  await expect(phone.getByText('You signed in with a one-time password.')).toBeVisible();
  const dialog = phone.getByRole('dialog', { name: 'Change Password' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await dialog.getByLabel(/^Current password/).fill(oneTimePassword);
  await dialog.getByLabel(/^New password$|^New password \*/).fill('kurian-chosen-9');
  await dialog.getByLabel(/^New password again/).fill('kurian-chosen-8');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText('The two new passwords do not match')).toBeVisible();
  await dialog.getByLabel(/^New password again/).fill('kurian-chosen-9');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(phone.getByText('Your password has been changed.')).toBeVisible();
  await expect(phone.getByText('You signed in with a one-time password.')).toHaveCount(0);
  await expect(phone.getByText('Reset Kurian').first()).toBeVisible();
  await memberContext.close();
});

test('an admin resets a member back to the initial password after a confirmation', async ({ page, request }) => {
  const member = await newMember(request, 'Initial Mathew');
  await signInStaff(page, ADMIN, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/members');
  await page.getByRole('searchbox', { name: 'Search members' }).fill(member.parishNumber);
  await page.getByRole('button', { name: 'View login credentials of Initial Mathew' }).first().click();
  await page
    .getByRole('dialog', { name: 'Login Credentials' })
    .getByRole('button', { name: 'Reset to initial password' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Reset password' });
  await expect(confirm.getByText("Reset Initial Mathew's password to the initial password?")).toBeVisible();
  await confirm.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('The password was reset to the initial password.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
