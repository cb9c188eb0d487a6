import { sql } from 'drizzle-orm';

import type { Config } from '../../config/env.ts';
import type { AuditContext, ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { credentialsVersion, parishInProgress, parishWhatsAppConfig } from '../settings/parish-credentials.ts';
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
 * How long a process keeps a parish's {@link receiptDocumentsOn} for the question asked before a
 * collection's transaction, in milliseconds (decision 0156). A change of credentials made by this
 * process forgets it at once (`credentialsVersion`); another process's change is seen within this
 * time, as the parish's time zone is (`PARISH_TIME_ZONE_TTL_MS`).
 */
export const RECEIPT_DOCUMENTS_TTL_MS = 5_000;

/** Per database handle (one per app), per parish: the answer, the credentials' version and when it was read. */
const receiptDocumentAnswers = new WeakMap<object, Map<number, { on: boolean; version: number; readAt: number }>>();

/**
 * {@link receiptDocumentsOn} for the parish in progress, kept for {@link RECEIPT_DOCUMENTS_TTL_MS}
 * (decision 0156): the office collection asks it before every transaction, and reading and opening
 * the parish's credentials was one statement of each collection. Only the question asked before a
 * transaction may be answered from memory: `queueReceiptDocument` asks again inside the
 * transaction, so a stale "on" writes nothing; a stale "off" (WhatsApp configured in another
 * process less than 5 s ago) leaves that receipt to the counter's wa.me share, as before the change.
 * @param deps.db the app's database handle (not a transaction): the key of the kept answers
 */
export async function receiptDocumentsOnKept(deps: { db: DbOrTx; config: Config }): Promise<boolean> {
  if (!deps.config.whatsapp.sendReceipts) return false;
  const parishId = parishInProgress();
  let answers = receiptDocumentAnswers.get(deps.db);
  if (!answers) {
    answers = new Map();
    receiptDocumentAnswers.set(deps.db, answers);
  }
  const version = credentialsVersion(parishId);
  const kept = answers.get(parishId);
  if (kept && kept.version === version && Date.now() - kept.readAt < RECEIPT_DOCUMENTS_TTL_MS) return kept.on;
  const on = await receiptDocumentsOn(deps);
  answers.set(parishId, { on, version, readAt: Date.now() });
  return on;
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
