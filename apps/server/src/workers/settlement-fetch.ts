import { systemContext, type AppDeps } from '../context.ts';
import { fetchRazorpaySettlementsNow } from '../modules/accounts/settlements.service.ts';
import { inEachParish } from '../modules/parishes/parish-list.ts';
import type { WorkerHandle } from './worker-handle.ts';

/** Seconds after the start before the first round (the server settles in first). */
const FIRST_ROUND_SECONDS = 60;

/**
 * The settlement fetch worker (decision 0151; `docs/domain.md`, "Gateway settlements"): in each
 * parish (`inEachParish`) whose Razorpay is not off (its own keys, the environment's for the home
 * parish, or the sandbox), fetches the last 10 days' settlements and records the new ones as the
 * system (`fetchRazorpaySettlementsNow`; a settlement already recorded changes nothing), a minute
 * after the start and then every `hours` hours (SETTLEMENT_FETCH_HOURS, default 24; 0 starts
 * nothing, see `workers/index.ts`). A round is skipped while the previous one is still going; a
 * parish whose fetch fails (Razorpay unreachable) is logged and tried again next round. The timers
 * do not keep the process alive.
 * @returns `stop()`, which clears the timers (a round already going finishes on its own).
 */
export function startSettlementFetch(deps: AppDeps, hours: number): WorkerHandle {
  let running = false;
  const round = () => {
    if (running) return;
    running = true;
    inEachParish(
      deps.db,
      () => fetchRazorpaySettlementsNow(systemContext(deps)),
      (parishId, error) => deps.log.warn({ err: error, parishId }, 'settlement fetch failed'),
    )
      .catch((error: unknown) => deps.log.error({ err: error }, 'settlement fetch failed'))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(round, FIRST_ROUND_SECONDS * 1000);
  const timer = setInterval(round, hours * 3_600_000);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
