import { systemContext, type AppDeps } from '../context.ts';
import { runAsOwner, runInParish } from '../db/parish-scope.ts';
import type { AppEvent } from '../lib/events.ts';
import {
  claimReminderJob,
  onJobQueued,
  processReminderJob,
  releaseJobLock,
  whatsAppLane,
  type ClaimedJob,
} from '../modules/reminders/job-runner.ts';

/** How often an idle sender looks for work it was not woken for (jobs of another process). */
export const IDLE_POLL_MS = 5000;

/** A running WhatsApp sender. */
export interface ReminderSender {
  /** This app's lock holder name in `background_jobs.locked_by`. */
  readonly workerId: string;
  /** Asks the loop to look for work now. */
  wake(): void;
  /**
   * Stops the loop: an in-flight request is aborted (its delivery becomes `unknown`, since it
   * may have been accepted), the job's lock is released so the next start resumes it at once.
   * Idempotent.
   */
  stop(): Promise<void>;
}

/**
 * A `payment.updated` after which a payment notice may wait in the outbox: an online payment
 * that settled (`via` the gateway).
 */
function mayHaveQueuedNotice(event: AppEvent): boolean {
  if (event.type !== 'payment.updated') return false;
  const via = event.data?.via;
  return event.data?.status === 'paid' && (via === 'worldline' || via === 'razorpay');
}

/**
 * The WhatsApp sender worker (WHATSAPP_WORKER, default on; whatever the environment's WhatsApp,
 * each job is sent with its own parish's settings, decision 0134): sends the outbox (`message_deliveries`) of the queued WhatsApp jobs — send-to-all reminders,
 * notifications, immediate sends cut off by a shutdown — one job at a time, oldest first, through
 * the app's lane (1 s between messages). Jobs are claimed with a lease, so several processes can
 * share them, and a job taken over after a crash never resends a message that may have gone out
 * (`claimReminderJob`). The loop wakes when this app queues a job, when a payment is settled (the
 * settlement writes its `success` notice into the outbox in its own transaction), and otherwise
 * every {@link IDLE_POLL_MS}.
 */
export function startReminderSender(deps: AppDeps): ReminderSender {
  const ctx = systemContext(deps);
  const { workerId } = whatsAppLane(deps);
  const controller = new AbortController();
  const signal = controller.signal;
  let woken = false;
  let wakeUp: (() => void) | null = null;

  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  /** Resolves after `ms`, on a wake-up (at once when one came meanwhile) or on stop. */
  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakeUp = null;
        woken = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakeUp = done;
      if (woken || signal.aborted) done();
    });
  /** Resolves after `ms` or on stop, whatever wakes come (a failing job is not retried at once). */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const onAbort = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    });

  const runJob = async (job: ClaimedJob) => {
    try {
      await processReminderJob(ctx, { job, signal });
    } catch (error) {
      if (signal.aborted) return;
      deps.log.error({ err: error, jobId: job.id }, 'whatsapp job failed');
      await releaseJobLock(ctx, job.id).catch(() => undefined);
      await pause(IDLE_POLL_MS);
    }
  };
  const run = async () => {
    while (!signal.aborted) {
      let job: ClaimedJob | null = null;
      try {
        job = await runAsOwner(() => claimReminderJob(ctx));
      } catch (error) {
        if (signal.aborted) return;
        deps.log.error({ err: error }, 'whatsapp job claim failed');
      }
      // Claimed as the owner across parishes (one statement, not one per parish every poll), then
      // sent in the job's own parish (decision 0128).
      if (job) await runInParish(job.parishId, () => runJob(job));
      else await idle(IDLE_POLL_MS);
    }
  };

  const unsubscribeQueued = onJobQueued(deps, wake);
  const unsubscribeEvents = deps.events.subscribe((event) => {
    if (mayHaveQueuedNotice(event)) wake();
  });
  const loop = run().catch((error: unknown) => {
    deps.log.error({ err: error }, 'whatsapp sender stopped on an error');
  });
  return {
    workerId,
    wake,
    async stop() {
      unsubscribeQueued();
      unsubscribeEvents();
      controller.abort();
      wakeUp?.();
      await loop;
    },
  };
}
