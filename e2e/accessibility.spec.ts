import { expect, test, type Page } from '@playwright/test';

import {
  A11Y_WIDTHS,
  ADMIN,
  CASHIER,
  cashierWithTwoStep,
  createMemberByApi,
  expectAccessible,
  MEMBER,
  signInMember,
  signInStaff,
} from './fixtures.ts';

// axe-core reads every node's colours: a screen takes seconds on a busy machine.

/**
 * Every screen and dialog, for each role, at the office desktop width and on a 375 px phone:
 * axe-core finds nothing critical or serious (`docs/domain.md`, §2 "Accessibility").
 */

/** Opens a dialog with `open`, checks it, and closes it with Escape. */
async function checkDialog(page: Page, name: string, open: () => Promise<void>) {
  await open();
  await expect(page.getByRole('dialog').first()).toBeVisible();
  await expectAccessible(page, name);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

const REPORT_TABS = [
  'Overview',
  'Daily Collections',
  'Member Analysis',
  'Payment Head Analysis',
  'Year-wise Summary',
  'Payment Details',
  'Direct Collections',
  'Member-wise Due',
];

async function checkReports(page: Page, base: string) {
  await page.goto(`${base}/reports`);
  for (const tab of REPORT_TABS) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    const panel = page.getByRole('tabpanel');
    // A table on the desktop, a list of cards on a phone.
    await expect(panel.getByRole('table').or(panel.getByRole('list')).first()).toBeVisible();
    await expect(page.getByText('Loading reports...')).toHaveCount(0);
    await expectAccessible(page, `reports: ${tab}`);
  }
}

for (const size of A11Y_WIDTHS) {
  test.describe(`accessibility at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('signed-out screens', async ({ page, request }) => {
      test.setTimeout(180_000);
      await page.goto('/');
      await expect(page.getByRole('link', { name: /Admin Portal/ })).toBeVisible();
      await expectAccessible(page, 'landing');
      await page.goto('/admin/login');
      await expect(page.getByLabel(/^Username/)).toBeVisible();
      await expectAccessible(page, 'staff login');
      await page.getByText('Cashier', { exact: true }).click();
      await expectAccessible(page, 'staff login (cashier)');
      await page.getByRole('button', { name: 'Access Cashier Dashboard' }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectAccessible(page, 'staff login (errors)');
      // The code step of two-step sign-in (docs/domain.md, "Two-step sign-in for staff").
      const twoStep = await cashierWithTwoStep(request);
      await signInStaff(page, twoStep, 'Cashier');
      await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
      await expectAccessible(page, 'staff login (two-step code)');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectAccessible(page, 'staff login (two-step code, error)');
      await page.goto('/customer/login');
      await expect(page.getByLabel(/^Password/)).toBeVisible();
      await expectAccessible(page, 'member login');
      await page.getByText('Parish Number', { exact: true }).first().click();
      await expectAccessible(page, 'member login (parish number)');
      await page.goto(`/customer/login?mobile=${MEMBER.mobile10}`);
      await expect(page.getByLabel(/^Password/)).toBeVisible();
      await expectAccessible(page, 'member login (payment link)');
      await page.goto('/payment-callback');
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expectAccessible(page, 'payment callback');
    });

    test('admin screens and dialogs', async ({ page, request }) => {
      test.setTimeout(900_000);
      const twoStep = await cashierWithTwoStep(request);
      await signInStaff(page, ADMIN, 'Admin');
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByText('Total Members', { exact: true }).first()).toBeVisible();
      await expectAccessible(page, 'admin dashboard');
      if (size.width < 768) {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await expect(page.getByRole('navigation').getByRole('link', { name: 'Members' })).toBeVisible();
        await expectAccessible(page, 'navigation menu');
        await page.getByRole('button', { name: 'Open navigation' }).click();
      }

      await page.goto('/admin/members');
      await expect(page.getByRole('button', { name: /^View payment history of/ }).first()).toBeVisible();
      await expectAccessible(page, 'members');
      await checkDialog(page, 'add member', () => page.getByRole('button', { name: 'Add Member' }).click());
      await checkDialog(page, 'upload members', () => page.getByRole('button', { name: 'Upload Members' }).click());
      await checkDialog(page, 'edit member with the WhatsApp opt-out switch', async () => {
        await page
          .getByRole('button', { name: /^Edit / })
          .first()
          .click();
        await expect(page.getByRole('switch', { name: 'Do not send WhatsApp messages' })).toBeEnabled();
      });
      await checkDialog(page, 'member payment history', () =>
        page
          .getByRole('button', { name: /^View payment history of/ })
          .first()
          .click(),
      );
      await checkDialog(page, 'login credentials', () =>
        page
          .getByRole('button', { name: /^View login credentials of/ })
          .first()
          .click(),
      );
      // The password reset's confirmation (Escape leaves the password as it was) and, for a
      // member made for it, the one-time password shown once.
      await checkDialog(page, 'password reset confirmation', async () => {
        await page
          .getByRole('button', { name: /^View login credentials of/ })
          .first()
          .click();
        await page.getByRole('button', { name: 'Issue one-time password' }).click();
        await expect(page.getByRole('dialog', { name: 'Reset password' })).toBeVisible();
      });
      const resetName = `Access Reset ${size.width}`;
      const { parishNumber: resetParish } = await createMemberByApi(request, {
        name: resetName,
        parishPrefix: 'AXR',
        mobilePrefix: '982',
      });
      await page.getByRole('searchbox', { name: 'Search members' }).fill(resetParish);
      await checkDialog(page, 'one-time password', async () => {
        await page.getByRole('button', { name: `View login credentials of ${resetName}` }).click();
        await page.getByRole('button', { name: 'Issue one-time password' }).click();
        await page
          .getByRole('dialog', { name: 'Reset password' })
          .getByRole('button', { name: 'Reset password' })
          .click();
        await expect(page.getByRole('dialog', { name: 'One-time password' })).toBeVisible();
      });
      await page.getByRole('searchbox', { name: 'Search members' }).fill('');

      await page.goto('/admin/payments');
      await expect(page.getByRole('button', { name: 'Tag Members' }).first()).toBeVisible();
      await expectAccessible(page, 'account heads');
      await checkDialog(page, 'add account head', () => page.getByRole('button', { name: 'Add Account Head' }).click());
      await checkDialog(page, 'upload dues CSV', () => page.getByRole('button', { name: 'Upload CSV' }).click());
      await checkDialog(page, 'tag members', () => page.getByRole('button', { name: 'Tag Members' }).first().click());
      await checkDialog(page, 'head members', () => page.getByRole('button', { name: 'View Members' }).first().click());

      await checkReports(page, '/admin');

      await page.goto('/admin/reminders');
      await expect(page.getByRole('heading', { name: 'Send Reminders' })).toBeVisible();
      await expect(page.getByRole('checkbox').nth(1)).toBeVisible();
      await expectAccessible(page, 'send reminders');

      await page.goto('/admin/activities');
      await expect(page.getByRole('heading', { name: 'Activity Log' })).toBeVisible();
      await expect(page.getByText('Loading activities...')).toHaveCount(0);
      await expectAccessible(page, 'activity log');
      await checkDialog(page, 'activity details', () =>
        page
          .getByRole('button', { name: /^Details of/ })
          .first()
          .click(),
      );
      await page.goto('/admin/export');
      await expect(page.getByRole('heading', { name: 'Export data' })).toBeVisible();
      await expectAccessible(page, 'export data');

      await page.goto('/admin/staff');
      await expect(page.getByRole('table').first()).toBeVisible();
      await expectAccessible(page, 'staff accounts');
      await checkDialog(page, 'add staff account', () =>
        page.getByRole('button', { name: 'Add Staff Account' }).click(),
      );
      await checkDialog(page, 'reset two-step sign-in', () =>
        page
          .getByRole('row')
          .filter({ hasText: twoStep.username })
          .getByRole('button', { name: 'Reset two-step sign-in' })
          .click(),
      );
      await checkDialog(page, 'staff one-time password confirmation', () =>
        page.getByRole('button', { name: 'One-time password' }).first().click(),
      );

      // My account: two-step sign-in off, then its setup (QR code, key, code field).
      await page.goto('/admin/account');
      await expect(page.getByText('Two-step sign-in is off.')).toBeVisible();
      await expectAccessible(page, 'my account');
      await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
      await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
      await expectAccessible(page, 'my account (two-step setup)');

      await page.goto('/admin/settings');
      await expect(page.getByLabel(/^Parish name/)).toBeVisible();
      await expectAccessible(page, 'parish settings');
    });

    test('cashier screens and dialogs', async ({ page }) => {
      test.setTimeout(600_000);
      await signInStaff(page, CASHIER, 'Cashier');
      await expect(page).toHaveURL(/\/cashier\/dashboard$/);
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      await expectAccessible(page, 'cashier dashboard');
      await page.goto('/cashier/arrears');
      await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
      await expectAccessible(page, 'view/collect payments');
      await checkDialog(page, 'payment summary', () => page.getByRole('table').getByRole('button').first().click());
      await page.goto('/cashier/collections');
      await expect(page.getByRole('heading', { name: 'My Collections' })).toBeVisible();
      await expectAccessible(page, 'my collections');
      await checkReports(page, '/cashier');
    });

    test('member screens and dialogs', async ({ page }) => {
      test.setTimeout(180_000);
      await signInMember(page, MEMBER.mobile10, 'Mobile Number');
      await expect(page.getByRole('tab').first()).toBeVisible();
      await expectAccessible(page, 'member dashboard: pending');
      for (const tab of await page.getByRole('tab').all()) {
        const name = (await tab.innerText()).trim().replace(/\s+/g, ' ');
        await tab.click();
        await expectAccessible(page, `member dashboard: ${name}`);
      }
    });
  });
}
