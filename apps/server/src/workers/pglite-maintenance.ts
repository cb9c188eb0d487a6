import { TZDate } from '@date-fns/tz';

import { calendarDateIn } from '@parish/shared';

import type { AppDeps } from '../context.ts';
import { runAsOwner } from '../db/parish-scope.ts';
import { analyzeStaleTables, vacuumTables } from '../db/table-statistics.ts';
import type { WorkerHandle } from './worker-handle.ts';

/**
 * What autovacuum would do, on PGlite, which has none (decision 0062; `db/table-statistics.ts`):
 * - every {@link MAINTENANCE_CHECK_MS}, and once {@link FIRST_CHECK_MS} after start-up (a database
 *   of an earlier release has never been analyzed), ANALYZE the tables whose statistics are
 *   missing or stale;
 * - once a night, in the hour from 03:00 parish time (PARISH_TIMEZONE; after the 02:00 backup),
 *   VACUUM (ANALYZE) every table. Only a server running then does it: a missed night is not made
 *   up in office hours, when a vacuum of a large table would hold PGlite's one connection.
 * On PostgreSQL the server's own autovacuum does both, and this worker is not started.
 */

/** How often the statistics are checked. */
export const MAINTENANCE_CHECK_MS = 10 * 60_000;
/** The first check after start-up. */
export const FIRST_CHECK_MS = 30_000;
/** The parish hour of the nightly vacuum. */
export const VACUUM_HOUR = 3;

/**
 * The parish day (`yyyy-mm-dd`) whose nightly vacuum is due at `now`: `now` falls in the hour from
 * {@link VACUUM_HOUR} in `timeZone` and that day's vacuum has not run (`lastVacuumDay`).
 * @returns that day, or null when none is due
 */
export function vacuumDueDay(now: Date, timeZone: string, lastVacuumDay: string | null): string | null {
  if (new TZDate(now.getTime(), timeZone).getHours() !== VACUUM_HOUR) return null;
  const day = calendarDateIn(now, timeZone);
  return day === lastVacuumDay ? null : day;
}

/**
 * One round of the maintenance: the nightly vacuum when due, else the stale tables' ANALYZE.
 * @param lastVacuumDay the parish day of the last nightly vacuum this process ran, or null
 * @returns the parish day of the vacuum it ran, else `lastVacuumDay`
 */
export async function maintainPglite(deps: AppDeps, lastVacuumDay: string | null): Promise<string | null> {
  const due = vacuumDueDay(deps.clock.now(), deps.config.parishTimezone, lastVacuumDay);
  if (due) {
    const vacuumed = await vacuumTables(deps.db);
    deps.log.info({ tables: vacuumed }, 'nightly vacuum of the embedded database');
    return due;
  }
  const analyzed = await analyzeStaleTables(deps.db);
  if (analyzed.length > 0) deps.log.info({ tables: analyzed }, 'table statistics taken again');
  return lastVacuumDay;
}

/** Starts the maintenance of an embedded database (see the file comment); `startWorkers` starts it on PGlite only. */
export function startPgliteMaintenance(
  deps: AppDeps,
  checkMs = MAINTENANCE_CHECK_MS,
  firstCheckMs = FIRST_CHECK_MS,
): WorkerHandle {
  let lastVacuumDay: string | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const round = () => {
    running = running
      .then(async () => {
        // Every table of every parish: as the owner (decision 0128).
        if (!stopped) lastVacuumDay = await runAsOwner(() => maintainPglite(deps, lastVacuumDay));
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'the embedded database maintenance failed'));
  };
  const first = setTimeout(round, firstCheckMs);
  const timer = setInterval(round, checkMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
