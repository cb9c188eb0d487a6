import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';

import {
  ErrorCode,
  GATEWAY_MSG,
  payLinkOutcomeSchema,
  type PayLinkOutcome,
  type PayView,
  type WaMeLink,
  type WorldlineOrder,
} from '@parish/shared';

import { members } from '../../../src/db/schema/index.ts';
import { due, expectUnpaid, paymentRow, postForm, worldlineBank } from '../../gateway-fixtures.ts';
import { createMember, createTestApp, expectError, loginAs, type RoleSession, type TestApp } from '../../helpers.ts';

/**
 * The payment link as a complete journey (decision 0140; `docs/domain.md`, §9 "Payment links
 * without a password"): the member's choice of dues and amounts through the link, checked by the
 * same rules as the signed-in order; the outcome of the link's own transactions with the receipts'
 * signed links, never another member's; the member's saved language in the pay view. Against a
 * real database and the Worldline sandbox bank.
 */

const apps: TestApp[] = [];
afterEach(async () => {
  while (apps.length > 0) await apps.pop()?.close();
});

async function app(): Promise<TestApp> {
  const t = await createTestApp({ env: { GATEWAY_RECHECK_SECONDS: '0' } });
  apps.push(t);
  return t;
}

/** The path of the member's payment link (`/pay/<mobile>/<token>`). */
async function linkPath(t: TestApp, staff: RoleSession, memberId: string): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/members/${memberId}/whatsapp-link`,
    headers: staff.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return new URL(response.json<WaMeLink>().payLink).pathname;
}

function order(t: TestApp, path: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/api${path}/order`, payload });
}

function outcome(t: TestApp, path: string, txnId: string) {
  return t.app.inject({ method: 'GET', url: `/api${path}/transactions/${encodeURIComponent(txnId)}` });
}

/** Pays an order at the sandbox bank and returns through the return URL, as the browser does. */
async function payAtBank(t: TestApp, body: WorldlineOrder, result: 'success' | 'failure' | 'cancel') {
  const back = await postForm(t.app, '/api/worldline/callback', { msg: await worldlineBank(t.app, body, result) });
  expect(back.statusCode, back.body).toBe(303);
  return back;
}

describe('the payment link: a choice of dues, checked as the signed-in order', () => {
  it('pays the dues chosen, a variable head above its minimum, never below it; the arrears gate holds', async () => {
    const t = await app();
    const admin = await loginAs(t.app, 'admin');
    const member = await createMember(t.app);
    const fixed = await due(t.app, member.id, 'miscellaneous', 10_000);
    const variable = await due(t.app, member.id, 'miscellaneous', 20_000, true);
    await due(t.app, member.id, 'miscellaneous', 5_000);
    const path = await linkPath(t, admin, member.id);

    const view = (await t.app.inject({ method: 'GET', url: `/api${path}` })).json<PayView>();
    expect(view.items.map((item) => [item._id, item.variableAmount]).filter(([id]) => id === variable)).toEqual([
      [variable, true],
    ]);
    // Two of the three dues, the variable one at ₹250.50, and a custom amount on the fixed one ignored.
    const chosen = await order(t, path, {
      paymentIds: [fixed, variable],
      customAmounts: { [fixed]: '999', [variable]: '250.50' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const body = chosen.json<WorldlineOrder>();
    expect(body.amount).toBe(350.5);
    expect(Object.fromEntries(body.payments.map((p) => [p.paymentId, p.amount]))).toEqual({
      [fixed]: 100,
      [variable]: 250.5,
    });

    // Below the minimum is the minimum; not a rupee amount is refused and changes nothing.
    const other = await createMember(t.app);
    const low = await due(t.app, other.id, 'miscellaneous', 30_000, true);
    const otherPath = await linkPath(t, admin, other.id);
    const raised = await order(t, otherPath, { paymentIds: [low], customAmounts: { [low]: '1' } });
    expect(raised.json<WorldlineOrder>().amount).toBe(300);
    const third = await createMember(t.app);
    const bad = await due(t.app, third.id, 'miscellaneous', 30_000, true);
    const thirdPath = await linkPath(t, admin, third.id);
    expectError(
      await order(t, thirdPath, { paymentIds: [bad], customAmounts: { [bad]: '12.345' } }),
      400,
      'VALIDATION_FAILED',
      GATEWAY_MSG.invalidAmount,
    );
    await expectUnpaid(t.app, bad);

    // Arrears first: a current due waits while an arrear is pending, also in the same order (decision 0016).
    const fourth = await createMember(t.app);
    const arrear = await due(t.app, fourth.id, 'arrear', 40_000);
    const current = await due(t.app, fourth.id, 'current due', 60_000);
    const fourthPath = await linkPath(t, admin, fourth.id);
    for (const paymentIds of [[current], [arrear, current]]) {
      expectError(await order(t, fourthPath, { paymentIds }), 400, ErrorCode.ARREARS_FIRST, GATEWAY_MSG.arrearsFirst);
    }
    expect((await order(t, fourthPath, { paymentIds: [arrear] })).statusCode).toBe(200);
  });
});

describe("the payment link's transaction outcome", () => {
  it('after the bank: paid, with the receipt and its signed link; the receipt opens without sign-in', async () => {
    const t = await app();
    const admin = await loginAs(t.app, 'admin');
    const member = await createMember(t.app);
    const first = await due(t.app, member.id, 'miscellaneous', 70_000);
    const second = await due(t.app, member.id, 'miscellaneous', 30_000);
    const path = await linkPath(t, admin, member.id);
    const body = (await order(t, path, { paymentIds: [first, second] })).json<WorldlineOrder>();

    const before = await outcome(t, path, body.txnId);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<PayLinkOutcome>()).toMatchObject({ status: 'pending', receipts: [] });

    await payAtBank(t, body, 'success');
    const after = await outcome(t, path, body.txnId);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.headers['cache-control']).toBe('no-store');
    const answer = payLinkOutcomeSchema.parse(after.json());
    expect(answer).toMatchObject({ txnId: body.txnId, status: 'success', amount: 1000 });
    const number = (await paymentRow(t.app, first)).receiptNumber;
    expect(answer.receipts.map((receipt) => receipt.receiptNumber)).toEqual([number]);
    const receipt = await t.app.inject({ method: 'GET', url: `/api/receipt-links/${answer.receipts[0]?.token}` });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.body).toContain(String(number));
  });

  it('a failed payment answers failed with the reason; the dues stay pending', async () => {
    const t = await app();
    const admin = await loginAs(t.app, 'admin');
    const member = await createMember(t.app);
    const mine = await due(t.app, member.id, 'miscellaneous', 45_000);
    const path = await linkPath(t, admin, member.id);
    const body = (await order(t, path, { paymentIds: [mine] })).json<WorldlineOrder>();
    await payAtBank(t, body, 'failure');
    const answer = (await outcome(t, path, body.txnId)).json<PayLinkOutcome>();
    expect(answer.status).toBe('failed');
    expect(answer.message).not.toBe('');
    expect(answer.receipts).toEqual([]);
    await expectUnpaid(t.app, mine);
  });

  it("answers only the link's member's transactions: another member's or an unknown one is 404, and a bad link", async () => {
    const t = await app();
    const admin = await loginAs(t.app, 'admin');
    const member = await createMember(t.app);
    await due(t.app, member.id, 'miscellaneous', 10_000);
    const other = await createMember(t.app);
    const theirs = await due(t.app, other.id, 'miscellaneous', 20_000);
    const path = await linkPath(t, admin, member.id);
    const otherPath = await linkPath(t, admin, other.id);
    const body = (await order(t, otherPath, { paymentIds: [theirs] })).json<WorldlineOrder>();
    await payAtBank(t, body, 'success');

    const foreign = await outcome(t, path, body.txnId);
    expectError(foreign, 404, ErrorCode.TRANSACTION_NOT_FOUND, GATEWAY_MSG.transactionNotFound);
    expect(foreign.body).not.toContain(other.name);
    const unknown = await outcome(t, path, 'TXN-UNKNOWN-1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(foreign.body);
    const tampered = `${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`;
    expectError(await outcome(t, tampered, body.txnId), 404, ErrorCode.PAY_LINK_INVALID);
    // The owner's own link answers it.
    expect((await outcome(t, otherPath, body.txnId)).json<PayLinkOutcome>().status).toBe('success');
  });
});

describe('the pay view names the member’s saved language', () => {
  it('is the language kept on the member’s record, or null', async () => {
    const t = await app();
    const admin = await loginAs(t.app, 'admin');
    const member = await createMember(t.app);
    await due(t.app, member.id, 'miscellaneous', 10_000);
    const path = await linkPath(t, admin, member.id);
    const view = async () => (await t.app.inject({ method: 'GET', url: `/api${path}` })).json<PayView>().language;
    expect(await view()).toBeNull();
    await t.db.update(members).set({ language: 'ml' }).where(eq(members.id, member.id));
    expect(await view()).toBe('ml');
    await t.db.update(members).set({ language: null }).where(eq(members.id, member.id));
    expect(await view()).toBeNull();
  });
});
