import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import {
  ErrorCode,
  REMINDER_MSG,
  toWhatsAppNumber,
  type DeliveriesResult,
  type Delivery,
  type ReminderJob,
  type SendAllRemindersResult,
  type SendRemindersResult,
  type WhatsAppStatus,
} from '@parish/shared';

import type { Config } from '../../config/env.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { backgroundJobs, members, messageDeliveries } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { auditContextOf, recordAudit, type AuditContext } from '../audit/audit.repository.ts';
import {
  REMINDER_JOB_TYPE,
  type DeliveryWork,
  type ReminderJobPayload,
  type ReminderJobRunner,
  type ReminderKind,
} from './job-runner.ts';
import { WhatsAppSendError, helloWorldTemplate } from './whatsapp-client.ts';

/** A member a job will message. */
interface Recipient {
  id: string;
  name: string;
  mobile: string;
  parishNumber: string;
}

/** Rows per insert statement when queueing a large job. */
const INSERT_CHUNK = 1000;

/** The audit context of background work started by an event rather than a person. */
export const SYSTEM_CONTEXT: AuditContext = {
  actorType: 'system',
  actorId: null,
  actorName: 'WhatsApp notifications',
  requestId: null,
  ip: null,
};

/**
 * Refuses to pretend to send (issue 7, "Without credentials"): 503
 * 'WhatsApp is not configured. ...' when the access token or phone number id is missing.
 */
export function assertConfigured(config: Config): void {
  if (!config.whatsapp.configured) throw new AppError(ErrorCode.UNAVAILABLE, REMINDER_MSG.notConfigured);
}

/** The runner of a configured server; the same 503 otherwise. */
function requireRunner(app: FastifyInstance, runner: ReminderJobRunner | null): ReminderJobRunner {
  assertConfigured(app.config);
  if (!runner) throw new AppError(ErrorCode.UNAVAILABLE, REMINDER_MSG.notConfigured);
  return runner;
}

/** `GET /api/whatsapp/status`: configuration flags, the phone number id masked, never the token. */
export function whatsAppStatus(config: Config): WhatsAppStatus {
  const { phoneNumberId, apiVersion, notifyOnAssign, notifyOnPayment, configured, appSecret } = config.whatsapp;
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

/**
 * Creates a WhatsApp job and its outbox rows in one transaction with its audit event: one
 * `message_deliveries` row per member (`queued`, or `failed` at once when the mobile is not a
 * WhatsApp number under the phone helper of section 5). Direct jobs are created `running` and
 * locked by this process, which sends them itself; the others are queued for the runner.
 * @returns the job id and the rows, in the given member order.
 */
export async function createReminderJob(
  db: DbOrTx,
  runner: ReminderJobRunner,
  context: AuditContext,
  payload: ReminderJobPayload,
  recipients: Recipient[],
  action: string,
): Promise<{ jobId: string; rows: DeliveryWork[] }> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .insert(backgroundJobs)
      .values({
        type: REMINDER_JOB_TYPE,
        status: payload.direct ? 'running' : 'queued',
        payload,
        progress: { total: recipients.length, done: 0, sent: 0, failed: 0, unknown: 0 },
        createdBy: context.actorId,
        ...(payload.direct && { lockedBy: runner.workerId, lockedAt: sql`now()` as unknown as string }),
      })
      .returning({ id: backgroundJobs.id });
    if (!job) throw new Error('job insert returned nothing');
    const rows: DeliveryWork[] = [];
    for (let start = 0; start < recipients.length; start += INSERT_CHUNK) {
      const chunk = recipients.slice(start, start + INSERT_CHUNK);
      const inserted = await tx
        .insert(messageDeliveries)
        .values(
          chunk.map((member) => {
            const recipient = toWhatsAppNumber(member.mobile);
            return {
              jobId: job.id,
              memberId: member.id,
              kind: payload.kind,
              status: recipient ? 'queued' : 'failed',
              recipient: recipient ?? member.mobile,
              createdBy: context.actorId,
              ...(!recipient && { errorCode: 'RECIPIENT', errorMessage: REMINDER_MSG.invalidRecipient }),
            };
          }),
        )
        .returning({
          id: messageDeliveries.id,
          memberId: messageDeliveries.memberId,
          recipient: messageDeliveries.recipient,
        });
      const byMember = new Map(inserted.map((row) => [row.memberId, row]));
      for (const member of chunk) {
        const row = byMember.get(member.id);
        if (!row) continue;
        rows.push({
          id: row.id,
          jobId: job.id,
          memberId: member.id,
          memberName: member.name,
          mobile: member.mobile,
          parishNumber: member.parishNumber,
          recipient: row.recipient,
        });
      }
    }
    await recordAudit(tx, context, {
      action,
      entityType: 'reminder_job',
      entityId: job.id,
      after: {
        kind: payload.kind,
        total: recipients.length,
        ...(payload.paymentHeadId && { paymentHeadId: payload.paymentHeadId }),
      },
    });
    return { jobId: job.id, rows };
  });
}

/**
 * Immediate send to the selected members (`POST /api/admin/send-reminders`, section 7): the
 * `payment` template to each, one by one 1 s apart, each attempt recorded in the outbox under
 * one job. Members are distinct, active and must exist.
 * @returns `{results: {successful, failed, details[]}, jobId}` (section 3, "Reminder response").
 * @throws AppError 503 when WhatsApp is not configured (nothing written); 404 for an unknown or
 *   inactive member id (nothing written).
 */
export async function sendSelectedReminders(
  app: FastifyInstance,
  runner: ReminderJobRunner | null,
  request: FastifyRequest,
  memberIds: string[],
): Promise<SendRemindersResult> {
  const sender = requireRunner(app, runner);
  const ids = [...new Set(memberIds)];
  const found = await app.db
    .select({ id: members.id, name: members.name, mobile: members.mobile, parishNumber: members.parishNumber })
    .from(members)
    .where(and(inArray(members.id, ids), eq(members.isActive, true)));
  if (found.length !== ids.length) throw notFound('Member not found');
  const byId = new Map(found.map((member) => [member.id, member]));
  const recipients = ids.map((id) => byId.get(id)).filter((member) => member !== undefined);
  const { jobId, rows } = await createReminderJob(
    app.db,
    sender,
    auditContextOf(request),
    { kind: 'payment', direct: true },
    recipients,
    'reminders.send',
  );
  const details: SendRemindersResult['results']['details'] = [];
  for (const row of rows) {
    const member = { id: row.memberId, name: row.memberName, mobile: row.mobile, parishNumber: row.parishNumber };
    const [current] = await app.db
      .select({ status: messageDeliveries.status, errorMessage: messageDeliveries.errorMessage })
      .from(messageDeliveries)
      .where(eq(messageDeliveries.id, row.id));
    if (current?.status === 'failed') {
      details.push({ member, success: false, messageId: null, error: current.errorMessage, status: 'failed' });
      continue;
    }
    const outcome = await sender.deliver(row, { kind: 'payment', direct: true });
    details.push({
      member,
      success: outcome.status === 'sent',
      messageId: outcome.messageId,
      error: outcome.error,
      status: outcome.status,
    });
  }
  if (sender.stopped) {
    // Shutting down mid-send: the runner of the next start finishes the queued rest.
    await app.db.execute(sql`UPDATE background_jobs SET locked_by = NULL WHERE id = ${jobId}`);
  } else {
    await sender.finishJob(jobId);
  }
  const successful = details.filter((detail) => detail.success).length;
  return { results: { successful, failed: details.length - successful, details }, jobId };
}

/**
 * Starts "send to all" (`POST /api/admin/send-all-reminders`): a background job sending the
 * `payment` template to every active member with a pending payment, name order, 1 s apart.
 * @returns `{jobId, total}`; progress arrives as `reminders.progress` events.
 * @throws AppError 503 when not configured; 409 when a send-to-all is still running (WA-05) or
 *   nobody has a pending payment. Nothing is written in those cases.
 */
export async function startSendAll(
  app: FastifyInstance,
  runner: ReminderJobRunner | null,
  request: FastifyRequest,
): Promise<SendAllRemindersResult> {
  const sender = requireRunner(app, runner);
  const result = await app.db.transaction(async (tx) => {
    // One send-to-all at a time: a second click or a second admin waits for this lock, then sees the first job.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('whatsapp.send-all'))`);
    const [running] = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM background_jobs
           WHERE type = ${REMINDER_JOB_TYPE} AND status IN ('queued', 'running')
             AND payload->>'kind' = 'payment' AND coalesce(payload->>'all', 'false') = 'true'
           LIMIT 1`,
    );
    if (running) throw conflict(REMINDER_MSG.alreadyRunning);
    const recipients = await queryRows<Recipient>(
      tx,
      sql`SELECT m.id, m.name, m.mobile, m.parish_number AS "parishNumber"
            FROM members m
           WHERE m.is_active
             AND EXISTS (SELECT 1 FROM payments p WHERE p.member_id = m.id AND p.status = 'pending')
           ORDER BY m.name, m.id`,
    );
    if (recipients.length === 0) throw conflict(REMINDER_MSG.nobodyPending);
    const payload: ReminderJobPayload = { kind: 'payment', all: true };
    const { jobId } = await createReminderJob(
      tx,
      sender,
      auditContextOf(request),
      payload,
      recipients,
      'reminders.send_all',
    );
    return { jobId, total: recipients.length };
  });
  sender.wake();
  return result;
}

/**
 * Queues a notification job (issue 7, "notifications after tagging"): `assignment` texts for
 * members newly assigned a head, or the `success` template after an online payment. Only active
 * members; for assignments only those whose payment of that head is still pending.
 * @returns the job id, or null when nobody is left to message.
 */
export async function queueNotification(
  app: FastifyInstance,
  runner: ReminderJobRunner,
  kind: Exclude<ReminderKind, 'payment'>,
  memberIds: string[],
  paymentHeadId?: string,
): Promise<string | null> {
  if (memberIds.length === 0) return null;
  const recipients = await queryRows<Recipient>(
    app.db,
    kind === 'assignment'
      ? sql`SELECT m.id, m.name, m.mobile, m.parish_number AS "parishNumber"
              FROM members m JOIN payments p ON p.member_id = m.id
             WHERE m.is_active AND p.payment_head_id = ${paymentHeadId ?? null} AND p.status = 'pending'
               AND m.id IN (SELECT unnest(${`{${memberIds.join(',')}}`}::uuid[]))
             ORDER BY m.name, m.id`
      : sql`SELECT m.id, m.name, m.mobile, m.parish_number AS "parishNumber"
              FROM members m
             WHERE m.is_active AND m.id IN (SELECT unnest(${`{${memberIds.join(',')}}`}::uuid[]))
             ORDER BY m.name, m.id`,
  );
  if (recipients.length === 0) return null;
  const { jobId } = await createReminderJob(
    app.db,
    runner,
    SYSTEM_CONTEXT,
    { kind, ...(paymentHeadId && { paymentHeadId }) },
    recipients,
    kind === 'assignment' ? 'notifications.assignment' : 'notifications.payment_success',
  );
  runner.wake();
  return jobId;
}

/**
 * `POST /api/whatsapp/test`: the `hello_world` template to a number (phone helper of section 5).
 * Audited; not an outbox row (the number need not be a member's).
 * @throws AppError 503 when not configured; 400 for a number that is not 10 to 15 digits; 502
 *   with 'WhatsApp API Error: {status} - {body}' when WhatsApp refuses.
 */
export async function sendTestMessage(
  app: FastifyInstance,
  runner: ReminderJobRunner | null,
  request: FastifyRequest,
  to: string,
): Promise<{ success: true; messageId: string }> {
  const sender = requireRunner(app, runner);
  const recipient = toWhatsAppNumber(to);
  if (!recipient)
    throw new AppError(ErrorCode.VALIDATION_FAILED, REMINDER_MSG.invalidRecipient, [
      { field: 'to', message: REMINDER_MSG.invalidRecipient },
    ]);
  try {
    const messageId = await sender.client.send(helloWorldTemplate(recipient));
    await recordAudit(app.db, auditContextOf(request), {
      action: 'whatsapp.test',
      entityType: 'whatsapp',
      after: { to: recipient, messageId },
    });
    return { success: true, messageId };
  } catch (error) {
    if (error instanceof WhatsAppSendError) throw new AppError(ErrorCode.UNAVAILABLE, error.message);
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
export async function listDeliveries(db: DbOrTx, jobId: string | undefined, limit: number): Promise<DeliveriesResult> {
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
