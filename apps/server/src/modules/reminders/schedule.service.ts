import { sql } from 'drizzle-orm';

import type { AuditContext, ServiceContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { parishInProgress, parishWhatsAppConfig } from '../settings/parish-credentials.ts';
import { readWhatsAppSettings } from '../settings/whatsapp-settings.service.ts';
import { announceJobQueued } from './job-runner.ts';
import { inQuietHours, parishParts } from './quiet-hours.ts';
import { insertReminderJob, type Recipient } from './reminders.service.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';

/**
 * Scheduled reminders (`docs/domain.md`, §9 "Scheduled reminders"): once a month, on the day and
 * at the time the admin set (parish time), the `payment` reminder goes through the Cloud API to
 * every active member with pending dues who has not opted out and was not reminded in the last
 * 7 days; never during the quiet hours 21:00-08:00 (parish time). One job per round (the parish
 * month): a unique index on the job's round makes a second run, after a restart or in another
 * process, insert nothing.
 */

/** A member is reminded at most once in this many days. */
export const REMIND_AT_MOST_EVERY_DAYS = 7;

/** How long after its moment a round may still start. */
export const CATCH_UP_DAYS = 2;

/** Who the audit trail names for scheduled reminders. */
export const SCHEDULE_AUDIT: AuditContext = {
  actorType: 'system',
  actorId: null,
  actorName: 'Scheduled reminders',
  requestId: null,
  ip: null,
};

/**
 * The round due at `now`: `YYYY-MM` (parish month) once the month's day and time have come and
 * outside the quiet hours; null when no schedule is set, it is too early, or it is quiet (a
 * 22:00 schedule runs at 08:00 the next morning).
 */
export function dueRound(
  schedule: { reminderDay: number | null; reminderTime: string | null },
  now: Date,
  timeZone: string,
): string | null {
  if (schedule.reminderDay === null || schedule.reminderTime === null) return null;
  if (inQuietHours(now, timeZone)) return null;
  const [hours = 0, minutes = 0] = schedule.reminderTime.split(':').map(Number);
  const p = parishParts(now, timeZone);
  const nowMinutes = (p.day * 24 + p.hour) * 60 + p.minute;
  const dueMinutes = (schedule.reminderDay * 24 + hours) * 60 + minutes;
  // A round runs from its moment until CATCH_UP_DAYS later (a restart, the quiet hours), never
  // for a moment long past: a schedule saved on the 23rd for the 5th starts next month.
  if (nowMinutes < dueMinutes || nowMinutes - dueMinutes >= CATCH_UP_DAYS * 24 * 60) return null;
  return `${p.year}-${String(p.month).padStart(2, '0')}`;
}

/**
 * Queues this month's scheduled reminders when they are due and not queued yet (the sender
 * worker sends them), audited `reminders.scheduled`, in the parish in progress. Needs that parish's
 * Cloud API (its own number, or the environment's for the home parish; decisions 0130 and 0134):
 * without it nothing happens (wa.me links need a person). Safe to call any number of times from any number of
 * processes: an advisory lock and the unique round index let one job per round exist.
 * @returns the job and how many members it messages, or null when nothing was queued
 */
export async function runScheduledReminders(
  ctx: ServiceContext,
): Promise<{ jobId: string; round: string; total: number } | null> {
  if (!(await parishWhatsAppConfig(ctx, parishInProgress())).configured) return null;
  const now = ctx.clock.now();
  const round = dueRound(await readWhatsAppSettings(ctx.db), now, await parishTimeZone(ctx));
  if (!round) return null;
  const since = new Date(now.getTime() - REMIND_AT_MOST_EVERY_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const queued = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('whatsapp.scheduled-reminders'))`);
    const [existing] = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM background_jobs WHERE type = 'whatsapp.reminders' AND payload->>'round' = ${round} LIMIT 1`,
    );
    if (existing) return null;
    const recipients = await queryRows<Recipient>(
      tx,
      sql`SELECT m.id, m.name, m.mobile, m.parish_number AS "parishNumber"
            FROM members m
           WHERE m.is_active AND NOT m.whatsapp_opt_out
             AND EXISTS (SELECT 1 FROM payments p WHERE p.member_id = m.id AND p.status = 'pending')
             AND NOT EXISTS (
               SELECT 1 FROM message_deliveries d
                WHERE d.member_id = m.id AND d.kind IN ('payment', 'wa_me')
                  AND d.status IN ('sending', 'sent', 'delivered', 'read', 'unknown')
                  AND coalesce(d.sent_at, d.updated_at) > ${since}::timestamptz)
           ORDER BY m.name, m.id`,
    );
    const { jobId } = await insertReminderJob(tx, {
      audit: SCHEDULE_AUDIT,
      payload: { kind: 'payment', round },
      recipients,
      action: 'reminders.scheduled',
    });
    return { jobId, round, total: recipients.length };
  });
  if (queued) announceJobQueued(ctx);
  return queued;
}
