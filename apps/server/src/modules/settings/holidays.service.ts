import type { HolidayList } from '@parish/shared';
import { asc } from 'drizzle-orm';

import type { ServiceContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { parishHolidays } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit.repository.ts';

/**
 * The parish's holiday list (Parish Settings; decision 0151; `docs/domain.md`, "Working days"):
 * parish calendar days that are not working days, besides Sundays and the 2nd and 4th Saturdays.
 * The settlements screen flags an online payment not settled after 3 working days by it.
 */

/** The holiday list, by day (`GET /api/settings/holidays`). */
export async function getHolidays(db: DbOrTx): Promise<HolidayList> {
  const rows = await db
    .select({ day: parishHolidays.day, name: parishHolidays.name })
    .from(parishHolidays)
    .orderBy(asc(parishHolidays.day));
  return { holidays: rows };
}

/** The holiday days as a set of `YYYY-MM-DD`, for the working-day rule. */
export async function holidaySet(db: DbOrTx): Promise<Set<string>> {
  return new Set((await getHolidays(db)).holidays.map((holiday) => holiday.day));
}

/**
 * Replaces the holiday list (`PUT /api/settings/holidays`, admin) in one transaction with the audit
 * record `settings.holidays_changed` (before, after); the same list again changes and records nothing.
 * @param input the whole list (days unique, checked by `holidayListSchema`)
 * @returns the list saved, by day
 */
export async function setHolidays(ctx: ServiceContext, input: HolidayList): Promise<HolidayList> {
  const after = [...input.holidays].sort((a, b) => a.day.localeCompare(b.day));
  return ctx.db.transaction(async (tx) => {
    const before = (await getHolidays(tx)).holidays;
    if (JSON.stringify(before) === JSON.stringify(after)) return { holidays: before };
    await tx.delete(parishHolidays);
    if (after.length > 0) await tx.insert(parishHolidays).values(after);
    await recordAudit(tx, ctx.audit, {
      action: 'settings.holidays_changed',
      entityType: 'parish_settings',
      entityId: null,
      before: { holidays: before },
      after: { holidays: after },
    });
    return { holidays: after };
  });
}
