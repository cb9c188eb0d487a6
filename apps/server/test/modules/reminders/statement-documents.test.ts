import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  ErrorCode,
  PDF_MSG,
  calendarDateIn,
  financialYearLabel,
  financialYearOf,
  type RazorpayOrder,
  type SendAllRemindersResult,
  type VerifyResult,
  type Ward,
} from '@parish/shared';

import { queryRows } from '../../../src/db/client.ts';
import { runInParish } from '../../../src/db/parish-scope.ts';
import { readStatementLink, signStatementLink } from '../../../src/lib/link-signing.ts';
import { insertHead, insertPayment } from '../../factories.ts';
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
import { WhatsAppStandIn, type StandInRequest } from '../../whatsapp-stand-in.ts';

/**
 * The yearly statement with the reminder round (issue 29 item 8, decision 0143): "Send to All"
 * with `statementFy` sends each member it reaches, besides the reminder, the `statement` template
 * of their language with their statement's PDF as its document header (the Cloud API stand-in);
 * the document's signed link downloads that member's statement of that year and nothing else;
 * opted-out members get nothing; a round never sends one member two statements. And the
 * `assignment` and `success` notices in the member's language (issue 29 item 3).
 */

let standIn: WhatsAppStandIn;
let t: TestApp;
let admin: Session;
let ward: Ward;

beforeAll(async () => {
  standIn = await new WhatsAppStandIn().start();
  t = await createTestApp({
    env: {
      WHATSAPP_ACCESS_TOKEN: 'token-statements',
      WHATSAPP_PHONE_NUMBER_ID: '555000222',
      WHATSAPP_BASE_URL: standIn.url,
      WHATSAPP_API_VERSION: 'v21.0',
      WHATSAPP_SEND_INTERVAL_MS: '20',
      WHATSAPP_RETRY_BASE_MS: '20',
      WHATSAPP_TIMEOUT_MS: '2000',
      WHATSAPP_PAIR_INTERVAL_MS: '20',
      WHATSAPP_NOTIFY_ON_ASSIGN: 'true',
      WHATSAPP_NOTIFY_ON_PAYMENT: 'true',
      WHATSAPP_SEND_RECEIPTS: 'false',
      GATEWAY_RECHECK_SECONDS: '0',
      REMINDER_SCHEDULE_SECONDS: '0',
      // Every language but Tamil approved: Tamil falls back to English.
      WHATSAPP_STATEMENT_TEMPLATES: 'en:statement,ml:statement_ml,hi:statement_hi',
      WHATSAPP_ASSIGNMENT_TEMPLATES: 'en:assignment,ml:assignment_ml',
      WHATSAPP_SUCCESS_TEMPLATES: 'en:success,ml:success_ml',
    },
    workers: true,
  });
  admin = await loginAs(t.app, 'admin');
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/wards',
    headers: admin.headers,
    payload: { name: 'Statement Ward' },
  });
  expect(made.statusCode, made.body).toBe(201);
  ward = made.json<Ward>();
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});
afterEach(() => {
  standIn.reset();
});

/** A member of the test ward, with a language and a pending due. */
async function wardMember(name: string, language: 'en' | 'ml' | 'hi' | 'ta' | null): Promise<TestMember> {
  const member = await createMember(t.app, { name });
  await t.db.execute(
    sql`UPDATE members SET ward_id = ${ward.id}::uuid, language = ${language} WHERE id = ${member.id}::uuid`,
  );
  await due(t.app, member.id, 'miscellaneous', 25_000);
  return member;
}

/** Starts a send to all of the test ward, with the statement of `statementFy`. */
async function sendAll(statementFy?: string) {
  const query = new URLSearchParams({ wardId: ward.id, ...(statementFy !== undefined && { statementFy }) });
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/send-all-reminders?${query.toString()}`,
    headers: admin.headers,
  });
}

/** Waits until every delivery of a job is past sending; returns them by member and kind. */
async function settledJob(jobId: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = await queryRows<{ memberId: string; kind: string; status: string }>(
      t.db,
      sql`SELECT member_id AS "memberId", kind, status FROM message_deliveries
           WHERE job_id = ${jobId} ORDER BY member_id, kind`,
    );
    const [job] = await queryRows<{ status: string }>(
      t.db,
      sql`SELECT status FROM background_jobs WHERE id = ${jobId}`,
    );
    if (job?.status === 'done' && rows.every((row) => row.status !== 'queued' && row.status !== 'sending')) return rows;
    if (Date.now() > deadline) throw new Error(JSON.stringify({ job, rows }));
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface TemplateBody {
  name: string;
  language: { code: string };
  components: { type: string; parameters: Record<string, unknown>[] }[];
}

const templateOf = (request: StandInRequest | undefined) => request?.body['template'] as TemplateBody;

/** Checks a request is the statement document of `fy` in `language`; returns the link's path and query. */
function expectStatementDocument(
  request: StandInRequest | undefined,
  expected: { memberId: string; name: string; fy: string; language: string; templateName: string },
): string {
  const template = templateOf(request);
  expect(template.name).toBe(expected.templateName);
  expect(template.language.code).toBe(expected.language);
  const header = template.components.find((component) => component.type === 'header');
  const document = header?.parameters[0] as { type: string; document: { link: string; filename: string } };
  expect(document.type).toBe('document');
  expect(document.document.filename).toBe(`Statement-${expected.fy}.pdf`);
  const link = new URL(document.document.link);
  expect(link.origin).toBe(new URL(TEST_PUBLIC_URL).origin);
  const match = /^\/api\/statement-links\/([^/]+)\/pdf$/.exec(link.pathname);
  expect(match).not.toBeNull();
  const claims = readStatementLink(t.config.linkKeys, match?.[1] ?? '');
  expect(claims).toMatchObject({ parishId: 1, memberId: expected.memberId, fy: Number(expected.fy.slice(0, 4)) });
  // Open for 30 days from the send.
  expect((claims?.expiresAt ?? 0) * 1000 - t.clock.now().getTime()).toBe(30 * 24 * 3600 * 1000);
  expect(Object.fromEntries(link.searchParams)).toEqual({ lang: expected.language });
  const body = template.components.find((component) => component.type === 'body');
  expect(body?.parameters).toEqual([
    { type: 'text', text: expected.name },
    { type: 'text', text: expected.fy },
  ]);
  return `${link.pathname}${link.search}`;
}

/** A PDF with its stamps blanked: pdfkit writes the time of making and a random file id. */
function stable(pdf: Buffer): string {
  return pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '(D:)')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, 'T')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, '/ID []');
}

describe('the yearly statement with the reminder round (decision 0143)', () => {
  it('sends each reached member one statement document in their language; the link gives their PDF', async () => {
    const malayalam = await wardMember('Statement Malayalam', 'ml');
    const english = await wardMember('Statement Default', null);
    const tamil = await wardMember('Statement Tamil', 'ta');
    const optedOut = await wardMember('Statement Opted Out', 'hi');
    const optOut = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${optedOut.id}/whatsapp-opt-out`,
      headers: admin.headers,
      payload: { optOut: true },
    });
    expect(optOut.statusCode, optOut.body).toBe(200);

    const started = await sendAll('2026-27');
    expect(started.statusCode, started.body).toBe(202);
    const result = started.json<SendAllRemindersResult>();
    expect(result).toMatchObject({ total: 3, statementFy: '2026-27', statements: 3 });
    const rows = await settledJob(result.jobId);
    expect(rows.filter((row) => row.kind === 'statement').map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    expect(rows.filter((row) => row.kind === 'payment')).toHaveLength(3);

    const statementOf = (member: TestMember) => {
      const requests = standIn.requestsTo(member.mobile);
      // The reminder and the statement: one of each.
      expect(requests).toHaveLength(2);
      return requests.filter((request) => templateOf(request).components.some((c) => c.type === 'header'));
    };
    const [ml] = statementOf(malayalam);
    expect(statementOf(malayalam)).toHaveLength(1);
    const link = expectStatementDocument(ml, {
      memberId: malayalam.id,
      name: 'Statement Malayalam',
      fy: '2026-27',
      language: 'ml',
      templateName: 'statement_ml',
    });
    expectStatementDocument(statementOf(english)[0], {
      memberId: english.id,
      name: 'Statement Default',
      fy: '2026-27',
      language: 'en',
      templateName: 'statement',
    });
    // Tamil is not approved: the English template, the member's language in the link.
    const taTemplate = templateOf(statementOf(tamil)[0]);
    expect([taTemplate.name, taTemplate.language.code]).toEqual(['statement', 'en']);
    expect(standIn.requestsTo(optedOut.mobile)).toEqual([]);

    // The link opens without signing in: that member's statement of that year, as staff download it.
    const pdf = await t.app.inject({ method: 'GET', url: link });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="Statement-2026-27.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The document's title (uncompressed) names the year and the member.
    expect(pdf.rawPayload.toString('latin1')).toContain('(Statement 2026-27 Statement Malayalam)');
    const staffPdf = async (fy: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/members/${malayalam.id}/statement.pdf?fy=${fy}`,
          headers: admin.headers,
        })
      ).rawPayload;
    expect(stable(pdf.rawPayload)).toBe(stable(await staffPdf('2026-27')));
    expect(stable(pdf.rawPayload)).not.toBe(stable(await staffPdf('2025-26')));

    // The round's audit record names the year and the statements.
    const [audit] = await queryRows<{ after: Record<string, unknown> }>(
      t.db,
      sql`SELECT after FROM audit_events WHERE action = 'reminders.send_all' AND entity_id = ${result.jobId}`,
    );
    expect(audit?.after).toMatchObject({ kind: 'payment', total: 3, statementFy: '2026-27', statements: 3 });

    // Re-running the round's job sends nothing again, and a second statement row for a member is refused.
    await t.db.execute(
      sql`UPDATE background_jobs SET status = 'queued', finished_at = NULL WHERE id = ${result.jobId}`,
    );
    await settledJob(result.jobId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(standIn.requestsTo(malayalam.mobile)).toHaveLength(2);
    const again = await queryRows<{ id: string }>(
      t.db,
      sql`INSERT INTO message_deliveries (job_id, member_id, kind, status, recipient)
          VALUES (${result.jobId}, ${malayalam.id}, 'statement', 'queued', '919800000000')
          ON CONFLICT DO NOTHING RETURNING id`,
    );
    expect(again).toEqual([]);
  });

  it('a tampered, foreign, expired or badly asked link is refused and tells nothing', async () => {
    const member = await wardMember('Statement Link Checks', 'hi');
    const sign = (claims: { parishId?: number; fy?: number; expiresAt?: number }) =>
      signStatementLink(t.config.linkKeys, {
        parishId: claims.parishId ?? 1,
        memberId: member.id,
        fy: claims.fy ?? 2026,
        expiresAt: claims.expiresAt ?? Math.floor(t.clock.now().getTime() / 1000) + 3600,
      });
    const get = (token: string, query = '') =>
      t.app.inject({ method: 'GET', url: `/api/statement-links/${token}/pdf${query}` });
    const good = sign({});
    expect((await get(good, '?lang=hi')).statusCode).toBe(200);

    const refused = [
      await get(`${good.slice(0, -2)}xx`),
      // The year changed in the token without the server.
      await get(good.replace('-2026-', '-2025-')),
      // Signed for another parish: this host's parish is the home parish.
      await get(sign({ parishId: 2 })),
      await get('not-a-token'),
    ];
    for (const response of refused) {
      expectError(response, 404, ErrorCode.PAY_LINK_INVALID, PDF_MSG.statementLinkInvalid);
      expect(response.body).not.toContain('Statement Link Checks');
    }
    const expired = await get(sign({ expiresAt: Math.floor(t.clock.now().getTime() / 1000) - 1 }));
    expectError(expired, 404, ErrorCode.PAY_LINK_EXPIRED, PDF_MSG.statementLinkExpired);
    expect(expired.body).not.toContain('Statement Link Checks');
    expectError(await get(good, '?lang=fr'), 400, ErrorCode.VALIDATION_FAILED, PDF_MSG.badLanguage);
  });

  it('`current` is the financial year of today in parish time; a bad year is 400 and writes nothing', async () => {
    const member = await wardMember('Statement Current Year', 'en');
    const jobsBefore = await queryRows<{ count: number }>(
      t.db,
      sql`SELECT count(*)::int AS count FROM background_jobs`,
    );
    for (const fy of ['2026-28', '2026', 'next', '']) {
      expectError(await sendAll(fy), 400, ErrorCode.VALIDATION_FAILED, PDF_MSG.badFinancialYear);
    }
    const jobsAfter = await queryRows<{ count: number }>(t.db, sql`SELECT count(*)::int AS count FROM background_jobs`);
    expect(jobsAfter).toEqual(jobsBefore);

    const started = await sendAll('current');
    expect(started.statusCode, started.body).toBe(202);
    const current = financialYearLabel(financialYearOf(calendarDateIn(t.clock.now(), 'Asia/Kolkata')));
    const result = started.json<SendAllRemindersResult>();
    expect(result.statementFy).toBe(current);
    await settledJob(result.jobId);
    const documents = standIn
      .requestsTo(member.mobile)
      .filter((request) => templateOf(request).components.some((c) => c.type === 'header'));
    expect(documents).toHaveLength(1);
    expectStatementDocument(documents[0], {
      memberId: member.id,
      name: 'Statement Current Year',
      fy: current,
      language: 'en',
      templateName: 'statement',
    });

    // Without the option, the round sends reminders only.
    const plain = await sendAll();
    expect(plain.statusCode, plain.body).toBe(202);
    expect(plain.json<SendAllRemindersResult>().statementFy).toBeUndefined();
    const rows = await settledJob(plain.json<SendAllRemindersResult>().jobId);
    expect(rows.every((row) => row.kind === 'payment')).toBe(true);
  });
});

describe('assignment and success notices in the member language (decision 0143)', () => {
  it('a Malayalam member gets assignment_ml, an English one assignment', async () => {
    const malayalam = await createMember(t.app, { name: 'Assigned Malayalam' });
    await t.db.execute(sql`UPDATE members SET language = 'ml' WHERE id = ${malayalam.id}::uuid`);
    const english = await createMember(t.app, { name: 'Assigned English' });
    const head = await insertHead(t.db, { name: 'Parish Feast' });
    await insertPayment(t.db, malayalam, head);
    await insertPayment(t.db, english, head);
    runInParish(1, () =>
      t.app.events.publish({
        type: 'head.updated',
        data: { paymentHeadId: head.id, assignedMemberIds: [malayalam.id, english.id] },
      }),
    );
    await standIn.waitForRequests(2);
    const ml = templateOf(standIn.requestsTo(malayalam.mobile)[0]);
    expect([ml.name, ml.language.code]).toEqual(['assignment_ml', 'ml']);
    expect(ml.components[0]?.parameters[0]).toEqual({ type: 'text', text: 'Assigned Malayalam' });
    const en = templateOf(standIn.requestsTo(english.mobile)[0]);
    expect([en.name, en.language.code]).toEqual(['assignment', 'en']);
  });

  it('a Malayalam member paying online gets success_ml', async () => {
    const member = await loginAs(t.app, 'member');
    await t.db.execute(sql`UPDATE members SET language = 'ml' WHERE id = ${member.account.id}::uuid`);
    const paymentId = await due(t.app, member.account.id, 'miscellaneous', 29_550);
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
    await standIn.waitForRequests(1);
    const template = templateOf(standIn.requestsTo(member.account.mobile)[0]);
    expect([template.name, template.language.code]).toEqual(['success_ml', 'ml']);
    expect(template.components[0]?.parameters[0]).toEqual({ type: 'text', text: member.account.name });
  });
});
