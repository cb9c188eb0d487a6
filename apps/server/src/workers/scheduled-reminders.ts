import { systemContext, type AppDeps } from '../context.ts';
import { inEachParish } from '../modules/parishes/parish-list.ts';
import { SCHEDULE_AUDIT, runScheduledReminders } from '../modules/reminders/schedule.service.ts';
import type { WorkerHandle } from './worker-handle.ts';

/**
 * The scheduled-reminders worker (REMINDER_SCHEDULE_SECONDS, default 60): at start and then every
 * interval, queues the month's scheduled reminders when they are due, in each parish whose WhatsApp
 * is configured (its own number, or the environment's for the home parish; decision 0134)
 * (`inEachParish`, `runScheduledReminders`, `docs/domain.md`, §9 "Scheduled reminders"). Runs in
 * every process safely: one job per round, whatever restarts or processes. Errors are logged.
 */
export function startScheduledReminders(deps: AppDeps, everySeconds: number): WorkerHandle {
  const ctx = systemContext(deps, SCHEDULE_AUDIT);
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running
      .then(() =>
        inEachParish(
          deps.db,
          () => runScheduledReminders(ctx),
          (parishId, error) => deps.log.error({ err: error, parishId }, 'scheduled reminders failed'),
        ),
      )
      .catch((error: unknown) => deps.log.error({ err: error }, 'scheduled reminders failed'));
  };
  tick();
  const timer = setInterval(tick, everySeconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
