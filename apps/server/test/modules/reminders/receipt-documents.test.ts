import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { RazorpayOrder, VerifyResult } from '@parish/shared';

import { queryRows } from '../../../src/db/client.ts';
import { readReceiptLink } from '../../../src/lib/link-signing.ts';
import { queueReceiptDocument } from '../../../src/modules/reminders/notifications.ts';
import { due, razorpayBank } from '../../gateway-fixtures.ts';
import {
  TEST_PUBLIC_URL,
  createMember,
  createTestApp,
  loginAs,
  type Session,
  type TestApp,
  type TestMember,
} from '../../helpers.ts';
import { WhatsAppStandIn, type StandInRequest } from '../../whatsapp-stand-in.ts';

/**
 * Receipts reach the member (issue 29 item 6, decision 0141): after a counter collection or an
 * online payment, the receipt goes to the member on WhatsApp (the Cloud API stand-in) as the
 * `receipt` template of the member's language with the receipt's PDF as its document header;
 * opted-out members get nothing; a 5xx is retried; one receipt is never sent twice. The `payment`
 * reminder picks the member's language's template too.
 */

let standIn: WhatsAppStandIn;
let t: TestApp;
let cashier: Session;
let admin: Session;

/** The templates of every language approved (receipt) and all but Tamil (payment: Tamil falls back to en). */
const TEMPLATES = {
  WHATSAPP_RECEIPT_TEMPLATES: 'en:receipt,ml:receipt_ml,hi:receipt_hi,ta:receipt_ta',
  WHATSAPP_PAYMENT_TEMPLATES: 'en:payment,ml:payment_ml,hi:payment_hi',
};

beforeAll(async () => {
  standIn = await new WhatsAppStandIn().start();
  t = await createTestApp({
    env: {
      WHATSAPP_ACCESS_TOKEN: 'token-receipts',
      WHATSAPP_PHONE_NUMBER_ID: '555000111',
      WHATSAPP_BASE_URL: standIn.url,
      WHATSAPP_API_VERSION: 'v21.0',
      WHATSAPP_SEND_INTERVAL_MS: '20',
      WHATSAPP_RETRY_BASE_MS: '20',
      WHATSAPP_TIMEOUT_MS: '2000',
      WHATSAPP_PAIR_INTERVAL_MS: '20',
      GATEWAY_RECHECK_SECONDS: '0',
      REMINDER_SCHEDULE_SECONDS: '0',
      ...TEMPLATES,
    },
    workers: true,
  });
  cashier = await loginAs(t.app, 'cashier');
  admin = await loginAs(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});
afterEach(() => {
  standIn.reset();
});

/** Saves a member's language on the member's record (decision 0135). */
async function speaks(memberId: string, language: 'en' | 'ml' | 'hi' | 'ta'): Promise<void> {
  await t.db.execute(sql`UPDATE members SET language = ${language} WHERE id = ${memberId}`);
}

/** Collects one due at the counter in cash; returns the receipt's id and number. */
async function collectCash(paymentId: string): Promise<{ id: string; number: string }> {
  const collected = await t.app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/collect`,
    headers: cashier.headers,
    payload: { collectionMode: 'manual', collectionAmount: 100, paymentMethod: 'cash' },
  });
  expect(collected.statusCode, collected.body).toBe(200);
  return receiptOf(paymentId);
}

/** The receipt a paid payment is on. */
async function receiptOf(paymentId: string): Promise<{ id: string; number: string }> {
  const [receipt] = await queryRows<{ id: string; number: string }>(
    t.db,
    sql`SELECT r.id, r.number FROM receipts r JOIN payments p ON p.receipt_id = r.id WHERE p.id = ${paymentId}`,
  );
  if (!receipt) throw new Error('no receipt');
  return receipt;
}

/** Pays a due online as the signed-in member, through the Razorpay sandbox. */
async function payOnline(member: Session, paymentId: string): Promise<void> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/razorpay/create-order',
    headers: member.headers,
    payload: { paymentIds: [paymentId] },
  });
  expect(created.statusCode, created.body).toBe(200);
  const fields = await razorpayBank(t.app, created.json<RazorpayOrder>(), 'success');
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/razorpay/verify-payment',
    headers: member.headers,
    payload: {
      razorpay_order_id: fields['razorpay_order_id'] ?? '',
      razorpay_payment_id: fields['razorpay_payment_id'] ?? '',
      razorpay_signature: fields['razorpay_signature'] ?? '',
    },
  });
  expect(verified.json<VerifyResult>()).toMatchObject({ success: true, paymentsUpdated: 1 });
}

/** Waits until the stand-in has `count` requests for `mobile`. */
async function requestsFor(mobile: string, count: number): Promise<StandInRequest[]> {
  const deadline = Date.now() + 10_000;
  while (standIn.requestsTo(mobile).length < count) {
    if (Date.now() > deadline) throw new Error(`${standIn.requestsTo(mobile).length} of ${count} requests`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return standIn.requestsTo(mobile);
}

/** The receipt deliveries of one member: status and attempts. */
async function receiptDeliveries(memberId: string) {
  return queryRows<{ receiptId: string; status: string; attempts: number }>(
    t.db,
    sql`SELECT receipt_id AS "receiptId", status, attempts FROM message_deliveries
         WHERE member_id = ${memberId} AND kind = 'receipt' ORDER BY created_at`,
  );
}

/** Waits until the member's receipt deliveries are all past sending. */
async function settled(memberId: string, count: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await receiptDeliveries(memberId);
    if (rows.length === count && rows.every((row) => row.status !== 'queued' && row.status !== 'sending')) return rows;
    if (Date.now() > deadline) throw new Error(JSON.stringify(rows));
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface TemplateBody {
  name: string;
  language: { code: string };
  components: { type: string; parameters: Record<string, unknown>[] }[];
}

/** Checks a request is the receipt document of `receipt` in `language`, and returns its link. */
function expectReceiptDocument(
  request: StandInRequest | undefined,
  receipt: { id: string; number: string },
  language: string,
  templateName: string,
): string {
  const template = request?.body['template'] as TemplateBody;
  expect(template.name).toBe(templateName);
  expect(template.language.code).toBe(language);
  const header = template.components.find((component) => component.type === 'header');
  const document = header?.parameters[0] as { type: string; document: { link: string; filename: string } };
  expect(document.type).toBe('document');
  expect(document.document.filename).toBe(`Receipt-${receipt.number.replace('/', '-')}.pdf`);
  const link = new URL(document.document.link);
  expect(`${link.origin}`).toBe(new URL(TEST_PUBLIC_URL).origin);
  const match = /^\/api\/receipt-links\/([^/]+)\/pdf$/.exec(link.pathname);
  expect(match).not.toBeNull();
  // The token is the receipt's signed receipt link (the same as the wa.me receipt link's).
  expect(readReceiptLink(t.config.linkKeys, match?.[1] ?? '')).toBe(receipt.id);
  expect(Object.fromEntries(link.searchParams)).toEqual({ layout: 'a5', lang: language });
  const body = template.components.find((component) => component.type === 'body');
  expect(body?.parameters.map((parameter) => parameter['text'])).toEqual([
    expect.any(String),
    receipt.number,
    expect.stringMatching(/^₹/),
  ]);
  return document.document.link;
}

describe('receipt documents on WhatsApp (decision 0141)', () => {
  it('a counter collection sends one receipt document in the member language, audited', async () => {
    const member = await createMember(t.app, { name: 'Mariamma Joseph' });
    await speaks(member.id, 'ml');
    const receipt = await collectCash(await due(t.app, member.id, 'miscellaneous', 10_000));
    const [request] = await requestsFor(member.mobile, 1);
    expectReceiptDocument(request, receipt, 'ml', 'receipt_ml');
    const template = request?.body['template'] as TemplateBody;
    expect(template.components.find((c) => c.type === 'body')?.parameters[0]).toEqual({
      type: 'text',
      text: 'Mariamma Joseph',
    });
    expect(await settled(member.id, 1)).toEqual([{ receiptId: receipt.id, status: 'sent', attempts: 1 }]);
    const [audit] = await queryRows<{ after: { kind: string; receiptId: string } }>(
      t.db,
      sql`SELECT after FROM audit_events WHERE action = 'notifications.receipt' AND after->>'receiptId' = ${receipt.id}`,
    );
    expect(audit?.after).toMatchObject({ kind: 'receipt', receiptId: receipt.id, total: 1 });
  });

  it('an online payment sends one receipt document in the member language (Hindi)', async () => {
    const member = await loginAs(t.app, 'member');
    await speaks(member.account.id, 'hi');
    const paymentId = await due(t.app, member.account.id, 'miscellaneous', 29_550);
    await payOnline(member, paymentId);
    const receipt = await receiptOf(paymentId);
    const [request] = await requestsFor(member.account.mobile, 1);
    expectReceiptDocument(request, receipt, 'hi', 'receipt_hi');
    expect(await settled(member.account.id, 1)).toEqual([{ receiptId: receipt.id, status: 'sent', attempts: 1 }]);
    await speaks(member.account.id, 'en');
  });

  it('a member with no saved language gets the parish default; a 5xx is retried and sent once', async () => {
    const member = await createMember(t.app);
    standIn.script(member.mobile, ['500']);
    const receipt = await collectCash(await due(t.app, member.id, 'miscellaneous', 10_000));
    const requests = await requestsFor(member.mobile, 2);
    expect(requests.map((request) => request.answer)).toEqual(['500', 'ok']);
    expectReceiptDocument(requests[1], receipt, 'en', 'receipt');
    expect(await settled(member.id, 1)).toEqual([{ receiptId: receipt.id, status: 'sent', attempts: 2 }]);
  });

  it('a member who opted out of WhatsApp gets nothing', async () => {
    const member = await createMember(t.app);
    const optOut = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${member.id}/whatsapp-opt-out`,
      headers: admin.headers,
      payload: { optOut: true },
    });
    expect(optOut.statusCode, optOut.body).toBe(200);
    await collectCash(await due(t.app, member.id, 'miscellaneous', 10_000));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(standIn.requestsTo(member.mobile)).toEqual([]);
    expect(await receiptDeliveries(member.id)).toEqual([]);
  });

  it('a receipt is never queued twice', async () => {
    const member = await createMember(t.app);
    await speaks(member.id, 'ta');
    const receipt = await collectCash(await due(t.app, member.id, 'miscellaneous', 10_000));
    await requestsFor(member.mobile, 1);
    const again = await t.db.transaction((tx) =>
      queueReceiptDocument(tx, { config: t.config, memberId: member.id, receiptId: receipt.id }),
    );
    expect(again).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(standIn.requestsTo(member.mobile)).toHaveLength(1);
    expectReceiptDocument(standIn.requestsTo(member.mobile)[0], receipt, 'ta', 'receipt_ta');
    expect(await settled(member.id, 1)).toHaveLength(1);
  });

  it('the payment reminder picks the template of the member language, English where none is approved', async () => {
    const chosen: Record<string, { name: string; code: string }> = {};
    for (const language of ['en', 'ml', 'hi', 'ta'] as const) {
      const member: TestMember = await createMember(t.app, { name: `Reminded ${language}` });
      await speaks(member.id, language);
      await due(t.app, member.id, 'miscellaneous', 10_000);
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/admin/send-reminders',
        headers: admin.headers,
        payload: { memberIds: [member.id] },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const [request] = await requestsFor(member.mobile, 1);
      const template = request?.body['template'] as TemplateBody;
      chosen[language] = { name: template.name, code: template.language.code };
    }
    expect(chosen).toEqual({
      en: { name: 'payment', code: 'en' },
      ml: { name: 'payment_ml', code: 'ml' },
      hi: { name: 'payment_hi', code: 'hi' },
      ta: { name: 'payment', code: 'en' },
    });
  });
});
