import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { expect, test } from '@playwright/test';

/**
 * The office network: the app opened as `http://<office-PC-ip>:<port>` from another computer, over
 * plain http (`docs/ARCHITECTURE.md`, "Security headers"). A second server listens on a
 * non-loopback IPv4 address of this machine (the E2E_PORT on that address: the suite's own server
 * holds it on 127.0.0.1 only) with PUBLIC_URL on that address, and the browser loads the app
 * through it and signs in.
 */

/** The first non-internal IPv4 address of this machine; the test fails (never skips) without one. */
function lanAddress(): string {
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) return address.address;
    }
  }
  throw new Error('this machine has no non-loopback IPv4 address to test the office network on');
}

const port = Number(process.env.E2E_PORT ?? 3210);
const ADMIN_PASSWORD = 'lan-admin-password';
let server: ChildProcess | undefined;
let dataDir = '';
let origin = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const host = lanAddress();
  origin = `http://${host}:${port}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'parish-e2e-lan-'));
  server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.mjs'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: host,
      PORT: String(port),
      PUBLIC_URL: origin,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      GATEWAY_RECHECK_SECONDS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 600 || server.exitCode !== null) throw new Error(`the server on ${origin} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('over plain http on a LAN address the app loads, without upgrade or HSTS, and the admin signs in', async ({
  page,
}) => {
  const response = await page.goto(`${origin}/admin/login`);
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  expect(headers['strict-transport-security']).toBeUndefined();
  await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
  await page.getByLabel(/^Username/).fill('admin');
  await page.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
  await expect(page).toHaveURL(new RegExp(`^${origin.replaceAll('.', '\\.')}/admin/dashboard$`));
  // A fresh parish's first admin lands on the Get started checklist (issue 28 item 6, decision 0132).
  await expect(page.getByRole('heading', { name: 'Get started', level: 2 })).toBeVisible();
});
