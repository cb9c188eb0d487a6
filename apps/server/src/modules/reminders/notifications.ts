import { sql } from 'drizzle-orm';

import type { Config } from '../../config/env.ts';
import type { AuditContext, ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { parishInProgress, parishWhatsAppConfig } from '../settings/parish-credentials.ts';
import { announceJobQueued } from './job-runner.ts';
import { insertReminderJob, type Recipient } from './reminders.service.ts';

/**
 * WhatsApp notifications (`docs/domain.md`, "§9 Reminders"): the new-assignment text to
 * members newly tagged to a head (WHATSAPP_NOTIFY_ON_ASSIGN), the receipt as a document after
 * every receipt (WHATSAPP_SEND_RECEIPTS, decision 0141) and, with receipts off, the `success`
 * template after an online payment settles (WHATSAPP_NOTIFY_ON_PAYMENT), in a parish whose
 * WhatsApp is configured (decision 0134). All are outbox rows (`background_jobs` + `message_deliveries`) that the sender
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
 * Nothing is written unless WHATSAPP_NOTIFY_ON_PAYMENT is on (and WHATSAPP_SEND_RECEIPTS off: the
 * receipt document says the same, decision 0141) and the WhatsApp of the parish in
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
  if (!input.config.whatsapp.notifyOnPayment || input.config.whatsapp.sendReceipts) return null;
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
 * Whether receipts go to members as WhatsApp documents in the parish in progress (decision 0141):
 * WHATSAPP_SEND_RECEIPTS is on and the parish's WhatsApp is configured (its own number, or the
 * environment's for the home parish; decisions 0130 and 0134). A caller may ask before its
 * transaction so that a parish without WhatsApp adds nothing to it.
 */
export async function receiptDocumentsOn(deps: { db: DbOrTx; config: Config }): Promise<boolean> {
  if (!deps.config.whatsapp.sendReceipts) return false;
  return (await parishWhatsAppConfig(deps, parishInProgress())).configured;
}

/**
 * Writes a receipt's document message into the outbox (issue 29 item 6, decision 0141), through
 * the caller's transaction (the collection's or the settlement's own, so it commits with the
 * receipt and a crash cannot lose it; the sender worker wakes on the `payment.updated` event
 * published after the commit, or finds it by its poll). The sender sends it as the `receipt`
 * template of the member's language with the receipt's PDF as its document header, retried like
 * reminders. Nothing is written when WHATSAPP_SEND_RECEIPTS is off, the WhatsApp of the parish in
 * progress is not configured (the counter then offers the wa.me share), the member is inactive
 * or opted out of WhatsApp (`docs/domain.md`, §9 "Opting out"), or the receipt was already
 * queued once (`message_deliveries_receipt_uq`: never sent twice). Audited
 * `notifications.receipt` in the same transaction.
 * @param tx the transaction that issued the receipt
 * @returns the job id, or null when nothing was written
 */
export async function queueReceiptDocument(
  tx: DbOrTx,
  input: { config: Config; memberId: string; receiptId: string },
): Promise<string | null> {
  if (!(await receiptDocumentsOn({ db: tx, config: input.config }))) return null;
  const [queued] = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM message_deliveries WHERE receipt_id = ${input.receiptId} LIMIT 1`,
  );
  if (queued) return null;
  const recipients = await activeRecipients(tx, [input.memberId]);
  if (recipients.length === 0) return null;
  const { jobId } = await insertReminderJob(tx, {
    audit: NOTIFICATIONS_AUDIT,
    payload: { kind: 'receipt', receiptId: input.receiptId },
    recipients,
    action: 'notifications.receipt',
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
