import { systemContext, type AppDeps } from '../context.ts';
import { recheckPendingTransactions } from '../modules/gateways/recheck.ts';
import { inEachParish } from '../modules/parishes/parish-list.ts';
import type { WorkerHandle } from './worker-handle.ts';

/**
 * The gateway re-check worker (`docs/ARCHITECTURE.md`, "Background re-check"): a pending online
 * transaction whose member never came back is settled or failed by asking the gateway. Every
 * `seconds` seconds (GATEWAY_RECHECK_SECONDS; 0 starts nothing, see `workers/index.ts`), one
 * {@link recheckPendingTransactions} run as the system in each parish (`inEachParish`), skipped while the previous run is still
 * going; a failed run is logged. The timer does not keep the process alive.
 * @returns `stop()`, which clears the timer (a run already going finishes on its own).
 */
export function startGatewayRecheck(deps: AppDeps, seconds: number): WorkerHandle {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    inEachParish(
      deps.db,
      () => recheckPendingTransactions(systemContext(deps)),
      (parishId, error) => deps.log.error({ err: error, parishId }, 'gateway re-check failed'),
    )
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
