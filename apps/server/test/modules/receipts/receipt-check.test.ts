import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ErrorCode, RECEIPT_CHECK_MSG, type ReceiptCheck } from '@parish/shared';

import { payments } from '../../../src/db/schema/index.ts';
import { registerParishHost } from '../../../src/modules/parishes/parish-hosts.ts';
import { insertHead, insertPayment } from '../../factories.ts';
import {
  addParish,
  createMember,
  createTestApp,
  expectError,
  inParish,
  loginAs,
  loginStaff,
  TEST_ADMIN_PASSWORD,
  TEST_ADMIN_USERNAME,
  type Session,
  type TestApp,
} from '../../helpers.ts';

/**
 * A receipt anyone can check (issue 29 item 7, decision 0137): the printed receipt carries a QR
 * code and the text of `{public address}/r/{token}`; `GET /api/receipt-check/{token}` (no
 * sign-in) answers the number, day, amount, valid or voided, and the member's initials only; a
 * tampered token, or one of another parish, finds nothing.
 */

const HOST_A = 'st-a.check.example';
const HOST_B = 'st-b.check.example';
let t: TestApp;
let cashier: Session;

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-20T17:00:00Z') });
  cashier = await loginAs(t.app, 'cashier');
});
afterAll(async () => {
  await t.close();
});

/** Collects ₹1,250.50 in cash from a new member named `name`: the receipt's id and its printed HTML. */
async function paidReceipt(session: Session, name: string) {
  const member = await createMember(t.app, { name });
  const payment = await insertPayment(t.db, member, await insertHead(t.db, { amountPaise: 1_25_050 }));
  const collected = await t.app.inject({
    method: 'POST',
    url: `/api/payments/${payment.id}/collect`,
    headers: session.headers,
    payload: { collectionAmount: 1250.5, paymentMethod: 'cash' },
  });
  expect(collected.statusCode, collected.body).toBe(200);
  const [row] = await t.db.select({ receiptId: payments.receiptId }).from(payments).where(eq(payments.id, payment.id));
  const receiptId = row?.receiptId ?? '';
  const printed = await t.app.inject({
    method: 'GET',
    url: `/api/receipts/${receiptId}/print`,
    headers: session.headers,
  });
  expect(printed.statusCode, printed.body).toBe(200);
  return { member, receiptId, html: printed.body };
}

/** The check link's token printed on a receipt. */
function tokenOf(html: string): string {
  const match = /\/r\/([A-Za-z0-9_-]+)</.exec(html);
  if (!match?.[1]) throw new Error('no check link on the receipt');
  return match[1];
}

function check(token: string, host?: string) {
  return t.app.inject({ method: 'GET', url: `/api/receipt-check/${token}`, headers: host ? { host } : {} });
}

describe('receipt check links', () => {
  it('the receipt prints a QR code and its link; the link says genuine with initials only, then voided', async () => {
    const { member, receiptId, html } = await paidReceipt(cashier, 'Thomas  Mathew');
    expect(html).toContain('<section class="check"');
    expect(html).toMatch(/<svg[^>]*>.*<path/s);
    const token = tokenOf(html);
    expect(token).toHaveLength(44);
    expect(html).toContain(`http://localhost:3000/r/${token}`);

    const answer = await check(token);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<ReceiptCheck>();
    expect(body).toEqual({
      receiptNumber: expect.stringMatching(/^2026-27\/\d{6}$/),
      date: '2026-11-20',
      amount: 1250.5,
      status: 'valid',
      initials: 'T. M.',
      test: false,
    });
    expect(answer.headers['cache-control']).toBe('no-store');
    for (const secret of [member.name, 'Thomas', member.mobile, member.parishNumber]) {
      expect(answer.body).not.toContain(secret);
    }

    const reversed = await t.app.inject({
      method: 'POST',
      url: `/api/receipts/${receiptId}/reverse`,
      headers: cashier.headers,
      payload: { reason: 'wrong_amount' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect((await check(token)).json<ReceiptCheck>()).toMatchObject({ status: 'voided', amount: 1250.5 });
  });

  it('the day is the parish day: 17:00 UTC on the 20th is still the 20th in India, 19:00 UTC is the 21st', async () => {
    t.clock.set(new Date('2026-11-20T19:00:00Z'));
    try {
      const { html } = await paidReceipt(await loginAs(t.app, 'cashier'), 'Late Evening');
      expect((await check(tokenOf(html))).json<ReceiptCheck>().date).toBe('2026-11-21');
    } finally {
      t.clock.set(new Date('2026-11-20T17:00:00Z'));
    }
  });

  it('a tampered, truncated or made-up token answers 404 with the same sentence, and no data', async () => {
    const { html } = await paidReceipt(cashier, 'Mary Joseph');
    const token = tokenOf(html);
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const otherId = `${token.slice(0, 21)}${token[21] === 'A' ? 'Q' : 'A'}${token.slice(22)}`;
    // The last character of each half carries 4 unused bits: a change there alone must not check either.
    const spareBits = (half: string) => {
      const last = half.at(-1) ?? 'A';
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      return `${half.slice(0, -1)}${alphabet[alphabet.indexOf(last) ^ 1]}`;
    };
    const sameIdBytes = `${spareBits(token.slice(0, 22))}${token.slice(22)}`;
    const sameMacBytes = `${token.slice(0, 22)}${spareBits(token.slice(22))}`;
    for (const bad of [
      flipped,
      otherId,
      sameIdBytes,
      sameMacBytes,
      token.slice(0, 43),
      `${token}x`,
      'A'.repeat(44),
      '../../etc',
    ]) {
      expectError(await check(encodeURIComponent(bad)), 404, ErrorCode.NOT_FOUND, RECEIPT_CHECK_MSG.unknown);
    }
  });

  it("another parish's receipt is found only at that parish's address", async () => {
    await registerParishHost(t.db, 1, HOST_A);
    const parishB = await addParish(t, 'St. B', [HOST_B]);
    const token = await inParish(parishB, HOST_B, async () => {
      const adminB = await loginStaff(t.app, TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD);
      return tokenOf((await paidReceipt(adminB, 'ജോസഫ് വർഗീസ്')).html);
    });
    const atB = await check(token, HOST_B);
    expect(atB.statusCode, atB.body).toBe(200);
    expect(atB.json<ReceiptCheck>().initials).toBe('ജോ. വ.');
    expectError(await check(token, HOST_A), 404, ErrorCode.NOT_FOUND, RECEIPT_CHECK_MSG.unknown);
    const nowhere = await check(token, 'nowhere.check.example');
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.body).not.toContain('receiptNumber');
  });
});
