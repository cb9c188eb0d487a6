import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { paise, type WorldlineOrder } from '@parish/shared';

import { SANDBOX_SECRETS } from '../../../src/config/gateways.ts';
import { systemContext } from '../../../src/context.ts';
import { newTxnId, recordPendingTransaction } from '../../../src/modules/gateways/orders.service.ts';
import { settleTransaction } from '../../../src/modules/gateways/settle.ts';
import { verifyWorldlineResponse } from '../../../src/modules/gateways/worldline/worldline-hash.ts';
import { due, paymentRow, transactionRow, worldlineBank } from '../../gateway-fixtures.ts';
import { createTestApp, loginAs, type TestApp } from '../../helpers.ts';

/**
 * The lock order of a new online order against a settlement (`docs/ARCHITECTURE.md`, "Lock
 * order"): a new order that supersedes a held checkout locks that checkout's transaction row
 * before the payments, as the settlement of that checkout does (transaction row, then payments).
 * Raced for real on PostgreSQL (`TEST_DATABASE_URL`); PGlite has one connection.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { GATEWAY_RECHECK_SECONDS: '0' } });
});
afterAll(async () => {
  await t.close();
});

describe('a new order racing the settlement of the checkout it supersedes', () => {
  it('never deadlocks, and the due is paid exactly once', async () => {
    const member = await loginAs(t.app, 'customer');
    const ctx = systemContext(t.app.deps);
    for (let round = 0; round < 12; round += 1) {
      const amountPaise = 1_000 + round;
      const paymentId = await due(t.app, member.account.id, 'miscellaneous', amountPaise);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/worldline/create-customer-order',
        headers: member.headers,
        payload: { paymentIds: [paymentId] },
      });
      expect(response.statusCode, response.body).toBe(200);
      const held = response.json<WorldlineOrder>();
      const msg = verifyWorldlineResponse(await worldlineBank(t.app, held, 'success'), SANDBOX_SECRETS.worldlineSalt);
      if (!msg) throw new Error('the sandbox bank answered no msg');
      const line = {
        paymentId,
        headId: 'h',
        headName: 'h',
        headType: 'miscellaneous',
        duePaise: paise(amountPaise),
        amountPaise: paise(amountPaise),
      };
      const [settled, ordered] = await Promise.allSettled([
        settleTransaction(ctx, { txnId: held.txnId, evidence: { gateway: 'worldline', source: 'callback', msg } }),
        recordPendingTransaction(ctx, {
          gateway: 'worldline',
          txnId: newTxnId('WL', t.clock.now()),
          gatewayOrderId: null,
          memberId: member.account.id,
          lines: [line],
          totalPaise: paise(amountPaise),
          isTest: true,
        }),
      ]);
      const failures = [settled, ordered]
        .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
        .map((r) => String((r.reason as Error).message));
      expect(failures.filter((m) => /deadlock/i.test(m))).toEqual([]);
      expect(settled.status).toBe('fulfilled');
      expect((await transactionRow(t.app, held.txnId)).status).toBe('success');
      const payment = await paymentRow(t.app, paymentId);
      expect(payment.status).toBe('paid');
      expect(payment.transactionId).toBe(held.txnId);
      // The new order either came first (superseding the checkout, which then paid the due) or
      // found the due paid.
      if (ordered.status === 'rejected') expect(failures.join()).toMatch(/already been paid/);
    }
  }, 120_000);
});
