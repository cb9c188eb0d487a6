import { DEFAULT_PARISH_TIMEZONE, type ParishTimeZone } from '@parish/shared';
import { sql } from 'drizzle-orm';

import { actorOf, type AppDeps, type ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { currentParishId } from '../../db/parish-scope.ts';
import { badRequest } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';

/**
 * How long a process keeps a parish's zone before reading it again, in milliseconds. A change on
 * Settings forgets it at once in the process that made it ({@link forgetParishTimeZone}); another
 * server process sees it within this time (as `parish_hosts`' lookup: `PARISH_HOSTS_TTL_MS`).
 */
export const PARISH_TIME_ZONE_TTL_MS = 5_000;

const zones = new Map<number, { zone: string; readAt: number }>();

/**
 * The time zone of the parish the work runs in (`currentParishId()`): its `parish_timezone` row,
 * kept per parish for {@link PARISH_TIME_ZONE_TTL_MS} (issue 28 item 4, decision 0135). Every
 * parish day the server makes (receipts' dates and financial years, day sheets, reports, the
 * reminders' quiet hours) is taken in it. Outside a parish, or for a parish without the row, the
 * install's `PARISH_TIMEZONE` (`config.parishTimezone`).
 * @param deps `db` and `config` of the app or request
 * @param db the transaction to read in, when the caller has one open (the embedded database has one
 *   connection: a read beside an open transaction would wait for it)
 * @returns an IANA zone name such as `Asia/Kolkata`
 */
export async function parishTimeZone(deps: Pick<AppDeps, 'db' | 'config'>, db: DbOrTx = deps.db): Promise<string> {
  const parishId = currentParishId();
  if (parishId === null) return deps.config.parishTimezone;
  const kept = zones.get(parishId);
  if (kept && Date.now() - kept.readAt < PARISH_TIME_ZONE_TTL_MS) return kept.zone;
  const [row] = await queryRows<{ timezone: string }>(db, sql`SELECT timezone FROM parish_timezone WHERE id = 1`);
  const zone = row?.timezone ?? deps.config.parishTimezone;
  zones.set(parishId, { zone, readAt: Date.now() });
  return zone;
}

/** Makes this process read the parish's zone again on its next use (after the zone changed). */
export function forgetParishTimeZone(parishId: number | null): void {
  if (parishId === null) zones.clear();
  else zones.delete(parishId);
}

let knownZones: Promise<string[]> | undefined;

/** Whether Node.js's time zone data knows `zone` (the server formats dates with `Intl`). */
function nodeKnows(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The IANA zones a parish may choose (decision 0135): the region zones (`Area/Place`) and `UTC`
 * that both the database (`pg_timezone_names`, used by `AT TIME ZONE` in reports and the summary
 * triggers) and Node.js know, sorted by name with {@link DEFAULT_PARISH_TIMEZONE} first. Read once
 * per process (zone data changes only with the software).
 */
export function timeZoneChoices(db: DbOrTx): Promise<string[]> {
  knownZones ??= queryRows<{ name: string }>(
    db,
    sql`SELECT name FROM pg_timezone_names
         WHERE (name ~ '^(Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific)/' OR name = 'UTC')
         ORDER BY name`,
  )
    .then((rows) => {
      const names = rows.map((row) => row.name).filter((name) => name !== DEFAULT_PARISH_TIMEZONE && nodeKnows(name));
      return [DEFAULT_PARISH_TIMEZONE, ...names];
    })
    .catch((error: unknown) => {
      knownZones = undefined;
      throw error;
    });
  return knownZones;
}

/**
 * `GET /api/admin/time-zone`: the parish's zone, whether an admin chose it on Settings, and the
 * zones to choose from ({@link timeZoneChoices}).
 */
export async function timeZoneAnswer(
  deps: Pick<AppDeps, 'db' | 'config'>,
  db: DbOrTx = deps.db,
): Promise<ParishTimeZone> {
  const [row] = await queryRows<{ timezone: string; chosen: boolean }>(
    db,
    sql`SELECT timezone, chosen_at IS NOT NULL AS chosen FROM parish_timezone WHERE id = 1`,
  );
  return {
    timeZone: row?.timezone ?? deps.config.parishTimezone,
    chosen: row?.chosen ?? false,
    zones: await timeZoneChoices(db),
  };
}

/**
 * Sets the parish's time zone (admin, Settings; issue 28 item 4, decision 0135). In one
 * transaction: stores the zone with `chosen_at` (so start-up's `PARISH_TIMEZONE` no longer sets
 * it), re-derives the parish's summaries from its payments (`summaries_rebuild()`: the collection
 * day rows depend on the zone) and records `settings.time_zone_updated`. Closed day sheets keep the
 * days they were closed for; receipts keep their numbers. The zone equal to the stored one is only
 * marked chosen (no audit, no rebuild). Then this process forgets its kept zone of the parish.
 * @param input.timeZone an IANA zone of {@link timeZoneChoices}
 * @returns the answer of {@link timeZoneAnswer} after the change
 * @throws AppError 400 VALIDATION_FAILED naming the zone when it is not one of the choices (nothing changes)
 * @throws AppError 401 without a signed-in caller
 */
export async function setParishTimeZone(ctx: ServiceContext, input: { timeZone: string }): Promise<ParishTimeZone> {
  actorOf(ctx);
  const timeZone = input.timeZone.trim();
  if (!(await timeZoneChoices(ctx.db)).includes(timeZone)) {
    throw badRequest(
      `${timeZone} is not a time zone the server knows; choose one from the list, such as Asia/Kolkata`,
      'timeZone',
    );
  }
  const parishId = currentParishId();
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await queryRows<{ timezone: string }>(
        tx,
        sql`SELECT timezone FROM parish_timezone WHERE id = 1 FOR UPDATE`,
      );
      const before = row?.timezone ?? ctx.config.parishTimezone;
      await tx.execute(
        sql`INSERT INTO parish_timezone (id, timezone, chosen_at) VALUES (1, ${timeZone}, ${ctx.clock.now().toISOString()})
            ON CONFLICT (parish_id, id) DO UPDATE SET timezone = excluded.timezone, chosen_at = excluded.chosen_at`,
      );
      if (before !== timeZone) {
        await tx.execute(sql`SELECT summaries_rebuild()`);
        await recordAudit(tx, ctx.audit, {
          action: 'settings.time_zone_updated',
          entityType: 'parish_timezone',
          entityId: '1',
          before: { timeZone: before },
          after: { timeZone },
        });
      }
      return timeZoneAnswer(ctx, tx);
    });
  } finally {
    forgetParishTimeZone(parishId);
  }
}
