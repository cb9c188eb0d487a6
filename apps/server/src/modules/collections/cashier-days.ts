import { ErrorCode, OFFICE_MSG, calendarDateIn } from '@parish/shared';
import { and, eq, isNotNull } from 'drizzle-orm';

import { actorOf, type ServiceContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { cashierDays } from '../../db/schema/index.ts';
import { conflict } from '../../lib/app-error.ts';

/** Whether a cashier's day (a parish calendar date) is closed (`docs/domain.md`, "Day close"). */
export async function isDayClosed(db: DbOrTx, cashierId: string, day: string): Promise<boolean> {
  const [row] = await db
    .select({ day: cashierDays.day })
    .from(cashierDays)
    .where(and(eq(cashierDays.cashierId, cashierId), eq(cashierDays.day, day), isNotNull(cashierDays.closedAt)));
  return row !== undefined;
}

/**
 * Refuses a collection by a cashier whose sheet of today is closed (`docs/domain.md`, "Day close":
 * a closed day's sheet never changes).
 * @throws 409 `SHEET_CLOSED`.
 */
export async function checkSheetOpen(ctx: ServiceContext, db: DbOrTx): Promise<void> {
  const actor = actorOf(ctx);
  if (await isDayClosed(db, actor.id, calendarDateIn(ctx.clock.now(), ctx.config.parishTimezone))) {
    throw conflict(OFFICE_MSG.todayClosed, ErrorCode.SHEET_CLOSED);
  }
}
