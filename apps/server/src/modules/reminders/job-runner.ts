import { randomUUID } from 'node:crypto';
import os from 'node:os';

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import {
  REMINDER_MSG,
  formatDisplayDate,
  formatINR,
  headTypeLabel,
  type DeliveryStatus,
  type RemindersProgressData,
} from '@parish/shared';

import type { Config } from '../../config/env.ts';
import { queryRows, type Db } from '../../db/client.ts';
import type { EventBus } from '../../lib/events.ts';
import {
  WhatsAppClient,
  WhatsAppSendError,
  assignmentText,
  paymentLink,
  paymentTemplate,
  successTemplate,
  type WhatsAppMessageBody,
} from './whatsapp-client.ts';

/** The `background_jobs.type` of every WhatsApp job (bulk reminders, immediate sends, notifications). */
export const REMINDER_JOB_TYPE = 'whatsapp.reminders';

/** What a job sends: the `payment` reminder, the new-assignment text, or the `success` template. */
export type ReminderKind = 'payment' | 'assignment' | 'success';

/** `background_jobs.payload` of a WhatsApp job. */
export interface ReminderJobPayload {
  kind: ReminderKind;
  /** Assignment notices: the head that was assigned. */
  paymentHeadId?: string;
  /** true for an immediate send (the request sends; the runner only resumes it after a crash). */
  direct?: boolean;
  /** true for "send to all" (one at a time, WA-05). */
  all?: boolean;
}

/** Attempts per message for retryable failures (429, throughput codes, 5xx). */
export const MAX_ATTEMPTS = 3;

/**
 * A job whose lock is older than this is taken over by another runner (the holder refreshes it
 * before every message, and one message takes at most ~35 s: 3 attempts of 10 s plus back-off).
 */
export const LEASE_SECONDS = 60;

/** How often an idle runner looks for work it was not woken for (jobs of another process). */
const IDLE_POLL_MS = 5000;

/** The runner was stopped before a request went out: the delivery goes back to `queued`. */
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
}

/** The outcome of one delivery. */
export interface DeliveryOutcome {
  status: DeliveryStatus;
  messageId: string | null;
  error: string | null;
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
 * Sends WhatsApp messages from the outbox (`message_deliveries`) and runs the background jobs of
 * type {@link REMINDER_JOB_TYPE} (security bar 3.L; spec section 7 "Bulk sends run one by one
 * with a 1 second pause"):
 * - jobs are claimed from `background_jobs` with `FOR UPDATE SKIP LOCKED` and a lease, so several
 *   processes can share them;
 * - each recipient is marked `sending` (committed) before the HTTP request, then `sent` with the
 *   message id, `failed` with the code (permanent errors are not retried), or `unknown` when the
 *   outcome cannot be known (timeout); 429 / 5xx are retried with exponential back-off;
 * - messages are paced `sendIntervalMs` apart (1 s), across jobs and immediate sends alike;
 * - a job taken over after a crash first turns its `sending` rows into `unknown` (at most once:
 *   never resent) and then carries on with the rows still `queued`.
 * Progress goes out as `reminders.progress` events after each message.
 */
export class ReminderJobRunner {
  /** This process's lock holder name. */
  readonly workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly client: WhatsAppClient;
  private readonly controller = new AbortController();
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private lastSendAt = 0;
  /** Serialises sends of this process so the pause holds between any two messages. */
  private sendChain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly events: EventBus,
    private readonly log: FastifyBaseLogger,
    fetchImpl?: typeof fetch,
  ) {
    this.client = new WhatsAppClient(config.whatsapp, fetchImpl);
  }

  /** Whether {@link stop} was called. */
  get stopped(): boolean {
    return this.controller.signal.aborted;
  }

  /** Starts the background loop (idempotent). */
  start(): void {
    this.loop ??= this.run().catch((error: unknown) => {
      this.log.error({ err: error }, 'whatsapp job runner stopped on an error');
    });
  }

  /** Asks the loop to look for work now (after a job was queued). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /**
   * Stops the loop: an in-flight request is aborted (its delivery becomes `unknown`, since it may
   * have been accepted), the job's lock is released so a restart resumes it at once.
   */
  async stop(): Promise<void> {
    this.controller.abort();
    this.wakeUp?.();
    await this.loop;
    await this.sendChain.catch(() => undefined);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let job: { id: string; payload: ReminderJobPayload } | null = null;
      try {
        job = await this.claim();
      } catch (error) {
        if (this.stopped) return;
        this.log.error({ err: error }, 'whatsapp job claim failed');
      }
      if (job) {
        try {
          await this.processJob(job.id, job.payload);
        } catch (error) {
          if (this.stopped) return;
          this.log.error({ err: error, jobId: job.id }, 'whatsapp job failed');
          await this.releaseLock(job.id).catch(() => undefined);
          await sleep(IDLE_POLL_MS, this.controller.signal).catch(() => undefined);
        }
        continue;
      }
      if (this.woken) {
        this.woken = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, IDLE_POLL_MS);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
      this.woken = false;
    }
  }

  /**
   * Claims the oldest runnable job: queued, or running with no live lock (its runner stopped or
   * crashed). In the same transaction its rows left `sending` become `unknown`.
   */
  async claim(): Promise<{ id: string; payload: ReminderJobPayload } | null> {
    return this.db.transaction(async (tx) => {
      const [job] = await queryRows<{ id: string; payload: ReminderJobPayload }>(
        tx,
        sql`UPDATE background_jobs
               SET status = 'running', locked_by = ${this.workerId}, locked_at = now(),
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
         RETURNING id, payload`,
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

  /** Releases this runner's lock on a job (it stays `running` for the next claim). */
  private async releaseLock(jobId: string): Promise<void> {
    await this.db.execute(
      sql`UPDATE background_jobs SET locked_by = NULL, updated_at = now()
           WHERE id = ${jobId} AND locked_by = ${this.workerId}`,
    );
  }

  /** Sends a claimed job's queued rows in outbox order, then marks it done. */
  async processJob(jobId: string, payload: ReminderJobPayload): Promise<void> {
    await this.publishProgress(jobId);
    while (!this.stopped) {
      const [next] = await queryRows<DeliveryWork>(
        this.db,
        sql`SELECT d.id, d.job_id AS "jobId", d.member_id AS "memberId", m.name AS "memberName",
                   m.mobile, m.parish_number AS "parishNumber", d.recipient
              FROM message_deliveries d JOIN members m ON m.id = d.member_id
             WHERE d.job_id = ${jobId} AND d.status = 'queued'
             ORDER BY d.created_at, d.id
             LIMIT 1`,
      );
      if (!next) {
        await this.finishJob(jobId);
        return;
      }
      await this.deliver(next, payload);
      await this.publishProgress(jobId);
    }
    await this.releaseLock(jobId);
  }

  /** Marks a job done, releases it and publishes the final progress. */
  async finishJob(jobId: string): Promise<void> {
    const progress = await this.progressOf(jobId, 'done');
    await this.db.execute(
      sql`UPDATE background_jobs
             SET status = 'done', finished_at = now(), updated_at = now(), locked_by = NULL,
                 progress = ${JSON.stringify(progress)}::jsonb
           WHERE id = ${jobId}`,
    );
    this.events.publish({ type: 'reminders.progress', data: { ...progress } });
  }

  /** A job's counts from its deliveries. */
  async progressOf(jobId: string, status: RemindersProgressData['status']): Promise<RemindersProgressData> {
    const [row] = await queryRows<{ total: number; done: number; sent: number; failed: number; unknown: number }>(
      this.db,
      sql`SELECT count(*)::int AS total,
                 count(*) FILTER (WHERE status NOT IN ('queued', 'sending'))::int AS done,
                 count(*) FILTER (WHERE status IN ('sent', 'delivered', 'read'))::int AS sent,
                 count(*) FILTER (WHERE status = 'failed')::int AS failed,
                 count(*) FILTER (WHERE status = 'unknown')::int AS unknown
            FROM message_deliveries WHERE job_id = ${jobId}`,
    );
    return { jobId, status, total: 0, done: 0, sent: 0, failed: 0, unknown: 0, ...row };
  }

  private async publishProgress(jobId: string): Promise<void> {
    const progress = await this.progressOf(jobId, 'running');
    await this.db.execute(
      sql`UPDATE background_jobs SET progress = ${JSON.stringify(progress)}::jsonb, updated_at = now()
           WHERE id = ${jobId}`,
    );
    this.events.publish({ type: 'reminders.progress', data: { ...progress } });
  }

  /**
   * Sends one delivery: `sending` (committed, attempts + 1, job lease refreshed) → HTTP send with
   * retries → `sent` / `failed` / `unknown`. A delivery no longer `queued` is left alone (another
   * runner has it). Stopped before the request went out: back to `queued`.
   */
  async deliver(work: DeliveryWork, payload: ReminderJobPayload): Promise<DeliveryOutcome> {
    let body: WhatsAppMessageBody;
    try {
      body = await this.buildMessage(work, payload);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const code = error instanceof WhatsAppSendError ? error.errorCode : 'BUILD';
      await this.finalize(work.id, { status: 'failed', messageId: null, error: message }, code, 0);
      return { status: 'failed', messageId: null, error: message };
    }
    const run = this.sendChain.then(() => this.sendOne(work, body));
    this.sendChain = run.catch(() => undefined);
    return run;
  }

  private async sendOne(work: DeliveryWork, body: WhatsAppMessageBody): Promise<DeliveryOutcome> {
    const signal = this.controller.signal;
    try {
      await this.pace(signal);
    } catch {
      return { status: 'queued', messageId: null, error: null };
    }
    const claimed = await queryRows<{ id: string }>(
      this.db,
      sql`UPDATE message_deliveries SET status = 'sending', updated_at = now()
           WHERE id = ${work.id} AND status = 'queued' RETURNING id`,
    );
    if (claimed.length === 0) return { status: 'queued', messageId: null, error: null };
    await this.db.execute(
      sql`UPDATE background_jobs SET locked_at = now() WHERE id = ${work.jobId} AND locked_by = ${this.workerId}`,
    );
    let attempts = 0;
    for (;;) {
      attempts += 1;
      try {
        // The pause runs from the end of one request to the start of the next (section 7:
        // "one by one with a 1 second pause"), so the provider sees them at least 1 s apart.
        const messageId = await this.client.send(body, signal).finally(() => {
          this.lastSendAt = Date.now();
        });
        const outcome: DeliveryOutcome = { status: 'sent', messageId, error: null };
        await this.finalize(work.id, outcome, null, attempts);
        return outcome;
      } catch (error) {
        const failure =
          error instanceof WhatsAppSendError
            ? error
            : new WhatsAppSendError(String(error), { status: 0, errorCode: 'NETWORK', kind: 'ambiguous' });
        if (failure.kind === 'retryable' && attempts < MAX_ATTEMPTS && !signal.aborted) {
          const backoff = failure.retryAfterSeconds
            ? Math.min(failure.retryAfterSeconds * 1000, 30_000)
            : this.config.whatsapp.retryBaseMs * 2 ** (attempts - 1);
          try {
            await sleep(Math.max(backoff, this.config.whatsapp.sendIntervalMs), signal);
            continue;
          } catch {
            // Stopped during the back-off: the last attempt was definitely not accepted.
            await this.requeue(work.id, attempts);
            return { status: 'queued', messageId: null, error: null };
          }
        }
        if (failure.kind === 'retryable' && signal.aborted) {
          await this.requeue(work.id, attempts);
          return { status: 'queued', messageId: null, error: null };
        }
        const outcome: DeliveryOutcome = {
          status: failure.kind === 'ambiguous' ? 'unknown' : 'failed',
          messageId: null,
          error: failure.message,
        };
        await this.finalize(work.id, outcome, failure.errorCode, attempts);
        return outcome;
      }
    }
  }

  /** Waits until `sendIntervalMs` has passed since the previous request of this process ended. */
  private async pace(signal: AbortSignal): Promise<void> {
    const wait = this.lastSendAt + this.config.whatsapp.sendIntervalMs - Date.now();
    if (wait > 0) await sleep(wait, signal);
    else if (signal.aborted) throw new StoppedError();
  }

  private async requeue(id: string, attempts: number): Promise<void> {
    await this.db.execute(
      sql`UPDATE message_deliveries SET status = 'queued', attempts = attempts + ${attempts}, updated_at = now()
           WHERE id = ${id} AND status = 'sending'`,
    );
  }

  private async finalize(id: string, outcome: DeliveryOutcome, code: string | null, attempts: number): Promise<void> {
    await this.db.execute(
      sql`UPDATE message_deliveries
             SET status = ${outcome.status}, message_id = ${outcome.messageId}, error_code = ${code},
                 error_message = ${outcome.error}, attempts = attempts + ${attempts}, updated_at = now(),
                 sent_at = CASE WHEN ${outcome.status} = 'sent' THEN now() ELSE sent_at END
           WHERE id = ${id}`,
    );
  }

  /** The message of one delivery, by the job's kind (section 7). */
  private async buildMessage(work: DeliveryWork, payload: ReminderJobPayload): Promise<WhatsAppMessageBody> {
    const publicUrl = this.config.publicUrl;
    if (payload.kind === 'success') return successTemplate(work.recipient, work.memberName, work.id);
    if (payload.kind === 'assignment') {
      const [assigned] = await queryRows<{
        headName: string;
        description: string;
        type: string;
        dueDate: string | null;
        amountPaise: number;
      }>(
        this.db,
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
      return assignmentText(
        work.recipient,
        {
          memberName: work.memberName,
          headName: assigned.headName,
          amount: formatINR(Number(assigned.amountPaise)),
          type: headTypeLabel(assigned.type),
          dueDate: assigned.dueDate ? formatDisplayDate(assigned.dueDate) : '-',
          description: assigned.description,
          memberId: work.parishNumber,
          link: paymentLink(publicUrl, work.mobile),
        },
        work.id,
      );
    }
    return paymentTemplate(work.recipient, work.memberName, work.mobile, work.id);
  }
}
