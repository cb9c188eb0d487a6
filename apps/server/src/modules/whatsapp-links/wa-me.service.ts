import { eq, or, sql } from 'drizzle-orm';

import {
  ErrorCode,
  MSG,
  PAY_LINK_MSG,
  formatINR,
  paiseOfSum,
  toWhatsAppNumber,
  type OptOutStatus,
  type OptedOutMembers,
  type Paise,
  type ReminderRound,
  type StartRound,
  type WaMeLink,
} from '@parish/shared';

import type { ServiceContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { lockDataVersions } from '../../db/data-versions.ts';
import { backgroundJobs, members, messageDeliveries, receipts } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { assertWardExists, inWardSql } from '../../db/ward-exists.ts';
import { assertMemberInCallerWard } from '../members/wards.service.ts';
import { getParishSettings } from '../settings/settings.service.ts';
import { publicUrlOf } from '../parishes/request-parish.ts';
import { memberConsent } from './consent.service.ts';
import { signReceiptLink } from './link-signing.ts';
import { linkMember, memberPaymentLink, paymentLinkMaker } from './pay-links.service.ts';

/**
 * WhatsApp without the Cloud API (`docs/domain.md`, §9 "WhatsApp without the Cloud API"): a
 * click-to-chat link `https://wa.me/<91XXXXXXXXXX>?text=<message>` that opens WhatsApp on the
 * staff member's own phone or computer with the message written; they press send. Members who
 * opted out are refused (409 `MEMBER_OPTED_OUT`) and left out of walk-through rounds.
 */

/** `background_jobs.type` of a walk-through round; its rows are `message_deliveries` of kind `wa_me`. */
export const ROUND_JOB_TYPE = 'whatsapp.walkthrough';

/** Rows shown of a round (name order); a bigger parish walks through the first ones, then the rest. */
const ROUND_ITEMS_LIMIT = 2000;

/** A click-to-chat URL for a number and a message (`https://wa.me/<digits>?text=<url-encoded>`). */
export function waMeUrl(mobile: string, message: string): string {
  const digits = toWhatsAppNumber(mobile) ?? mobile.replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}

/** The reminder text of `docs/domain.md`, §9 "WhatsApp without the Cloud API". */
function reminderText(input: { name: string; parish: string; pendingPaise: Paise; link: string }): string {
  return [
    `Dear ${input.name},`,
    `This is a reminder from ${input.parish}: your pending dues come to ${formatINR(input.pendingPaise)}.`,
    `Pay online here: ${input.link}`,
    'Thank you.',
  ].join('\n');
}

async function pendingPaiseOf(ctx: ServiceContext, memberId: string): Promise<Paise> {
  const [row] = await queryRows<{ paise: string | number }>(
    ctx.db,
    sql`SELECT coalesce(sum(amount_paise), 0) AS paise FROM payments WHERE member_id = ${memberId} AND status = 'pending'`,
  );
  return paiseOfSum(row?.paise);
}

/**
 * `GET /api/members/:id/whatsapp-link` (admin, cashier, ward leader): the member's reminder as a
 * wa.me link, with their pending total and payment link (`memberPaymentLink`). A ward leader only
 * for a member of their ward (issue 28 item 7, decision 0129).
 * @throws AppError 404 unknown or inactive member, or (ward leader) a member of another ward; 409
 *   `MEMBER_OPTED_OUT`
 */
export async function memberWaMeLink(ctx: ServiceContext, input: { memberId: string }): Promise<WaMeLink> {
  await assertMemberInCallerWard(ctx, input.memberId);
  const member = await linkMember(ctx.db, input.memberId);
  if (!member?.isActive) throw notFound('Member not found');
  if (member.whatsappOptOut) throw conflict(PAY_LINK_MSG.optedOut, ErrorCode.MEMBER_OPTED_OUT);
  const settings = await getParishSettings(ctx.db);
  const payLink = await memberPaymentLink(ctx, member);
  const message = reminderText({
    name: member.name,
    parish: settings.name,
    pendingPaise: await pendingPaiseOf(ctx, member.id),
    link: payLink,
  });
  return { url: waMeUrl(member.mobile, message), message, payLink };
}

/**
 * `GET /api/receipts/:id/whatsapp-link` (admin, cashier): a wa.me message to the receipt's member
 * with a signed link to the receipt (`/api/receipt-links/<token>`, no sign-in needed). The id is
 * the receipt's, or a payment's on it (the counter's success step knows the payment).
 * @throws AppError 404 unknown receipt; 409 `MEMBER_OPTED_OUT`
 */
export async function receiptWaMeLink(ctx: ServiceContext, input: { receiptId: string }): Promise<WaMeLink> {
  const [receipt] = await ctx.db
    .select({ id: receipts.id, number: receipts.number, memberId: receipts.memberId })
    .from(receipts)
    .where(
      or(
        eq(receipts.id, input.receiptId),
        eq(receipts.id, sql`(SELECT receipt_id FROM payments WHERE id = ${input.receiptId})`),
      ),
    )
    .limit(1);
  if (!receipt) throw notFound(MSG.notFound);
  const member = await linkMember(ctx.db, receipt.memberId);
  if (!member) throw notFound(MSG.notFound);
  if (member.whatsappOptOut) throw conflict(PAY_LINK_MSG.optedOut, ErrorCode.MEMBER_OPTED_OUT);
  const settings = await getParishSettings(ctx.db);
  const link = `${await publicUrlOf(ctx)}/api/receipt-links/${signReceiptLink(ctx.config.linkKeys, receipt.id)}`;
  const message = [
    `Dear ${member.name},`,
    `Thank you for your payment to ${settings.name}. Your receipt ${receipt.number}:`,
    link,
  ].join('\n');
  return { url: waMeUrl(member.mobile, message), message, payLink: link };
}

/**
 * Sets or clears a member's WhatsApp opt-out (admin), audited `member.whatsapp_opt_out`.
 * @throws AppError 404 unknown member
 */
export async function setWhatsAppOptOut(
  ctx: ServiceContext,
  input: { memberId: string; optOut: boolean },
): Promise<{ optOut: boolean }> {
  return ctx.db.transaction(async (tx) => {
    // The members table's version row first, as every member write takes it (`db/data-versions.ts`).
    await lockDataVersions(tx, ['members']);
    const [before] = await tx
      .select({ optOut: members.whatsappOptOut })
      .from(members)
      .where(eq(members.id, input.memberId))
      .for('update');
    if (!before) throw notFound('Member not found');
    await tx.update(members).set({ whatsappOptOut: input.optOut }).where(eq(members.id, input.memberId));
    await recordAudit(tx, ctx.audit, {
      action: 'member.whatsapp_opt_out',
      entityType: 'member',
      entityId: input.memberId,
      before: { optOut: before.optOut },
      after: { optOut: input.optOut, via: 'admin' },
    });
    return { optOut: input.optOut };
  });
}

/**
 * A member's WhatsApp opt-out with its latest change (`docs/domain.md`, §9 "Opting out"): when,
 * and whether by the member's STOP/START reply (`webhook`) or by an admin (with the admin's name),
 * from the latest `member.whatsapp_opt_out` audit record; nulls when it was never changed. With
 * the member's consent record (`consent`, decision 0138).
 * @throws AppError 404 unknown member
 */
export async function whatsAppOptOutStatus(ctx: ServiceContext, memberId: string): Promise<OptOutStatus> {
  const [member] = await ctx.db
    .select({ optOut: members.whatsappOptOut })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) throw notFound('Member not found');
  const [change] = await queryRows<{ at: string | Date; via: string | null; by: string | null }>(
    ctx.db,
    sql`SELECT occurred_at AS at, after->>'via' AS via, actor_name AS by FROM audit_events
         WHERE entity_type = 'member' AND entity_id = ${memberId} AND action = 'member.whatsapp_opt_out'
         ORDER BY occurred_at DESC, id DESC LIMIT 1`,
  );
  const via = change?.via === 'admin' || change?.via === 'webhook' ? change.via : null;
  return {
    consent: await memberConsent(ctx, memberId),
    optOut: member.optOut,
    changedAt: change ? new Date(change.at).toISOString() : null,
    via,
    by: via === 'admin' ? (change?.by ?? null) : null,
  };
}

/**
 * The active members with pending dues who opted out of WhatsApp, by name: the first 100 and the
 * total. No reminder path sends to them (`docs/domain.md`, §9 "Opting out"); the Send Reminders
 * page lists them beside the walk-through round.
 */
export async function optedOutMembers(ctx: ServiceContext): Promise<OptedOutMembers> {
  const rows = await queryRows<{ memberId: string; name: string; parishNumber: string; total: number }>(
    ctx.db,
    sql`SELECT m.id AS "memberId", m.name, m.parish_number AS "parishNumber", count(*) OVER ()::int AS total
          FROM members m
         WHERE m.is_active AND m.whatsapp_opt_out
           AND EXISTS (SELECT 1 FROM payments p WHERE p.member_id = m.id AND p.status = 'pending')
         ORDER BY m.name, m.id
         LIMIT 100`,
  );
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map(({ memberId, name, parishNumber }) => ({ memberId, name, parishNumber })),
  };
}

/**
 * The current walk-through round (the latest), with each member's wa.me link made now (a fresh
 * payment link), in name order; `null` when none was ever started.
 */
export async function currentRound(ctx: ServiceContext): Promise<{ round: ReminderRound | null }> {
  const [job] = await queryRows<{ id: string; createdAt: string | Date }>(
    ctx.db,
    sql`SELECT id, created_at AS "createdAt" FROM background_jobs
         WHERE type = ${ROUND_JOB_TYPE} ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  if (!job) return { round: null };
  const [counts] = await queryRows<{ total: number; sent: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'sent')::int AS sent
          FROM message_deliveries WHERE job_id = ${job.id}`,
  );
  const rows = await queryRows<{
    deliveryId: string;
    memberId: string;
    name: string;
    parishNumber: string;
    mobile: string;
    payLinkVersion: number;
    status: string;
    pendingPaise: string | number;
  }>(
    ctx.db,
    sql`SELECT d.id AS "deliveryId", m.id AS "memberId", m.name, m.parish_number AS "parishNumber", m.mobile,
               m.pay_link_version AS "payLinkVersion", d.status,
               (SELECT coalesce(sum(p.amount_paise), 0) FROM payments p
                 WHERE p.member_id = m.id AND p.status = 'pending') AS "pendingPaise"
          FROM message_deliveries d JOIN members m ON m.id = d.member_id
         WHERE d.job_id = ${job.id}
         ORDER BY m.name, d.id
         LIMIT ${ROUND_ITEMS_LIMIT}`,
  );
  const parish = (await getParishSettings(ctx.db)).name;
  const linkOf = await paymentLinkMaker(ctx);
  const items = [];
  for (const row of rows) {
    const link = linkOf({ id: row.memberId, mobile: row.mobile, payLinkVersion: row.payLinkVersion });
    const message = reminderText({ name: row.name, parish, pendingPaise: paiseOfSum(row.pendingPaise), link });
    items.push({
      deliveryId: row.deliveryId,
      memberId: row.memberId,
      name: row.name,
      parishNumber: row.parishNumber,
      sent: row.status === 'sent',
      url: waMeUrl(row.mobile, message),
    });
  }
  return {
    round: {
      id: job.id,
      createdAt: new Date(job.createdAt).toISOString(),
      total: counts?.total ?? 0,
      sent: counts?.sent ?? 0,
      items,
    },
  };
}

/**
 * Starts a new walk-through round (admin): every active member with a pending payment who has
 * not opted out, one `wa_me` row each (`queued` until ticked), audited `reminders.round_started`.
 * @param input `wardId` to remind only that ward's members (issue 28 item 7), else the parish.
 * @throws AppError 400 (field `wardId`) for a ward not of the parish; 409 `NOBODY_PENDING` when
 *   there is nobody to remind
 */
export async function startRound(
  ctx: ServiceContext,
  input: StartRound = {},
): Promise<{ round: ReminderRound | null }> {
  await ctx.db.transaction(async (tx) => {
    await assertWardExists(tx, input.wardId);
    const ward = inWardSql(sql`m.ward_id`, input.wardId);
    const recipients = await queryRows<{ id: string; mobile: string }>(
      tx,
      sql`SELECT m.id, m.mobile FROM members m
           WHERE m.is_active AND NOT m.whatsapp_opt_out AND ${ward}
             AND EXISTS (SELECT 1 FROM payments p WHERE p.member_id = m.id AND p.status = 'pending')
           ORDER BY m.name, m.id`,
    );
    if (recipients.length === 0) throw conflict(PAY_LINK_MSG.nobodyToRemind, ErrorCode.NOBODY_PENDING);
    const [job] = await tx
      .insert(backgroundJobs)
      .values({
        type: ROUND_JOB_TYPE,
        status: 'running',
        payload: { kind: 'wa_me' },
        progress: { total: recipients.length },
        createdBy: ctx.audit.actorId,
      })
      .returning({ id: backgroundJobs.id });
    if (!job) throw new Error('round insert returned nothing');
    for (let start = 0; start < recipients.length; start += 1000) {
      await tx.insert(messageDeliveries).values(
        recipients.slice(start, start + 1000).map((member) => ({
          jobId: job.id,
          memberId: member.id,
          kind: 'wa_me',
          status: 'queued',
          recipient: toWhatsAppNumber(member.mobile) ?? member.mobile,
          createdBy: ctx.audit.actorId,
        })),
      );
    }
    await recordAudit(tx, ctx.audit, {
      action: 'reminders.round_started',
      entityType: 'reminder_job',
      entityId: job.id,
      after: { total: recipients.length },
    });
  });
  return currentRound(ctx);
}

/**
 * Ticks one member of a round as sent (the admin sent the wa.me message): `sent`, with the time,
 * which also counts for the 7-day rule of the scheduled reminders. Idempotent.
 * @throws AppError 404 when the row is not of that round
 */
export async function tickRoundItem(
  ctx: ServiceContext,
  input: { roundId: string; deliveryId: string },
): Promise<ReminderRound['items'][number]> {
  const [row] = await queryRows<{ memberId: string }>(
    ctx.db,
    sql`UPDATE message_deliveries d
           SET status = 'sent', sent_at = coalesce(d.sent_at, now()), updated_at = now(), attempts = d.attempts + 1
          FROM background_jobs j
         WHERE d.id = ${input.deliveryId} AND d.job_id = ${input.roundId}
           AND j.id = d.job_id AND j.type = ${ROUND_JOB_TYPE}
     RETURNING d.member_id AS "memberId"`,
  );
  if (!row) throw notFound(MSG.notFound);
  const member = await linkMember(ctx.db, row.memberId);
  if (!member) throw notFound(MSG.notFound);
  const parish = (await getParishSettings(ctx.db)).name;
  const link = await memberPaymentLink(ctx, member);
  const message = reminderText({ name: member.name, parish, pendingPaise: await pendingPaiseOf(ctx, member.id), link });
  return {
    deliveryId: input.deliveryId,
    memberId: member.id,
    name: member.name,
    parishNumber: member.parishNumber,
    sent: true,
    url: waMeUrl(member.mobile, message),
  };
}
