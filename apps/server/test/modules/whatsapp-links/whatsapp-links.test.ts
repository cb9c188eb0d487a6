import { createHmac } from 'node:crypto';

import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  ErrorCode,
  PAY_LINK_MSG,
  payViewSchema,
  type PayView,
  type WaMeLink,
  type WorldlineOrder,
} from '@parish/shared';

import { buildApp } from '../../../src/app.ts';
import { systemContext } from '../../../src/context.ts';
import { queryRows } from '../../../src/db/client.ts';
import { backgroundJobs, members, messageDeliveries, payments } from '../../../src/db/schema/index.ts';
import { runScheduledReminders } from '../../../src/modules/reminders/schedule.service.ts';
import { startWorkers, workerFlagsOf } from '../../../src/workers/index.ts';
import { due, worldlineBank } from '../../gateway-fixtures.ts';
import {
  createMember,
  createTestApp,
  expectError,
  loginAs,
  loginMember,
  testConfig,
  type RoleSession,
  type TestApp,
} from '../../helpers.ts';
import { WhatsAppStandIn } from '../../whatsapp-stand-in.ts';

/**
 * WhatsApp without the Cloud API, payment links without a password, opting out, the Cloud API's
 * pair rate limit and scheduled reminders (`docs/domain.md`, §9 "Payment links without a
 * password", "WhatsApp without the Cloud API", "Opting out", "Sending", "Scheduled reminders"),
 * against a real database and the in-repo WhatsApp stand-in.
 */

const APP_SECRET = 'test-app-secret';
let standIn: WhatsAppStandIn;
const apps: TestApp[] = [];

beforeAll(async () => {
  standIn = await new WhatsAppStandIn().start();
});
afterAll(async () => {
  await standIn.close();
});
afterEach(async () => {
  while (apps.length > 0) await apps.pop()?.close();
  standIn.reset();
});

function cloudEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    WHATSAPP_ACCESS_TOKEN: 'test-token',
    WHATSAPP_PHONE_NUMBER_ID: '1234567890',
    WHATSAPP_BASE_URL: standIn.url,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_SEND_INTERVAL_MS: '20',
    WHATSAPP_RETRY_BASE_MS: '20',
    WHATSAPP_PAIR_INTERVAL_MS: '600',
    WHATSAPP_TIMEOUT_MS: '2000',
    ...overrides,
  };
}

async function app(options: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const t = await createTestApp({ env: { GATEWAY_RECHECK_SECONDS: '0' }, ...options });
  apps.push(t);
  return t;
}

/** The path of a payment link (`/pay/<mobile>/<token>`) inside a wa.me link. */
function payPathOf(link: WaMeLink): string {
  return new URL(link.payLink).pathname;
}

async function memberLink(t: TestApp, staff: RoleSession, memberId: string): Promise<WaMeLink> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/members/${memberId}/whatsapp-link`,
    headers: staff.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WaMeLink>();
}

function openLink(t: TestApp, path: string) {
  return t.app.inject({ method: 'GET', url: `/api${path}` });
}

describe('payment links without a password', () => {
  it('a cashier gets the wa.me link with the reminder and a signed link that opens the pay-only view', async () => {
    const t = await app();
    const cashier = await loginAs(t.app, 'cashier');
    const member = await createMember(t.app, { name: 'Thomas Mathew Kurian' });
    await t.app.db
      .update(members)
      .set({ address: 'Near the church, Kottayam', email: 't@example.org' })
      .where(eq(members.id, member.id));
    const arrear = await due(t.app, member.id, 'arrear', 50_000);
    await due(t.app, member.id, 'current due', 150_000);
    const other = await createMember(t.app, { name: 'Other Member' });
    await due(t.app, other.id, 'miscellaneous', 7_700);

    const link = await memberLink(t, cashier, member.id);
    expect(link.url.startsWith(`https://wa.me/${member.mobile}?text=`)).toBe(true);
    const text = decodeURIComponent(link.url.split('?text=')[1] ?? '');
    expect(text).toBe(link.message);
    expect(text).toContain('Dear Thomas Mathew Kurian,');
    expect(text).toContain('₹2,000.00');
    expect(text).toContain(link.payLink);
    expect(link.payLink).toMatch(
      new RegExp(`^${t.config.publicUrl}/pay/${member.mobile}/[0-9a-f]{32}-0-[0-9a-z]+-[A-Za-z0-9_-]{43}$`),
    );

    const view = await openLink(t, payPathOf(link));
    expect(view.statusCode, view.body).toBe(200);
    const body = view.json<PayView>();
    // Only the first name and the pending dues: the strict schema admits no other field.
    expect(payViewSchema.parse(body)).toEqual(body);
    expect(Object.keys(body).sort()).toEqual(['arrearsBlocking', 'firstName', 'items', 'language', 'total']);
    expect(body.language).toBeNull();
    expect(body.firstName).toBe('Thomas');
    expect(body.total).toBe(2000);
    expect(body.arrearsBlocking).toBe(true);
    expect(body.items.map((item) => [item._id === arrear, item.type, item.amount])).toEqual([
      [true, 'arrear', 500],
      [false, 'current due', 1500],
    ]);
    for (const item of body.items)
      expect(Object.keys(item).sort()).toEqual(['_id', 'amount', 'dueDate', 'headName', 'type', 'variableAmount']);
    for (const secret of [
      member.mobile,
      member.mobile.slice(2),
      'Kottayam',
      't@example.org',
      member.parishNumber,
      'Kurian',
      other.name,
    ]) {
      expect(view.body).not.toContain(secret);
    }
    expect(view.headers['cache-control']).toBe('no-store');
  });

  it('pays through the normal order: only the link member’s payments, the arrears gate holds', async () => {
    const t = await app();
    const admin = await loginAs(t.app, 'admin');
    const member = await createMember(t.app);
    const mine = await due(t.app, member.id, 'miscellaneous', 29_550);
    const other = await createMember(t.app);
    const theirs = await due(t.app, other.id, 'miscellaneous', 10_000);
    const path = payPathOf(await memberLink(t, admin, member.id));
    const order = await t.app.inject({ method: 'POST', url: `/api${path}/order`, payload: { paymentIds: [mine] } });
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json<{ amount: number; txnId: string }>().amount).toBe(295.5);
    const [txn] = await queryRows<{ memberId: string }>(
      t.db,
      sql`SELECT member_id AS "memberId" FROM transactions WHERE transaction_id = ${order.json<{ txnId: string }>().txnId}`,
    );
    expect(txn?.memberId).toBe(member.id);
    const foreign = await t.app.inject({ method: 'POST', url: `/api${path}/order`, payload: { paymentIds: [theirs] } });
    expect(foreign.statusCode).toBe(404);
    const [untouched] = await t.db.select().from(payments).where(eq(payments.id, theirs));
    expect(untouched?.status).toBe('pending');
  });

  it('an order through the link answers only what the link carries: no e-mail, parish number or full name (decision 0036)', async () => {
    const t = await app();
    const admin = await loginAs(t.app, 'admin');
    const member = await createMember(t.app, { name: 'Annamma Joseph Kurian' });
    await t.db.update(members).set({ email: 'annamma@example.org' }).where(eq(members.id, member.id));
    const mine = await due(t.app, member.id, 'miscellaneous', 12_500);
    const path = payPathOf(await memberLink(t, admin, member.id));
    const order = await t.app.inject({ method: 'POST', url: `/api${path}/order`, payload: { paymentIds: [mine] } });
    expect(order.statusCode, order.body).toBe(200);
    for (const secret of ['annamma@example.org', member.parishNumber, 'Kurian', 'Joseph']) {
      expect(order.body).not.toContain(secret);
    }
    const body = order.json<WorldlineOrder>();
    const consumerId = member.id.replaceAll('-', '').slice(0, 20);
    expect(body).toMatchObject({ consumerId, consumerEmailId: '', consumerMobileNo: member.mobile.slice(-10) });
    expect(body.worldlineOrder.consumerData).toMatchObject({ consumerId, consumerEmailId: '' });
    // The gateway takes the order as sent: the sandbox bank accepts the request token over these fields.
    const msg = await worldlineBank(t.app, body, 'success');
    expect(msg.split('|')[0]).toBe('0300');

    // The member signed in still sends their parish number and e-mail, as before.
    const session = await loginMember(t.app, member.mobile, member.password);
    const other = await due(t.app, member.id, 'miscellaneous', 13_500);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/worldline/create-customer-order',
      headers: session.headers,
      payload: { paymentIds: [other] },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<WorldlineOrder>()).toMatchObject({
      consumerId: member.parishNumber,
      consumerEmailId: 'annamma@example.org',
    });
  });

  it('a tampered link is refused and says nothing: a changed character, another mobile, another member', async () => {
    const t = await app();
    const admin = await loginAs(t.app, 'admin');
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    await due(t.app, member.id, 'miscellaneous', 10_000);
    await due(t.app, other.id, 'miscellaneous', 10_000);
    const path = payPathOf(await memberLink(t, admin, member.id));
    const [, , mobile = '', token = ''] = path.split('/');
    const [, id = '', version = '', exp = '', mac = ''] = /^(\w{32})-(\d+)-(\w+)-(.{43})$/.exec(token) ?? [];
    const otherId = other.id.replaceAll('-', '');
    const flip = (value: string) => (value.endsWith('A') ? `${value.slice(0, -1)}B` : `${value.slice(0, -1)}A`);
    const tampered = [
      `/pay/${mobile}/${id}-${version}-${exp}-${flip(mac)}`,
      `/pay/${other.mobile}/${token}`,
      `/pay/${mobile}/${otherId}-${version}-${exp}-${mac}`,
      `/pay/${mobile}/${id}-${version}-${(parseInt(exp, 36) + 86_400 * 365).toString(36)}-${mac}`,
      `/pay/${mobile}/${id}-1-${exp}-${mac}`,
    ];
    for (const bad of tampered) {
      const response = await openLink(t, bad);
      expectError(response, 404, ErrorCode.PAY_LINK_INVALID, PAY_LINK_MSG.invalid);
      expect(response.body).not.toContain(other.name);
      const order = await t.app.inject({ method: 'POST', url: `/api${bad}/order`, payload: { paymentIds: [] } });
      expect([400, 404]).toContain(order.statusCode);
    }
    expect((await openLink(t, `/pay/${mobile}/not-a-token-at-all-really`)).statusCode).toBe(404);
  });

  it('expires after 14 days by default', async () => {
    const t = await app();
    const admin = await loginAs(t.app, 'admin');
    const member = await createMember(t.app);
    await due(t.app, member.id, 'miscellaneous', 10_000);
    const path = payPathOf(await memberLink(t, admin, member.id));
    t.clock.advance(14 * 24 * 60 * 60 * 1000 - 60_000);
    expect((await openLink(t, path)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expectError(await openLink(t, path), 404, ErrorCode.PAY_LINK_EXPIRED, PAY_LINK_MSG.expired);
    const order = await t.app.inject({ method: 'POST', url: `/api${path}/order`, payload: { paymentIds: [] } });
    expect(order.statusCode).toBe(404);
  });

  it('revoking a member’s links stops the old ones; a new link works', async () => {
    const t = await app();
    const admin = await loginAs(t.app, 'admin');
    const cashier = await loginAs(t.app, 'cashier');
    const member = await createMember(t.app);
    await due(t.app, member.id, 'miscellaneous', 10_000);
    const old = payPathOf(await memberLink(t, admin, member.id));
    const forbidden = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${member.id}/revoke-pay-links`,
      headers: cashier.headers,
    });
    expect(forbidden.statusCode).toBe(403);
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${member.id}/revoke-pay-links`,
      headers: admin.headers,
    });
    expect(revoked.json()).toEqual({ payLinkVersion: 1 });
    expectError(await openLink(t, old), 404, ErrorCode.PAY_LINK_INVALID, PAY_LINK_MSG.invalid);
    const fresh = payPathOf(await memberLink(t, admin, member.id));
    expect((await openLink(t, fresh)).statusCode).toBe(200);
    const [audit] = await queryRows<{ count: number }>(
      t.db,
      sql`SELECT count(*)::int AS count FROM audit_events WHERE action = 'member.pay_links_revoked' AND entity_id = ${member.id}`,
    );
    expect(audit?.count).toBe(1);
  });

  it('the admin switches payment links off for the parish: links refused, messages carry the sign-in link', async () => {
    const t = await app();
    const admin = await loginAs(t.app, 'admin');
    const member = await createMember(t.app);
    await due(t.app, member.id, 'miscellaneous', 10_000);
    const path = payPathOf(await memberLink(t, admin, member.id));
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/whatsapp-settings',
      headers: admin.headers,
      payload: { payLinksEnabled: false, reminderDay: null, reminderTime: null },
    });
    expect(off.statusCode, off.body).toBe(200);
    expectError(await openLink(t, path), 403, ErrorCode.PAY_LINKS_OFF, PAY_LINK_MSG.off);
    const link = await memberLink(t, admin, member.id);
    expect(link.payLink).toBe(`${t.config.publicUrl}/customer/login?mobile=${member.mobile}&type=payment`);
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/whatsapp-settings',
      headers: admin.headers,
      payload: { payLinksEnabled: true, reminderDay: null, reminderTime: null },
    });
    expect((await openLink(t, path)).statusCode).toBe(200);
  });
});

describe('WhatsApp without the Cloud API', () => {
  it('a walk-through round keeps its progress on the server; opted-out members are left out', async () => {
    const t = await app();
    const admin = await loginAs(t.app, 'admin');
    const anna = await createMember(t.app, { name: 'Anna Joseph' });
    const babu = await createMember(t.app, { name: 'Babu Varghese' });
    const chacko = await createMember(t.app, { name: 'Chacko Paul' });
    for (const member of [anna, babu, chacko]) await due(t.app, member.id, 'miscellaneous', 10_000);
    await createMember(t.app, { name: 'Nothing Due' });
    // The member list, read (and cached) before the change, shows the flag after it.
    const listBefore = await t.app.inject({ method: 'GET', url: '/api/members?limit=50', headers: admin.headers });
    expect(listBefore.json<{ items: { whatsappOptOut?: true }[] }>().items.some((m) => m.whatsappOptOut)).toBe(false);
    const optOut = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${babu.id}/whatsapp-opt-out`,
      headers: admin.headers,
      payload: { optOut: true },
    });
    expect(optOut.json()).toEqual({ optOut: true });
    // The admin screens: when and by whom it was set, the member list's flag, the opted-out list.
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/admin/members/${babu.id}/whatsapp-opt-out`,
      headers: admin.headers,
    });
    expect(status.json()).toEqual({
      optOut: true,
      changedAt: expect.any(String),
      via: 'admin',
      by: expect.any(String),
      consent: { givenAt: null, method: null, withdrawnAt: null, timeZone: 'Asia/Kolkata' },
    });
    const never = await t.app.inject({
      method: 'GET',
      url: `/api/admin/members/${anna.id}/whatsapp-opt-out`,
      headers: admin.headers,
    });
    expect(never.json()).toEqual({
      optOut: false,
      changedAt: null,
      via: null,
      by: null,
      consent: { givenAt: null, method: null, withdrawnAt: null, timeZone: 'Asia/Kolkata' },
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/members?limit=50', headers: admin.headers });
    const flags = list
      .json<{ items: { name: string; whatsappOptOut?: true }[] }>()
      .items.map((m) => [m.name, m.whatsappOptOut]);
    expect(flags).toEqual(
      expect.arrayContaining([
        ['Anna Joseph', undefined],
        ['Babu Varghese', true],
      ]),
    );
    const optedOut = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reminders/opted-out',
      headers: admin.headers,
    });
    expect(optedOut.json()).toEqual({
      total: 1,
      items: [{ memberId: babu.id, name: 'Babu Varghese', parishNumber: expect.any(String) }],
    });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/members/00000000-0000-4000-8000-000000000999/whatsapp-opt-out',
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/members/${babu.id}/whatsapp-link`, headers: admin.headers }),
      409,
      ErrorCode.MEMBER_OPTED_OUT,
      PAY_LINK_MSG.optedOut,
    );
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reminders/rounds/current',
      headers: admin.headers,
    });
    expect(none.json()).toEqual({ round: null });
    const started = await t.app.inject({ method: 'POST', url: '/api/admin/reminders/rounds', headers: admin.headers });
    expect(started.statusCode, started.body).toBe(200);
    const round = started.json<{
      round: {
        id: string;
        total: number;
        sent: number;
        items: { deliveryId: string; name: string; sent: boolean; url: string }[];
      };
    }>().round;
    expect(round.items.map((item) => [item.name, item.sent])).toEqual([
      ['Anna Joseph', false],
      ['Chacko Paul', false],
    ]);
    expect(round.items[0]?.url).toMatch(new RegExp(`^https://wa\\.me/${anna.mobile}\\?text=Dear%20Anna%20Joseph`));
    const tick = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reminders/rounds/${round.id}/items/${round.items[0]?.deliveryId}/sent`,
      headers: admin.headers,
    });
    expect(tick.json<{ sent: boolean }>().sent).toBe(true);
    // A fresh page (another admin, a reload) sees the same progress.
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reminders/rounds/current',
      headers: admin.headers,
    });
    const current = again.json<{ round: typeof round }>().round;
    expect([current.total, current.sent]).toEqual([2, 1]);
    expect(current.items.map((item) => item.sent)).toEqual([true, false]);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reminders/rounds/${round.id}/items/${round.id}/sent`,
      headers: admin.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('after a counter collection the cashier sends a signed receipt link; a tampered one is refused', async () => {
    const t = await app();
    const cashier = await loginAs(t.app, 'cashier');
    const member = await createMember(t.app, { name: 'Receipt Member' });
    const payment = await due(t.app, member.id, 'miscellaneous', 15_000);
    const collected = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${payment}/collect`,
      headers: cashier.headers,
      payload: { collectionMode: 'manual', collectionAmount: 150, paymentMethod: 'cash' },
    });
    expect(collected.statusCode, collected.body).toBe(200);
    const [row] = await t.db.select({ receiptId: payments.receiptId }).from(payments).where(eq(payments.id, payment));
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/receipts/${row?.receiptId}/whatsapp-link`,
      headers: cashier.headers,
    });
    expect(link.statusCode, link.body).toBe(200);
    const { url, payLink } = link.json<WaMeLink>();
    expect(url.startsWith(`https://wa.me/${member.mobile}?text=`)).toBe(true);
    const receipt = await t.app.inject({ method: 'GET', url: new URL(payLink).pathname });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toMatch(/^text\/html/);
    expect(receipt.body).toContain('Receipt Member');
    const tampered = await t.app.inject({ method: 'GET', url: `${new URL(payLink).pathname.slice(0, -1)}x` });
    expectError(tampered, 404, ErrorCode.PAY_LINK_INVALID, PAY_LINK_MSG.invalid);
  });

  it('a STOP reply through the signed webhook opts the member out; START opts them back in', async () => {
    const t = await app({ env: cloudEnv() });
    const member = await createMember(t.app);
    const reply = (id: string, body: string) => {
      const payload = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: 'WABA',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  contacts: [{ wa_id: member.mobile }],
                  messages: [{ from: member.mobile, id, timestamp: '1700000000', type: 'text', text: { body } }],
                },
              },
            ],
          },
        ],
      });
      const signature = `sha256=${createHmac('sha256', APP_SECRET).update(payload).digest('hex')}`;
      return t.app.inject({
        method: 'POST',
        url: '/api/whatsapp/webhook',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        payload,
      });
    };
    const optOutOf = async () =>
      (await t.db.select({ v: members.whatsappOptOut }).from(members).where(eq(members.id, member.id)))[0]?.v;
    expect((await reply('wamid.in1', ' Stop ')).statusCode).toBe(200);
    expect(await optOutOf()).toBe(true);
    const admin = await loginAs(t.app, 'admin');
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/admin/members/${member.id}/whatsapp-opt-out`,
      headers: admin.headers,
    });
    // The STOP is the withdrawal of the member's consent too (decision 0138), its time recorded.
    expect(status.json()).toEqual({
      optOut: true,
      changedAt: expect.any(String),
      via: 'webhook',
      by: null,
      consent: { givenAt: null, method: null, withdrawnAt: expect.any(String), timeZone: 'Asia/Kolkata' },
    });
    await due(t.app, member.id, 'miscellaneous', 10_000);
    const all = await t.app.inject({ method: 'POST', url: '/api/admin/send-all-reminders', headers: admin.headers });
    expect(all.statusCode).toBe(409);
    expect((await reply('wamid.in2', 'START')).statusCode).toBe(200);
    expect(await optOutOf()).toBe(false);
    // The same message id again changes nothing.
    expect((await reply('wamid.in1', 'STOP')).statusCode).toBe(200);
    expect(await optOutOf()).toBe(false);
  });
});

describe('the Cloud API pair rate limit (131056)', () => {
  it('defaults to 6 s between two messages to one number and the API version v26.0', () => {
    const config = testConfig();
    expect(config.whatsapp.pairIntervalMs).toBe(6000);
    expect(config.whatsapp.apiVersion).toBe('v26.0');
  });

  it('retries a 131056 no sooner than the pair interval, and spreads two messages to one member', async () => {
    const t = await app({ env: cloudEnv(), workers: true });
    const admin = await loginAs(t.app, 'admin');
    const member = await createMember(t.app);
    await due(t.app, member.id, 'miscellaneous', 10_000);
    standIn.script(member.mobile, ['pair']);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/admin/send-reminders',
      headers: admin.headers,
      payload: { memberIds: [member.id] },
    });
    expect(first.json<{ results: { successful: number } }>().results.successful).toBe(1);
    const [refused, retried] = standIn.requestsTo(member.mobile);
    expect(refused?.answer).toBe('pair');
    expect((retried?.at ?? 0) - (refused?.at ?? 0)).toBeGreaterThanOrEqual(600);

    // With Meta's limit enforced, two reminders in a row to one member are spread, none refused.
    standIn.reset();
    standIn.enforcePairRate(600);
    for (let i = 0; i < 2; i += 1) {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/admin/send-reminders',
        headers: admin.headers,
        payload: { memberIds: [member.id] },
      });
      expect(sent.json<{ results: { successful: number } }>().results.successful).toBe(1);
    }
    const [one, two] = standIn.requestsTo(member.mobile);
    expect(standIn.requests.map((request) => request.answer)).toEqual(['ok', 'ok']);
    expect((two?.at ?? 0) - (one?.at ?? 0)).toBeGreaterThanOrEqual(600);
  });
});

describe('scheduled reminders', () => {
  /** 5 December 2026, hh:mm India time, as a UTC instant. */
  const ist = (day: number, time: string) => new Date(`2026-12-${String(day).padStart(2, '0')}T${time}:00+05:30`);

  async function schedule(t: TestApp, reminderDay: number, reminderTime: string) {
    const admin = await loginAs(t.app, 'admin');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/whatsapp-settings',
      headers: admin.headers,
      payload: { payLinksEnabled: true, reminderDay, reminderTime },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return admin;
  }

  it('runs once a month at the set time, skips the opted out and the recently reminded, and survives a restart', async () => {
    const t = await app({ env: cloudEnv({ REMINDER_SCHEDULE_SECONDS: '3600' }), now: ist(5, '09:58'), workers: true });
    const admin = await schedule(t, 5, '10:00');
    const due1 = await createMember(t.app, { name: 'A Due' });
    const due2 = await createMember(t.app, { name: 'B Due' });
    const optedOut = await createMember(t.app, { name: 'C Opted Out' });
    const recent = await createMember(t.app, { name: 'D Reminded Lately' });
    for (const member of [due1, due2, optedOut, recent]) await due(t.app, member.id, 'miscellaneous', 10_000);
    await t.app.db.update(members).set({ whatsappOptOut: true }).where(eq(members.id, optedOut.id));
    const manual = await t.app.inject({
      method: 'POST',
      url: '/api/admin/send-reminders',
      headers: admin.headers,
      payload: { memberIds: [recent.id] },
    });
    expect(manual.statusCode).toBe(200);
    // That reminder went out three days before the schedule (by the app's clock).
    await t.db
      .update(messageDeliveries)
      .set({ sentAt: ist(2, '11:00').toISOString() })
      .where(eq(messageDeliveries.memberId, recent.id));
    standIn.reset();
    const ctx = systemContext(t.app.deps);

    expect(await runScheduledReminders(ctx)).toBeNull(); // 09:58, too early
    t.clock.set(ist(5, '10:01'));
    const run = await runScheduledReminders(ctx);
    expect(run).toMatchObject({ round: '2026-12', total: 2 });
    await standIn.waitForRequests(2);
    expect(standIn.requests.map((request) => request.body.to).sort()).toEqual([due1.mobile, due2.mobile].sort());
    expect(await runScheduledReminders(ctx)).toBeNull();

    // A restart (a new app and its workers on the same database, same clock): nothing is sent twice.
    await t.workers?.stop();
    const restarted = await buildApp({ config: t.config, database: t.database, clock: t.clock, logger: false });
    const workers = await startWorkers(restarted.deps, workerFlagsOf(t.config));
    try {
      expect(await runScheduledReminders(systemContext(restarted.deps))).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(standIn.requests).toHaveLength(2);
    } finally {
      await workers.stop();
      await restarted.close();
    }
    const jobs = await t.db
      .select()
      .from(backgroundJobs)
      .where(sql`${backgroundJobs.payload}->>'round' = '2026-12'`);
    expect(jobs).toHaveLength(1);

    // Next month the round comes again; the 7-day rule counts from the last reminder.
    t.clock.set(new Date('2027-01-05T10:30:00+05:30'));
    expect(await runScheduledReminders(ctx)).toMatchObject({ round: '2027-01', total: 3 });
  });

  it('keeps the quiet hours 21:00-08:00: a 22:00 schedule waits until 08:00', async () => {
    const t = await app({ env: cloudEnv({ REMINDER_SCHEDULE_SECONDS: '0' }), now: ist(5, '22:05') });
    await schedule(t, 5, '22:00');
    const member = await createMember(t.app);
    await due(t.app, member.id, 'miscellaneous', 10_000);
    const ctx = systemContext(t.app.deps);
    expect(await runScheduledReminders(ctx)).toBeNull();
    t.clock.set(ist(6, '07:59'));
    expect(await runScheduledReminders(ctx)).toBeNull();
    t.clock.set(ist(6, '08:00'));
    expect(await runScheduledReminders(ctx)).toMatchObject({ round: '2026-12', total: 1 });
    // A schedule long past (saved after its day) waits for next month.
    t.clock.set(ist(20, '10:00'));
    const rows = await t.db.select().from(messageDeliveries);
    expect(rows).toHaveLength(1);
  });
});
