/**
 * Working days (issue 30 item 5, decision 0151; `docs/domain.md`, "Working days"): the days a bank
 * in India works, by which a gateway's settlement is late. A parish calendar day `YYYY-MM-DD` is a
 * working day unless it is a Sunday, the 2nd or 4th Saturday of its month (the RBI's bank holidays
 * under the Negotiable Instruments Act since September 2015), or a day on the parish's holiday list
 * (Parish Settings). Days are calendar dates of the parish's time zone, never instants.
 */

/** The weekday of a calendar day (0 Sunday … 6 Saturday). */
function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The calendar day after `day` (`YYYY-MM-DD`), across month and year ends. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Whether a calendar day is a working day: not a Sunday, not the 2nd or 4th Saturday of its month
 * (its day of the month 8–14 or 22–28), not in `holidays`.
 * @param day `YYYY-MM-DD`
 * @param holidays the parish's holiday list, as `YYYY-MM-DD`
 */
export function isWorkingDay(day: string, holidays: ReadonlySet<string>): boolean {
  const weekday = weekdayOf(day);
  if (weekday === 0 || holidays.has(day)) return false;
  if (weekday === 6) {
    const date = Number(day.slice(8, 10));
    if ((date >= 8 && date <= 14) || (date >= 22 && date <= 28)) return false;
  }
  return true;
}

/**
 * The `count`-th working day after `day` (`day` itself never counts): with `count` 3, the day by
 * which a payment of `day` should have settled.
 * @param day `YYYY-MM-DD`
 * @param count how many working days, 0 or more (0 answers `day`)
 * @param holidays the parish's holiday list
 */
export function addWorkingDays(day: string, count: number, holidays: ReadonlySet<string>): string {
  let current = day;
  for (let found = 0; found < count;) {
    current = nextDay(current);
    if (isWorkingDay(current, holidays)) found += 1;
  }
  return current;
}
