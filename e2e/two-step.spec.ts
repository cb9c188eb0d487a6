import { expect, test } from '@playwright/test';

import { ADMIN, cashierWithTwoStep, expectAccessible, signInStaff, totpCode } from './fixtures.ts';

/*
 * `docs/domain.md`, "Two-step sign-in for staff" (issue 16, item 7): a staff member sees the banner,
 * sets up two-step sign-in on My account with the key of the QR code and one code, gets the
 * recovery codes once, signs out, and signs in again with the password and a code computed from
 * the secret; an admin resets another staff member's second factor on the Staff Accounts screen.
 */
test('a cashier sets up two-step sign-in, signs out, and signs in with the password and a code', async ({
  page,
  request,
}) => {
  const login = await request.post('/api/auth/admin/login', { data: ADMIN });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const who = { username: `enrol${Date.now().toString(36)}`, password: 'enrolling-cashier-1' };
  const created = await request.post('/api/admin/users', {
    headers,
    data: { ...who, name: 'Enrolling Cashier', role: 'cashier' },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await signInStaff(page, who, 'Cashier');
  await expect(page).toHaveURL(/\/cashier\/dashboard$/);
  await expect(page.getByText('Protect your account: set up two-step sign-in.')).toBeVisible();
  await page.getByRole('link', { name: 'Set up two-step sign-in' }).click();
  await expect(page).toHaveURL(/\/cashier\/account$/);
  await expect(page.getByText('Two-step sign-in is off.')).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('two-step-key').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await page.getByLabel(/^Code from the app/).fill('000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right');
  await page.getByLabel(/^Code from the app/).fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectAccessible(page, 'my account (recovery codes)');
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByText('Two-step sign-in is on.').first()).toBeVisible();
  await expect(page.getByText('Recovery codes left: 10')).toBeVisible();
  await expect(page.getByText('Protect your account: set up two-step sign-in.')).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signInStaff(page, who, 'Cashier');
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  // The step used to turn it on is spent: the app's next code (a later step) signs in.
  await page.getByLabel(/^Code/).fill(totpCode(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/cashier\/dashboard$/);
  await expect(page.getByText('Protect your account: set up two-step sign-in.')).toHaveCount(0);
});

test('an admin resets the two-step sign-in of a cashier who lost their phone', async ({ page, request }) => {
  const cashier = await cashierWithTwoStep(request);
  await signInStaff(page, ADMIN, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/staff');
  const row = page.getByRole('row').filter({ hasText: cashier.username });
  await row.getByRole('button', { name: 'Reset two-step sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset two-step sign-in' });
  await dialog.getByRole('button', { name: 'Reset two-step sign-in' }).click();
  await expect(page.getByText(/^Two-step sign-in turned off for/)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Reset two-step sign-in' })).toHaveCount(0);

  // The cashier signs in with the password alone again.
  const again = await request.post('/api/auth/admin/login', { data: cashier });
  expect(((await again.json()) as { token?: string }).token).toBeTruthy();
});
