import { sql } from 'drizzle-orm';

import type { Config } from '../../config/env.ts';
import type { AuditContext, ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { parishInProgress, parishWhatsAppConfig } from '../settings/parish-credentials.ts';
import { announceJobQueued } from './job-runner.ts';
import { insertReminderJob, type Recipient } from './reminders.service.ts';

/**
 * WhatsApp notifications (`docs/domain.md`, "§9 Reminders"): the new-assignment text to
 * members newly tagged to a head (WHATSAPP_NOTIFY_ON_ASSIGN) and the `success` template after an
 * online payment settles (WHATSAPP_NOTIFY_ON_PAYMENT), in a parish whose WhatsApp is configured
 * (decision 0134). Both are outbox rows (`background_jobs` + `message_deliveries`) that the sender
 * worker sends.
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
         WHERE m.is_active AND NOT m.whatsapp_opt_out AND m.id IN (SELECT unnest(${`{${memberIds.join(',')}}`}::uuid[]))
         ORDER BY m.name, m.id`,
  );
}

/**
 * Writes the `success` notice of a settled online payment into the outbox, through the caller's
 * transaction: the settlement's own, so the notice commits with the payment and a crash between
 * the commit and the send cannot lose it (the sender worker sends it whenever it next runs).
 * Nothing is written unless WHATSAPP_NOTIFY_ON_PAYMENT is on and the WhatsApp of the parish in
 * progress is configured (its own number, or the environment's for the home parish; decisions 0130
 * and 0134), or when the member is not active. The job is audited `notifications.payment_success`
 * in the same transaction. The sender worker wakes on the `payment.updated` event published after the commit.
 * @param tx the settlement's transaction
 * @returns the job id, or null when nothing was written
 */
export async function queuePaymentNotice(
  tx: DbOrTx,
  input: { config: Config; memberId: string },
): Promise<string | null> {
  if (!input.config.whatsapp.notifyOnPayment) return null;
  if (!(await parishWhatsAppConfig({ db: tx, config: input.config }, parishInProgress())).configured) return null;
  const recipients = await activeRecipients(tx, [input.memberId]);
  if (recipients.length === 0) return null;
  const { jobId } = await insertReminderJob(tx, {
    audit: NOTIFICATIONS_AUDIT,
    payload: { kind: 'success' },
    recipients,
    action: 'notifications.payment_success',
  });
  return jobId;
}

/**
 * Queues the new-assignment text for members newly assigned a head (WHATSAPP_NOTIFY_ON_ASSIGN),
 * one job audited `notifications.assignment`, then wakes the sender worker. Only active members
 * whose payment of that head is still pending; nothing is written when the flag is off or the
 * WhatsApp of the parish in progress is not configured (its own number, or the environment's for
 * the home parish; decisions 0130 and 0134): that parish reminds by wa.me links.
 * @returns the job id, or null when nobody is left to message.
 */
export async function queueAssignmentNotices(
  ctx: ServiceContext,
  input: { paymentHeadId: string; memberIds: string[] },
): Promise<string | null> {
  if (!ctx.config.whatsapp.notifyOnAssign || input.memberIds.length === 0) return null;
  if (!(await parishWhatsAppConfig(ctx, parishInProgress())).configured) return null;
  const recipients = await queryRows<Recipient>(
    ctx.db,
    sql`SELECT m.id, m.name, m.mobile, m.parish_number AS "parishNumber"
          FROM members m JOIN payments p ON p.member_id = m.id
         WHERE m.is_active AND NOT m.whatsapp_opt_out AND p.payment_head_id = ${input.paymentHeadId} AND p.status = 'pending'
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
