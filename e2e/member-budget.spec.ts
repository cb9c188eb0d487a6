import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import { MEMBER, signInMember } from './fixtures.ts';

/**
 * The member's first load within budget (issue 18; `docs/domain.md`, §12 "Front-end goals", E2):
 * the sign-in screen at most 150 KB of JavaScript over the wire and the dashboard at most 180 KB,
 * both Brotli-compressed as the server sends them (decision 0011), fonts not counted. Each test
 * starts with an empty browser cache and counts every script the page loads, by the size of the
 * `.br` file the server sends for it (the file itself when the build left it uncompressed, below
 * 1 KB). Measured on the production build in `apps/web/dist` (or `WEB_DIST_DIR`).
 *
 * And at most so many requests, and script files among them (decision 0150, issue 31): on a phone
 * 150 ms from the server each request costs a round trip, so the member's first screens come in a
 * few larger chunks (`apps/web/first-screen-chunks.ts`). Every request the page makes over HTTP
 * until the network is quiet counts: the page, scripts, style sheets, fonts and API calls. The
 * budgets are the counts measured after the change with a small margin (`npm run bench --
 * --only=paint-slow` reports the same counts under the slow network).
 */
const KB = 1000;
const SIGN_IN_BUDGET = 150 * KB;
const DASHBOARD_BUDGET = 180 * KB;
/** Requests (and script files) of the sign-in screen: 43 (39) before decision 0150, 9 (5) after. */
const SIGN_IN_REQUESTS = 12;
const SIGN_IN_SCRIPT_FILES = 6;
/** Requests (and script files) of the dashboard opened fresh: 69 (58) before decision 0150, 16 (5) after. */
const DASHBOARD_REQUESTS = 20;
const DASHBOARD_SCRIPT_FILES = 7;
const distDir = process.env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '..', 'apps', 'web', 'dist');

/** The bytes a script costs over the wire with Brotli: its `.br` copy, else the file. */
function brotliBytes(url: string): number {
  const file = path.join(distDir, new URL(url).pathname);
  if (existsSync(`${file}.br`)) return statSync(`${file}.br`).size;
  return statSync(file).size;
}

/**
 * Records every script `page` loads from now on; `total()` sums their Brotli bytes. `requests()`
 * lists every request the page makes over HTTP (not `data:`), in order.
 */
function countScripts(page: Page) {
  const scripts = new Set<string>();
  const requests: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) scripts.add(response.url());
  });
  page.on('request', (request) => {
    if (/^https?:/.test(request.url())) requests.push(`${request.resourceType()} ${new URL(request.url()).pathname}`);
  });
  return {
    total: () => [...scripts].reduce((sum, url) => sum + brotliBytes(url), 0),
    files: () => [...scripts].map((url) => `${path.basename(new URL(url).pathname)} ${brotliBytes(url)}`),
    scriptCount: () => scripts.size,
    requests: () => requests,
  };
}

/** Holds the page's requests and script files to their budgets, listing them when over. */
function expectFewRequests(scripts: ReturnType<typeof countScripts>, requestBudget: number, scriptBudget: number) {
  const requests = scripts.requests();
  test.info().annotations.push({
    type: 'requests (script files)',
    description: `${requests.length} (${scripts.scriptCount()}): ${requests.join(', ')}`,
  });
  expect(requests.length, requests.join('\n')).toBeLessThanOrEqual(requestBudget);
  expect(scripts.scriptCount(), scripts.files().join('\n')).toBeLessThanOrEqual(scriptBudget);
}

test('the member sign-in screen loads at most 150 KB of JavaScript (Brotli), in few requests', async ({ page }) => {
  const scripts = countScripts(page);
  await page.goto('/customer/login');
  await expect(page.getByRole('button', { name: 'Login to Dashboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const total = scripts.total();
  test
    .info()
    .annotations.push({ type: 'sign-in JS (Brotli bytes)', description: `${total}: ${scripts.files().join(', ')}` });
  expect(total, scripts.files().join('\n')).toBeLessThanOrEqual(SIGN_IN_BUDGET);
  expectFewRequests(scripts, SIGN_IN_REQUESTS, SIGN_IN_SCRIPT_FILES);
});

test('the member dashboard, opened fresh, loads at most 180 KB of JavaScript (Brotli), in few requests', async ({
  page,
  context,
}) => {
  await signInMember(page, MEMBER.mobile10, 'Mobile Number');
  await expect(page.getByRole('heading', { name: `Welcome, ${MEMBER.name}` })).toBeVisible();
  // A fresh page with the session kept but nothing cached: what a returning member's phone loads.
  const fresh = await context.newPage();
  const cdp = await context.newCDPSession(fresh);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = countScripts(fresh);
  await fresh.goto('/customer/dashboard');
  await expect(fresh.getByRole('heading', { name: `Welcome, ${MEMBER.name}` })).toBeVisible();
  await expect(fresh.getByText('Loading your payments...')).toHaveCount(0);
  await fresh.waitForLoadState('networkidle');
  const total = scripts.total();
  test
    .info()
    .annotations.push({ type: 'dashboard JS (Brotli bytes)', description: `${total}: ${scripts.files().join(', ')}` });
  expect(total, scripts.files().join('\n')).toBeLessThanOrEqual(DASHBOARD_BUDGET);
  expectFewRequests(scripts, DASHBOARD_REQUESTS, DASHBOARD_SCRIPT_FILES);
});
