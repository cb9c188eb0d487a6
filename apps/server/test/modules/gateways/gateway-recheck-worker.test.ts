import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { WorldlineOrder } from '@parish/shared';

import { startGatewayRecheck } from '../../../src/workers/gateway-recheck.ts';
import { due, expectUnpaid, paymentRow, postForm, transactionRow, worldlineBank } from '../../gateway-fixtures.ts';
import { createTestApp, loginAs, type Session, type TestApp, type TestMember } from '../../helpers.ts';

let t: TestApp;
let member: Session & { account: TestMember };
const SANDBOX_STATUS_URL = '/api/sandbox/worldline/api/paynimoV2.req';

beforeAll(async () => {
  t = await createTestApp({ env: { GATEWAY_RECHECK_SECONDS: '0' } });
  member = await loginAs(t.app, 'customer');
});
afterAll(async () => {
  await t.close();
});

describe('startGatewayRecheck', () => {
  it('re-checks pending transactions every `seconds` seconds until stopped', async () => {
    const misc = await due(t.app, member.account.id, 'miscellaneous', 4_300);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/worldline/create-customer-order',
      headers: member.headers,
      payload: { paymentIds: [misc] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const order = created.json<WorldlineOrder>();
    // The status API is down when the member returns: the transaction stays pending.
    t.app.config.worldline.statusUrl = 'http://127.0.0.1:9/api/paynimoV2.req';
    await postForm(t.app, '/api/worldline/callback', { msg: await worldlineBank(t.app, order, 'success') });
    await expectUnpaid(t.app, misc);
    t.app.config.worldline.statusUrl = SANDBOX_STATUS_URL;
    t.clock.advance(3 * 60 * 1000);

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const recheck = startGatewayRecheck(t.app.deps, 5);
      vi.advanceTimersByTime(4_999);
      await expectUnpaid(t.app, misc);
      vi.advanceTimersByTime(1);
      // Polled on real time (vi.waitFor would move the fake interval on by itself).
      for (let tries = 0; tries < 200 && (await paymentRow(t.app, misc)).status !== 'paid'; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await paymentRow(t.app, misc)).status).toBe('paid');
      expect((await transactionRow(t.app, order.txnId)).status).toBe('success');
      expect(vi.getTimerCount()).toBe(1);
      await recheck.stop();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
