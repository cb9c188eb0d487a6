import os from 'node:os';

import type { BrowserContext, CDPSession, Page } from '@playwright/test';

import { demoDataset, startServer } from './dataset.ts';
import { fmt, reported, type BenchCase, type BenchRow } from './harness.ts';
import {
  buildWebApp,
  CPU_SLOWDOWN,
  DEMO_MEMBER_NAME,
  freePort,
  launchChromium,
  median,
  phoneContext,
  SIGN_IN_BUTTON,
  signInDemoMember,
} from './paint.ts';

/**
 * `--only=paint-slow` (issue 31 item 1, decision 0150; `docs/domain.md`, §12 "Front-end goals"):
 * a member's cheap phone on a slow mobile network. Like `paint` (the built web app served by the
 * built server on the demo parish, PGlite, in Debian's Chromium at 375 × 812 px, cache off, CPU 4×
 * slower), and besides under DevTools' `Network.emulateNetworkConditions` with 150 ms latency,
 * 1,638.4 kbit/s down and 675 kbit/s up (DevTools' "slow 4G"-like profile of the issue). Each of
 * {@link RUNS} runs is a fresh browser context; the median of the runs is reported:
 * - the sign-in screen: its largest contentful paint (ms from navigation) and the requests (and
 *   script files among them) the page made until the network went quiet;
 * - the dashboard opened fresh with the session kept: the screen drawn with its data (the later of
 *   its largest contentful paint and the frame after its first pending due reached the page), and
 *   its requests and script files the same way;
 * - Pay: from pressing Pay Now on the first pending due, through Pay with Worldline in the confirm
 *   dialog as soon as it shows, to the sandbox gateway's page drawn (its Success button visible),
 *   in ms of wall clock (Playwright's polling adds up to a few tens of ms), with the part to the
 *   confirm dialog shown beside it. The attempt is then
 *   cancelled on that page, so the next run finds the same due pending.
 * Request counts are exact whatever the machine's load; the times are not (note the load average).
 */

/** Runs per measure; the median is reported. */
const RUNS = 3;
/** Round trip added to every request, ms. */
const LATENCY_MS = 150;
/** Download throughput, bytes a second: 1,638.4 kbit/s (DevTools counts 1 kbit as 1,024 bits). */
const DOWNLOAD_BYTES_PER_S = (1638.4 * 1024) / 8;
/** Upload throughput, bytes a second: 675 kbit/s. */
const UPLOAD_BYTES_PER_S = (675 * 1024) / 8;

/** Slows `page`'s network and CPU as the issue's phone and turns its cache off. */
async function slowDown(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: DOWNLOAD_BYTES_PER_S,
    uploadThroughput: UPLOAD_BYTES_PER_S,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

/** The requests a page makes (over HTTP, not `data:`), and the script files among them. */
function countRequests(page: Page) {
  const requests: string[] = [];
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (!/^https?:/.test(request.url())) return;
    requests.push(request.url());
    if (request.resourceType() === 'script') scripts.add(request.url());
  });
  return { requests: () => requests.length, scripts: () => scripts.size };
}

/**
 * In the page, before its scripts: `window.__firstDueDrawn`, ms from navigation to the frame after
 * the first pending due (`data-testid="pending-item"`) reached the page.
 */
const FIRST_DUE_PROBE = `(() => {
  const seen = () => {
    if (!document.querySelector('[data-testid="pending-item"]')) return false;
    requestAnimationFrame(() => { window.__firstDueDrawn = performance.now(); });
    return true;
  };
  new MutationObserver((_, observer) => { if (seen()) observer.disconnect(); })
    .observe(document, { childList: true, subtree: true });
})();`;

/** The last largest-contentful-paint entry of the page, ms from navigation (NaN if none). */
function largestPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        // 'largest-contentful-paint' is a browser entry type; Node's performance types lack it.
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
        }).observe({ type: 'largest-contentful-paint' as never, buffered: true });
        setTimeout(() => resolve(Number.NaN), 2000);
      }),
  );
}

/** One run's measures. */
interface SlowRun {
  signInLcpMs: number;
  signInRequests: number;
  signInScripts: number;
  dashboardMs: number;
  dashboardLcpMs: number;
  dashboardRequests: number;
  dashboardScripts: number;
  payMs: number;
  /** Pay Now to the confirm dialog's Pay button shown (its code and the gateway's script loaded, decision 0158). */
  payToDialogMs: number;
  confirmToGatewayMs: number;
}

/** One run in `context` (fresh): sign-in, dashboard, Pay. */
async function slowRun(context: BrowserContext): Promise<SlowRun> {
  const signInPage = await context.newPage();
  await slowDown(context, signInPage);
  const signInCount = countRequests(signInPage);
  await signInPage.goto('/customer/login');
  await signInPage.getByRole('button', { name: SIGN_IN_BUTTON }).waitFor();
  await signInPage.waitForLoadState('networkidle');
  const signInLcpMs = await largestPaint(signInPage);
  await signInPage.close();

  await signInDemoMember(context);
  const page = await context.newPage();
  await page.addInitScript(FIRST_DUE_PROBE);
  await slowDown(context, page);
  const dashboardCount = countRequests(page);
  await page.goto('/customer/dashboard');
  await page.getByRole('heading', { name: `Welcome, ${DEMO_MEMBER_NAME}` }).waitFor();
  await page.getByTestId('pending-item').first().waitFor();
  await page.waitForLoadState('networkidle');
  const dashboardLcpMs = await largestPaint(page);
  const firstDueMs = await page.evaluate(
    () => (globalThis as unknown as { __firstDueDrawn?: number }).__firstDueDrawn ?? Number.NaN,
  );
  const dashboardRequests = dashboardCount.requests();
  const dashboardScripts = dashboardCount.scripts();

  const payStarted = performance.now();
  await page.getByTestId('pending-item').getByRole('button', { name: 'Pay Now' }).first().click();
  const confirm = page
    .getByRole('dialog', { name: 'Confirm Payment' })
    .getByRole('button', { name: 'Pay with Worldline' });
  await confirm.waitFor({ timeout: 30_000 });
  const dialogShown = performance.now();
  await confirm.click({ timeout: 30_000 });
  const confirmed = performance.now();
  const success = page.getByRole('button', { name: /^Success/ });
  await success.waitFor({ timeout: 60_000 });
  const reached = performance.now();
  await page.getByRole('button', { name: /^Cancel/ }).click();
  await page.waitForURL(/\/payment-callback|\/customer\/dashboard/, { timeout: 60_000 });
  await page.close();
  return {
    signInLcpMs,
    signInRequests: signInCount.requests(),
    signInScripts: signInCount.scripts(),
    dashboardMs: Math.max(dashboardLcpMs, firstDueMs),
    dashboardLcpMs,
    dashboardRequests,
    dashboardScripts,
    payMs: reached - payStarted,
    payToDialogMs: dialogShown - payStarted,
    confirmToGatewayMs: reached - confirmed,
  };
}

async function paintSlowRows(): Promise<BenchRow[]> {
  await buildWebApp();
  const demo = await demoDataset('pglite');
  const port = await freePort();
  const server = await startServer(demo.database, port, {
    PAYMENTS_SANDBOX: 'true',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  }).catch(async (error: unknown) => {
    await demo.discard();
    throw error;
  });
  const browser = await launchChromium();
  try {
    const runs: SlowRun[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext(phoneContext(server.url));
      try {
        runs.push(await slowRun(context));
      } finally {
        await context.close();
      }
    }
    const mid = (pick: (run: SlowRun) => number) => median(runs.map(pick));
    const all = (pick: (run: SlowRun) => number) => runs.map(pick).join(', ');
    const conditions = `375 px, CPU ${CPU_SLOWDOWN}x, ${LATENCY_MS} ms, 1,638.4/675 kbit/s, cache off`;
    const note = `median of ${RUNS}; load average ${os.loadavg()[0]!.toFixed(1)}`;
    const row = (measure: string, value: number, unit: string, goal: BenchRow['goal'], extra = note): BenchRow => ({
      engine: 'pglite',
      measure,
      value,
      unit,
      floor: '-',
      goal,
      note: extra,
    });
    return [
      row(
        `member sign-in, largest contentful paint, ${conditions}`,
        mid((r) => r.signInLcpMs),
        'ms',
        'signInLcpSlow',
      ),
      row(
        'member sign-in, requests',
        mid((r) => r.signInRequests),
        'count',
        'signInRequests',
        `runs ${all((r) => r.signInRequests)}`,
      ),
      row(
        'member sign-in, script files',
        mid((r) => r.signInScripts),
        'count',
        'signInScriptFiles',
        `runs ${all((r) => r.signInScripts)}`,
      ),
      row(
        'member dashboard opened fresh, drawn with its data (LCP and first due), same conditions',
        mid((r) => r.dashboardMs),
        'ms',
        'dashboardLcpSlow',
        `${note}; LCP alone ${fmt(mid((r) => r.dashboardLcpMs))} ms`,
      ),
      row(
        'member dashboard, requests',
        mid((r) => r.dashboardRequests),
        'count',
        'dashboardRequests',
        `runs ${all((r) => r.dashboardRequests)}`,
      ),
      row(
        'member dashboard, script files',
        mid((r) => r.dashboardScripts),
        'count',
        'dashboardScriptFiles',
        `runs ${all((r) => r.dashboardScripts)}`,
      ),
      row(
        'member: Pay Now to the sandbox gateway page drawn, same conditions',
        mid((r) => r.payMs),
        'ms',
        'payToGatewaySlow',
        `${note}; Pay Now to the dialog ${fmt(mid((r) => r.payToDialogMs))} ms; Pay with Worldline to the page ${fmt(mid((r) => r.confirmToGatewayMs))} ms`,
      ),
    ];
  } finally {
    await browser.close();
    await server.stop();
    await demo.discard();
  }
}

/** `--only=paint-slow`: see the file comment. */
export const paintSlowCase: BenchCase = {
  name: 'paint-slow',
  summary:
    'member sign-in, dashboard and Pay in Chromium at 375 px, CPU 4x, 150 ms / 1.6 Mbit/s: LCP, requests, Pay to gateway',
  run: async () => reported('paint-slow', await paintSlowRows()),
};
