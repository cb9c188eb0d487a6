import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Dashboard, RazorpayOrder, VoidTestPaymentsResult } from '@parish/shared';

import { loadConfig } from '../../../src/config/env.ts';
import { loadGatewaySettings, SANDBOX_SECRETS } from '../../../src/config/gateways.ts';
import { due, expectUnpaid, paymentRow, postForm, razorpayBank, transactionRow } from '../../gateway-fixtures.ts';
import { createTestApp, loginAs, testConfig, type Session, type TestApp } from '../../helpers.ts';

/**
 * Test credentials make test payments (issue 27 item 14, decision 0119, replacing decision 0020's
 * "credentials set means live"): Razorpay `rzp_test_…` keys and a Worldline test merchant put the
 * gateway in `test` mode; its checkouts and payments are flagged test (decision 0045), kept out of
 * collected money, shown by the band and voided by "Void all test payments". And a Worldline
 * configuration with credentials but no scheme code is refused (issue 27 item 16).
 *
 * The Razorpay run is the real protocol over HTTP: one app plays Razorpay (its sandbox, listening
 * on a port), the other is the parish's server configured with Razorpay TEST credentials whose
 * API is that sandbox (the sandbox's published key is a `rzp_test_` key).
 */

const LIVE_WORLDLINE = { WORLDLINE_SALT: 'salt', WORLDLINE_SCHEME_CODE: 'test' };

describe('payment mode from the credentials', () => {
  it.each([
    [{ RAZORPAY_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag', RAZORPAY_KEY_SECRET: 's' }, 'razorpay', 'test'],
    [{ RAZORPAY_KEY_ID: 'rzp_live_1DP5mmOlF5G5ag', RAZORPAY_KEY_SECRET: 's' }, 'razorpay', 'live'],
    [{ WORLDLINE_MERCHANT_ID: 'T206030', ...LIVE_WORLDLINE }, 'worldline', 'test'],
    [{ WORLDLINE_MERCHANT_ID: 'L1055993', ...LIVE_WORLDLINE }, 'worldline', 'live'],
    [{ WORLDLINE_MERCHANT_ID: 'L1055993', WORLDLINE_TEST_MERCHANT: 'true', ...LIVE_WORLDLINE }, 'worldline', 'test'],
    [{ WORLDLINE_MERCHANT_ID: 'T206030', WORLDLINE_TEST_MERCHANT: 'false', ...LIVE_WORLDLINE }, 'worldline', 'live'],
  ] as const)('%j: %s is %s', (env, gateway, mode) => {
    expect(loadGatewaySettings(env)[gateway].mode).toBe(mode);
  });

  it('refuses Worldline credentials without a scheme code, at start-up too; the sandbox keeps FIRST', () => {
    const env = { WORLDLINE_MERCHANT_ID: 'L1055993', WORLDLINE_SALT: 'salt' };
    expect(() => loadGatewaySettings(env)).toThrow(/WORLDLINE_SCHEME_CODE: required/);
    expect(() => testConfig(env)).toThrow(/WORLDLINE_SCHEME_CODE: required/);
    expect(() => loadConfig({ ...env, JWT_SECRET: 'x'.repeat(40) })).toThrow(/WORLDLINE_SCHEME_CODE/);
    expect(loadGatewaySettings({ ...env, WORLDLINE_SCHEME_CODE: 'SCH42' }).worldline.schemeCode).toBe('SCH42');
    expect(loadGatewaySettings({ PAYMENTS_SANDBOX: 'true' }).worldline).toMatchObject({
      mode: 'sandbox',
      schemeCode: 'FIRST',
    });
  });
});

describe('Razorpay test keys', () => {
  let razorpay: TestApp;
  let parish: TestApp;
  let admin: Session;

  beforeAll(async () => {
    razorpay = await createTestApp({ env: { GATEWAY_RECHECK_SECONDS: '0' } });
    await razorpay.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = razorpay.app.server.address() as AddressInfo;
    parish = await createTestApp({
      env: {
        GATEWAY_RECHECK_SECONDS: '0',
        RAZORPAY_KEY_ID: SANDBOX_SECRETS.razorpayKeyId,
        RAZORPAY_KEY_SECRET: SANDBOX_SECRETS.razorpayKeySecret,
        RAZORPAY_WEBHOOK_SECRET: SANDBOX_SECRETS.razorpayWebhookSecret,
        RAZORPAY_API_URL: `http://127.0.0.1:${port}/api/sandbox/razorpay`,
      },
    });
    admin = await loginAs(parish.app, 'admin');
  });
  afterAll(async () => {
    await parish.close();
    await razorpay.close();
  });

  async function dashboard(): Promise<Dashboard> {
    const response = await parish.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Dashboard>();
  }

  it('say test mode; the payment is test money: apart from collections, on the band, voided with the rest', async () => {
    expect(SANDBOX_SECRETS.razorpayKeyId.startsWith('rzp_test_')).toBe(true);
    const health = await parish.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ payments: { razorpay: 'test' } });
    const config = await parish.app.inject({ method: 'GET', url: '/api/razorpay/config' });
    expect(config.json()).toMatchObject({ available: true, mode: 'test' });

    const member = await loginAs(parish.app, 'customer');
    const misc = await due(parish.app, member.account.id, 'miscellaneous', 45_000);
    const before = await dashboard();
    const created = await parish.app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: member.headers,
      payload: { paymentIds: [misc] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const order = created.json<RazorpayOrder>();
    expect(order.mode).toBe('test');
    expect((await transactionRow(parish.app, order.order.receipt)).isTest).toBe(true);

    // The member pays on "Razorpay" (the other app's bank page); the browser returns to the parish.
    const fields = await razorpayBank(razorpay.app, order, 'success');
    const settled = await postForm(parish.app, '/api/razorpay/callback', fields);
    expect(new URL(String(settled.headers['location']), 'http://x').searchParams.get('status')).toBe('success');
    expect(await paymentRow(parish.app, misc)).toMatchObject({ status: 'paid', isTest: true });

    const after = await dashboard();
    expect(after.amounts.totalCollected).toBe(before.amounts.totalCollected);
    expect(after.testPayments).toEqual({ count: 1, amount: 450 });

    const voided = await parish.app.inject({
      method: 'POST',
      url: '/api/admin/test-payments/void',
      headers: admin.headers,
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json<VoidTestPaymentsResult>().payments).toBe(1);
    await expectUnpaid(parish.app, misc);
    expect((await dashboard()).testPayments).toEqual({ count: 0, amount: 0 });
  });
});
