import { expect, test } from '@playwright/test';

import { ADMIN, CASHIER, MEMBER, signInMember, signInStaff } from './fixtures.ts';

test.describe('public screens', () => {
  test('the landing page shows the parish name, subtitle, both portals and six feature cards', async ({ page }) => {
    const settings = (await (await page.request.get('/api/settings')).json()) as { name: string };
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(settings.name);
    await expect(page.getByText('Payment Collection module')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Portal' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Member Login' })).toBeVisible();
    for (const title of [
      'Member Management',
      'Payment Tracking',
      'WhatsApp Reminders',
      'Reports & Analytics',
      'Customer Portal',
      'Secure & Real-time',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
  });

  test('the landing page fits a 375 px phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await expect(page.getByText('Payment Collection module')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('the staff login toggles between Admin Portal and Cashier Portal', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Access Admin Dashboard' })).toBeVisible();
    await page.getByText('Cashier', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Cashier Portal' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Access Cashier Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  });

  test('blank staff credentials get the specification message', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
    await expect(page.getByRole('alert')).toContainText('Please enter both username and password');
  });
});

test.describe('sign-in', () => {
  test('the admin signs in and lands on the admin dashboard with the admin sidebar', async ({ page }) => {
    await signInStaff(page, ADMIN, 'Admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    for (const item of ['Members', 'Account Heads', 'Reports', 'Send Reminders']) {
      await expect(page.getByRole('navigation').getByRole('link', { name: item })).toBeVisible();
    }
  });

  test('the cashier signs in and lands on the cashier dashboard with the cashier sidebar', async ({ page }) => {
    await signInStaff(page, CASHIER, 'Cashier');
    await expect(page).toHaveURL(/\/cashier\/dashboard$/);
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'View/Collect Payments' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'My Collections' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Members' })).toHaveCount(0);
  });

  test('a wrong staff password shows the failure message and stays on the login screen', async ({ page }) => {
    await signInStaff(page, { username: ADMIN.username, password: 'not-the-password' }, 'Admin');
    await expect(page.getByRole('alert')).toContainText('Invalid username or password');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('a member signs in by mobile number and sees the portal frame', async ({ page }) => {
    await signInMember(page, MEMBER.mobile10, 'Mobile Number');
    await expect(page.getByRole('heading', { name: `Welcome, ${MEMBER.name}` })).toBeVisible();
    await expect(page.getByText(`Parish Number: ${MEMBER.parishNumber}`)).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Pending Payments' })).toBeVisible();
  });

  test('a member signs in by parish number in lower case', async ({ page }) => {
    await signInMember(page, MEMBER.parishNumber.toLowerCase(), 'Parish Number');
    await expect(page.getByRole('heading', { name: `Welcome, ${MEMBER.name}` })).toBeVisible();
  });

  test('a wrong member password shows a failure and stays on the login screen', async ({ page }) => {
    await page.goto('/customer/login');
    await page.getByRole('textbox', { name: /Mobile Number/ }).fill(MEMBER.mobile10);
    await page.getByLabel(/^Password/).fill('Wrong1234');
    await page.getByRole('button', { name: 'Login to Dashboard' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/customer\/login$/);
  });

  test('the payment-link login opens the Payment Portal mode with the mobile filled in', async ({ page }) => {
    await page.goto(`/customer/login?mobile=${MEMBER.mobile12}&type=payment`);
    await expect(page.getByRole('heading', { name: 'Payment Portal' })).toBeVisible();
    await expect(page.getByText('Payment Reminder Access')).toBeVisible();
    await expect(page.getByText('Please login to access your payment portal')).toBeVisible();
    const field = page.getByRole('textbox', { name: /Mobile Number/ });
    await expect(field).toHaveValue(MEMBER.mobile12);
    await expect(field).toHaveAttribute('readonly', '');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('paymentLinkMobile'))).toBe(MEMBER.mobile12);
    await page.getByLabel(/^Password/).fill(MEMBER.password);
    await page.getByRole('button', { name: 'Access Payment Portal' }).click();
    await expect(page).toHaveURL(/\/customer\/dashboard$/);
  });
});

test.describe('guards and sign-out', () => {
  test('signed-out visitors are sent to the right login screen', async ({ page }) => {
    await page.goto('/admin/members');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/cashier/collections');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/customer/dashboard');
    await expect(page).toHaveURL(/\/customer\/login$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a cashier cannot open admin screens, and a signed-in admin skips the login screen', async ({ page }) => {
    await signInStaff(page, CASHIER, 'Cashier');
    await expect(page).toHaveURL(/\/cashier\/dashboard$/);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/cashier\/dashboard$/);
  });

  test('sign-out clears the session and returns to the landing page', async ({ page }) => {
    await signInStaff(page, ADMIN, 'Admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
