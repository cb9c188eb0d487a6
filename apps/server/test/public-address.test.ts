import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { GATEWAY_MSG, type PublicAddress, type WorldlineOrder } from '@parish/shared';

import { warnPrivatePublicUrl } from '../src/lib/server-address.ts';
import { due } from './gateway-fixtures.ts';
import { createTestApp, expectError, loginAs, type Session, type TestApp } from './helpers.ts';

/**
 * Links for people outside the office carry a reachable address (issue 27 item 18, decision
 * 0117): `GET /api/admin/public-address` tells the Settings and Send Reminders screens when
 * `PUBLIC_URL` is localhost or private, the start-up log warns, and a LIVE gateway checkout is
 * refused with such an address while the sandbox keeps working locally.
 */

let live: TestApp;
let sandbox: TestApp;
let admin: Session;

beforeAll(async () => {
  live = await createTestApp({
    env: {
      WORLDLINE_MERCHANT_ID: 'L1000',
      WORLDLINE_SALT: 'live-salt',
      WORLDLINE_SCHEME_CODE: 'SCH1',
      GATEWAY_RECHECK_SECONDS: '0',
    },
  });
  sandbox = await createTestApp({ env: { GATEWAY_RECHECK_SECONDS: '0' } });
  admin = await loginAs(live.app, 'admin');
});
afterAll(async () => {
  await live.close();
  await sandbox.close();
});

async function publicAddress(): Promise<PublicAddress> {
  const response = await live.app.inject({ method: 'GET', url: '/api/admin/public-address', headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PublicAddress>();
}

describe('GET /api/admin/public-address', () => {
  it('names localhost, a private address, and nothing for a public one', async () => {
    live.app.config.publicUrl = 'http://localhost:3000';
    expect(await publicAddress()).toEqual({ publicUrl: 'http://localhost:3000', problem: 'localhost' });
    live.app.config.publicUrl = 'http://192.168.1.20:3000';
    expect(await publicAddress()).toEqual({ publicUrl: 'http://192.168.1.20:3000', problem: 'private' });
    live.app.config.publicUrl = 'https://dues.stmarys.in';
    expect(await publicAddress()).toEqual({ publicUrl: 'https://dues.stmarys.in', problem: null });
  });

  it('is the admin’s only', async () => {
    const cashier = await loginAs(live.app, 'cashier');
    const response = await live.app.inject({
      method: 'GET',
      url: '/api/admin/public-address',
      headers: cashier.headers,
    });
    expectError(response, 403, 'FORBIDDEN');
  });
});

describe('live checkout and PUBLIC_URL', () => {
  function order(app: TestApp, session: Session, paymentIds: string[]) {
    return app.app.inject({
      method: 'POST',
      url: '/api/worldline/create-customer-order',
      headers: session.headers,
      payload: { paymentIds },
    });
  }

  it('refuses a live checkout while PUBLIC_URL is localhost or private, and opens it with a public address', async () => {
    const member = await loginAs(live.app, 'customer');
    const misc = await due(live.app, member.account.id, 'miscellaneous', 25_000);
    for (const url of ['http://localhost:3000', 'http://10.0.0.5:3000']) {
      live.app.config.publicUrl = url;
      expectError(await order(live, member, [misc]), 503, 'GATEWAY_UNAVAILABLE', GATEWAY_MSG.paymentsOff);
    }
    live.app.config.publicUrl = 'https://dues.stmarys.in';
    const opened = await order(live, member, [misc]);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<WorldlineOrder>().worldlineOrder.consumerData.returnUrl).toBe(
      'https://dues.stmarys.in/api/worldline/callback',
    );
  });

  it('keeps the sandbox working on localhost', async () => {
    expect(sandbox.app.config.publicUrl).toBe('http://localhost:3000');
    const member = await loginAs(sandbox.app, 'customer');
    const misc = await due(sandbox.app, member.account.id, 'miscellaneous', 25_000);
    const opened = await order(sandbox, member, [misc]);
    expect(opened.statusCode, opened.body).toBe(200);
  });
});

describe('start-up warning', () => {
  function warnings(publicUrl: string) {
    const lines: { details: object; message: string }[] = [];
    warnPrivatePublicUrl({ warn: (details, message) => lines.push({ details, message }) }, publicUrl);
    return lines;
  }

  it('warns for localhost and a private address, not for a public one', () => {
    expect(warnings('http://localhost:3000')).toEqual([
      {
        details: { publicUrl: 'http://localhost:3000', problem: 'localhost' },
        message: expect.stringMatching(/PUBLIC_URL/),
      },
    ]);
    expect(warnings('http://192.168.0.9')).toHaveLength(1);
    expect(warnings('https://dues.stmarys.in')).toEqual([]);
  });
});
