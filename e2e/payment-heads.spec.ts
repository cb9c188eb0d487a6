import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { expect, test, type Locator, type Page } from '@playwright/test';
import readXlsxFile from 'read-excel-file/node';
import { calendarDateIn, defaultDueDate, formatDisplayDate } from '@parish/shared';

import { ADMIN, signInStaff } from './fixtures.ts';

/** The dues matrix of the product documents (ParishNumber, Name, Phone, then one column per head). */
const MATRIX_CSV = path.resolve(import.meta.dirname, '../apps/server/test/fixtures/csv/dues-matrix-sample.csv');

/** 31 March of the current financial year in the parish, as the form shows it (dd/mm/yyyy). */
function expectedDueDate(): string {
  return formatDisplayDate(defaultDueDate(calendarDateIn(new Date(), 'Asia/Kolkata')));
}

async function openHeads(page: Page) {
  await signInStaff(page, ADMIN, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/payments');
  await expect(page.getByRole('heading', { name: 'Manage Account Heads' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
}

function card(page: Page, name: string): Locator {
  return page.getByRole('article', { name, exact: true });
}

/** The figure under a stat label of a card ('Tagged', 'Paid', 'Outstanding', ...). */
function stat(headCard: Locator, label: string): Locator {
  return headCard.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
}

async function chooseType(page: Page, type: 'Arrears' | 'Current Due' | 'Miscellaneous') {
  await page.getByRole('dialog').getByLabel('Type', { exact: true }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
}

async function createHead(page: Page, name: string, amount: string, type: 'Arrears' | 'Current Due' | 'Miscellaneous') {
  await page.getByRole('button', { name: 'Add Account Head' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Account Head' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Amount/).fill(amount);
  if (type !== 'Current Due') await chooseType(page, type);
  return dialog;
}

test.describe('Manage Account Heads', () => {
  test('the page shows the heads as cards sorted by year, the help text, and searches', async ({ page }) => {
    await openHeads(page);
    for (const line of [
      'Arrears must be paid before current dues.',
      'Current dues can be paid after arrears are cleared.',
      'Miscellaneous can be paid anytime.',
    ]) {
      await expect(page.getByText(line)).toBeVisible();
    }
    const years = await page
      .getByRole('article')
      .evaluateAll((cards) => cards.map((el) => Number(/Year (\d{4})/.exec(el.textContent ?? '')?.[1])));
    expect(years.length).toBeGreaterThan(1);
    expect([...years].sort((a, b) => a - b)).toEqual(years);

    const first = page.getByRole('article').first();
    await expect(first.getByText(/^₹[\d,]+\.\d{2}$/).first()).toBeVisible();
    await page.getByLabel('Search account heads').fill('cemetery');
    await expect(page.getByRole('article')).not.toHaveCount(0);
    for (const name of await page.getByRole('article').evaluateAll((cards) => cards.map((el) => el.textContent))) {
      expect(name?.toLowerCase()).toContain('cemetery');
    }
    await page.getByLabel('Search account heads').fill('no head is called this');
    await expect(page.getByText('No account heads match your search.')).toBeVisible();
  });

  test('the head form checks its fields and defaults the due date by type', async ({ page }) => {
    await openHeads(page);
    const stamp = Date.now();
    await page.getByRole('button', { name: 'Add Account Head' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Account Head' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Validation Error');
    await expect(dialog.getByRole('alert')).toContainText('Please fill all required fields (Name and Amount)');
    await dialog.getByLabel(/^Name/).fill(`E2E Current ${stamp}`);
    await dialog.getByLabel(/^Amount/).fill('abc');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Invalid Amount');
    await expect(dialog.getByRole('alert')).toContainText('Please enter a valid amount');

    // A new head is a current due with 31 March of the financial year as its due date.
    await expect(dialog.getByLabel(/^Year/)).toHaveValue(calendarDateIn(new Date(), 'Asia/Kolkata').slice(0, 4));
    await expect(dialog.getByLabel(/^Due Date/)).toHaveValue(expectedDueDate());
    await dialog.getByLabel(/^Amount/).fill('750');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const current = card(page, `E2E Current ${stamp}`);
    await expect(current.getByText('Current Due', { exact: true })).toBeVisible();
    await expect(current.getByText('₹750.00')).toBeVisible();
    await expect(current.getByText(expectedDueDate())).toBeVisible();

    // Arrears carry no due date.
    const arrearDialog = await createHead(page, `E2E Arrear ${stamp}`, '1,200.50', 'Arrears');
    await expect(arrearDialog.getByLabel(/^Due Date/)).toHaveCount(0);
    await arrearDialog.getByRole('button', { name: 'Save' }).click();
    await expect(arrearDialog).toBeHidden();
    const arrear = card(page, `E2E Arrear ${stamp}`);
    await expect(arrear.getByText('Arrears', { exact: true })).toBeVisible();
    await expect(arrear.getByText('No due date')).toBeVisible();
    await expect(arrear.getByText('₹1,200.50')).toBeVisible();

    // Miscellaneous gets the default; switching to arrear clears it, and back defaults it again.
    const miscDialog = await createHead(page, `E2E Misc ${stamp}`, '100', 'Miscellaneous');
    await expect(miscDialog.getByLabel(/^Due Date/)).toHaveValue(expectedDueDate());
    await chooseType(page, 'Arrears');
    await expect(miscDialog.getByLabel(/^Due Date/)).toHaveCount(0);
    await chooseType(page, 'Miscellaneous');
    await expect(miscDialog.getByLabel(/^Due Date/)).toHaveValue(expectedDueDate());
    await miscDialog.getByLabel('Variable amount').check();
    await miscDialog.getByRole('button', { name: 'Save' }).click();
    await expect(miscDialog).toBeHidden();
    const misc = card(page, `E2E Misc ${stamp}`);
    await expect(misc.getByText('Miscellaneous', { exact: true })).toBeVisible();
    await expect(misc.getByText('Variable Amount')).toBeVisible();
    // Nobody is tagged yet, so there is nothing to cancel.
    await expect(misc.getByRole('button', { name: /Cancel tags of/ })).toBeDisabled();

    // Editing keeps the amount locked; deleting asks first.
    await misc.getByRole('button', { name: `Edit E2E Misc ${stamp}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Account Head' });
    await expect(edit.getByLabel(/^Amount/)).toBeDisabled();
    await expect(edit.getByText('The amount cannot be changed after the account head is created.')).toBeVisible();
    await edit.getByLabel(/^Description/).fill('Edited by the browser test');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(misc.getByText('Edited by the browser test')).toBeVisible();
    await misc.getByRole('button', { name: `Delete E2E Misc ${stamp}` }).click();
    await page.getByRole('dialog', { name: 'Delete Account Head' }).getByRole('button', { name: 'Delete' }).click();
    await expect(misc).toHaveCount(0);
  });

  test('tagging two members, one with a custom amount, then cancelling the tags', async ({ page }) => {
    await openHeads(page);
    const name = `E2E Tagging ${Date.now()}`;
    const form = await createHead(page, name, '750', 'Current Due');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    const headCard = card(page, name);

    await headCard.getByRole('button', { name: `Tag members to ${name}` }).click();
    const tag = page.getByRole('dialog', { name: `Tag Members: ${name}` });
    await tag.getByRole('button', { name: 'Save Tags' }).click();
    await expect(tag.getByRole('alert')).toContainText('Please select at least one member to tag payments');

    await tag.getByLabel('Search members').fill('SM001');
    await tag.getByRole('checkbox', { name: 'Tag Thomas Mathew' }).check();
    await tag.getByRole('textbox', { name: 'Amount for Thomas Mathew' }).fill('1000.50');
    await tag.getByLabel('Search members').fill('SM004');
    await expect(tag.getByText('SM004', { exact: true })).toBeVisible();
    await expect(tag.getByText('SM001', { exact: true })).toHaveCount(0);
    const second = tag.getByRole('checkbox', { name: /^Tag / });
    await expect(second).toHaveCount(1);
    await second.check();
    await expect(tag.getByText('2 selected')).toBeVisible();
    // The Tagged view lists exactly the selection.
    await tag.getByLabel('Search members').fill('');
    await tag.getByText('Tagged (2)').click();
    await expect(tag.locator('tbody tr')).toHaveCount(2);
    await tag.getByRole('button', { name: 'Save Tags' }).click();
    await expect(tag).toBeHidden();
    await expect(page.getByText('Member tags saved: 2 members tagged.')).toBeVisible();

    await expect(stat(headCard, 'Tagged')).toHaveText('2');
    await expect(stat(headCard, 'Pending')).toHaveText('2');
    await expect(stat(headCard, 'Paid')).toHaveText('0');
    await expect(stat(headCard, 'Outstanding')).toHaveText('₹1,750.50');
    await expect(stat(headCard, 'Collected')).toHaveText('₹0.00');

    // Reopening shows both ticked, the custom amount kept.
    await headCard.getByRole('button', { name: `Tag members to ${name}` }).click();
    await expect(tag.getByText('2 selected')).toBeVisible();
    await tag.getByLabel('Search members').fill('SM001');
    await expect(tag.getByRole('textbox', { name: 'Amount for Thomas Mathew' })).toHaveValue('1000.5');
    await tag.getByRole('button', { name: 'Cancel', exact: true }).click();

    // The members dialog lists both, sorts by amount and downloads a dated CSV.
    await headCard.getByRole('button', { name: `View members of ${name}` }).click();
    const members = page.getByRole('dialog', { name: `Members: ${name}` });
    await expect(members.getByText('2 members', { exact: true })).toBeVisible();
    await members.getByRole('button', { name: 'Sort by Amount' }).click();
    await expect(members.locator('tbody tr').first()).toContainText('₹750.00');
    await members.getByRole('button', { name: 'Sort by Amount' }).click();
    await expect(members.locator('tbody tr').first()).toContainText('₹1,000.50');
    await expect(members.locator('tbody tr').first()).toContainText('Thomas Mathew');
    await members.locator('label', { hasText: /^Paid$/ }).click();
    await expect(members.getByRole('radio', { name: 'Paid' })).toBeChecked();
    await expect(members.getByText('No members are tagged to this head.')).toBeVisible();
    await members.locator('label', { hasText: /^All$/ }).click();
    await expect(members.getByText('2 members', { exact: true })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      members.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^E2E_Tagging_\d+_members_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toContain('Member Name,Parish Number,Mobile,Amount');
    expect(csv).toContain('Thomas Mathew,SM001,919847012345,1000.5');
    expect(csv.trim().split('\n')).toHaveLength(3);
    // Beside it the same rows as an Excel workbook, made in the browser: the mobile a text cell.
    const [workbook] = await Promise.all([
      page.waitForEvent('download'),
      members.getByRole('button', { name: `Download the members of ${name} as Excel` }).click(),
    ]);
    expect(workbook.suggestedFilename()).toMatch(/^E2E_Tagging_\d+_members_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const [sheet] = await readXlsxFile(await readFile(await workbook.path()));
    expect(sheet?.data[0]?.slice(0, 4)).toEqual(['Member Name', 'Parish Number', 'Mobile', 'Amount']);
    expect(sheet?.data).toContainEqual(expect.arrayContaining(['Thomas Mathew', 'SM001', '919847012345', 1000.5]));
    expect(sheet?.data).toHaveLength(3);
    await page.keyboard.press('Escape');

    // Cancel tags: both preselected; with nothing ticked the button is disabled.
    await headCard.getByRole('button', { name: `Cancel tags of ${name}` }).click();
    const cancel = page.getByRole('dialog', { name: `Cancel Tags: ${name}` });
    await expect(cancel.getByRole('button', { name: 'Cancel Tags (2)' })).toBeEnabled();
    await cancel.getByLabel('Select all').uncheck();
    await expect(cancel.getByRole('button', { name: 'Cancel Tags (0)' })).toBeDisabled();
    await cancel.getByRole('checkbox', { name: 'Cancel the tag of Thomas Mathew' }).check();
    await cancel.getByRole('button', { name: 'Cancel Tags (1)' }).click();
    await expect(cancel).toBeHidden();
    await expect(stat(headCard, 'Tagged')).toHaveText('1');
    await expect(stat(headCard, 'Outstanding')).toHaveText('₹750.00');

    await headCard.getByRole('button', { name: `Cancel tags of ${name}` }).click();
    await cancel.getByRole('button', { name: 'Cancel Tags (1)' }).click();
    await expect(cancel).toBeHidden();
    await expect(stat(headCard, 'Tagged')).toHaveText('0');
    await expect(headCard.getByRole('button', { name: `Cancel tags of ${name}` })).toBeDisabled();
  });

  test('members who paid a head show a locked, ticked box and the amount paid', async ({ page }) => {
    await openHeads(page);
    const cards = page.getByRole('article');
    // The head most members paid: a head another spec made for one member would list its payer
    // beyond the dialog's first 100 rows.
    let name = '';
    let most = 0;
    for (let index = 0; index < (await cards.count()); index += 1) {
      const paid = Number((await stat(cards.nth(index), 'Paid').textContent())?.replace(/,/g, '') ?? '0');
      if (paid > most) {
        most = paid;
        name = (await cards.nth(index).getAttribute('aria-label')) ?? '';
      }
    }
    expect(name).not.toBe('');
    const paidHead = card(page, name);
    await paidHead.getByRole('button', { name: `Tag members to ${name}` }).click();
    const tag = page.getByRole('dialog', { name: `Tag Members: ${name}` });
    const locked = tag.getByRole('checkbox', { name: /has paid$/ });
    await expect(locked.first()).toBeVisible();
    await expect(locked.first()).toBeDisabled();
    await expect(locked.first()).toBeChecked();
    await expect(tag.getByText(/^Paid ₹[\d,]+\.\d{2}$/).first()).toBeVisible();
    expect(await tag.locator('tbody tr').count()).toBeLessThanOrEqual(100);
  });

  test('uploading the dues matrix previews 5 rows and reports the result', async ({ page }) => {
    await openHeads(page);
    await page.getByRole('button', { name: 'Upload CSV' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Dues CSV' });
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      upload.getByRole('button', { name: 'Download Template' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('bulk_member_payment_template.csv');

    // A header alone is refused before anything is sent.
    await upload.locator('input[type="file"]').setInputFiles({
      name: 'header-only.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('ParishNumber,Name,Phone,Church Tax 2026\n'),
    });
    await expect(upload.getByRole('alert')).toContainText('Invalid CSV Format');
    await expect(upload.getByRole('alert')).toContainText(
      'CSV file must contain at least a header row and one data row.',
    );
    await expect(upload.getByRole('button', { name: 'Upload' })).toBeDisabled();

    await upload.locator('input[type="file"]').setInputFiles(MATRIX_CSV);
    await expect(upload.getByText('Preview (first 5 data rows of 7)')).toBeVisible();
    await expect(upload.getByRole('table').filter({ hasText: '(Cemetery Fund 2024)' }).locator('tbody tr')).toHaveCount(
      5,
    );
    await expect(upload.locator('thead').first()).toContainText('(Cemetery Fund 2024)');
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(upload.getByRole('heading', { name: 'Upload Result' })).toBeVisible({ timeout: 20_000 });
    await expect(stat(upload, 'Rows processed')).toHaveText('7');
    await expect(upload.getByText(/^Row 6: /)).toBeVisible();
    await expect(upload.getByText(/Please send reminders manually from the Send Reminders page/)).toBeVisible();
    await expect(upload.getByRole('link', { name: 'Go to Send Reminders' })).toHaveAttribute(
      'href',
      '/admin/reminders',
    );

    // A family not yet in the parish is created, and its head appears with it.
    const stamp = String(Date.now()).slice(-6);
    const headName = `E2E Upload ${stamp}`;
    await upload.getByRole('button', { name: 'Upload another file' }).click();
    await upload.locator('input[type="file"]').setInputFiles({
      name: 'new-family.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`ParishNumber,Name,Phone,*${headName}*\nE2E${stamp},Newfamily Kurian,9446${stamp},350\n`),
    });
    await expect(upload.getByText('Preview (first 5 data rows of 1)')).toBeVisible();
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(stat(upload, 'Members created')).toHaveText('1');
    await expect(stat(upload, 'Account heads created')).toHaveText('1');
    await upload.getByRole('button', { name: 'Close' }).last().click();

    await expect(card(page, 'Cemetery Fund 2024').getByText('Arrears', { exact: true })).toBeVisible();
    const newHead = card(page, headName);
    await expect(newHead.getByText('Miscellaneous', { exact: true })).toBeVisible();
    await expect(stat(newHead, 'Tagged')).toHaveText('1');
    await newHead.getByRole('button', { name: `View members of ${headName}` }).click();
    const members = page.getByRole('dialog', { name: `Members: ${headName}` });
    await expect(members.getByText('Newfamily Kurian')).toBeVisible();
    await expect(members.getByText(`E2E${stamp}`)).toBeVisible();
    await expect(members.getByText('₹350.00')).toBeVisible();
  });

  test('the screen fits a 375 px phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openHeads(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
