import { calendarDateIn } from '@parish/shared';
import { sql } from 'drizzle-orm';

import type { ServiceContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { currentParishId } from '../../db/parish-scope.ts';
import { refuseUnknownTimeZone } from '../../db/time-zone-check.ts';
import { forgetParishTimeZone } from '../settings/parish-time-zone.ts';

/**
 * The parish calendar of one instant (`docs/domain.md`, §1 "Money, dates and time", §7
 * "Conventions" and §3 "Derived figures": the week starts on Sunday and the year on 1 January). All
 * days are `YYYY-MM-DD` in the parish time zone.
 */
export interface ParishCalendar {
  timezone: string;
  today: string;
  /** The Sunday on or before today. */
  weekStart: string;
  monthStart: string;
  yearStart: string;
}

/** Adds days to a `YYYY-MM-DD` calendar date (negative to go back). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The parish calendar at `now` in `timezone` (see {@link ParishCalendar}). */
export function parishCalendar(now: Date, timezone: string): ParishCalendar {
  const today = calendarDateIn(now, timezone);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 = Sunday
  return {
    timezone,
    today,
    weekStart: addDays(today, -weekday),
    monthStart: `${today.slice(0, 7)}-01`,
    yearStart: `${today.slice(0, 4)}-01-01`,
  };
}

/**
 * Makes the summary triggers use a parish time zone (at start-up, the configured
 * `PARISH_TIMEZONE`): refuses a zone the database does not know ({@link refuseUnknownTimeZone}),
 * then stores it in `parish_timezone` and, when it differs from the stored one, rebuilds the
 * summaries from the payments in the same transaction (the per-day collection rows depend on the
 * zone; `docs/ARCHITECTURE.md`, "Summary tables"). Called at start-up by `buildApp` for the home
 * parish, next to `ensureParishSettings`. A zone an admin chose on Settings (`chosen_at` set,
 * `setParishTimeZone`) is kept: the environment sets the row only while it is new or still the
 * install's (decision 0135).
 * @param input.timezone an IANA zone, already validated against Node.js's zones by the configuration
 * @throws Error naming the zone when the database does not know it (nothing is stored)
 */
export async function syncParishTimezone(ctx: ServiceContext, input: { timezone: string }): Promise<void> {
  await refuseUnknownTimeZone(ctx.db, input.timezone);
  await storeParishTimezone(ctx.db, input.timezone);
  forgetParishTimeZone(currentParishId());
}

/** The transaction of {@link syncParishTimezone}. */
async function storeParishTimezone(db: Db, timezone: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ timezone: string; chosen: boolean }>(
      tx,
      sql`SELECT timezone, chosen_at IS NOT NULL AS chosen FROM parish_timezone WHERE id = 1 FOR UPDATE`,
    );
    if (row?.timezone === timezone || row?.chosen) return;
    await tx.execute(
      sql`INSERT INTO parish_timezone (id, timezone) VALUES (1, ${timezone})
          ON CONFLICT (parish_id, id) DO UPDATE SET timezone = excluded.timezone`,
    );
    await tx.execute(sql`SELECT summaries_rebuild()`);
  });
}
