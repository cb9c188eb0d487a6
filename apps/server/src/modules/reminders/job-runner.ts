import { randomUUID } from 'node:crypto';
import os from 'node:os';

import { sql } from 'drizzle-orm';

import {
  PAY_LINK_MSG,
  REMINDER_MSG,
  financialYearLabel,
  formatDisplayDate,
  formatINR,
  headTypeLabel,
  isLanguage,
  paiseOfSum,
  parseFinancialYear,
  type Language,
  type DeliveryStatus,
  type RemindersProgressData,
} from '@parish/shared';

import type { AppDeps, ServiceContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { signReceiptLink, signStatementLink } from '../../lib/link-signing.ts';
import type { EventBus } from '../../lib/events.ts';
import { publicUrlOf } from '../parishes/request-parish.ts';
import { parishInProgress, parishWhatsAppConfig } from '../settings/parish-credentials.ts';
import {
  WhatsAppClient,
  WhatsAppSendError,
  assignmentTemplate,
  paymentLink,
  paymentLinkSuffix,
  paymentTemplate,
  receiptDocumentTemplate,
  statementDocumentTemplate,
  successTemplate,
  templateFor,
  type WhatsAppMessageBody,
} from './whatsapp-client.ts';
import { inQuietHours } from './quiet-hours.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';

/** The `background_jobs.type` of every WhatsApp job (bulk reminders, immediate sends, notifications). */
export const REMINDER_JOB_TYPE = 'whatsapp.reminders';

/**
 * What a job sends: the `payment` reminder, the new-assignment text, the `success` template, or a
 * receipt as a document (decision 0141). `statement` (the yearly statement as a document, decision
 * 0143) is a kind of delivery only: it rides in a `payment` round's job beside the reminders.
 */
export type ReminderKind = 'payment' | 'assignment' | 'success' | 'receipt';

/** What one delivery sends: its job's kind, or the yearly statement of the job's round (decision 0143). */
export type DeliveryKind = ReminderKind | 'statement';

/** `background_jobs.payload` of a WhatsApp job. */
export interface ReminderJobPayload {
  kind: ReminderKind;
  /** Assignment notices: the head that was assigned. */
  paymentHeadId?: string;
  /** true for an immediate send (the request sends; the sender worker only resumes it after a crash). */
  direct?: boolean;
  /** true for "send to all" (one at a time). */
  all?: boolean;
  /** A send to all of one ward's members only (issue 28 item 7, decision 0136): the ward. */
  wardId?: string;
  /** The scheduled reminders' round (parish month, `2026-11`): one job per round (`docs/domain.md`, §9 "Scheduled reminders"). */
  round?: string;
  /** A receipt document (decision 0141): the receipt to send; one job per receipt. */
  receiptId?: string;
  /**
   * A round that attaches the yearly statement (decision 0143): its financial year, `2026-27`; the
   * job's `statement` deliveries send that year's statement.
   */
  statementFy?: string;
}

/** A claimed job: its id and payload. */
export interface ClaimedJob {
  id: string;
  payload: ReminderJobPayload;
  /** The parish the job belongs to (its row's `parish_id`): it is sent in that parish. */
  parishId: number;
}

/** Attempts per message for retryable failures (429, throughput codes, 5xx). */
export const MAX_ATTEMPTS = 3;

/**
 * A job whose lock is older than this is taken over by another sender (the holder refreshes it
 * before every message, and one message takes at most ~35 s: 3 attempts of 10 s plus back-off).
 */
export const LEASE_SECONDS = 60;

/** How often a scheduled job paused by the quiet hours looks again. */
const QUIET_RECHECK_MINUTES = 10;

/** How often a job of a parish whose WhatsApp is not configured (any more) looks again. */
export const UNCONFIGURED_RECHECK_MINUTES = 10;

/** The sender was stopped before a request went out: the delivery goes back to `queued`. */
class StoppedError extends Error {}

/** One recipient row ready to send, with what its message needs. */
export interface DeliveryWork {
  id: string;
  jobId: string;
  memberId: string;
  memberName: string;
  mobile: string;
  parishNumber: string;
  recipient: string;
  /** The delivery's own kind (`message_deliveries.kind`): the job's, or `statement` (decision 0143). */
  kind: DeliveryKind;
}

/** The outcome of one delivery; `queued` when it was left for later (stopped, or another sender has it). */
export interface DeliveryOutcome {
  status: DeliveryStatus;
  messageId: string | null;
  error: string | null;
}

/**
 * The WhatsApp sending state one app shares between its requests (immediate sends) and its
 * sender worker, so that the pause holds between any two messages of the app whoever sends them
 * (`docs/domain.md`, §9 "Sending": WhatsApp sends go one by one with a 1 second pause).
 */
export interface WhatsAppLane {
  /** This app's lock holder name in `background_jobs.locked_by`. */
  readonly workerId: string;
  readonly client: WhatsAppClient;
  /** `Date.now()` when the previous request of this app ended. */
  lastSendAt: number;
  /** Serialises the app's sends so the pause holds between any two messages. */
  chain: Promise<unknown>;
  /** Called when a job was queued (the sender worker wakes up). */
  readonly queuedListeners: Set<() => void>;
  /**
   * `Date.now()` of the last request to each number, so two messages to one member are at least
   * WHATSAPP_PAIR_INTERVAL_MS apart (Meta's pair rate limit, 131056; `docs/domain.md`, §9 "Sending").
   */
  readonly lastSentTo: Map<string, number>;
  /** The HTTP client the lane's WhatsApp clients use (tests give a stand-in). */
  readonly fetchImpl: typeof fetch | undefined;
  /** The clients of parishes with a WhatsApp number of their own, by phone number id and token (decision 0130). */
  readonly parishClients: Map<string, WhatsAppClient>;
}

/** One lane per app; the app's event bus identifies it (requests and workers share it). */
const lanes = new WeakMap<EventBus, WhatsAppLane>();

/**
 * The app's WhatsApp lane (see {@link WhatsAppLane}), made on first use.
 * @param fetchImpl the HTTP client of a new lane (tests); ignored once the lane exists
 */
export function whatsAppLane(deps: Pick<AppDeps, 'config' | 'events'>, fetchImpl?: typeof fetch): WhatsAppLane {
  let lane = lanes.get(deps.events);
  if (!lane) {
    lane = {
      workerId: `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
      client: new WhatsAppClient(deps.config.whatsapp, fetchImpl),
      lastSendAt: 0,
      chain: Promise.resolve(),
      queuedListeners: new Set(),
      lastSentTo: new Map(),
      fetchImpl,
      parishClients: new Map(),
    };
    lanes.set(deps.events, lane);
  }
  return lane;
}

/**
 * The WhatsApp client of the parish in progress (issue 28 item 4, decision 0130): the lane's own
 * (the environment's settings) for a parish without a number of its own, else a client of the
 * parish's phone number id and access token, made once and kept in the lane.
 */
export async function parishWhatsAppClient(
  deps: Pick<AppDeps, 'config' | 'events' | 'db'>,
  lane: WhatsAppLane = whatsAppLane(deps),
): Promise<WhatsAppClient> {
  const settings = await parishWhatsAppConfig(deps, parishInProgress());
  if (settings === deps.config.whatsapp) return lane.client;
  const key = `${settings.phoneNumberId ?? ''}\u0000${settings.accessToken ?? ''}`;
  let client = lane.parishClients.get(key);
  if (!client) {
    client = new WhatsAppClient(settings, lane.fetchImpl);
    lane.parishClients.set(key, client);
  }
  return client;
}

/**
 * Tells the app's sender worker that a job was queued (after the commit), so it need not wait
 * for its next poll. Jobs queued by another process are found by the poll.
 */
export function announceJobQueued(deps: Pick<AppDeps, 'config' | 'events'>): void {
  for (const listener of whatsAppLane(deps).queuedListeners) listener();
}

/**
 * Calls `listener` whenever this app queues a WhatsApp job ({@link announceJobQueued}).
 * @returns the function that stops listening
 */
export function onJobQueued(deps: Pick<AppDeps, 'config' | 'events'>, listener: () => void): () => void {
  const { queuedListeners } = whatsAppLane(deps);
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

/** Waits until the app's sends in progress have ended (they end early once their signal aborts). */
export async function drainLane(deps: Pick<AppDeps, 'config' | 'events'>): Promise<void> {
  await whatsAppLane(deps).chain.catch(() => undefined);
}

/** Sleeps `ms`, or less when `signal` aborts (then throws {@link StoppedError}). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new StoppedError());
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new StoppedError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Claims the oldest runnable WhatsApp job for this app (locked by its lane's `workerId`): queued, or running with no live lock
 * (its sender stopped or crashed), `FOR UPDATE SKIP LOCKED` so several processes can share the
 * jobs. In the same transaction its rows left `sending` become `unknown` (at most once: an
 * interrupted message is never resent, as it may have gone out).
 * @returns the job, or null when there is none
 */
export async function claimReminderJob(ctx: ServiceContext): Promise<ClaimedJob | null> {
  const { workerId } = whatsAppLane(ctx);
  return ctx.db.transaction(async (tx) => {
    const [job] = await queryRows<ClaimedJob>(
      tx,
      sql`UPDATE background_jobs
             SET status = 'running', locked_by = ${workerId}, locked_at = now(),
                 attempts = attempts + 1, updated_at = now()
           WHERE id = (
             SELECT id FROM background_jobs
              WHERE type = ${REMINDER_JOB_TYPE}
                AND status IN ('queued', 'running')
                AND run_after <= now()
                AND (locked_by IS NULL OR locked_at < now() - make_interval(secs => ${LEASE_SECONDS}))
              ORDER BY created_at
              LIMIT 1
              FOR UPDATE SKIP LOCKED)
       RETURNING id, payload, parish_id AS "parishId"`,
    );
    if (!job) return null;
    await tx.execute(sql`UPDATE message_deliveries
                            SET status = 'unknown', error_code = 'INTERRUPTED',
                                error_message = ${'Interrupted while sending; not resent (it may have gone out).'},
                                updated_at = now()
                          WHERE job_id = ${job.id} AND status = 'sending'`);
    return job;
  });
}

/** Releases this app's lock on a job; it stays `running` for the next claim. */
export async function releaseJobLock(ctx: ServiceContext, jobId: string): Promise<void> {
  await ctx.db.execute(
    sql`UPDATE background_jobs SET locked_by = NULL, updated_at = now()
         WHERE id = ${jobId} AND locked_by = ${whatsAppLane(ctx).workerId}`,
  );
}

/** Puts a claimed job back for `minutes` (unlocked, still runnable after that). */
async function postponeJob(ctx: ServiceContext, jobId: string, minutes: number): Promise<void> {
  await ctx.db.execute(
    sql`UPDATE background_jobs SET run_after = now() + make_interval(mins => ${minutes}),
               locked_by = NULL, updated_at = now()
         WHERE id = ${jobId} AND locked_by = ${whatsAppLane(ctx).workerId}`,
  );
}

/**
 * Sends a claimed job's queued rows in outbox order (created, then id), one at a time through
 * the app's lane and with the WhatsApp settings of the job's parish (the parish in progress;
 * decisions 0130 and 0134), publishing `reminders.progress` after each; then marks the job done.
 * When `signal` aborts, the lock is released instead so the next start resumes the job at once.
 * A job of a parish whose WhatsApp is no longer configured (its credentials were cleared after the
 * job was queued) is put back for {@link UNCONFIGURED_RECHECK_MINUTES}, nothing sent: it goes out
 * once the number is set again.
 */
export async function processReminderJob(
  ctx: ServiceContext,
  input: { job: ClaimedJob; signal: AbortSignal },
): Promise<void> {
  const { job, signal } = input;
  if (!(await parishWhatsAppConfig(ctx, parishInProgress())).configured) {
    await postponeJob(ctx, job.id, UNCONFIGURED_RECHECK_MINUTES);
    return;
  }
  await publishProgress(ctx, job.id);
  while (!signal.aborted) {
    if (job.payload.round && inQuietHours(ctx.clock.now(), await parishTimeZone(ctx))) {
      // Scheduled reminders wait out the quiet hours (`docs/domain.md`, §9 "Scheduled reminders").
      await postponeJob(ctx, job.id, QUIET_RECHECK_MINUTES);
      return;
    }
    const [next] = await queryRows<DeliveryWork>(
      ctx.db,
      sql`SELECT d.id, d.job_id AS "jobId", d.member_id AS "memberId", m.name AS "memberName",
                 m.mobile, m.parish_number AS "parishNumber", d.recipient, d.kind
            FROM message_deliveries d JOIN members m ON m.id = d.member_id
           WHERE d.job_id = ${job.id} AND d.status = 'queued'
           ORDER BY d.created_at, d.kind = 'statement', d.id
           LIMIT 1`,
    );
    if (!next) {
      await finishReminderJob(ctx, job.id);
      return;
    }
    await deliverMessage(ctx, { work: next, payload: job.payload, signal });
    await publishProgress(ctx, job.id);
  }
  await releaseJobLock(ctx, job.id);
}

/** Marks a job done, releases it and publishes the final `reminders.progress`. */
export async function finishReminderJob(ctx: ServiceContext, jobId: string): Promise<void> {
  const progress = await jobProgress(ctx, { jobId, status: 'done' });
  await ctx.db.execute(
    sql`UPDATE background_jobs
           SET status = 'done', finished_at = now(), updated_at = now(), locked_by = NULL,
               progress = ${JSON.stringify(progress)}::jsonb
         WHERE id = ${jobId}`,
  );
  ctx.events.publish({ type: 'reminders.progress', data: { ...progress } });
}

/** A job's counts from its deliveries, with the given status. */
export async function jobProgress(
  ctx: ServiceContext,
  input: { jobId: string; status: RemindersProgressData['status'] },
): Promise<RemindersProgressData> {
  const [row] = await queryRows<{ total: number; done: number; sent: number; failed: number; unknown: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS total,
               count(*) FILTER (WHERE status NOT IN ('queued', 'sending'))::int AS done,
               count(*) FILTER (WHERE status IN ('sent', 'delivered', 'read'))::int AS sent,
               count(*) FILTER (WHERE status = 'failed')::int AS failed,
               count(*) FILTER (WHERE status = 'unknown')::int AS unknown
          FROM message_deliveries WHERE job_id = ${input.jobId}`,
  );
  return { jobId: input.jobId, status: input.status, total: 0, done: 0, sent: 0, failed: 0, unknown: 0, ...row };
}

async function publishProgress(ctx: ServiceContext, jobId: string): Promise<void> {
  const progress = await jobProgress(ctx, { jobId, status: 'running' });
  await ctx.db.execute(
    sql`UPDATE background_jobs SET progress = ${JSON.stringify(progress)}::jsonb, updated_at = now()
         WHERE id = ${jobId}`,
  );
  ctx.events.publish({ type: 'reminders.progress', data: { ...progress } });
}

/**
 * Sends one delivery through the app's lane: `sending` (committed, job lease refreshed) → HTTP
 * send with retries → `sent` with the message id, `failed` with the code (permanent errors are
 * not retried), or `unknown` when the outcome cannot be known (timeout: never resent); 429 and
 * 5xx are retried with exponential back-off. A delivery no longer `queued` is left alone
 * (another sender has it). When `signal` aborts before the request went out the row goes back
 * to `queued`; during the request it becomes `unknown` (it may have been accepted).
 * @returns the outcome; `queued` when the row was left for later
 */
export async function deliverMessage(
  ctx: ServiceContext,
  input: { work: DeliveryWork; payload: ReminderJobPayload; signal: AbortSignal },
): Promise<DeliveryOutcome> {
  const { work } = input;
  let body: WhatsAppMessageBody;
  try {
    body = await buildMessage(ctx, work, input.payload);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code = error instanceof WhatsAppSendError ? error.errorCode : 'BUILD';
    await finalize(ctx, work.id, { status: 'failed', messageId: null, error: message }, code, 0);
    return { status: 'failed', messageId: null, error: message };
  }
  const lane = whatsAppLane(ctx);
  const run = lane.chain.then(() => sendOne(ctx, lane, work, body, input.signal));
  lane.chain = run.catch(() => undefined);
  return run;
}

const LEFT_QUEUED: DeliveryOutcome = { status: 'queued', messageId: null, error: null };

async function sendOne(
  ctx: ServiceContext,
  lane: WhatsAppLane,
  work: DeliveryWork,
  body: WhatsAppMessageBody,
  signal: AbortSignal,
): Promise<DeliveryOutcome> {
  try {
    await pace(ctx, lane, work.recipient, signal);
  } catch {
    return LEFT_QUEUED;
  }
  const claimed = await queryRows<{ id: string }>(
    ctx.db,
    sql`UPDATE message_deliveries SET status = 'sending', updated_at = now()
         WHERE id = ${work.id} AND status = 'queued' RETURNING id`,
  );
  if (claimed.length === 0) return LEFT_QUEUED;
  await ctx.db.execute(
    sql`UPDATE background_jobs SET locked_at = now() WHERE id = ${work.jobId} AND locked_by = ${lane.workerId}`,
  );
  const client = await parishWhatsAppClient(ctx, lane);
  let attempts = 0;
  for (;;) {
    attempts += 1;
    try {
      // The pause runs from the end of one request to the start of the next (`docs/domain.md`,
      // §9 "Sending": one by one with a 1 second pause), so the provider sees them at least 1 s apart.
      const messageId = await client.send(body, signal).finally(() => {
        lane.lastSendAt = Date.now();
        lane.lastSentTo.set(work.recipient, lane.lastSendAt);
      });
      const outcome: DeliveryOutcome = { status: 'sent', messageId, error: null };
      await finalize(ctx, work.id, outcome, null, attempts);
      return outcome;
    } catch (error) {
      const failure =
        error instanceof WhatsAppSendError
          ? error
          : new WhatsAppSendError(String(error), { status: 0, errorCode: 'NETWORK', kind: 'ambiguous' });
      if (failure.kind === 'retryable' && attempts < MAX_ATTEMPTS && !signal.aborted) {
        const backoff = failure.retryAfterSeconds
          ? Math.min(failure.retryAfterSeconds * 1000, 30_000)
          : ctx.config.whatsapp.retryBaseMs * 2 ** (attempts - 1);
        // Meta's pair rate limit (131056) lets about one message in 6 s through to one number
        // (`docs/domain.md`, §9 "Sending"): the retry waits at least the pair interval.
        const floor = failure.errorCode === PAIR_RATE_LIMIT ? ctx.config.whatsapp.pairIntervalMs : 0;
        try {
          await sleep(Math.max(backoff, floor, ctx.config.whatsapp.sendIntervalMs), signal);
          continue;
        } catch {
          // Stopped during the back-off: the last attempt was definitely not accepted.
          await requeue(ctx, work.id, attempts);
          return LEFT_QUEUED;
        }
      }
      if (failure.kind === 'retryable' && signal.aborted) {
        await requeue(ctx, work.id, attempts);
        return LEFT_QUEUED;
      }
      const outcome: DeliveryOutcome = {
        status: failure.kind === 'ambiguous' ? 'unknown' : 'failed',
        messageId: null,
        error: failure.message,
      };
      await finalize(ctx, work.id, outcome, failure.errorCode, attempts);
      return outcome;
    }
  }
}

/** Meta's error code of the pair rate limit (too many messages to one number in a short time). */
const PAIR_RATE_LIMIT = '131056';

/**
 * Waits until `sendIntervalMs` has passed since the previous request of this app ended, and
 * `pairIntervalMs` since the previous request to the same number (a member's messages are spread).
 */
async function pace(ctx: ServiceContext, lane: WhatsAppLane, recipient: string, signal: AbortSignal): Promise<void> {
  const now = Date.now();
  const { sendIntervalMs, pairIntervalMs } = ctx.config.whatsapp;
  for (const [number, at] of lane.lastSentTo) if (at + pairIntervalMs < now) lane.lastSentTo.delete(number);
  const lastToSame = lane.lastSentTo.get(recipient);
  const wait = Math.max(
    lane.lastSendAt + sendIntervalMs - now,
    lastToSame === undefined ? 0 : lastToSame + pairIntervalMs - now,
  );
  if (wait > 0) await sleep(wait, signal);
  else if (signal.aborted) throw new StoppedError();
}

async function requeue(ctx: ServiceContext, id: string, attempts: number): Promise<void> {
  await ctx.db.execute(
    sql`UPDATE message_deliveries SET status = 'queued', attempts = attempts + ${attempts}, updated_at = now()
         WHERE id = ${id} AND status = 'sending'`,
  );
}

async function finalize(
  ctx: ServiceContext,
  id: string,
  outcome: DeliveryOutcome,
  code: string | null,
  attempts: number,
): Promise<void> {
  await ctx.db.execute(
    sql`UPDATE message_deliveries
           SET status = ${outcome.status}, message_id = ${outcome.messageId}, error_code = ${code},
               error_message = ${outcome.error}, attempts = attempts + ${attempts}, updated_at = now(),
               sent_at = CASE WHEN ${outcome.status} = 'sent' THEN now() ELSE sent_at END
         WHERE id = ${id}`,
  );
}

/** The message of one delivery, by the job's kind (`docs/domain.md`, §9 "Reminder messages"). */
async function buildMessage(
  ctx: ServiceContext,
  work: DeliveryWork,
  payload: ReminderJobPayload,
): Promise<WhatsAppMessageBody> {
  const publicUrl = await publicUrlOf(ctx);
  const [member] = await queryRows<{ optOut: boolean; language: string | null }>(
    ctx.db,
    sql`SELECT m.whatsapp_opt_out AS "optOut",
               coalesce(m.language, (SELECT s.default_language FROM parish_settings s WHERE s.parish_id = m.parish_id LIMIT 1)) AS language
          FROM members m WHERE m.id = ${work.memberId}`,
  );
  if (member?.optOut) {
    // Opted out (by the admin, or a STOP reply) after the job was queued: not sent (`docs/domain.md`, §9 "Opting out").
    throw new WhatsAppSendError(PAY_LINK_MSG.optedOut, { status: 0, errorCode: 'OPTED_OUT', kind: 'permanent' });
  }
  // The member's saved language, else the parish's default for members (decision 0135).
  const language: Language = isLanguage(member?.language) ? member.language : 'en';
  const { templates } = ctx.config.whatsapp;
  if (work.kind === 'statement') return statementMessage(ctx, { work, publicUrl, language, fy: payload.statementFy });
  if (payload.kind === 'receipt')
    return receiptMessage(ctx, { work, publicUrl, language, receiptId: payload.receiptId });
  if (payload.kind === 'success')
    return successTemplate(work.recipient, work.memberName, work.id, templateFor(templates.success, language));
  if (payload.kind === 'assignment') {
    const [assigned] = await queryRows<{
      headName: string;
      description: string;
      type: string;
      dueDate: string | null;
      amountPaise: unknown;
    }>(
      ctx.db,
      sql`SELECT h.name AS "headName", h.description, h.type::text AS type,
                 coalesce(p.due_date, h.due_date)::text AS "dueDate", p.amount_paise::bigint AS "amountPaise"
            FROM payments p JOIN payment_heads h ON h.id = p.payment_head_id
           WHERE p.member_id = ${work.memberId} AND p.payment_head_id = ${payload.paymentHeadId ?? null}`,
    );
    if (!assigned) {
      throw new WhatsAppSendError(REMINDER_MSG.missingTemplateParams, {
        status: 0,
        errorCode: 'PARAMS',
        kind: 'permanent',
      });
    }
    return assignmentTemplate(
      work.recipient,
      {
        memberName: work.memberName,
        headName: assigned.headName,
        amount: formatINR(paiseOfSum(assigned.amountPaise)),
        type: headTypeLabel(assigned.type),
        dueDate: assigned.dueDate ? formatDisplayDate(assigned.dueDate) : '-',
        description: assigned.description,
        memberId: work.parishNumber,
        link: paymentLink(publicUrl, work.mobile),
        linkSuffix: paymentLinkSuffix(work.mobile),
        template: templateFor(templates.assignment, language),
      },
      work.id,
    );
  }
  const template = templateFor(templates.payment, language);
  return paymentTemplate(work.recipient, { memberName: work.memberName, mobile: work.mobile, template }, work.id);
}

/**
 * The receipt document of one delivery (decision 0141): the receipt's number and total, and the
 * link to its PDF, `{public address}/api/receipt-links/{signed receipt token}/pdf?layout=a5&lang={language}`
 * (the token of `signReceiptLink`, as the wa.me receipt link), in the member's language's template.
 * @throws WhatsAppSendError 'Missing required template parameter values.' (permanent) when the
 *   receipt is not found or is voided: a receipt reversed before it went out is not sent.
 */
async function receiptMessage(
  ctx: ServiceContext,
  input: { work: DeliveryWork; publicUrl: string; language: Language; receiptId: string | undefined },
): Promise<WhatsAppMessageBody> {
  const { work, language } = input;
  const [receipt] = await queryRows<{ id: string; number: string; totalPaise: unknown }>(
    ctx.db,
    sql`SELECT id, number, total_paise::bigint AS "totalPaise" FROM receipts
         WHERE id = ${input.receiptId ?? null} AND member_id = ${work.memberId} AND voided_at IS NULL`,
  );
  if (!receipt) {
    throw new WhatsAppSendError(REMINDER_MSG.missingTemplateParams, {
      status: 0,
      errorCode: 'PARAMS',
      kind: 'permanent',
    });
  }
  const token = signReceiptLink(ctx.config.linkKeys, receipt.id);
  return receiptDocumentTemplate(
    work.recipient,
    {
      memberName: work.memberName,
      receiptNumber: receipt.number,
      amount: formatINR(paiseOfSum(receipt.totalPaise)),
      link: `${input.publicUrl.replace(/\/$/, '')}/api/receipt-links/${token}/pdf?layout=a5&lang=${language}`,
      template: templateFor(ctx.config.whatsapp.templates.receipt, language),
    },
    work.id,
  );
}

/** Days a yearly statement link stays open after its message was made (decision 0143). */
export const STATEMENT_LINK_DAYS = 30;

/**
 * The yearly statement document of one delivery (issue 29 item 8, decision 0143): the link to the
 * member's statement of the round's financial year,
 * `{public address}/api/statement-links/{signed statement token}/pdf?lang={language}` (the token of
 * `signStatementLink`: the parish in progress, the member, the year, an expiry
 * {@link STATEMENT_LINK_DAYS} days after now), in the member's language's `statement` template.
 * @throws WhatsAppSendError 'Missing required template parameter values.' (permanent) when the
 *   job names no valid financial year.
 */
async function statementMessage(
  ctx: ServiceContext,
  input: { work: DeliveryWork; publicUrl: string; language: Language; fy: string | undefined },
): Promise<WhatsAppMessageBody> {
  const { work, language } = input;
  const fy = input.fy === undefined ? null : parseFinancialYear(input.fy);
  if (fy === null) {
    throw new WhatsAppSendError(REMINDER_MSG.missingTemplateParams, {
      status: 0,
      errorCode: 'PARAMS',
      kind: 'permanent',
    });
  }
  const expiresAt = Math.floor(ctx.clock.now().getTime() / 1000) + STATEMENT_LINK_DAYS * 24 * 60 * 60;
  const token = signStatementLink(ctx.config.linkKeys, {
    parishId: parishInProgress(),
    memberId: work.memberId,
    fy,
    expiresAt,
  });
  return statementDocumentTemplate(
    work.recipient,
    {
      memberName: work.memberName,
      financialYear: financialYearLabel(fy),
      link: `${input.publicUrl.replace(/\/$/, '')}/api/statement-links/${token}/pdf?lang=${language}`,
      template: templateFor(ctx.config.whatsapp.templates.statement, language),
    },
    work.id,
  );
}
