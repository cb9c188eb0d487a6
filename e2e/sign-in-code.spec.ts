import { expect, test, type Page } from '@playwright/test';

import { WhatsAppStandIn } from '../apps/server/test/whatsapp-stand-in.ts';
import { expectAccessible, memberWithDues } from './fixtures.ts';

/**
 * Sign-in with a code on WhatsApp, forgot password and WhatsApp consent (issue 29 item 1, decision
 * 0138) on a 375 px phone, against the WhatsApp stand-in where playwright.config.ts points the e2e
 * server (WHATSAPP_BASE_URL = http://127.0.0.1:<E2E_WHATSAPP_PORT, default 3299>): the demo
 * parish's WhatsApp is configured, so the sign-in screen offers the code.
 */
const STAND_IN_PORT = Number(process.env.E2E_WHATSAPP_PORT ?? 3299);
const standIn = new WhatsAppStandIn();

test.use({ viewport: { width: 375, height: 740 } });
// axe-core reads every node's colours: a screen takes seconds on a busy machine (as e2e/accessibility.spec.ts).
test.setTimeout(120_000);

test.beforeAll(async () => {
  await standIn.start(STAND_IN_PORT);
});
test.afterAll(async () => {
  await standIn.close();
});

/** The number the code goes to: 91 and the member's last 10 digits. */
const whatsAppNumber = (mobile: string) => `91${mobile.replace(/\D/g, '').slice(-10)}`;

/** Asks for a code for `identifier` on the code screen and reads it from the stand-in. */
async function askForCode(page: Page, identifier: string, mobile: string): Promise<string> {
  await page.getByRole('textbox', { name: /Mobile Number or Parish Number/ }).fill(identifier);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/a code is on its way on WhatsApp/)).toBeVisible();
  await expect.poll(() => standIn.codeSentTo(whatsAppNumber(mobile))).toMatch(/^\d{6}$/);
  return standIn.codeSentTo(whatsAppNumber(mobile)) ?? '';
}

test('a member signs in with a code on WhatsApp, then gives and withdraws consent to WhatsApp messages', async ({
  page,
  request,
}) => {
  const member = await memberWithDues(request, 'Codesignin');
  await page.goto('/customer/login');
  await expect(page.getByText(/Passwords are case-sensitive/)).toBeVisible();
  await page.getByRole('button', { name: 'Send me a code on WhatsApp' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with a code on WhatsApp' })).toBeVisible();
  await expectAccessible(page, 'code sign-in');
  const code = await askForCode(page, member.parishNumber, member.mobile);
  // A wrong code first: the clear message, and the screen stays.
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await page.getByRole('textbox', { name: /Code from WhatsApp/ }).fill(wrong);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('That code is not right or has expired. Ask for a new code.')).toBeVisible();
  await expectAccessible(page, 'code sign-in, wrong code');
  await page.getByRole('textbox', { name: /Code from WhatsApp/ }).fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);

  const consent = page.getByRole('region', { name: 'WhatsApp messages' });
  await expect(consent.getByText('No consent is recorded yet.')).toBeVisible();
  await consent.getByRole('button', { name: 'I agree to WhatsApp messages' }).click();
  await expect(consent.getByText(/^You agreed on \d{2}\/\d{2}\/\d{4}\.$/)).toBeVisible();
  await expectAccessible(page, 'portal with WhatsApp consent');
  await consent.getByRole('button', { name: 'Withdraw consent' }).click();
  await expect(consent.getByText(/^You withdrew consent on \d{2}\/\d{2}\/\d{4}\./)).toBeVisible();
});

test('a member who forgot the password chooses a new one with a code on WhatsApp', async ({ page, request }) => {
  const member = await memberWithDues(request, 'Forgotpw');
  await page.goto('/customer/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  const code = await askForCode(page, member.mobile.slice(-10), member.mobile);
  await page.getByRole('textbox', { name: /Code from WhatsApp/ }).fill(code);
  await page.getByLabel(/^New password again/).fill('Chosen-Pass-1');
  await page.getByLabel(/^New password(?! again)/).fill('Chosen-Pass-1');
  await expectAccessible(page, 'forgot password');
  await page.getByRole('button', { name: 'Save password and sign in' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  // The initial-password warning is gone: the member has a password of their own.
  await expect(page.getByText(/still using the initial password/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  // Signing out ends on the landing page by itself: wait for it before opening the sign-in page.
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/customer/login');
  await page.getByRole('textbox', { name: /Mobile Number/ }).fill(member.mobile.slice(-10));
  await page.getByLabel(/^Password/).fill('Chosen-Pass-1');
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
});
