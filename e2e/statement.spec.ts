import { readFileSync } from 'node:fs';

import { expect, test } from '@playwright/test';

import { MEMBER, expectAccessible, signInMember } from './fixtures.ts';

/**
 * The member's yearly statement (issue 29 item 8, decision 0139; `docs/domain.md`, §8 "Yearly
 * statement"): on a 375 px phone the demo member chooses a financial year on the portal and
 * downloads the statement, a PDF named by that year.
 */
test('a member downloads the yearly statement of a financial year as a PDF', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await signInMember(page, MEMBER.mobile10, 'Mobile Number');
  const card = page.getByRole('region', { name: 'Yearly statement' });
  await expect(card).toBeVisible();
  const year = card.getByLabel('Financial year');
  const years = await year.locator('option').allTextContents();
  expect(years).toHaveLength(3);
  expect(years.every((label) => /^20\d\d-\d\d$/.test(label))).toBe(true);
  await year.selectOption(years[1] ?? '');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download statement' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(download.suggestedFilename()).toContain(years[1] ?? '');
  const bytes = readFileSync((await download.path()) ?? '');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expectAccessible(page, 'member dashboard with the statement card');
  await context.close();
});
