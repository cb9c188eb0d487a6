import { expect, test } from '@playwright/test';

import { MEMBER, signInMember } from './fixtures.ts';

/**
 * The member sign-in drawn by the server's page itself (decision 0159; issue 31, item 1): the
 * build draws the screen into `member-login.html`, the server sends it for `/customer/login`, the
 * browser draws it from the HTML and the style sheet before any script, and the app hydrates it
 * without a mismatch (React would report one in the console and draw afresh).
 */

test('the sign-in is in the page the server sends, and drawn without any script', async ({ browser, request }) => {
  const html = await (await request.get('/customer/login')).text();
  expect(html).toContain('data-prerendered="member-login"');
  expect(html).toContain('Login to Dashboard');
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/member-sign-in-[^"]+\.js">/);
  // A payment link's query changes the screen: the plain page, which the app draws.
  expect(await (await request.get('/customer/login?mobile=9847012345')).text()).not.toContain('data-prerendered');
  expect(await (await request.get('/customer/dashboard')).text()).not.toContain('data-prerendered');

  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto('/customer/login');
  await expect(page.getByRole('heading', { name: 'Member Login' })).toBeVisible();
  await expect(page.locator('#root input[autocomplete="username"]')).toBeVisible();
  await expect(page.getByText('Login to Dashboard')).toBeVisible();
  await context.close();
});

test('the app hydrates the drawn sign-in without a mismatch, and it signs in', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/customer/login');
  // Held inert until hydrated, then the app's: the attribute goes.
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(page.getByRole('button', { name: 'Login to Dashboard' })).toBeEnabled();
  // The mode switch works (the hydrated control is live), and back.
  await page.getByText('Parish Number', { exact: true }).first().click();
  await expect(page.getByRole('textbox', { name: /Parish Number/ })).toBeVisible();
  await page.getByText('Mobile Number', { exact: true }).first().click();
  expect(errors).toEqual([]);
  await signInMember(page, MEMBER.mobile10, 'Mobile Number');
  await expect(page.getByRole('heading', { name: `Welcome, ${MEMBER.name}` })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a payment link and another language are drawn by the app, not hydrated', async ({ page }) => {
  await page.goto(`/customer/login?mobile=${MEMBER.mobile10}`);
  await expect(page.getByRole('textbox', { name: /Mobile Number/ })).toHaveValue(MEMBER.mobile10);
  await page.evaluate(() => localStorage.setItem('language', 'ml'));
  await page.goto('/customer/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ml');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.getByRole('button', { name: 'Login to Dashboard' })).toHaveCount(0);
});
