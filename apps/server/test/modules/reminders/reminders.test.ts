import { createHmac } from 'node:crypto';

import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  ErrorCode,
  MSG,
  REMINDER_MSG,
  WARD_MSG,
  type DeliveriesResult,
  type RazorpayOrder,
  type SendAllRemindersResult,
  type SendRemindersResult,
  type VerifyResult,
} from '@parish/shared';

import { buildApp } from '../../../src/app.ts';
import type { Config } from '../../../src/config/env.ts';
import { queryRows } from '../../../src/db/client.ts';
import { runInParish } from '../../../src/db/parish-scope.ts';
import { backgroundJobs, messageDeliveries } from '../../../src/db/schema/index.ts';
import type { AppEvent } from '../../../src/lib/events.ts';
import {
  assignmentTemplate,
  helloWorldTemplate,
  paymentLink,
  paymentTemplate,
  successTemplate,
  templateText,
} from '../../../src/modules/reminders/whatsapp-client.ts';
import { startWorkers, workerFlagsOf } from '../../../src/workers/index.ts';
import { due, razorpayBank } from '../../gateway-fixtures.ts';
import {
  TEST_PUBLIC_URL,
  createMember,
  createTestApp,
  expectError,
  loginAs,
  type Session,
  type TestApp,
  type TestMember,
} from '../../helpers.ts';
import { insertHead as insertHeadRow, insertPayment as insertPaymentRow } from '../../factories.ts';
import { WhatsAppStandIn } from '../../whatsapp-stand-in.ts';

const TOKEN = 'test-access-token-123';
const PHONE_ID = '1234567890123';
const APP_SECRET = 'test-app-secret';
const VERIFY_TOKEN = 'verify-me-please';

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

/** The WHATSAPP_* environment of a configured test app, fast pacing unless overridden. */
function whatsappEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    WHATSAPP_ACCESS_TOKEN: TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: PHONE_ID,
    WHATSAPP_BASE_URL: standIn.url,
    WHATSAPP_API_VERSION: 'v21.0',
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    WHATSAPP_SEND_INTERVAL_MS: '20',
    WHATSAPP_RETRY_BASE_MS: '20',
    WHATSAPP_TIMEOUT_MS: '2000',
    WHATSAPP_PAIR_INTERVAL_MS: '20',
    ...overrides,
  };
}

/** A test app with its workers started, as `src/server.ts` starts them. */
async function app(env: Record<string, string> = whatsappEnv()): Promise<TestApp> {
  const t = await createTestApp({ env, workers: true });
  apps.push(t);
  return t;
}

/** The "next start" on the same database: a new app and its workers, as `src/server.ts` starts them. */
async function restart(
  t: TestApp,
  config: Config = t.config,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const restarted = await buildApp({ config, database: t.database, clock: t.clock, logger: false });
  const workers = await startWorkers(restarted.deps, workerFlagsOf(config));
  return {
    app: restarted,
    async close() {
      await workers.stop();
      await restarted.close();
    },
  };
}

/**
 * Pays payments online as a signed-in member, through the Razorpay sandbox (order, bank page,
 * verify): the settlement commits in the verify request.
 */
async function payOnline(t: TestApp, member: Session, paymentIds: string[]): Promise<void> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/razorpay/create-order',
    headers: member.headers,
    payload: { paymentIds },
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
  expect(verified.statusCode, verified.body).toBe(200);
  expect(verified.json<VerifyResult>()).toMatchObject({ success: true, paymentsUpdated: paymentIds.length });
}

/** A fixed current due of ₹1,500.00 for 2026 (`factories.ts`). */
const insertHead = (t: TestApp, name?: string) => insertHeadRow(t.db, name === undefined ? {} : { name });

/** Assigns a head to a member: a pending payment of the head's amount (`factories.ts`). */
async function insertPayment(t: TestApp, member: TestMember, head: { id: string; amountPaise: number }) {
  await insertPaymentRow(t.db, member, head);
}

async function deliveries(appInstance: FastifyInstance, session: Session, jobId?: string): Promise<DeliveriesResult> {
  const response = await appInstance.inject({
    method: 'GET',
    url: `/api/admin/reminders/deliveries${jobId ? `?jobId=${jobId}` : ''}`,
    headers: session.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DeliveriesResult>();
}

async function waitForJob(
  appInstance: FastifyInstance,
  session: Session,
  jobId: string,
  timeoutMs = 15_000,
): Promise<DeliveriesResult> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await deliveries(appInstance, session, jobId);
    if (result.job?.status === 'done') return result;
    if (Date.now() > deadline) throw new Error(`job not done: ${JSON.stringify(result.job)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function sign(body: string, secret = APP_SECRET): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

async function rowCounts(t: TestApp): Promise<{ jobs: number; deliveries: number }> {
  const [row] = await queryRows<{ jobs: number; deliveries: number }>(
    t.db,
    sql`SELECT (SELECT count(*)::int FROM background_jobs) AS jobs, (SELECT count(*)::int FROM message_deliveries) AS deliveries`,
  );
  return row ?? { jobs: -1, deliveries: -1 };
}

describe('message bodies (docs/domain.md §9, C.1)', () => {
  it('payment template: body parameter the name, URL button 0 the payment link suffix', () => {
    expect(
      paymentTemplate('919847012345', { memberName: 'Thomas Mathew', mobile: '919847012345' }, 'delivery-1'),
    ).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919847012345',
      type: 'template',
      template: {
        name: 'payment',
        language: { code: 'en' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: 'Thomas Mathew' }] },
          {
            type: 'button',
            sub_type: 'url',
            index: '0',
            parameters: [{ type: 'text', text: 'customer/login?mobile=919847012345&type=payment' }],
          },
        ],
      },
      biz_opaque_callback_data: 'delivery-1',
    });
    expect(paymentLink('https://dues.example.org/', '+91 98470')).toBe(
      'https://dues.example.org/customer/login?mobile=%2B91%2098470&type=payment',
    );
  });

  it('success and hello_world templates', () => {
    expect(successTemplate('919847012345', 'Thomas Mathew')).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919847012345',
      type: 'template',
      template: {
        name: 'success',
        language: { code: 'en' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Thomas Mathew' }] }],
      },
    });
    expect(helloWorldTemplate('919847012345')).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919847012345',
      type: 'template',
      template: { name: 'hello_world', language: { code: 'en_US' } },
    });
  });

  it('the new-assignment notice is the approved assignment template (name, head, amount, type, due date, member id; link button)', () => {
    const body = assignmentTemplate('919847012345', {
      memberName: 'Thomas  *Mathew*',
      headName: 'Church Renovation',
      amount: '₹1,500.00',
      type: 'Current Due',
      dueDate: '31/03/2027',
      description: 'Annual contribution',
      memberId: 'SM001',
      link: 'https://dues.example.org/customer/login?mobile=919847012345&type=payment',
      linkSuffix: 'customer/login?mobile=919847012345&type=payment',
    });
    expect(body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919847012345',
      type: 'template',
      template: {
        name: 'assignment',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: ['Thomas Mathew', 'Church Renovation', '₹1,500.00', 'Current Due', '31/03/2027', 'SM001'].map(
              (text) => ({ type: 'text', text }),
            ),
          },
          {
            type: 'button',
            sub_type: 'url',
            index: '0',
            parameters: [{ type: 'text', text: 'customer/login?mobile=919847012345&type=payment' }],
          },
        ],
      },
    });
  });

  it("a missing name or link gives 'Missing required template parameter values.' (docs/domain.md §5)", () => {
    expect(() => paymentTemplate('919847012345', { memberName: '  ', mobile: '919847012345' })).toThrow(
      REMINDER_MSG.missingTemplateParams,
    );
    expect(() => paymentTemplate('919847012345', { memberName: 'Thomas', mobile: '' })).toThrow(
      REMINDER_MSG.missingTemplateParams,
    );
    expect(() => successTemplate('919847012345', '')).toThrow(REMINDER_MSG.missingTemplateParams);
  });

  it('template parameters lose newlines and WhatsApp markup (WA-07)', () => {
    expect(templateText('Thomas\n*Mathew*   _x_ ~y~\tZ')).toBe('Thomas Mathew x y Z');
  });
});

describe('without credentials nothing pretends to send', () => {
  it('answers 503 with the configuration advice and writes no rows; status says not configured', async () => {
    const t = await app({});
    const admin = await loginAs(t.app, 'admin');
    const member = await createMember(t.app);
    for (const [url, payload] of [
      ['/api/admin/send-reminders', { memberIds: [member.id] }],
      ['/api/whatsapp/send-reminders', { memberIds: [member.id] }],
      ['/api/admin/send-all-reminders', undefined],
      ['/api/whatsapp/send-bulk-reminders', undefined],
      ['/api/whatsapp/test', { to: '9847012345' }],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: admin.headers,
        ...(payload && { payload }),
      });
      expectError(response, 503, ErrorCode.WHATSAPP_NOT_CONFIGURED, REMINDER_MSG.notConfigured);
    }
    expect(await rowCounts(t)).toEqual({ jobs: 0, deliveries: 0 });
    expect(standIn.requests).toHaveLength(0);
    const status = await t.app.inject({ method: 'GET', url: '/api/whatsapp/status', headers: admin.headers });
    expect(status.json()).toEqual({
      configured: false,
      apiVersion: 'v26.0',
      notifyOnAssign: false,
      notifyOnPayment: false,
      webhookConfigured: false,
    });
  });
});

describe('immediate send (POST /api/admin/send-reminders)', () => {
  it('sends the exact payment template to each member, paced 1 s apart, with per-member results', async () => {
    const t = await app(whatsappEnv({ WHATSAPP_SEND_INTERVAL_MS: '1000' }));
    const admin = await loginAs(t.app, 'admin');
    const a = await createMember(t.app, { name: 'Anna Joseph' });
    const b = await createMember(t.app, { name: 'Benny Paul' });
    const c = await createMember(t.app, { name: 'Cicily Varghese' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/send-reminders',
      headers: admin.headers,
      payload: { memberIds: [a.id, b.id, c.id] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<SendRemindersResult>();
    expect(body.results.successful).toBe(3);
    expect(body.results.failed).toBe(0);
    expect(body.results.details.map((d) => [d.member.name, d.success, d.status, d.error])).toEqual([
      ['Anna Joseph', true, 'sent', null],
      ['Benny Paul', true, 'sent', null],
      ['Cicily Varghese', true, 'sent', null],
    ]);
    expect(body.results.details.every((d) => d.messageId?.startsWith('wamid.'))).toBe(true);

    expect(standIn.requests).toHaveLength(3);
    const [first] = standIn.requests;
    expect(first?.path).toBe(`/v21.0/${PHONE_ID}/messages`);
    expect(first?.method).toBe('POST');
    expect(first?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(first?.contentType).toBe('application/json');
    const rows = await t.db.select().from(messageDeliveries).where(eq(messageDeliveries.memberId, a.id));
    expect(first?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: a.mobile,
      type: 'template',
      template: {
        name: 'payment',
        language: { code: 'en' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: 'Anna Joseph' }] },
          {
            type: 'button',
            sub_type: 'url',
            index: '0',
            parameters: [{ type: 'text', text: `customer/login?mobile=${a.mobile}&type=payment` }],
          },
        ],
      },
      biz_opaque_callback_data: rows[0]?.id,
    });
    expect(paymentLink(t.config.publicUrl, a.mobile)).toBe(
      `${TEST_PUBLIC_URL}/customer/login?mobile=${a.mobile}&type=payment`,
    );
    // `docs/domain.md`, §9 "Sending": 1 s between messages.
    const times = standIn.requests.map((r) => r.at);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(950);

    const panel = await deliveries(t.app, admin, body.jobId);
    expect(panel.successful).toBe(3);
    expect(panel.failed).toBe(0);
    expect(panel.job?.status).toBe('done');
    expect(panel.items.map((item) => [item.member.name, item.status, item.attempts])).toEqual([
      ['Anna Joseph', 'sent', 1],
      ['Benny Paul', 'sent', 1],
      ['Cicily Varghese', 'sent', 1],
    ]);
    const [audit] = await queryRows<{ count: number }>(
      t.db,
      sql`SELECT count(*)::int AS count FROM audit_events WHERE action = 'reminders.send' AND entity_id = ${body.jobId}`,
    );
    expect(audit?.count).toBe(1);
  });

  it('retries 429 and 500 then succeeds; a permanent error (131026) is not retried; a timeout is unknown, never resent', async () => {
    const t = await app(whatsappEnv({ WHATSAPP_TIMEOUT_MS: '400' }));
    const admin = await loginAs(t.app, 'admin');
    const retried = await createMember(t.app, { name: 'A Retried' });
    const permanent = await createMember(t.app, { name: 'B Permanent' });
    const exhausted = await createMember(t.app, { name: 'C Exhausted' });
    const timedOut = await createMember(t.app, { name: 'D Timed Out' });
    standIn.script(retried.mobile, ['429', '500', 'ok']);
    standIn.script(permanent.mobile, ['permanent', 'ok']);
    standIn.script(exhausted.mobile, ['500', '500', '500', 'ok']);
    standIn.script(timedOut.mobile, ['hang', 'ok']);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/send-reminders',
      headers: admin.headers,
      payload: { memberIds: [retried.id, permanent.id, exhausted.id, timedOut.id] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<SendRemindersResult>();
    expect(body.results.successful).toBe(1);
    expect(body.results.failed).toBe(3);
    const byName = new Map(body.results.details.map((d) => [d.member.name, d]));
    expect(byName.get('A Retried')).toMatchObject({ success: true, status: 'sent' });
    expect(byName.get('B Permanent')).toMatchObject({ success: false, status: 'failed', messageId: null });
    expect(byName.get('B Permanent')?.error).toMatch(/^WhatsApp API Error: 400 - \{"error":\{"message":"\(#131026\)/);
    expect(byName.get('C Exhausted')).toMatchObject({ success: false, status: 'failed' });
    expect(byName.get('C Exhausted')?.error).toMatch(/^WhatsApp API Error: 500 - /);
    expect(byName.get('D Timed Out')).toMatchObject({ success: false, status: 'unknown', error: REMINDER_MSG.timeout });

    expect(standIn.requestsTo(retried.mobile).map((r) => r.answer)).toEqual(['429', '500', 'ok']);
    expect(standIn.requestsTo(permanent.mobile)).toHaveLength(1);
    expect(standIn.requestsTo(exhausted.mobile)).toHaveLength(3);
    expect(standIn.requestsTo(timedOut.mobile)).toHaveLength(1);

    const rows = await t.db.select().from(messageDeliveries);
    const row = (member: TestMember) => rows.find((r) => r.memberId === member.id);
    expect(row(retried)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(row(permanent)).toMatchObject({ status: 'failed', attempts: 1, errorCode: '131026' });
    expect(row(exhausted)).toMatchObject({ status: 'failed', attempts: 3, errorCode: '131000' });
    expect(row(timedOut)).toMatchObject({ status: 'unknown', attempts: 1, errorCode: 'TIMEOUT' });
    const panel = await deliveries(t.app, admin, body.jobId);
    expect([panel.successful, panel.failed, panel.unknown]).toEqual([1, 2, 1]);
  });

  it('refuses bad input with the specification message and writes nothing', async () => {
    const t = await app();
    const admin = await loginAs(t.app, 'admin');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/admin/send-reminders',
      headers: admin.headers,
      payload: { memberIds: [] },
    });
    expectError(empty, 400, ErrorCode.VALIDATION_FAILED, MSG.remindersSelect);
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/admin/send-reminders',
      headers: admin.headers,
      payload: { memberIds: Array.from({ length: 21 }, () => crypto.randomUUID()) },
    });
    expectError(tooMany, 400, ErrorCode.VALIDATION_FAILED, REMINDER_MSG.tooManySelected);
    const inactive = await createMember(t.app, { isActive: false });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/send-reminders',
      headers: admin.headers,
      payload: { memberIds: [inactive.id] },
    });
    expectError(unknown, 404, ErrorCode.NOT_FOUND);
    const cashier = await loginAs(t.app, 'cashier');
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/admin/send-reminders',
      headers: cashier.headers,
      payload: { memberIds: [inactive.id] },
    });
    expectError(denied, 403, ErrorCode.FORBIDDEN);
    expect(await rowCounts(t)).toEqual({ jobs: 0, deliveries: 0 });
    expect(standIn.requests).toHaveLength(0);
  });
});

describe('send to all (background job)', () => {
  it('messages every active member with a pending payment once, reports progress events, refuses a second run', async () => {
    const t = await app(whatsappEnv({ WHATSAPP_SEND_INTERVAL_MS: '100' }));
    const admin = await loginAs(t.app, 'admin');
    const head = await insertHead(t);
    const owing = [await createMember(t.app), await createMember(t.app), await createMember(t.app)];
    for (const member of owing) await insertPayment(t, member, head);
    await createMember(t.app); // nothing pending: not messaged
    const gone = await createMember(t.app, { isActive: false });
    await insertPayment(t, gone, head);
    const progress: AppEvent[] = [];
    t.app.events.subscribe((event) => {
      if (event.type === 'reminders.progress') progress.push(event);
    });

    const start = await t.app.inject({ method: 'POST', url: '/api/admin/send-all-reminders', headers: admin.headers });
    expect(start.statusCode, start.body).toBe(202);
    const { jobId, total } = start.json<SendAllRemindersResult>();
    expect(total).toBe(3);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/send-bulk-reminders',
      headers: admin.headers,
    });
    expectError(again, 409, ErrorCode.REMINDERS_ALREADY_RUNNING, REMINDER_MSG.alreadyRunning);

    const done = await waitForJob(t.app, admin, jobId);
    expect(done.successful).toBe(3);
    expect(done.items.every((item) => item.status === 'sent')).toBe(true);
    expect(standIn.requests).toHaveLength(3);
    for (const member of owing) expect(standIn.requestsTo(member.mobile)).toHaveLength(1);
    const last = progress.at(-1)?.data;
    expect(last).toMatchObject({ jobId, done: 3, total: 3, sent: 3, failed: 0, status: 'done' });
    expect(progress.length).toBeGreaterThanOrEqual(4);
  });

  it('of one ward (?wardId=, decision 0136): messages exactly that ward’s members who owe; an unknown ward starts nothing', async () => {
    const t = await app();
    const admin = await loginAs(t.app, 'admin');
    const head = await insertHead(t);
    const addWard = async (name: string) => {
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/wards',
        headers: admin.headers,
        payload: { name },
      });
      expect(added.statusCode, added.body).toBe(201);
      return added.json<{ id: string }>().id;
    };
    const [north, south] = [await addWard('North'), await addWard('South')];
    const inWard = async (wardId: string | null, owes = true) => {
      const member = await createMember(t.app);
      await t.db.execute(sql`UPDATE members SET ward_id = ${wardId}::uuid WHERE id = ${member.id}::uuid`);
      if (owes) await insertPayment(t, member, head);
      return member;
    };
    const owingNorth = [await inWard(north), await inWard(north)];
    await inWard(north, false); // owes nothing: not messaged
    const others = [await inWard(south), await inWard(null)];

    const sendAll = (ward: string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/send-all-reminders?wardId=${ward}`, headers: admin.headers });
    const unknown = await sendAll('00000000-0000-4000-8000-000000000000');
    const before = await rowCounts(t);
    expectError(unknown, 400, ErrorCode.VALIDATION_FAILED, WARD_MSG.notFound);
    expect(await rowCounts(t)).toEqual(before);

    const start = await sendAll(north);
    expect(start.statusCode, start.body).toBe(202);
    const { jobId, total } = start.json<SendAllRemindersResult>();
    expect(total).toBe(2);
    const done = await waitForJob(t.app, admin, jobId);
    expect(done.successful).toBe(2);
    expect(done.items.map((item) => item.member.id).sort()).toEqual(owingNorth.map((member) => member.id).sort());
    for (const member of owingNorth) expect(standIn.requestsTo(member.mobile)).toHaveLength(1);
    expect(standIn.requests).toHaveLength(2);
    for (const member of others) expect(standIn.requestsTo(member.mobile)).toHaveLength(0);
    const [audit] = await queryRows<{ after: { total: number; wardId?: string } | string }>(
      t.db,
      sql`SELECT after FROM audit_events WHERE action = 'reminders.send_all' AND entity_id = ${jobId}`,
    );
    const after = typeof audit?.after === 'string' ? JSON.parse(audit.after) : audit?.after;
    expect(after).toMatchObject({ kind: 'payment', total: 2, wardId: north });

    // `none`: the members without a ward, only.
    const [southMember, withoutWard] = others;
    const none = await sendAll('none');
    expect(none.statusCode, none.body).toBe(202);
    const noneJob = none.json<SendAllRemindersResult>();
    expect(noneJob.total).toBe(1);
    await waitForJob(t.app, admin, noneJob.jobId);
    expect(standIn.requestsTo(withoutWard?.mobile ?? '')).toHaveLength(1);
    expect(standIn.requestsTo(southMember?.mobile ?? '')).toHaveLength(0);
    expect(standIn.requests).toHaveLength(3);
  });

  it('a job cut off mid-send (app closed while a request hangs) resumes on restart and sends each member at most once', async () => {
    const t = await app(whatsappEnv({ WHATSAPP_TIMEOUT_MS: '30000' }));
    const admin = await loginAs(t.app, 'admin');
    const head = await insertHead(t);
    const members = [
      await createMember(t.app, { name: 'Member 1' }),
      await createMember(t.app, { name: 'Member 2' }),
      await createMember(t.app, { name: 'Member 3' }),
      await createMember(t.app, { name: 'Member 4' }),
    ];
    for (const member of members) await insertPayment(t, member, head);
    standIn.scriptNth(2, 'hang');
    const start = await t.app.inject({ method: 'POST', url: '/api/admin/send-all-reminders', headers: admin.headers });
    const { jobId } = start.json<SendAllRemindersResult>();
    await standIn.waitForRequests(2);
    const hung = standIn.requests[1]?.body.to;
    expect(standIn.requests[1]?.answer).toBe('hang');

    // The "crash": the workers stop mid-request (as on SIGTERM), then the app closes.
    await t.workers?.stop();
    await t.app.close();
    const afterStop = await t.db.select().from(messageDeliveries).where(eq(messageDeliveries.jobId, jobId));
    expect(afterStop.find((r) => r.recipient === hung)?.status).toBe('unknown');
    expect(afterStop.filter((r) => r.status === 'queued')).toHaveLength(2);

    const restarted = await restart(t);
    try {
      const admin2 = await loginAs(restarted.app, 'admin');
      const done = await waitForJob(restarted.app, admin2, jobId);
      expect(done.successful).toBe(3);
      expect(done.unknown).toBe(1);
      for (const member of members) expect(standIn.requestsTo(member.mobile)).toHaveLength(1);
      expect(standIn.requests).toHaveLength(4);
      expect(done.items.find((item) => item.member.mobile === hung)?.status).toBe('unknown');
    } finally {
      await restarted.close();
    }
  });

  it('after a crash (a row left sending, a stale lock) the next start marks it unknown and sends only the rest', async () => {
    const t = await app(whatsappEnv({ WHATSAPP_WORKER: 'false' }));
    const [m1, m2, m3] = [await createMember(t.app), await createMember(t.app), await createMember(t.app)];
    const [job] = await t.db
      .insert(backgroundJobs)
      .values({
        type: 'whatsapp.reminders',
        status: 'running',
        payload: { kind: 'payment', all: true },
        lockedBy: 'dead-host:1:abc',
        lockedAt: sql`now() - interval '10 minutes'` as unknown as string,
      })
      .returning();
    if (!job) throw new Error('no job');
    await t.db.insert(messageDeliveries).values([
      {
        jobId: job.id,
        memberId: m1!.id,
        kind: 'payment',
        status: 'sent',
        recipient: m1!.mobile,
        attempts: 1,
        messageId: 'wamid.OLD1',
      },
      { jobId: job.id, memberId: m2!.id, kind: 'payment', status: 'sending', recipient: m2!.mobile, attempts: 1 },
      { jobId: job.id, memberId: m3!.id, kind: 'payment', status: 'queued', recipient: m3!.mobile },
    ]);
    // The first app never ran a worker; the "next start" does.
    const config = { ...t.config, whatsapp: { ...t.config.whatsapp, worker: true } };
    const restarted = await restart(t, config);
    try {
      const done = await waitForJob(restarted.app, await loginAs(restarted.app, 'admin'), job.id);
      const status = new Map(done.items.map((item) => [item.member.id, item.status]));
      expect(status.get(m1!.id)).toBe('sent');
      expect(status.get(m2!.id)).toBe('unknown');
      expect(status.get(m3!.id)).toBe('sent');
      expect(standIn.requests.map((r) => r.body.to)).toEqual([m3!.mobile]);
    } finally {
      await restarted.close();
    }
  });
});

describe('delivery webhook (C.5; WA-06)', () => {
  function statusBody(id: string, status: string, extra: Record<string, unknown> = {}): string {
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'WABA',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550001111', phone_number_id: PHONE_ID },
                statuses: [{ id, status, timestamp: '1700000000', recipient_id: '919847012345', ...extra }],
              },
            },
          ],
        },
      ],
    });
  }

  async function post(t: TestApp, body: string, signature?: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: { 'content-type': 'application/json', ...(signature && { 'x-hub-signature-256': signature }) },
      payload: body,
    });
  }

  it('the verification handshake answers the challenge only for the right token', async () => {
    const t = await app();
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1158201444',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('1158201444');
  });

  it('refuses a forged or missing signature (401) and changes nothing; a signed status moves the delivery forward only', async () => {
    const t = await app();
    const admin = await loginAs(t.app, 'admin');
    const member = await createMember(t.app);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/admin/send-reminders',
      headers: admin.headers,
      payload: { memberIds: [member.id] },
    });
    const { results, jobId } = sent.json<SendRemindersResult>();
    const wamid = results.details[0]?.messageId ?? '';
    expect(wamid).toMatch(/^wamid\./);

    const read = statusBody(wamid, 'read');
    expectError(
      await post(t, read, sign(read, 'wrong-secret')),
      401,
      ErrorCode.UNAUTHORIZED,
      REMINDER_MSG.badSignature,
    );
    expectError(await post(t, read), 401, ErrorCode.UNAUTHORIZED, REMINDER_MSG.badSignature);
    // Signed over different bytes (re-serialised JSON) does not match either.
    expectError(await post(t, `${read} `, sign(read)), 401, ErrorCode.UNAUTHORIZED);
    expect((await deliveries(t.app, admin, jobId)).items[0]?.status).toBe('sent');

    const delivered = statusBody(wamid, 'delivered');
    expect((await post(t, delivered, sign(delivered))).statusCode).toBe(200);
    expect((await deliveries(t.app, admin, jobId)).items[0]?.status).toBe('delivered');
    expect((await post(t, read, sign(read))).statusCode).toBe(200);
    expect((await deliveries(t.app, admin, jobId)).items[0]?.status).toBe('read');
    // Late or repeated statuses change nothing.
    expect((await post(t, delivered, sign(delivered))).statusCode).toBe(200);
    const failed = statusBody(wamid, 'failed', { errors: [{ code: 131026, title: 'Message undeliverable' }] });
    expect((await post(t, failed, sign(failed))).statusCode).toBe(200);
    const panel = await deliveries(t.app, admin, jobId);
    expect(panel.items[0]?.status).toBe('read');
    expect(panel.successful).toBe(1);
    const [events] = await queryRows<{ count: number }>(
      t.db,
      sql`SELECT count(*)::int AS count FROM gateway_events WHERE provider = 'whatsapp'`,
    );
    expect(events?.count).toBe(3);
  });

  it('a failed status after sent records the error; the delivery id in biz_opaque_callback_data settles an unknown row', async () => {
    const t = await app(whatsappEnv({ WHATSAPP_TIMEOUT_MS: '300' }));
    const admin = await loginAs(t.app, 'admin');
    const ok = await createMember(t.app, { name: 'A Ok' });
    const slow = await createMember(t.app, { name: 'B Slow' });
    standIn.script(slow.mobile, ['hang']);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/admin/send-reminders',
      headers: admin.headers,
      payload: { memberIds: [ok.id, slow.id] },
    });
    const { results, jobId } = sent.json<SendRemindersResult>();
    const wamid = results.details[0]?.messageId ?? '';
    const failed = statusBody(wamid, 'failed', {
      errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }],
    });
    expect((await post(t, failed, sign(failed))).statusCode).toBe(200);
    const slowRow = standIn.requestsTo(slow.mobile)[0]?.body.biz_opaque_callback_data as string;
    const late = statusBody('wamid.LATE', 'sent', { biz_opaque_callback_data: slowRow });
    expect((await post(t, late, sign(late))).statusCode).toBe(200);
    const panel = await deliveries(t.app, admin, jobId);
    const byName = new Map(panel.items.map((item) => [item.member.name, item]));
    expect(byName.get('A Ok')).toMatchObject({
      status: 'failed',
      errorCode: '131026',
      errorMessage: 'Message undeliverable',
    });
    expect(byName.get('B Slow')).toMatchObject({ status: 'sent', messageId: 'wamid.LATE' });
  });
});

describe('status, test message and notifications', () => {
  it('status masks the phone number id; the test sends hello_world', async () => {
    const t = await app();
    const admin = await loginAs(t.app, 'admin');
    const status = await t.app.inject({ method: 'GET', url: '/api/whatsapp/status', headers: admin.headers });
    expect(status.json()).toEqual({
      configured: true,
      phoneNumberId: '•••••••••0123',
      apiVersion: 'v21.0',
      notifyOnAssign: false,
      notifyOnPayment: false,
      webhookConfigured: true,
    });
    expect(status.body).not.toContain(TOKEN);
    const test = await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/test',
      headers: admin.headers,
      payload: { to: '98470 12345' },
    });
    expect(test.statusCode, test.body).toBe(200);
    expect(standIn.requests[0]?.body).toEqual(helloWorldTemplate('919847012345'));
    // Every Indian mobile gets 91, whatever its first digit of 6 to 9 (decision 0118).
    for (const [to, recipient] of [
      ['8123456789', '918123456789'],
      ['70123 45678', '917012345678'],
      ['6123456789', '916123456789'],
    ] as const) {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/whatsapp/test',
        headers: admin.headers,
        payload: { to },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(standIn.requests.at(-1)?.body).toEqual(helloWorldTemplate(recipient));
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/test',
      headers: admin.headers,
      payload: { to: '12345' },
    });
    expectError(bad, 400, ErrorCode.INVALID_RECIPIENT, REMINDER_MSG.invalidRecipient);
  });

  it('with WHATSAPP_NOTIFY_ON_ASSIGN a head.updated event sends the assignment template to the newly tagged', async () => {
    const t = await app(whatsappEnv({ WHATSAPP_NOTIFY_ON_ASSIGN: 'true' }));
    const member = await createMember(t.app, { name: 'Thomas Mathew' });
    const head = await insertHead(t, 'Church Renovation');
    await insertPayment(t, member, head);
    // Published in the home parish, as the tagging route publishes it in the request's parish.
    runInParish(1, () =>
      t.app.events.publish({
        type: 'head.updated',
        data: { paymentHeadId: head.id, assignedMemberIds: [member.id] },
      }),
    );
    await standIn.waitForRequests(1);
    const request = standIn.requests[0];
    expect(request?.body.type).toBe('template');
    const template = request?.body.template as { name: string; components: { parameters: { text: string }[] }[] };
    expect(template.name).toBe('assignment');
    expect(template.components[0]?.parameters.map((parameter) => parameter.text)).toEqual([
      'Thomas Mathew',
      'Church Renovation',
      '₹1,500.00',
      'Current Due',
      '31/03/2027',
      member.parishNumber,
    ]);
    expect(template.components[1]?.parameters[0]?.text).toBe(`customer/login?mobile=${member.mobile}&type=payment`);
  });

  it('with WHATSAPP_NOTIFY_ON_PAYMENT an online payment sends the success template once; a manual one does not', async () => {
    const t = await app(whatsappEnv({ WHATSAPP_NOTIFY_ON_PAYMENT: 'true', WHATSAPP_SEND_RECEIPTS: 'false' }));
    const cashier = await loginAs(t.app, 'cashier');
    const online = await loginAs(t.app, 'member');
    const manual = await createMember(t.app, { name: 'Paid Cash' });
    const cash = await due(t.app, manual.id, 'miscellaneous', 10_000);
    const collected = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${cash}/collect`,
      headers: cashier.headers,
      payload: { collectionMode: 'manual', collectionAmount: 100, paymentMethod: 'cash' },
    });
    expect(collected.statusCode, collected.body).toBe(200);
    await payOnline(t, online, [await due(t.app, online.account.id, 'miscellaneous', 29_550)]);
    await standIn.waitForRequests(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]?.body).toMatchObject(successTemplate(online.account.mobile, online.account.name));
    // One outbox row, audited in the settlement's transaction; nothing for the cash payment.
    const rows = await t.db.select().from(messageDeliveries);
    expect(rows.map((row) => [row.memberId, row.kind])).toEqual([[online.account.id, 'success']]);
    const [audit] = await queryRows<{ count: number }>(
      t.db,
      sql`SELECT count(*)::int AS count FROM audit_events WHERE action = 'notifications.payment_success'`,
    );
    expect(audit?.count).toBe(1);
  });

  it('a crash between the settlement and the send cannot lose the success notice: the next start sends it', async () => {
    const t = await app(whatsappEnv({ WHATSAPP_NOTIFY_ON_PAYMENT: 'true', WHATSAPP_SEND_RECEIPTS: 'false' }));
    const member = await loginAs(t.app, 'member');
    const paymentId = await due(t.app, member.account.id, 'miscellaneous', 50_000);
    await t.workers?.stop(); // the sender is down when the payment settles
    await payOnline(t, member, [paymentId]);
    const [queued] = await t.db.select().from(messageDeliveries);
    expect(queued).toMatchObject({ memberId: member.account.id, kind: 'success', status: 'queued' });
    // Written by the settlement's own database transaction: the job row and the settled
    // transaction row were last written by the same transaction id.
    const [written] = await queryRows<{ sameTransaction: boolean }>(
      t.db,
      sql`SELECT (SELECT xmin::text FROM background_jobs WHERE id = ${queued?.jobId ?? null}::uuid)
               = (SELECT xmin::text FROM transactions WHERE member_id = ${member.account.id}::uuid AND status = 'success')
                 AS "sameTransaction"`,
    );
    expect(written?.sameTransaction).toBe(true);
    await t.app.close(); // the "crash": nothing was sent
    expect(standIn.requests).toHaveLength(0);

    const restarted = await restart(t);
    try {
      await standIn.waitForRequests(1);
      expect(standIn.requests[0]?.body).toEqual(
        successTemplate(member.account.mobile, member.account.name, queued?.id),
      );
      const done = await waitForJob(restarted.app, await loginAs(restarted.app, 'admin'), queued?.jobId ?? '');
      expect(done.items.map((item) => [item.member.id, item.status])).toEqual([[member.account.id, 'sent']]);
      expect(standIn.requests).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });

  it('without the notification flags, events send nothing', async () => {
    const t = await app();
    const member = await createMember(t.app);
    const head = await insertHead(t);
    await insertPayment(t, member, head);
    t.app.events.publish({ type: 'head.updated', data: { paymentHeadId: head.id, assignedMemberIds: [member.id] } });
    t.app.events.publish({
      type: 'payment.updated',
      memberId: member.id,
      data: { paymentIds: [], status: 'paid', via: 'worldline' },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(standIn.requests).toHaveLength(0);
    expect(await rowCounts(t)).toEqual({ jobs: 0, deliveries: 0 });
  });
});
