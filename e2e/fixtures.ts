import { expect, type Page } from '@playwright/test';

/** Sign-ins of the demo parish (apps/server/scripts/demo.ts) and the e2e admin. */
export const ADMIN = { username: 'admin', password: 'e2e-admin-password' };
export const CASHIER = { username: 'cashier', password: 'cashier-demo-1' };
export const MEMBER = {
  name: 'Thomas Mathew',
  mobile10: '9847012345',
  mobile12: '919847012345',
  parishNumber: 'SM001',
  password: 'Thom2345',
};

/** Signs in on the staff login screen with the given portal toggle. */
export async function signInStaff(
  page: Page,
  who: { username: string; password: string },
  portal: 'Admin' | 'Cashier',
) {
  await page.goto('/admin/login');
  if (portal === 'Cashier') await page.getByText('Cashier', { exact: true }).click();
  await page.getByLabel(/^Username/).fill(who.username);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole('button', { name: `Access ${portal} Dashboard` }).click();
}

/** Signs in on the member login screen with a mobile number or parish number. */
export async function signInMember(page: Page, identifier: string, mode: 'Mobile Number' | 'Parish Number') {
  await page.goto('/customer/login');
  if (mode === 'Parish Number') await page.getByText('Parish Number', { exact: true }).first().click();
  await page.getByRole('textbox', { name: new RegExp(mode) }).fill(identifier);
  await page.getByLabel(/^Password/).fill(MEMBER.password);
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
}
