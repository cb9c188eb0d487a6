import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';

import { DEFAULT_WEB_DIST } from '../../src/paths.ts';
import { demoDataset, startServer } from './dataset.ts';
import { fmt, percentile, reported, type BenchCase, type BenchRow } from './harness.ts';
import { DEMO_MEMBER } from './portal.ts';

/**
 * `--only=paint` (issue 18; `docs/domain.md`, §12 "Front-end goals", E2): what a member's cheap
 * phone sees. The web app is built as `npm start` builds it, served by the built server on the demo
 * parish (PGlite), and opened in Debian's Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium) at
 * 375 × 812 px with the CPU slowed 4× (DevTools' `Emulation.setCPUThrottlingRate`) and the cache
 * off, as a first visit:
 * - first contentful paint (the browser's `first-contentful-paint` entry, ms from navigation) of
 *   the sign-in screen and of the dashboard opened fresh with the session kept; the median of
 *   {@link RUNS}. The first paint is the page's own spinner (`apps/web/index.html`), so the largest
 *   contentful paint, the screen itself drawn, is reported beside it;
 * - the JavaScript each loads, in Brotli bytes as the server sends it (the `.br` file beside each
 *   script, as `e2e/member-budget.spec.ts` counts, which holds the same budgets in `npm test`).
 * The floor is the same browser painting a static page of one heading from the same origin under the
 * same throttling: navigation and paint with no application at all.
 */

const RUNS = 5;
/** A small phone's screen, CSS px. */
export const VIEWPORT = { width: 375, height: 812 };
/** How many times slower DevTools runs the page's CPU (`Emulation.setCPUThrottlingRate`). */
export const CPU_SLOWDOWN = 4;
/** The member sign-in's submit button: the sign-in screen is drawn when it shows. */
export const SIGN_IN_BUTTON = 'Login to Dashboard';
/** The demo member's name (`scripts/demo.ts`), in the dashboard's "Welcome, …" heading. */
export const DEMO_MEMBER_NAME = 'Thomas Mathew';

/** Builds the web app as `npm start` does (`vite build --mode production` into apps/web/dist). */
export function buildWebApp(): Promise<void> {
  const root = path.resolve(DEFAULT_WEB_DIST, '../../..');
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '--workspace', '@parish/web', '--', '--mode', 'production'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the web build exited with ${code}`))));
  });
}

/** A port of 127.0.0.1 nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The bytes a script costs over the wire with Brotli: its `.br` copy in the build, else the file. */
export function brotliBytes(url: string): number {
  const file = path.join(DEFAULT_WEB_DIST, new URL(url).pathname);
  if (!existsSync(file)) return 0;
  return existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size;
}

/** Debian's Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium), headless; never a downloaded browser. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** A browser context's options for a phone of {@link VIEWPORT} (touch, 2× pixels) on `baseURL`. */
export function phoneContext(baseURL: string): BrowserContextOptions {
  return { baseURL, viewport: VIEWPORT, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
}

/** Signs the demo member in on a page of `context` (unthrottled), which keeps the session. */
export async function signInDemoMember(context: BrowserContext): Promise<void> {
  const first = await context.newPage();
  await first.goto('/customer/login');
  await first.getByRole('textbox', { name: /Mobile Number/ }).fill(DEMO_MEMBER.identifier);
  await first.getByLabel(/^Password/).fill(DEMO_MEMBER.password);
  await first.getByRole('button', { name: SIGN_IN_BUTTON }).click();
  await first.waitForURL(/\/customer\/dashboard$/);
  await first.close();
}

/** One load of a page: its paints (ms from navigation start) and its scripts' Brotli bytes. */
interface PaintRun {
  fcpMs: number;
  lcpMs: number;
  scriptBytes: number;
}

/**
 * Opens `url` in a new page of `context`, cache off and CPU slowed, waits until `ready` passes, and
 * reads the paints the browser recorded.
 */
async function paintOf(context: BrowserContext, url: string, ready: (page: Page) => Promise<void>): Promise<PaintRun> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.ok()) scripts.add(response.url());
    });
    await page.goto(url);
    await ready(page);
    await page.waitForLoadState('networkidle');
    const paints = await page.evaluate(
      () =>
        new Promise<{ fcp: number; lcp: number }>((resolve) => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
          // 'largest-contentful-paint' is a browser entry type; this file is typed with Node's
          // performance API, which lacks it.
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve({ fcp, lcp: entries[entries.length - 1]?.startTime ?? Number.NaN });
          }).observe({ type: 'largest-contentful-paint' as never, buffered: true });
          setTimeout(() => resolve({ fcp, lcp: Number.NaN }), 2000);
        }),
    );
    return {
      fcpMs: paints.fcp,
      lcpMs: paints.lcp,
      scriptBytes: [...scripts].reduce((sum, script) => sum + brotliBytes(script), 0),
    };
  } finally {
    await page.close();
  }
}

/** The median of some numbers (of an odd count: the middle one). */
export const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** {@link RUNS} loads of a page, summed up as their medians. */
async function medianPaint(load: () => Promise<PaintRun>): Promise<PaintRun> {
  const runs: PaintRun[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await load());
  return {
    fcpMs: median(runs.map((run) => run.fcpMs)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    scriptBytes: median(runs.map((run) => run.scriptBytes)),
  };
}

async function paintRows(): Promise<BenchRow[]> {
  await buildWebApp();
  const demo = await demoDataset('pglite');
  const server = await startServer(demo.database, await freePort()).catch(async (error: unknown) => {
    await demo.discard();
    throw error;
  });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext(phoneContext(server.url));
    // The floor: one heading, no script, from the same origin.
    await context.route('**/bench-floor', (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: '<!doctype html><html lang="en"><title>Floor</title><h1>St. Mary’s Parish</h1></html>',
      }),
    );
    const floor = await medianPaint(() =>
      paintOf(context, '/bench-floor', (page) => page.getByRole('heading', { name: 'St. Mary’s Parish' }).waitFor()),
    );
    const signInReady = (page: Page) => page.getByRole('button', { name: SIGN_IN_BUTTON }).waitFor();
    const signIn = await medianPaint(() => paintOf(context, '/customer/login', signInReady));

    // Signed in once, unthrottled; each measured load is a fresh page keeping the session.
    await signInDemoMember(context);
    const dashboard = await medianPaint(() =>
      paintOf(context, '/customer/dashboard', async (page) => {
        await page.getByRole('heading', { name: `Welcome, ${DEMO_MEMBER_NAME}` }).waitFor();
        await page.getByText('Loading your payments...').waitFor({ state: 'detached' });
      }),
    );
    const floorText = `static page FCP ${fmt(floor.fcpMs)} ms`;
    const rows: BenchRow[] = [];
    for (const [screen, measured, fcpGoal, bytesGoal] of [
      ['sign-in', signIn, 'signInPaint', 'signInScript'],
      ['dashboard', dashboard, 'dashboardPaint', 'dashboardScript'],
    ] as const) {
      rows.push(
        {
          engine: 'pglite',
          measure: `member ${screen}, first contentful paint, 375 px, CPU ${CPU_SLOWDOWN}x`,
          value: measured.fcpMs,
          unit: 'ms',
          floor: floorText,
          goal: fcpGoal,
          note: `median of ${RUNS}`,
        },
        {
          engine: 'pglite',
          measure: `member ${screen}, largest contentful paint (the screen drawn), same conditions`,
          value: measured.lcpMs,
          unit: 'ms',
          floor: floorText,
          goal: null,
          note: `median of ${RUNS}`,
        },
        {
          engine: 'pglite',
          measure: `member ${screen}, JavaScript over the wire (Brotli)`,
          value: measured.scriptBytes / 1000,
          unit: 'KB',
          floor: '-',
          goal: bytesGoal,
        },
      );
    }
    return rows;
  } finally {
    await browser.close();
    await server.stop();
    await demo.discard();
  }
}

/** `--only=paint`: see the file comment. */
export const paintCase: BenchCase = {
  name: 'paint',
  summary: 'member sign-in and dashboard in Chromium at 375 px, CPU 4x slower: first paint and JavaScript bytes',
  run: async () => reported('paint', await paintRows()),
};
