import { sql } from 'drizzle-orm';

import type { AuditContext, ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { announceJobQueued } from './job-runner.ts';
import { insertReminderJob, type Recipient } from './reminders.service.ts';

/**
 * WhatsApp notifications (`docs/domain.md`, "§7 API": WhatsApp): the new-assignment text to
 * members newly tagged to a head (WHATSAPP_NOTIFY_ON_ASSIGN) and the `success` template after an
 * online payment settles (WHATSAPP_NOTIFY_ON_PAYMENT). Both are outbox rows (`background_jobs` +
 * `message_deliveries`) that the sender worker sends, queued by the notice worker on the change
 * events published after the commit.
 */

/** Who the audit trail names for notifications: no person started them. */
export const NOTIFICATIONS_AUDIT: AuditContext = {
  actorType: 'system',
  actorId: null,
  actorName: 'WhatsApp notifications',
  requestId: null,
  ip: null,
};

/** The listed members that are active, name order. */
async function activeRecipients(db: DbOrTx, memberIds: string[]): Promise<Recipient[]> {
  return queryRows<Recipient>(
    db,
    sql`SELECT m.id, m.name, m.mobile, m.parish_number AS "parishNumber"
          FROM members m
         WHERE m.is_active AND m.id IN (SELECT unnest(${`{${memberIds.join(',')}}`}::uuid[]))
         ORDER BY m.name, m.id`,
  );
}

/**
 * Queues the `success` template for a member after an online payment settled
 * (WHATSAPP_NOTIFY_ON_PAYMENT), one job audited `notifications.payment_success`, then wakes the
 * sender worker. Only an active member; nothing is written when WhatsApp is not configured or the
 * flag is off.
 * @returns the job id, or null when nothing was written
 */
export async function queuePaymentNotice(ctx: ServiceContext, input: { memberId: string }): Promise<string | null> {
  const { configured, notifyOnPayment } = ctx.config.whatsapp;
  if (!configured || !notifyOnPayment) return null;
  const recipients = await activeRecipients(ctx.db, [input.memberId]);
  if (recipients.length === 0) return null;
  const { jobId } = await ctx.db.transaction((tx) =>
    insertReminderJob(tx, {
      audit: ctx.audit,
      payload: { kind: 'success' },
      recipients,
      action: 'notifications.payment_success',
    }),
  );
  announceJobQueued(ctx);
  return jobId;
}

/**
 * Queues the new-assignment text for members newly assigned a head (WHATSAPP_NOTIFY_ON_ASSIGN),
 * one job audited `notifications.assignment`, then wakes the sender worker. Only active members
 * whose payment of that head is still pending; nothing is written when WhatsApp is not
 * configured or the flag is off.
 * @returns the job id, or null when nobody is left to message.
 */
export async function queueAssignmentNotices(
  ctx: ServiceContext,
  input: { paymentHeadId: string; memberIds: string[] },
): Promise<string | null> {
  const { configured, notifyOnAssign } = ctx.config.whatsapp;
  if (!configured || !notifyOnAssign || input.memberIds.length === 0) return null;
  const recipients = await queryRows<Recipient>(
    ctx.db,
    sql`SELECT m.id, m.name, m.mobile, m.parish_number AS "parishNumber"
          FROM members m JOIN payments p ON p.member_id = m.id
         WHERE m.is_active AND p.payment_head_id = ${input.paymentHeadId} AND p.status = 'pending'
           AND m.id IN (SELECT unnest(${`{${input.memberIds.join(',')}}`}::uuid[]))
         ORDER BY m.name, m.id`,
  );
  if (recipients.length === 0) return null;
  const { jobId } = await ctx.db.transaction((tx) =>
    insertReminderJob(tx, {
      audit: ctx.audit,
      payload: { kind: 'assignment', paymentHeadId: input.paymentHeadId },
      recipients,
      action: 'notifications.assignment',
    }),
  );
  announceJobQueued(ctx);
  return jobId;
}
