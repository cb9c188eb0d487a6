import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ErrorCode, type SendAllRemindersResult, type WaMeLink, type WhatsAppStatus } from '@parish/shared';

import { queryRows } from '../../../src/db/client.ts';
import { runAsOwner, runInParish } from '../../../src/db/parish-scope.ts';
import { registerParishHost } from '../../../src/modules/parishes/parish-hosts.ts';
import { announceJobQueued } from '../../../src/modules/reminders/job-runner.ts';
import { NOTIFICATIONS_AUDIT, queuePaymentNotice } from '../../../src/modules/reminders/notifications.ts';
import { insertReminderJob } from '../../../src/modules/reminders/reminders.service.ts';
import { due } from '../../gateway-fixtures.ts';
import {
  addParish,
  createMember,
  createTestApp,
  expectError,
  inParish,
  loginAs,
  type Session,
  type TestApp,
  type TestMember,
} from '../../helpers.ts';
import { WhatsAppStandIn, type StandInRequest } from '../../whatsapp-stand-in.ts';

/**
 * Per-parish WhatsApp in the runtime (issue 28 item 4, decision 0134): with no WHATSAPP_* credentials
 * in the environment, the sender worker and the scheduled reminders still run, and a parish that
 * entered its own Cloud API number sends its reminder rounds, scheduled reminders and notices
 * through the Cloud API (the stand-in) with its own phone number id and token; a parish without
 * sends nothing and offers wa.me links.
 */

const HOME = 'home.diocese.example';
const B = 'b.diocese.example';
const B_PHONE_ID = '2000002';
const B_TOKEN = 'parish-b-access-token';
const API_VERSION = 'v21.0';

let t: TestApp;
let standIn: WhatsAppStandIn;
let homeAdmin: Session;
let adminB: Session;
let homeMember: TestMember;

/** The requests the stand-in received for one number. */
function to(member: TestMember): StandInRequest[] {
  return standIn.requestsTo(member.mobile);
}

/** A member of the parish in progress with one pending due. */
async function owingMember(name: string): Promise<TestMember> {
  const member = await createMember(t.app, { name });
  await due(t.app, member.id, 'miscellaneous', 10_000);
  return member;
}

/** The WhatsApp jobs of a parish, counted across parishes (as the owner). */
async function whatsAppJobs(parishId: number): Promise<number> {
  const [row] = await runAsOwner(() =>
    queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM background_jobs WHERE type = 'whatsapp.reminders' AND parish_id = ${parishId}`,
    ),
  );
  return row?.n ?? -1;
}

/** Waits until the stand-in has `count` requests for `member`. */
async function waitFor(member: TestMember, count: number): Promise<StandInRequest[]> {
  const deadline = Date.now() + 15_000;
  while (to(member).length < count) {
    if (Date.now() > deadline) throw new Error(`${member.name}: ${to(member).length} of ${count} requests`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return to(member);
}

/** Each request went to parish B's number with parish B's token. */
function expectParishB(requests: StandInRequest[]): void {
  for (const request of requests) {
    expect(request.path).toBe(`/${API_VERSION}/${B_PHONE_ID}/messages`);
    expect(request.authorization).toBe(`Bearer ${B_TOKEN}`);
  }
}

/** Saves (or clears, with nulls) parish B's WhatsApp number on its Settings page, as its admin. */
async function setNumberOfB(payload: Record<string, string | null>): Promise<void> {
  const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/credentials', headers: adminB.headers, payload });
  expect(saved.statusCode, saved.body).toBe(200);
}

beforeAll(async () => {
  standIn = await new WhatsAppStandIn().start();
  t = await createTestApp({
    // No WHATSAPP_ACCESS_TOKEN / WHATSAPP_PHONE_NUMBER_ID: the environment's WhatsApp is not configured.
    env: {
      WHATSAPP_BASE_URL: standIn.url,
      WHATSAPP_API_VERSION: API_VERSION,
      WHATSAPP_SEND_INTERVAL_MS: '20',
      WHATSAPP_RETRY_BASE_MS: '20',
      WHATSAPP_PAIR_INTERVAL_MS: '20',
      WHATSAPP_NOTIFY_ON_ASSIGN: 'true',
      WHATSAPP_NOTIFY_ON_PAYMENT: 'true',
      // The `success` notice (receipt documents off; they are tested in receipt-documents.test.ts).
      WHATSAPP_SEND_RECEIPTS: 'false',
      REMINDER_SCHEDULE_SECONDS: '1',
      GATEWAY_RECHECK_SECONDS: '0',
    },
    workers: true,
  });
  expect(t.config.whatsapp.configured).toBe(false);
  await registerParishHost(t.db, 1, HOME);
  await addParish(t, 'St. B', [B]);
  homeAdmin = await inParish(1, HOME, () => loginAs(t.app, 'admin'));
  adminB = await inParish(2, B, () => loginAs(t.app, 'admin'));
  homeMember = await owingMember('Home Owing');
  await setNumberOfB({ whatsappPhoneNumberId: B_PHONE_ID, whatsappAccessToken: B_TOKEN });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

describe('per-parish WhatsApp with none in the environment (decision 0134)', () => {
  it('the parish with its own number may send through the Cloud API; the other is told it is not configured and offers wa.me', async () => {
    const status = async (session: Session) =>
      (
        await t.app.inject({ method: 'GET', url: '/api/whatsapp/status', headers: session.headers })
      ).json<WhatsAppStatus>();
    expect(await status(adminB)).toMatchObject({ configured: true, phoneNumberId: '•••0002' });
    expect(await status(homeAdmin)).toMatchObject({ configured: false });

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/send-all-reminders',
      headers: homeAdmin.headers,
    });
    expectError(refused, 503, ErrorCode.WHATSAPP_NOT_CONFIGURED);
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/members/${homeMember.id}/whatsapp-link`,
      headers: homeAdmin.headers,
    });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json<WaMeLink>().url.startsWith(`https://wa.me/${homeMember.mobile}?text=`)).toBe(true);
    expect(await whatsAppJobs(1)).toBe(0);
  });

  it("a reminder round of parish B goes out through the sender worker with B's phone number id and token", async () => {
    const [first, second] = await inParish(2, B, async () => [await owingMember('B One'), await owingMember('B Two')]);
    if (!first || !second) throw new Error('no members');
    const start = await t.app.inject({ method: 'POST', url: '/api/admin/send-all-reminders', headers: adminB.headers });
    expect(start.statusCode, start.body).toBe(202);
    expect(start.json<SendAllRemindersResult>().total).toBe(2);
    const requests = [...(await waitFor(first, 1)), ...(await waitFor(second, 1))];
    expect(requests.map((request) => (request.body.template as { name: string }).name)).toEqual(['payment', 'payment']);
    expectParishB(requests);
    expect(to(homeMember)).toHaveLength(0);
  });

  it('scheduled reminders run in parish B only: the home parish, scheduled too, sends nothing', async () => {
    const later = await inParish(2, B, () => owingMember('B Later'));
    // 22/11/2026 11:00 India time (the test clock): a schedule for the 22nd at 10:00 is due.
    for (const session of [homeAdmin, adminB]) {
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/whatsapp-settings',
        headers: session.headers,
        payload: { payLinksEnabled: true, reminderDay: 22, reminderTime: '10:00' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const requests = await waitFor(later, 1);
    expectParishB(requests);
    const [job] = await runInParish(2, () =>
      queryRows<{ round: string }>(
        t.db,
        sql`SELECT payload->>'round' AS round FROM background_jobs WHERE payload ? 'round'`,
      ),
    );
    expect(job?.round).toBe('2026-11');
    // A few more ticks of the schedule worker: still nothing for the home parish.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await whatsAppJobs(1)).toBe(0);
    expect(to(homeMember)).toHaveLength(0);
  });

  it('assignment notices follow the parish of the assignment', async () => {
    const [memberB, headB] = await inParish(2, B, async () => {
      const member = await createMember(t.app, { name: 'B Assigned' });
      return [member, await due(t.app, member.id, 'current due', 20_000)] as const;
    });
    const headOf = (paymentId: string) =>
      queryRows<{ head: string }>(t.db, sql`SELECT payment_head_id AS head FROM payments WHERE id = ${paymentId}`);
    const [rowB] = await runInParish(2, () => headOf(headB));
    const homeAssigned = await createMember(t.app, { name: 'Home Assigned' });
    const [rowHome] = await headOf(await due(t.app, homeAssigned.id, 'current due', 20_000));
    for (const [parishId, member, row] of [
      [1, homeAssigned, rowHome],
      [2, memberB, rowB],
    ] as const) {
      runInParish(parishId, () =>
        t.app.events.publish({
          type: 'head.updated',
          data: { paymentHeadId: row?.head ?? '', assignedMemberIds: [member.id] },
        }),
      );
    }
    const requests = await waitFor(memberB, 1);
    expect((requests[0]?.body.template as { name: string }).name).toBe('assignment');
    expectParishB(requests);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(to(homeAssigned)).toHaveLength(0);
    expect(await whatsAppJobs(1)).toBe(0);
  });

  it("a payment notice is written only in the parish with WhatsApp, in the settlement's transaction, and sent with its number", async () => {
    const paidB = await inParish(2, B, () => createMember(t.app, { name: 'B Paid' }));
    const notice = (parishId: number, memberId: string) =>
      runInParish(parishId, () => t.db.transaction((tx) => queuePaymentNotice(tx, { config: t.config, memberId })));
    expect(await notice(1, homeMember.id)).toBeNull();
    expect(await notice(2, paidB.id)).toEqual(expect.any(String));
    announceJobQueued(t.app.deps);
    const requests = await waitFor(paidB, 1);
    expect((requests[0]?.body.template as { name: string }).name).toBe('success');
    expectParishB(requests);
    expect(await whatsAppJobs(1)).toBe(0);
  });

  it('a job of a parish whose number was cleared after it was queued waits unlocked, nothing sent', async () => {
    const late = await inParish(2, B, () => owingMember('B Cleared'));
    await setNumberOfB({ whatsappPhoneNumberId: null, whatsappAccessToken: null });
    const { jobId } = await runInParish(2, () =>
      t.db.transaction((tx) =>
        insertReminderJob(tx, {
          audit: NOTIFICATIONS_AUDIT,
          payload: { kind: 'success' },
          recipients: [{ id: late.id, name: late.name, mobile: late.mobile, parishNumber: late.parishNumber }],
          action: 'notifications.payment_success',
        }),
      ),
    );
    announceJobQueued(t.app.deps);
    const postponed = async () => {
      const [row] = await runInParish(2, () =>
        queryRows<{ later: boolean; locked: boolean }>(
          t.db,
          sql`SELECT run_after > now() + interval '5 minutes' AS later, locked_by IS NOT NULL AS locked
                FROM background_jobs WHERE id = ${jobId}`,
        ),
      );
      return row;
    };
    const deadline = Date.now() + 10_000;
    while (!(await postponed())?.later && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await postponed()).toEqual({ later: true, locked: false });
    expect(to(late)).toHaveLength(0);
  });
});
