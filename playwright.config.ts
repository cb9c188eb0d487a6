import os from 'node:os';
import path from 'node:path';

import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the production build, served by the real server on a fresh embedded
 * database loaded with the demo parish. Debian's Chromium only (`CHROMIUM_PATH`, default
 * /usr/bin/chromium): no browser is ever downloaded.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = path.join(os.tmpdir(), `parish-e2e-${process.pid}`);
/**
 * Where `npm run diocese:admin` prints the e2e diocese administrator's one-time password before the
 * server starts; e2e/diocese.spec.ts reads it (the same name from E2E_PORT).
 */
const dioceseAdminFile = path.join(os.tmpdir(), `parish-e2e-diocese-${port}.txt`);
/**
 * The local stand-in for the WhatsApp Cloud API that e2e/reminders.spec.ts starts on this port;
 * other specs never send, so nothing needs it to be running.
 */
const WHATSAPP_STAND_IN_PORT = Number(process.env.E2E_WHATSAPP_PORT ?? 3299);

export default defineConfig({
  testDir: './e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
  },
  webServer: {
    command:
      `rm -rf ${dataDir} && node --import tsx apps/server/scripts/demo.ts` +
      ` && node --import tsx apps/server/scripts/diocese-admin.ts --username e2e-bishop > ${dioceseAdminFile}` +
      ` && node --enable-source-maps apps/server/dist/server.mjs`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'e2e-admin-password',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      // The browser tests pay through the sandbox gateways (the demo parish would turn them on too).
      PAYMENTS_SANDBOX: 'true',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WHATSAPP_ACCESS_TOKEN: 'e2e-whatsapp-token',
      WHATSAPP_PHONE_NUMBER_ID: '100200300400',
      WHATSAPP_BASE_URL: `http://127.0.0.1:${WHATSAPP_STAND_IN_PORT}`,
      WHATSAPP_APP_SECRET: 'e2e-whatsapp-app-secret',
      // Known to e2e/whatsapp-links.spec.ts, which signs an expired payment link with it.
      JWT_SECRET: 'e2e-jwt-secret-known-to-the-payment-link-tests-0123456789',
      // A developer may build into a directory of their own (vite build --outDir) and point here.
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    },
  },
});
