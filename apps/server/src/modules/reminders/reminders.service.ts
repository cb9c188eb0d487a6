import { and, eq, inArray, sql } from 'drizzle-orm';

import {
  ErrorCode,
  PDF_MSG,
  REMINDER_MSG,
  calendarDateIn,
  financialYearLabel,
  financialYearOf,
  parseFinancialYear,
  toWhatsAppNumber,
  type DeliveriesResult,
  type Delivery,
  type AuditAfter,
  type ReminderJob,
  type SendAllRemindersResult,
  type SendRemindersResult,
  type WardFilter,
  type WhatsAppStatus,
} from '@parish/shared';

import type { ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { assertWardExists, inWardSql } from '../../db/ward-exists.ts';
import { backgroundJobs, members, messageDeliveries } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { recordAudit, type AuditContext } from '../audit/audit.repository.ts';
import { parishInProgress, parishWhatsAppConfig } from '../settings/parish-credentials.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';
import {
  REMINDER_JOB_TYPE,
  announceJobQueued,
  deliverMessage,
  finishReminderJob,
  parishWhatsAppClient,
  whatsAppLane,
  type DeliveryKind,
  type DeliveryWork,
  type ReminderJobPayload,
} from './job-runner.ts';
import { WhatsAppSendError, helloWorldTemplate } from './whatsapp-client.ts';

/** A member a job will message. */
export interface Recipient {
  id: string;
  name: string;
  mobile: string;
  parishNumber: string;
}

/** Rows per insert statement when queueing a large job. */
const INSERT_CHUNK = 1000;

/**
 * Refuses to pretend to send: 503 `WHATSAPP_NOT_CONFIGURED` 'WhatsApp is not configured. ...'
 * when the access token or the phone number id of the request's parish is missing (its own, or the
 * environment's for the home parish: decision 0130; `docs/domain.md`, "§9 Reminders").
 */
export async function assertConfigured(ctx: Pick<ServiceContext, 'db' | 'config'>): Promise<void> {
  const { configured } = await parishWhatsAppConfig(ctx, parishInProgress());
  if (!configured) throw new AppError(ErrorCode.WHATSAPP_NOT_CONFIGURED, REMINDER_MSG.notConfigured);
}

/**
 * `GET /api/whatsapp/status`: configuration flags of the request's parish (its own WhatsApp number,
 * or the environment's for the home parish: decision 0130), the phone number id masked, never the token.
 */
export async function whatsAppStatus(ctx: ServiceContext): Promise<WhatsAppStatus> {
  const { phoneNumberId, apiVersion, notifyOnAssign, notifyOnPayment, configured, appSecret } =
    await parishWhatsAppConfig(ctx, parishInProgress());
  return {
    configured,
    ...(phoneNumberId && {
      phoneNumberId: `${'•'.repeat(Math.max(0, phoneNumberId.length - 4))}${phoneNumberId.slice(-4)}`,
    }),
    apiVersion,
    notifyOnAssign,
    notifyOnPayment,
    webhookConfigured: Boolean(appSecret),
  };
}

/** The audit actions of a WhatsApp job (their `after` is the job's kind, size and head). */
export type ReminderJobAuditAction =
  | 'reminders.send'
  | 'reminders.send_all'
  | 'notifications.assignment'
  | 'notifications.payment_success'
  | 'notifications.receipt'
  | 'reminders.scheduled';

/**
 * What {@link insertReminderJob} writes. The audit action goes with the payload's kind:
 * `reminders.send` / `reminders.send_all` with `payment`, `notifications.assignment` with
 * `assignment`, `notifications.payment_success` with `success`, `notifications.receipt` with
 * `receipt` (`AuditPayloads` of `@parish/shared`).
 */
export type NewReminderJob = {
  [A in ReminderJobAuditAction]: {
    /** Who to name in the job's audit record (and `created_by`). */
    audit: AuditContext;
    payload: ReminderJobPayload & { kind: AuditAfter<A>['kind'] };
    recipients: Recipient[];
    action: A;
    /** Direct jobs: the lane's worker id, which holds the job while the request sends it. */
    lockedBy?: string;
  };
}[ReminderJobAuditAction];

/**
 * Writes a WhatsApp job and its outbox rows through the caller's transaction, with its audit
 * record: one `message_deliveries` row per member (`queued`, or `failed` at once when the mobile
 * is not a WhatsApp number under the phone helper of `docs/domain.md`, "§5 Validation"). Direct
 * jobs are written `running` and locked by `lockedBy`; the others `queued` for the sender worker.
 * A round that attaches the yearly statement (`payload.statementFy`, decision 0143) gets a second
 * row per member, of kind `statement`, after the reminders; the unique (job, member, kind) index
 * lets one member have one statement per round. The audit record then names the year and how
 * many statements were queued.
 * @returns the job id and the rows of the job's own kind, in the given member order.
 */
export async function insertReminderJob(
  tx: DbOrTx,
  input: NewReminderJob,
): Promise<{ jobId: string; rows: DeliveryWork[] }> {
  const { audit, payload, recipients } = input;
  const [job] = await tx
    .insert(backgroundJobs)
    .values({
      type: REMINDER_JOB_TYPE,
      status: payload.direct ? 'running' : 'queued',
      payload,
      progress: { total: recipients.length, done: 0, sent: 0, failed: 0, unknown: 0 },
      createdBy: audit.actorId,
      ...(input.lockedBy && { lockedBy: input.lockedBy, lockedAt: sql`now()` as unknown as string }),
    })
    .returning({ id: backgroundJobs.id });
  if (!job) throw new Error('job insert returned nothing');
  const rows: DeliveryWork[] = [];
  for (let start = 0; start < recipients.length; start += INSERT_CHUNK) {
    const chunk = recipients.slice(start, start + INSERT_CHUNK);
    rows.push(...(await insertDeliveries(tx, { jobId: job.id, payload, kind: payload.kind, audit }, chunk)));
  }
  let statements = 0;
  if (payload.statementFy) {
    for (let start = 0; start < recipients.length; start += INSERT_CHUNK) {
      const chunk = recipients.slice(start, start + INSERT_CHUNK);
      statements += (await insertDeliveries(tx, { jobId: job.id, payload, kind: 'statement', audit }, chunk)).length;
    }
  }
  await recordAudit(tx, audit, {
    action: input.action,
    entityType: 'reminder_job',
    entityId: job.id,
    after: {
      kind: payload.kind,
      total: recipients.length,
      ...(payload.paymentHeadId && { paymentHeadId: payload.paymentHeadId }),
      ...(payload.wardId && { wardId: payload.wardId }),
      ...(payload.receiptId && { receiptId: payload.receiptId }),
      ...(payload.statementFy && { statementFy: payload.statementFy, statements }),
    },
  });
  return { jobId: job.id, rows };
}

/** One insert statement of a job's outbox rows of one kind; the rows in the given member order. */
async function insertDeliveries(
  tx: DbOrTx,
  job: { jobId: string; payload: ReminderJobPayload; kind: DeliveryKind; audit: AuditContext },
  chunk: Recipient[],
): Promise<DeliveryWork[]> {
  const { jobId, payload, kind, audit } = job;
  const inserted = await tx
    .insert(messageDeliveries)
    .values(
      chunk.map((member) => {
        const recipient = toWhatsAppNumber(member.mobile);
        return {
          jobId,
          memberId: member.id,
          kind,
          status: recipient ? 'queued' : 'failed',
          recipient: recipient ?? member.mobile,
          createdBy: audit.actorId,
          receiptId: payload.receiptId ?? null,
          ...(!recipient && { errorCode: 'RECIPIENT', errorMessage: REMINDER_MSG.invalidRecipient }),
        };
      }),
    )
    // A receipt already sent (or queued) writes no second row (`message_deliveries_receipt_uq`).
    .onConflictDoNothing()
    .returning({
      id: messageDeliveries.id,
      memberId: messageDeliveries.memberId,
      recipient: messageDeliveries.recipient,
    });
  const byMember = new Map(inserted.map((row) => [row.memberId, row]));
  return chunk.flatMap((member) => {
    const row = byMember.get(member.id);
    if (!row) return [];
    return [
      {
        id: row.id,
        jobId,
        memberId: member.id,
        memberName: member.name,
        mobile: member.mobile,
        parishNumber: member.parishNumber,
        recipient: row.recipient,
        kind,
      },
    ];
  });
}

/**
 * Immediate send to the selected members (`POST /api/admin/send-reminders`, `docs/domain.md`,
 * "§7 API"): the `payment` template to each, one by one 1 s apart through the app's lane, each
 * attempt recorded in the outbox under one job. Members are distinct, active and must exist.
 * When `signal` aborts (the app is closing) the unsent rest stays queued and the job unlocked,
 * so the sender worker of the next start finishes it.
 * @returns `{results: {successful, failed, details[]}, jobId}` ("§3 Data", "Reminder response").
 * @throws AppError 503 `WHATSAPP_NOT_CONFIGURED` (nothing written); 404 for an unknown or
 *   inactive member id (nothing written).
 */
export async function sendSelectedReminders(
  ctx: ServiceContext,
  input: { memberIds: string[]; signal: AbortSignal },
): Promise<SendRemindersResult> {
  await assertConfigured(ctx);
  const ids = [...new Set(input.memberIds)];
  const found = await ctx.db
    .select({ id: members.id, name: members.name, mobile: members.mobile, parishNumber: members.parishNumber })
    .from(members)
    .where(and(inArray(members.id, ids), eq(members.isActive, true)));
  if (found.length !== ids.length) throw notFound('Member not found');
  const byId = new Map(found.map((member) => [member.id, member]));
  const recipients = ids.map((id) => byId.get(id)).filter((member) => member !== undefined);
  const payload = { kind: 'payment', direct: true } satisfies ReminderJobPayload;
  const { jobId, rows } = await ctx.db.transaction((tx) =>
    insertReminderJob(tx, {
      audit: ctx.audit,
      payload,
      recipients,
      action: 'reminders.send',
      lockedBy: whatsAppLane(ctx).workerId,
    }),
  );
  const details: SendRemindersResult['results']['details'] = [];
  for (const row of rows) {
    const member = { id: row.memberId, name: row.memberName, mobile: row.mobile, parishNumber: row.parishNumber };
    const [current] = await ctx.db
      .select({ status: messageDeliveries.status, errorMessage: messageDeliveries.errorMessage })
      .from(messageDeliveries)
      .where(eq(messageDeliveries.id, row.id));
    if (current?.status === 'failed') {
      details.push({ member, success: false, messageId: null, error: current.errorMessage, status: 'failed' });
      continue;
    }
    const outcome = await deliverMessage(ctx, { work: row, payload, signal: input.signal });
    details.push({
      member,
      success: outcome.status === 'sent',
      messageId: outcome.messageId,
      error: outcome.error,
      status: outcome.status,
    });
  }
  if (input.signal.aborted) {
    // Shutting down mid-send: the sender worker of the next start finishes the queued rest.
    await ctx.db.execute(sql`UPDATE background_jobs SET locked_by = NULL WHERE id = ${jobId}`);
  } else {
    await finishReminderJob(ctx, jobId);
  }
  const successful = details.filter((detail) => detail.success).length;
  return { results: { successful, failed: details.length - successful, details }, jobId };
}

/**
 * Starts "send to all" (`POST /api/admin/send-all-reminders`): a background job sending the
 * `payment` template to every active member with a pending payment who has not opted out, name
 * order, 1 s apart; the sender worker is woken after the commit. With `input.wardId` (issue 28
 * item 7, decision 0136) only that ward's members (`none`: the members without a ward): the
 * recipients are chosen here, in the transaction that writes their outbox rows, so the job sends
 * to nobody else. With `input.statementFy` (issue 29 item 8, decision 0143) each of those members
 * also gets their yearly statement of that financial year as a WhatsApp document (the `statement`
 * template), in the same job after the reminders: the same members, so opt-out and consent hold
 * exactly as for the reminders.
 * @param input `wardId`: a ward of the parish, `none`, or undefined for the whole parish;
 *   `statementFy`: `2026-27`, `current` (the financial year of today in parish time), or undefined
 * @returns `{jobId, total}` (members), with `statementFy` and `statements` when the statement is
 *   attached; progress arrives as `reminders.progress` events.
 * @throws AppError 503 `WHATSAPP_NOT_CONFIGURED`; 400 (field `statementFy`) for a year that is
 *   not a financial year from 2000-01 to 2098-99; 400 (field `wardId`) for a ward not of the
 *   parish; 409 `REMINDERS_ALREADY_RUNNING` when a send-to-all (of any ward) is still queued or
 *   running (one at a time), 409 `NOBODY_PENDING` when nobody (of the ward) has a pending payment.
 *   Nothing is written in those cases.
 */
export async function startSendAll(
  ctx: ServiceContext,
  input: { wardId?: WardFilter; statementFy?: string | undefined } = {},
): Promise<SendAllRemindersResult> {
  await assertConfigured(ctx);
  const statementFy = input.statementFy === undefined ? undefined : await roundStatementYear(ctx, input.statementFy);
  const ward = inWardSql(sql`m.ward_id`, input.wardId);
  const result = await ctx.db.transaction(async (tx) => {
    await assertWardExists(tx, input.wardId);
    // One send-to-all at a time: a second click or a second admin waits for this lock, then sees the first job.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('whatsapp.send-all'))`);
    const [running] = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM background_jobs
           WHERE type = ${REMINDER_JOB_TYPE} AND status IN ('queued', 'running')
             AND payload->>'kind' = 'payment' AND coalesce(payload->>'all', 'false') = 'true'
           LIMIT 1`,
    );
    if (running) throw conflict(REMINDER_MSG.alreadyRunning, ErrorCode.REMINDERS_ALREADY_RUNNING);
    const recipients = await queryRows<Recipient>(
      tx,
      sql`SELECT m.id, m.name, m.mobile, m.parish_number AS "parishNumber"
            FROM members m
           WHERE m.is_active AND NOT m.whatsapp_opt_out AND ${ward}
             AND EXISTS (SELECT 1 FROM payments p WHERE p.member_id = m.id AND p.status = 'pending')
           ORDER BY m.name, m.id`,
    );
    if (recipients.length === 0) throw conflict(REMINDER_MSG.nobodyPending, ErrorCode.NOBODY_PENDING);
    const { jobId } = await insertReminderJob(tx, {
      audit: ctx.audit,
      payload: {
        kind: 'payment',
        all: true,
        ...(input.wardId && { wardId: input.wardId }),
        ...(statementFy && { statementFy }),
      },
      recipients,
      action: 'reminders.send_all',
    });
    return { jobId, total: recipients.length, ...(statementFy && { statementFy, statements: recipients.length }) };
  });
  announceJobQueued(ctx);
  return result;
}

/**
 * The financial year a round's statement option names (decision 0143): `current` is the year of
 * today's date in the parish's time zone (1 April to 31 March); a label like `2026-27` is itself.
 * @returns the label, `2026-27`
 * @throws AppError 400 `PDF_MSG.badFinancialYear` (field `statementFy`) for anything else
 */
async function roundStatementYear(ctx: ServiceContext, statementFy: string): Promise<string> {
  if (statementFy === 'current') {
    return financialYearLabel(financialYearOf(calendarDateIn(ctx.clock.now(), await parishTimeZone(ctx))));
  }
  const fy = parseFinancialYear(statementFy);
  if (fy === null) throw badRequest(PDF_MSG.badFinancialYear, 'statementFy');
  return financialYearLabel(fy);
}

/**
 * `POST /api/whatsapp/test`: the `hello_world` template to a number (phone helper of
 * `docs/domain.md`, "§5 Validation"). Audited; not an outbox row (the number need not be a member's).
 * @throws AppError 503 `WHATSAPP_NOT_CONFIGURED`; 400 `INVALID_RECIPIENT` for a number that is not
 *   10 to 15 digits; 503 `WHATSAPP_SEND_FAILED` with 'WhatsApp API Error: {status} - {body}' when
 *   WhatsApp refuses (or its timeout text when it does not answer).
 */
export async function sendTestMessage(
  ctx: ServiceContext,
  input: { to: string },
): Promise<{ success: true; messageId: string }> {
  await assertConfigured(ctx);
  const recipient = toWhatsAppNumber(input.to);
  if (!recipient) throw badRequest(REMINDER_MSG.invalidRecipient, 'to', ErrorCode.INVALID_RECIPIENT);
  try {
    const messageId = await (await parishWhatsAppClient(ctx)).send(helloWorldTemplate(recipient));
    await recordAudit(ctx.db, ctx.audit, {
      action: 'whatsapp.test',
      entityType: 'whatsapp',
      after: { to: recipient, messageId },
    });
    return { success: true, messageId };
  } catch (error) {
    if (error instanceof WhatsAppSendError) throw new AppError(ErrorCode.WHATSAPP_SEND_FAILED, error.message);
    throw error;
  }
}

function iso(value: string | Date | null): string | null {
  if (value === null) return null;
  return new Date(value).toISOString();
}

/**
 * The Delivery Status panel (`GET /api/admin/reminders/deliveries`): a job (the given one, else
 * the latest), its counts and up to `limit` deliveries in member name order.
 * @throws AppError 404 for an unknown job id.
 */
export async function listDeliveries(
  ctx: ServiceContext,
  input: { jobId?: string | undefined; limit: number },
): Promise<DeliveriesResult> {
  const { db } = ctx;
  const { jobId, limit } = input;
  const [job] = await queryRows<{
    id: string;
    status: ReminderJob['status'];
    payload: ReminderJobPayload;
    createdAt: string | Date;
    finishedAt: string | Date | null;
  }>(
    db,
    jobId
      ? sql`SELECT id, status, payload, created_at AS "createdAt", finished_at AS "finishedAt"
              FROM background_jobs WHERE id = ${jobId} AND type = ${REMINDER_JOB_TYPE}`
      : sql`SELECT id, status, payload, created_at AS "createdAt", finished_at AS "finishedAt"
              FROM background_jobs WHERE type = ${REMINDER_JOB_TYPE}
             ORDER BY created_at DESC LIMIT 1`,
  );
  if (!job) {
    if (jobId) throw notFound('Reminder job not found');
    return { job: null, successful: 0, failed: 0, pending: 0, unknown: 0, items: [] };
  }
  const [counts] = await queryRows<{ total: number; sent: number; failed: number; pending: number; unknown: number }>(
    db,
    sql`SELECT count(*)::int AS total,
               count(*) FILTER (WHERE status IN ('sent', 'delivered', 'read'))::int AS sent,
               count(*) FILTER (WHERE status = 'failed')::int AS failed,
               count(*) FILTER (WHERE status IN ('queued', 'sending'))::int AS pending,
               count(*) FILTER (WHERE status = 'unknown')::int AS unknown
          FROM message_deliveries WHERE job_id = ${job.id}`,
  );
  const c = counts ?? { total: 0, sent: 0, failed: 0, pending: 0, unknown: 0 };
  const rows = await queryRows<{
    id: string;
    jobId: string | null;
    memberId: string;
    name: string;
    mobile: string;
    parishNumber: string;
    kind: string;
    status: Delivery['status'];
    attempts: number;
    messageId: string | null;
    errorCode: string | null;
    errorMessage: string | null;
    updatedAt: string | Date;
  }>(
    db,
    sql`SELECT d.id, d.job_id AS "jobId", d.member_id AS "memberId", m.name, m.mobile,
               m.parish_number AS "parishNumber", d.kind, d.status, d.attempts, d.message_id AS "messageId",
               d.error_code AS "errorCode", d.error_message AS "errorMessage", d.updated_at AS "updatedAt"
          FROM message_deliveries d JOIN members m ON m.id = d.member_id
         WHERE d.job_id = ${job.id}
         ORDER BY m.name, d.id
         LIMIT ${limit}`,
  );
  return {
    job: {
      id: job.id,
      status: job.status,
      kind: job.payload.kind,
      total: c.total,
      done: c.total - c.pending,
      sent: c.sent,
      failed: c.failed,
      unknown: c.unknown,
      createdAt: iso(job.createdAt) ?? '',
      finishedAt: iso(job.finishedAt),
    },
    successful: c.sent,
    failed: c.failed,
    pending: c.pending,
    unknown: c.unknown,
    items: rows.map((row) => ({
      id: row.id,
      jobId: row.jobId,
      member: { id: row.memberId, name: row.name, mobile: row.mobile, parishNumber: row.parishNumber },
      kind: row.kind,
      status: row.status,
      attempts: row.attempts,
      messageId: row.messageId,
      errorCode: row.errorCode,
      errorMessage: row.errorMessage,
      updatedAt: iso(row.updatedAt) ?? '',
    })),
  };
}
