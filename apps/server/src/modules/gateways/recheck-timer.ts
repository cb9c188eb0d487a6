import { systemContext, type AppDeps } from '../../context.ts';
import { recheckPendingTransactions } from './recheck.ts';

/**
 * Starts the background re-check of pending online transactions: every `seconds` seconds, one
 * {@link recheckPendingTransactions} run as the system, skipped while the previous run is still
 * going; a failed run is logged. The timer does not keep the process alive.
 * @returns `stop()`, which clears the timer (a run already going finishes on its own).
 */
export function startGatewayRecheck(deps: AppDeps, seconds: number): { stop(): Promise<void> } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    recheckPendingTransactions(systemContext(deps))
      .catch((error: unknown) => deps.log.error({ err: error }, 'gateway re-check failed'))
      .finally(() => {
        running = false;
      });
  }, seconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
    },
  };
}
