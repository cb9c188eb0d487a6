import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { expect, test } from '@playwright/test';

import { ADMIN, signInStaff } from './fixtures.ts';

// The product's own texts (`docs/domain.md`, "§5 Validation" and §5 "Error and outcome messages"),
// written out on purpose.
const INVALID_MOBILE = 'Please enter a valid 12-digit mobile number with country code (e.g., 919876543210)';
const INVALID_EMAIL = 'Please enter a valid email address';
const DUPLICATE = 'Member with this mobile number or parish number already exists';

test.describe('[ADMIN][MEMBERS]', () => {
  test.beforeEach(async ({ page }) => {
    await signInStaff(page, ADMIN, 'Admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.getByRole('navigation').getByRole('link', { name: 'Members' }).click();
    await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
  });

  test('adds a member: a bad mobile gets the Invalid Mobile Number alert, the fixed one is saved and found', async ({
    page,
  }) => {
    await page.getByRole('button', { name: 'Add Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Member' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Rincy Varghese');
    await dialog.getByRole('textbox', { name: 'Mobile' }).fill('12345');
    await dialog.getByRole('textbox', { name: 'Parish Number' }).fill('e2e501');
    await dialog.getByRole('textbox', { name: 'Current Location' }).fill('Thiruvalla');
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('Invalid Mobile Number');
    await expect(alert).toContainText(INVALID_MOBILE);

    await dialog.getByRole('textbox', { name: 'Mobile' }).fill('7000050101');
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Member added successfully')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search members' }).fill('E2E501');
    const row = page.getByRole('row', { name: /Rincy Varghese/ });
    await expect(row).toBeVisible();
    await expect(row).toContainText('E2E501');
    await expect(row).toContainText('917000050101');
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);

    // The same parish number again is a Duplicate Member.
    await page.getByRole('button', { name: 'Add Member' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Someone Else');
    await dialog.getByRole('textbox', { name: 'Mobile' }).fill('7000050102');
    await dialog.getByRole('textbox', { name: 'Parish Number' }).fill('E2E501');
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Duplicate Member');
    await expect(dialog.getByRole('alert')).toContainText(DUPLICATE);
  });

  test('imports a CSV with good and bad rows, lists the row errors, and shows a new member’s initial password', async ({
    page,
  }) => {
    const file = path.join(os.tmpdir(), `members-e2e-${process.pid}.csv`);
    writeFileSync(
      file,
      '\uFEFFName,Mobile No,Parish Number,Current Location,Email,Address\r\n' +
        'Merin Kurian,7000060101,e2e601,Kozhencherry,,"""Kurian Villa"",\r\nMain Road"\r\n' +
        'Bad Email,7000060102,E2E602,Ranni,someone@example,\r\n' +
        'Bad Mobile,12345,E2E603,Ranni,,\r\n' +
        'Twin Of Row One,7000060101,E2E604,Ranni,,\r\n' +
        'Jomon Kurian,7000060105,E2E605,Ranni,jomon@example.in,\r\n' +
        '\r\n',
    );
    await page.getByRole('button', { name: 'Upload Members' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Members' });
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog.getByText('Upload Complete')).toBeVisible();
    await expect(dialog.getByText('2 members imported successfully.')).toBeVisible();
    const warning = dialog.getByRole('status').filter({ hasText: 'Warning' });
    await expect(warning).toContainText('3 rows were skipped:');
    await expect(warning.getByRole('listitem')).toHaveText([
      `Row 2: ${INVALID_EMAIL}`,
      `Row 3: ${INVALID_MOBILE}`,
      `Row 4: ${DUPLICATE}: Mobile 917000060101 belongs to row 1 of this file`,
    ]);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search members' }).fill('E2E60');
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
    await page.getByRole('button', { name: 'View login credentials of Merin Kurian' }).click();
    const credentials = page.getByRole('dialog', { name: 'Login Credentials' });
    await expect(credentials.getByRole('row', { name: /Username/ })).toContainText('917000060101');
    await expect(credentials.getByRole('row', { name: /Password/ })).toContainText('Meri0101');
  });

  test('the members table pages 10 at a time, sorts by a column header and fits a 375 px phone', async ({ page }) => {
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(11);
    const nameHeader = page.getByRole('columnheader', { name: /Name/ });
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    const parishHeader = page.getByRole('columnheader', { name: /Parish Number/ });
    await parishHeader.getByRole('button').click();
    await expect(parishHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    await parishHeader.getByRole('button').click();
    await expect(parishHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(
      page.getByRole('navigation', { name: 'Members pages' }).getByRole('button', { name: /^Page / }),
    ).toHaveCount(5);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(/^11–20 of \d+$/)).toBeVisible();

    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
    // Every element within the phone's width (polled: the layout settles after the resize).
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll('main *')]
            .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
            .map((element) => `${element.tagName}: ${element.textContent?.slice(0, 40)}`),
        ),
      )
      .toEqual([]);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('parishNumber');
  });

  test('a search that finds nobody says so, with no pager for an empty list', async ({ page }) => {
    await page.getByRole('searchbox', { name: 'Search members' }).fill('zqxw nobody');
    await expect(page.getByText('No members match "zqxw nobody"')).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    await expect(page.getByText(/ of 0$/)).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search members' }).fill('');
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(11);
    await expect(page.getByText(/^1–10 of \d+$/)).toBeVisible();
  });
});
