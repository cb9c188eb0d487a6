import { expect, test, type Page } from '@playwright/test';

import { ADMIN, signInStaff } from './fixtures.ts';

/*
 * Year-end tools (docs/domain.md, §4 "Year-end roll-over" and "Concessions") and the dues matrix
 * re-upload counts. Works on heads of 2021, which the demo parish does not have, so the other
 * specs' figures stay as they were.
 */

const HEAD = 'Year End Tax 2021';
const header = `ParishNumber,Name,Phone,${HEAD}\r\n`;

function csv(rows: string): { name: string; mimeType: string; buffer: Buffer } {
  return { name: 'year-end.csv', mimeType: 'text/csv', buffer: Buffer.from(header + rows) };
}

async function upload(page: Page, rows: string, updatePending: boolean) {
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Dues CSV' });
  await dialog.locator('input[type="file"]').setInputFiles(csv(rows));
  const box = dialog.getByRole('checkbox', { name: 'Update amounts of pending dues' });
  await expect(box).not.toBeChecked();
  if (updatePending) await box.check();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Upload Result' })).toBeVisible();
  return dialog;
}

function figure(dialog: ReturnType<Page['getByRole']>, label: string) {
  return dialog.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
}

test('re-upload counts, the year-end roll-over with its preview, and a waiver', async ({ page }) => {
  test.setTimeout(90_000);
  await signInStaff(page, ADMIN, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/payments');
  await expect(page.getByRole('heading', { name: 'Manage Account Heads' })).toBeVisible();

  // The first upload assigns two dues; the second changes one amount only when ticked.
  let dialog = await upload(
    page,
    'SM001,Thomas Mathew,9847012345,1200\r\nYE001,Year End Member,9847099001,800.50\r\n',
    false,
  );
  await expect(figure(dialog, 'Dues assigned')).toHaveText('2');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  dialog = await upload(
    page,
    'SM001,Thomas Mathew,9847012345,1500\r\nYE001,Year End Member,9847099001,800.50\r\n',
    false,
  );
  await expect(figure(dialog, 'Dues assigned')).toHaveText('0');
  await expect(figure(dialog, 'Unchanged')).toHaveText('2');
  await expect(dialog.getByText(/1 pending due has a different amount/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  dialog = await upload(
    page,
    'SM001,Thomas Mathew,9847012345,1500\r\nYE001,Year End Member,9847099001,800.50\r\n',
    true,
  );
  await expect(figure(dialog, 'Amounts changed')).toHaveText('1');
  await expect(figure(dialog, 'Unchanged')).toHaveText('1');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // Roll-over of 2021: the preview names the head, its two members and ₹2,300.50.
  await page.getByRole('button', { name: 'Year-end roll-over' }).click();
  const rollover = page.getByRole('dialog', { name: /Move unpaid current dues of year/ });
  await rollover.getByLabel('Year').fill('2021');
  await expect(page.getByRole('dialog', { name: 'Move unpaid current dues of year 2021 to arrears' })).toBeVisible();
  const row = rollover.getByRole('row').filter({ hasText: HEAD });
  await expect(row).toContainText('₹2,300.50');
  await expect(rollover.getByText('1 head: 2 unpaid dues of 2 members, ₹2,300.50, will become arrears.')).toBeVisible();
  await rollover.getByRole('button', { name: 'Move to arrears' }).click();
  await expect(page.getByText('Moved 1 head to arrears: 2 members, ₹2,300.50 unpaid.')).toBeVisible();
  const card = page.getByRole('article', { name: HEAD, exact: true });
  await expect(card.getByText('Arrears', { exact: true })).toBeVisible();

  // A waiver on the member's Payment Summary: the due shows "Waived" and has no Collect.
  await page.goto('/admin/members');
  await page.getByRole('searchbox', { name: 'Search members' }).fill('YE001');
  await page.getByRole('button', { name: 'View payment history of Year End Member' }).first().click();
  const summary = page.getByRole('dialog', { name: 'Payment Summary' });
  await summary.getByRole('button', { name: `Concession for ${HEAD}` }).click();
  const concession = page.getByRole('dialog', { name: `Concession for ${HEAD}` });
  await concession.getByText('Waive the whole due').click();
  await concession.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Hardship' }).click();
  await concession.getByRole('button', { name: 'Save concession' }).click();
  await expect(concession).toBeHidden();
  const item = summary.getByRole('listitem').filter({ hasText: HEAD });
  await expect(item.getByText('Waived', { exact: true })).toBeVisible();
  await expect(item.getByText('Concession ₹800.50 (Hardship)')).toBeVisible();
  await expect(item.getByRole('button', { name: `Collect ${HEAD}` })).toHaveCount(0);
  await expect(item.getByRole('button', { name: `Concession for ${HEAD}` })).toHaveCount(0);
});
