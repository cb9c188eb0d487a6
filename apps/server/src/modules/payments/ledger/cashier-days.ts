import { ErrorCode, OFFICE_MSG, calendarDateIn } from '@parish/shared';
import { sql, type SQL } from 'drizzle-orm';

import { actorOf, type ServiceContext } from '../../../context.ts';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { cashierDays } from '../../../db/schema/index.ts';
import { conflict } from '../../../lib/app-error.ts';
import { parishTimeZone } from '../../settings/parish-time-zone.ts';

/**
 * SQL boolean: whether a cashier's day (a parish calendar date, `yyyy-mm-dd`) is closed
 * (`docs/domain.md`, "Day close"). A column of a bigger statement (the office collection reads it
 * beside the payment it locks) or a statement of its own ({@link isDayClosed}).
 */
export function dayClosedSql(cashierId: string, day: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${cashierDays} where ${cashierDays.cashierId} = ${cashierId}
                                and ${cashierDays.day} = ${day} and ${cashierDays.closedAt} is not null)`;
}

/** Whether a cashier's day (a parish calendar date) is closed (`docs/domain.md`, "Day close"). */
export async function isDayClosed(db: DbOrTx, cashierId: string, day: string): Promise<boolean> {
  const [row] = await queryRows<{ closed: boolean }>(db, sql`select ${dayClosedSql(cashierId, day)} as closed`);
  return row?.closed === true;
}

/**
 * Refuses a collection by a cashier whose sheet of today is closed (`docs/domain.md`, "Day close":
 * a closed day's sheet never changes).
 * @throws 409 `SHEET_CLOSED`.
 */
export async function checkSheetOpen(ctx: ServiceContext, db: DbOrTx): Promise<void> {
  const actor = actorOf(ctx);
  if (await isDayClosed(db, actor.id, calendarDateIn(ctx.clock.now(), await parishTimeZone(ctx, db)))) {
    throw conflict(OFFICE_MSG.todayClosed, ErrorCode.SHEET_CLOSED);
  }
}
