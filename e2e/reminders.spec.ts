import { expect, test, type Page } from '@playwright/test';

import { WhatsAppStandIn } from '../apps/server/test/whatsapp-stand-in.ts';
import { ADMIN, MEMBER, signInStaff } from './fixtures.ts';

/**
 * The WhatsApp stand-in listens where playwright.config.ts points the e2e server
 * (WHATSAPP_BASE_URL = http://127.0.0.1:<E2E_WHATSAPP_PORT, default 3299>).
 */
const STAND_IN_PORT = Number(process.env.E2E_WHATSAPP_PORT ?? 3299);
const standIn = new WhatsAppStandIn();

test.beforeAll(async () => {
  await standIn.start(STAND_IN_PORT);
});
test.afterAll(async () => {
  await standIn.close();
});

/**
 * Searches members SM001-SM009 (the active ones: some demo members moved away) and ticks Thomas
 * Mathew and the first two others; returns the three names.
 */
async function tickThree(page: Page): Promise<string[]> {
  await page.getByRole('searchbox', { name: 'Search members' }).fill('SM00');
  const list = page.getByRole('region', { name: 'Members' });
  await expect(list.getByRole('checkbox', { name: `Select ${MEMBER.name}` })).toBeVisible();
  await expect(list.getByRole('checkbox')).not.toHaveCount(1);
  // The members' own boxes ("Select <name>"), not the round's options (the statement's box).
  const boxes = await list.getByRole('checkbox', { name: /^Select / }).all();
  const names = [MEMBER.name];
  await list.getByRole('checkbox', { name: `Select ${MEMBER.name}` }).check();
  for (const box of boxes) {
    if (names.length === 3) break;
    const name = ((await box.getAttribute('aria-label')) ?? '').replace(/^Select /, '');
    if (name === MEMBER.name || /^all\b/i.test(name)) continue;
    await box.check();
    names.push(name);
  }
  expect(names).toHaveLength(3);
  return names;
}

test('an admin selects three members, sends reminders and reads the Delivery Status panel', async ({ page }) => {
  // Thomas Mathew's number is not on WhatsApp (131026): one failure among three.
  standIn.script(MEMBER.mobile12, ['permanent']);
  await signInStaff(page, ADMIN, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/reminders');
  await expect(page.getByRole('heading', { name: 'Send Reminders', level: 2 })).toBeVisible();
  await expect(page.getByText('WhatsApp is not configured')).toHaveCount(0);

  // Nothing selected: the product's warning (`docs/domain.md`, §5 "Error and outcome messages").
  await page.getByRole('button', { name: 'Send to Selected (0)' }).click();
  const warning = page.getByRole('dialog', { name: 'No Members Selected' });
  await expect(warning).toContainText('Please select at least one member to send reminders.');
  await warning.getByRole('button', { name: 'OK' }).click();

  const names = await tickThree(page);
  await expect(page.getByText('3 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Send to Selected (3)' }).click();

  const done = page.getByRole('dialog', { name: 'Reminders Sent Successfully' });
  await expect(done).toContainText('Successful: 2, Failed: 1', { timeout: 20_000 });
  await done.getByRole('button', { name: 'OK' }).click();

  const panel = page.getByRole('region', { name: 'Delivery Status' });
  const list = panel.getByTestId('delivery-list');
  await expect(list.getByRole('listitem')).toHaveCount(3);
  for (const name of names) {
    const row = list.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText(name === MEMBER.name ? 'Failed' : 'Sent');
  }
  await expect(list.getByRole('listitem').filter({ hasText: MEMBER.name })).toContainText(
    'This number cannot receive WhatsApp messages',
  );
  await expect(panel.getByText('Successful', { exact: true }).locator('xpath=following-sibling::*[1]')).toHaveText('2');
  await expect(panel.getByText('Failed', { exact: true }).first().locator('xpath=following-sibling::*[1]')).toHaveText(
    '1',
  );

  // The stand-in got exactly one request per member, the payment template with each one's link.
  expect(standIn.requests).toHaveLength(3);
  const thomas = standIn.requestsTo(MEMBER.mobile12)[0]?.body as {
    template?: { name: string; components: { parameters: { text: string }[] }[] };
  };
  expect(thomas.template?.name).toBe('payment');
  expect(thomas.template?.components[1]?.parameters[0]?.text).toBe(
    `customer/login?mobile=${MEMBER.mobile12}&type=payment`,
  );
});
