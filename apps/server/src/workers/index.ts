import type { Config } from '../config/env.ts';
import type { AppDeps } from '../context.ts';
import { startAssignmentNotices } from './assignment-notices.ts';
import { startDailyBackup } from './daily-backup.ts';
import { startEventRelay } from './event-relay.ts';
import { startGatewayRecheck } from './gateway-recheck.ts';
import { startPgliteMaintenance } from './pglite-maintenance.ts';
import { startReminderSender } from './reminder-sender.ts';
import { singleInstance } from './single-instance.ts';
import { startScheduledReminders } from './scheduled-reminders.ts';
import { startSettlementFetch } from './settlement-fetch.ts';
import type { WorkerHandle } from './worker-handle.ts';

/** What `startWorkers` returns (`worker-handle.ts`, apart so that each worker can name it without importing this file). */
export type { WorkerHandle } from './worker-handle.ts';

/**
 * The background workers of a server process. They are started by the entry point
 * (`src/server.ts`) once the app is built, never by the route plugins, and business modules
 * never import them: a worker calls module services with a system context
 * (`docs/ARCHITECTURE.md`, the module boundaries; the ESLint rule forbids the other direction).
 */

/** Which workers to start; each switches one off when false. */
export interface WorkerFlags {
  /**
   * WHATSAPP_WORKER (default true): send the queued WhatsApp jobs and notifications from this
   * process (`reminder-sender.ts`), each job with its own parish's WhatsApp settings (decision 0134).
   */
  whatsAppSender: boolean;
  /**
   * EVENT_RELAY (default true): relay change events to and from the other server processes over
   * PostgreSQL LISTEN/NOTIFY (`event-relay.ts`); only on PostgreSQL.
   */
  eventRelay: boolean;
  /**
   * GATEWAY_RECHECK_SECONDS (default 60; 0 turns it off): how often this process re-checks pending
   * online transactions with their gateway (`gateway-recheck.ts`).
   */
  gatewayRecheckSeconds: number;
}

/** The flags the configuration asks for: WHATSAPP_WORKER, EVENT_RELAY and GATEWAY_RECHECK_SECONDS. */
export function workerFlagsOf(config: Config): WorkerFlags {
  return {
    whatsAppSender: config.whatsapp.worker,
    eventRelay: config.eventRelay,
    gatewayRecheckSeconds: config.gatewayRecheckSeconds,
  };
}

/**
 * Starts the workers the flags and the configuration call for:
 * - the event relay (`eventRelay`, PostgreSQL only);
 * - the assignment-notice listener (WHATSAPP_NOTIFY_ON_ASSIGN; it queues notices in the parishes
 *   whose WhatsApp is configured);
 * - the WhatsApp sender (`whatsAppSender`), whatever the environment's WhatsApp: each parish may
 *   have its own number (decisions 0130 and 0134);
 * - the gateway re-check (`gatewayRecheckSeconds` above 0);
 * - the daily backup and `npm run backup`'s requests (`daily-backup.ts`);
 * - on PGlite, the table statistics and the nightly vacuum autovacuum would keep
 *   (`pglite-maintenance.ts`);
 * - the scheduled reminders (REMINDER_SCHEDULE_SECONDS above 0), in each parish whose WhatsApp is configured;
 * - the Razorpay settlement fetch (SETTLEMENT_FETCH_HOURS above 0), in each parish (decision 0151).
 * On PostgreSQL the WhatsApp sender, the gateway re-check, the daily backup and the settlement fetch
 * run in one process only, whichever holds their advisory lock (`single-instance.ts`).
 * @param deps the app's dependencies (`app.deps`), shared with its requests
 * @returns one handle whose `stop` stops them all, in the reverse order (idempotent)
 */
export async function startWorkers(
  deps: AppDeps,
  flags: WorkerFlags = workerFlagsOf(deps.config),
): Promise<WorkerHandle> {
  const started: WorkerHandle[] = [];
  if (flags.eventRelay) started.push(await startEventRelay(deps));
  started.push(startAssignmentNotices(deps));
  if (flags.whatsAppSender) {
    started.push(singleInstance(deps, 'whatsapp-sender', () => startReminderSender(deps)));
  }
  if (flags.gatewayRecheckSeconds > 0) {
    started.push(singleInstance(deps, 'gateway-recheck', () => startGatewayRecheck(deps, flags.gatewayRecheckSeconds)));
  }
  started.push(singleInstance(deps, 'daily-backup', () => startDailyBackup(deps)));
  if (deps.database.kind === 'pglite') started.push(startPgliteMaintenance(deps));
  // Scheduled reminders (REMINDER_SCHEDULE_SECONDS; `scheduled-reminders.ts`), in the parishes with the Cloud API.
  const scheduleSeconds = deps.config.reminderScheduleSeconds;
  if (scheduleSeconds > 0) started.push(startScheduledReminders(deps, scheduleSeconds));
  const settlementHours = deps.config.settlementFetchHours;
  if (settlementHours > 0) {
    started.push(singleInstance(deps, 'settlement-fetch', () => startSettlementFetch(deps, settlementHours)));
  }
  let stopping: Promise<void> | null = null;
  return {
    stop() {
      stopping ??= (async () => {
        for (const worker of started.reverse()) {
          await worker.stop().catch((error: unknown) => deps.log.error({ err: error }, 'a worker failed to stop'));
        }
      })();
      return stopping;
    },
  };
}
