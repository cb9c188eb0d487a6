import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';

import { A11Y_WIDTHS, ADMIN, expectAccessible, signInStaff } from './fixtures.ts';

/*
 * The accountant and the accounts export (issue 30 items 1, 2 and 6; decisions 0145, 0146), at a
 * 375 px phone with axe-core: the admin's ledger mapping in Parish Settings, then an accountant who
 * signs in at the staff sign-in, lands on the reports, sees only Reports, Accounts export and My
 * account, and downloads the Tally XML of today and, by keyboard, this year's Receipts and Payments
 * account (decision 0153).
 */

const PHONE = A11Y_WIDTHS[1];
const suffix = Date.now().toString(36).slice(-5);
const ACCOUNTANT = { username: `accountant${suffix}`, password: 'accountant-e2e-1' };

test.describe('[ACCOUNTS]', () => {
  test.use({ viewport: { width: PHONE.width, height: PHONE.height } });

  test('the admin’s ledger mapping, then the accountant’s reports and Tally download, at 375 px', async ({
    page,
    request,
  }) => {
    // Three screens with an axe scan each and a download, on a shared machine.
    test.setTimeout(150_000);
    const login = await request.post('/api/auth/admin/login', { data: ADMIN });
    const headers = {
      authorization: `Bearer ${((await login.json()) as { token: string }).token}`,
      'x-requested-with': 'fetch',
    };
    const created = await request.post('/api/admin/users', {
      headers,
      data: { ...ACCOUNTANT, name: `Accountant ${suffix}`, role: 'accountant' },
    });
    expect(created.status(), await created.text()).toBe(201);

    await signInStaff(page, ADMIN, 'Admin');
    await expect(page).toHaveURL(/\/admin\/(dashboard|get-started)$/);
    await page.goto('/admin/settings');
    const card = page.getByRole('heading', { level: 2, name: 'Ledger mapping for the accounts export' });
    await card.scrollIntoViewIfNeeded();
    await expect(page.getByLabel(/^Cash ledger/)).toHaveValue(/.+/);
    await expectAccessible(page, 'parish settings with the ledger mapping');

    await page.getByRole('button', { name: 'Sign Out' }).click();
    // Signing out ends on the landing page by itself: wait for it before opening the sign-in page.
    await page.waitForURL((url) => url.pathname === '/');
    await signInStaff(page, ACCOUNTANT, 'Admin');
    await expect(page).toHaveURL(/\/accounts\/reports$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reports and Analytics' })).toBeVisible();
    await expectAccessible(page, 'accountant’s reports');

    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link')).toHaveText([
      'Reports',
      'Accounts export',
      'Bank deposits',
      'Bank reconciliation',
      'Gateway settlements',
      'My account',
    ]);
    await nav.getByRole('link', { name: 'Accounts export' }).click();
    await expect(page).toHaveURL(/\/accounts\/export$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts export' })).toBeVisible();
    await page.getByLabel('One voucher per day and way of paying').check();
    await expectAccessible(page, 'accounts export');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Tally XML' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^tally_day_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xml$/);
    const xml = await readFile((await file.path())!, 'utf8');
    expect(xml).toContain('<TALLYREQUEST>Import Data</TALLYREQUEST>');
    expect(xml).toContain('<PARENT>Cash-in-Hand</PARENT>');

    // The Receipts and Payments account (decision 0153) on the same screen, by keyboard: the year, then the PDF.
    await expect(page.getByRole('heading', { level: 2, name: 'Receipts and Payments account' })).toBeVisible();
    const year = page.getByLabel('Financial year');
    const thisYear = await year.inputValue();
    expect(thisYear).toMatch(/^20\d\d-\d\d$/);
    await year.focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Download PDF' })).toBeFocused();
    const statement = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const pdf = await statement;
    expect(pdf.suggestedFilename()).toBe(`receipts_and_payments_${thisYear}.pdf`);
    expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

    // The accountant's bank and settlement screens (decisions 0147, 0149, 0151) open from the menu,
    // accessible at 375 px.
    for (const [link, path] of [
      ['Bank deposits', /\/accounts\/deposits$/],
      ['Bank reconciliation', /\/accounts\/bank$/],
      ['Gateway settlements', /\/accounts\/settlements$/],
    ] as const) {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.getByRole('navigation').getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name: link })).toBeVisible();
      await page.mouse.move(1, 1);
      await expectAccessible(page, `accountant’s ${link}`);
    }
  });
});
