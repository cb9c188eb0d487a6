import { expect, test, type Page } from '@playwright/test';

import { ADMIN, MEMBER, signInMember, signInStaff } from './fixtures.ts';

/**
 * The member portal and online payment through the built-in Worldline sandbox (issue 5;
 * `docs/domain.md`, §2 "Customer dashboard", "Payment callback page" and §4 "Customer payment
 * flow"). Thomas Mathew of the demo parish starts with pending arrears (Cemetery Fund 2025),
 * pending current dues (Church Tax 2026, Building Fund 2026 with a variable amount) and a pending
 * miscellaneous head (Christmas Carol 2026). The tests run in order: the failed and cancelled
 * attempts first (nothing changes), then the arrears are cleared and the Building Fund is paid.
 */
test.describe.configure({ mode: 'serial' });

const pendingItem = (page: Page, name: string) => page.getByTestId('pending-item').filter({ hasText: name });

/** Opens the dashboard of the demo member and waits for the pending payments. */
async function openPortal(page: Page) {
  await signInMember(page, MEMBER.mobile10, 'Mobile Number');
  await expect(page.getByRole('heading', { name: `Welcome, ${MEMBER.name}` })).toBeVisible();
  await expect(page.getByText('Loading your payments...')).toHaveCount(0);
}

/** From the confirm dialog through the sandbox bank page, choosing `outcome` there. */
async function payOnBankPage(page: Page, outcome: 'Success' | 'Failure' | 'Cancel') {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Pay with Worldline' }).click();
  const choice = page.getByRole('button', { name: new RegExp(`^${outcome}`) });
  await expect(choice).toBeVisible({ timeout: 15_000 });
  await choice.click();
  await expect(page).toHaveURL(/\/payment-callback|\/customer\/dashboard/, { timeout: 15_000 });
}

test('a member with arrears sees the banner and cannot select a current due', async ({ page }) => {
  await openPortal(page);
  await expect(page.getByText('Clear Arrears First', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Clear All Arrears \(₹/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Arrears Payments \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Miscellaneous Payments \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Current Due Payments - Clear Arrears First' })).toBeVisible();
  await expect(page.getByLabel('Select All Available')).toBeVisible();

  const churchTax = pendingItem(page, 'Church Tax 2026');
  await expect(churchTax.getByRole('checkbox')).toBeDisabled();
  await expect(churchTax.getByText('Blocked', { exact: true })).toBeVisible();
  await expect(churchTax.getByRole('button', { name: 'Clear Arrears First' })).toBeVisible();
  await expect(churchTax.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);

  const carol = pendingItem(page, 'Christmas Carol 2026');
  await expect(carol.getByText('MISCELLANEOUS')).toBeVisible();
  await carol.getByRole('checkbox').check();
  await expect(page.getByRole('button', { name: /^Pay Selected \(₹100\.00\)$/ })).toBeVisible();

  // Select All Available takes arrears and miscellaneous, never the blocked current dues.
  await page.getByLabel('Select All Available').check();
  await expect(churchTax.getByRole('checkbox')).not.toBeChecked();
  for (const label of ['Arrears', 'Current Due', 'Miscellaneous', 'Paid']) {
    await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
  }
});

test('a failed and a cancelled payment leave the dues pending and show the failure dialog', async ({ page }) => {
  await openPortal(page);
  for (const outcome of ['Failure', 'Cancel'] as const) {
    await page.getByRole('button', { name: /^Clear All Arrears \(₹/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Clear All Arrears' });
    await expect(confirm.getByText('All arrears - this will unlock current payments', { exact: true })).toBeVisible();
    await expect(confirm.getByText('Paying all arrears - this will unlock current payments')).toBeVisible();
    await payOnBankPage(page, outcome);
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Return to Dashboard' }).click();
    const failed = page.getByRole('dialog', { name: 'Payment Failed' });
    await expect(failed).toBeVisible();
    await expect(page).toHaveURL(/\/customer\/dashboard$/);
    await failed.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Current Due Payments - Clear Arrears First' })).toBeVisible();
    await expect(pendingItem(page, 'Cemetery Fund 2025')).toBeVisible();
  }
  // Try Again reopens the confirm dialog of the same payment.
  await page.getByRole('button', { name: /^Clear All Arrears \(₹/ }).click();
  await payOnBankPage(page, 'Failure');
  await page.getByRole('button', { name: 'Return to Dashboard' }).click();
  await page.getByRole('dialog', { name: 'Payment Failed' }).getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('dialog', { name: 'Clear All Arrears' })).toBeVisible();
});

test('clearing all arrears through the sandbox bank unblocks the current dues', async ({ page }) => {
  await openPortal(page);
  await page.getByRole('button', { name: /^Clear All Arrears \(₹/ }).click();
  await payOnBankPage(page, 'Success');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Redirecting to dashboard in 3 seconds...')).toBeVisible();
  await expect(page).toHaveURL(/\/customer\/dashboard$/, { timeout: 15_000 });
  const success = page.getByRole('dialog', { name: 'Payment Successful!' });
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText('Clear Arrears First', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /^Current Due Payments \(\d+\)$/ })).toBeVisible();
  await expect(pendingItem(page, 'Church Tax 2026').getByRole('checkbox')).toBeEnabled();
  await expect(page.getByLabel('Select All', { exact: true })).toBeVisible();
});

test('a variable amount above the minimum is paid, shown on the Paid tab, with receipt and transaction', async ({
  page,
}) => {
  await openPortal(page);
  const building = pendingItem(page, 'Building Fund 2026');
  const amount = building.getByRole('textbox', { name: /Amount to pay for Building Fund 2026/ });
  await expect(building.getByText('(min: ₹2,000.00)')).toBeVisible();
  await amount.pressSequentially('25a00.5.0');
  await expect(amount).toHaveValue('2500.50');
  await amount.fill('');
  await amount.pressSequentially('2500');
  await building.getByRole('button', { name: 'Pay Now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Payment' });
  await expect(confirm.getByTestId('confirm-amount')).toHaveText('₹2,500.00');
  await expect(confirm.getByText('Payment for: Building Fund 2026')).toBeVisible();
  await expect(confirm.getByText('Sandbox mode')).toBeVisible();
  await payOnBankPage(page, 'Success');
  await expect(page).toHaveURL(/\/customer\/dashboard$/, { timeout: 15_000 });
  const success = page.getByRole('dialog', { name: 'Payment Successful!' });
  await success.getByRole('button', { name: 'View Paid Payments' }).click();

  const paid = page.getByTestId('paid-item').filter({ hasText: 'Building Fund 2026' });
  await expect(paid).toBeVisible();
  await expect(paid.getByText('₹2,500.00')).toBeVisible();
  await expect(paid.getByText('+ ₹500.00 extra')).toBeVisible();
  await expect(paid.getByText('Paid', { exact: true })).toBeVisible();

  const popupPromise = page.waitForEvent('popup');
  await paid.getByRole('button', { name: 'Download Receipt' }).click();
  const popup = await popupPromise;
  await expect(popup.locator('body')).toContainText('Building Fund 2026', { timeout: 15_000 });

  await page.getByRole('tab', { name: /Transactions/ }).click();
  const transaction = page.getByTestId('transaction-item').filter({ hasText: '₹2,500.00' });
  await expect(transaction.first()).toBeVisible();
  await expect(transaction.first().getByText('Paid', { exact: true })).toBeVisible();
  await expect(transaction.first().getByText('Payment Items')).toBeVisible();
  await expect(transaction.first().getByText('Building Fund 2026')).toBeVisible();
});

test("the admin sees the online payment in the member's Payment Summary", async ({ page }) => {
  await signInStaff(page, ADMIN, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/members');
  await page.getByRole('searchbox', { name: 'Search members' }).fill(MEMBER.name);
  await page
    .getByRole('button', { name: `View payment history of ${MEMBER.name}` })
    .first()
    .click();
  const summary = page.getByRole('dialog', { name: 'Payment Summary' });
  await expect(summary.getByRole('button', { name: 'Receipt for Building Fund 2026' })).toBeVisible();
  await expect(summary.getByText('+ ₹500.00 extra')).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Receipt for Cemetery Fund 2025' })).toBeVisible();
});

test('a checkout script that does not load gives the SDK message and no order', async ({ page }) => {
  await page.route('**/api/sandbox/worldline/checkout.js', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: '/* nothing */' }),
  );
  await openPortal(page);
  await pendingItem(page, 'Christmas Carol 2026').getByRole('button', { name: 'Pay Now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Payment' });
  await expect(confirm.getByText('This is a miscellaneous payment - can be paid anytime')).toBeVisible();
  await confirm.getByRole('button', { name: 'Pay with Worldline' }).click();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeDisabled();
  const failed = page.getByRole('dialog', { name: 'Payment Failed' });
  await expect(failed).toContainText('Worldline Paynimo SDK not loaded. Please refresh the page and try again.');
  await failed.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeEnabled();
});

test('Reset clears a stuck payment, and the 30-second watchdog reports a checkout that never answers', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A gateway script that opens nothing and never answers.
  await page.route('**/api/sandbox/worldline/checkout.js', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: 'window.$ = { pnCheckout: function () {} };' }),
  );
  await openPortal(page);
  await pendingItem(page, 'Church Tax 2026').getByRole('button', { name: 'Pay Now' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Payment' })
    .getByRole('button', { name: 'Pay with Worldline' })
    .click();
  const reset = page.getByRole('button', { name: 'Reset' });
  await expect(reset).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeDisabled();
  await expect(page.getByRole('tab', { name: /Paid Payments/ })).toBeDisabled();
  await reset.click();
  await expect(reset).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeEnabled();

  await pendingItem(page, 'Christmas Carol 2026').getByRole('button', { name: 'Pay Now' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Payment' })
    .getByRole('button', { name: 'Pay with Worldline' })
    .click();
  const failed = page.getByRole('dialog', { name: 'Payment Failed' });
  await expect(failed).toContainText('Payment failed or was cancelled. Please try again.', { timeout: 40_000 });
  await expect(page.getByRole('button', { name: 'Reset' })).toHaveCount(0);
});

test('the callback page reports a missing transaction id and reads the hash', async ({ page }) => {
  await page.goto('/payment-callback');
  await expect(page.getByRole('heading', { name: 'Payment Error' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(
    'Invalid payment response. Missing transaction ID. Please contact support with this information.',
  );
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to Home Page' })).toBeVisible();

  await page.goto('/payment/callback/worldline#clnt_txn_ref=WL-NO-SUCH-TXN&txn_status=0300&txn_amt=10.00');
  await expect(page.getByRole('heading', { name: /Payment Failed|Payment Error/ })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('WL-NO-SUCH-TXN').first()).toBeVisible();
});

test('the gateway A return page reports success and goes home after 2 s', async ({ page }) => {
  await page.goto('/payment/callback/razorpay');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('Redirecting to home page in 2 seconds...')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
});
