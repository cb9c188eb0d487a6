/**
 * Calendar helpers that both sides need. Calendar dates are `YYYY-MM-DD` strings; instants are
 * ISO 8601 UTC strings. "Today" in the parish is computed from an instant and the parish time
 * zone (`PARISH_TIMEZONE`, default `Asia/Kolkata`).
 */

/** The parish time zone used when none is configured. */
export const DEFAULT_PARISH_TIMEZONE = 'Asia/Kolkata';

/**
 * The `YYYY-MM-DD` formatter of each time zone asked for, made once: building an
 * `Intl.DateTimeFormat` costs about ten times what formatting with one does, and the parish has
 * one zone (a process sees a handful at most: the parish's, `UTC` in tests). Formatters are
 * immutable, so sharing one is safe.
 */
const CALENDAR_FORMATTERS = new Map<string, Intl.DateTimeFormat>();

/**
 * The cached `en-CA` year-month-day formatter of a time zone.
 * @throws RangeError for a zone name that is not an IANA zone (nothing is cached then).
 */
function calendarFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = CALENDAR_FORMATTERS.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    CALENDAR_FORMATTERS.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The calendar date of an instant in a time zone, as `YYYY-MM-DD`.
 * @param instant a Date or an ISO string
 * @param timeZone an IANA zone name such as `Asia/Kolkata`
 * @throws RangeError for an unknown time zone, or an instant that is not a valid date.
 */
export function calendarDateIn(instant: Date | string, timeZone: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = calendarFormatter(timeZone).formatToParts(date);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * The Indian financial year (April to March) that a calendar date falls in, named by the year it
 * starts: `2026-03-31` -> 2025, `2026-04-01` -> 2026.
 */
export function financialYearOf(isoDate: string): number {
  const [year, month] = isoDate.split('-').map(Number);
  if (!year || !month) throw new RangeError(`Not a YYYY-MM-DD date: ${isoDate}`);
  return month <= 3 ? year - 1 : year;
}

/**
 * A financial year as receipts print it (`docs/domain.md`, "Money, dates and time"): 2026 -> '2026-27'.
 * @param fy the year the financial year starts in (April)
 */
export function financialYearLabel(fy: number): string {
  return `${fy}-${String((fy + 1) % 100).padStart(2, '0')}`;
}

/**
 * The financial year a label like '2026-27' names (the inverse of {@link financialYearLabel}): the
 * year it starts in, or null when the text is not a label of consecutive years from 2000 to 2098.
 */
export function parseFinancialYear(label: string): number | null {
  const match = /^(20\d\d)-(\d\d)$/.exec(label);
  if (!match) return null;
  const start = Number(match[1]);
  return start <= 2098 && financialYearLabel(start) === label ? start : null;
}

/**
 * The default due date of a current due or miscellaneous head (`docs/domain.md`, §4 "Head type change"): 31 March of
 * the current financial year, i.e. this year when today is January to March, else next year.
 * @param today the parish's calendar date, `YYYY-MM-DD`
 * @returns `YYYY-03-31`
 */
export function defaultDueDate(today: string): string {
  return `${financialYearOf(today) + 1}-03-31`;
}

/**
 * Formats a date or instant as dd/mm/yyyy (`docs/domain.md`, §1 "Money, dates and time": dates are
 * shown day/month/year). A `YYYY-MM-DD` string is taken as a calendar date; any other string or
 * Date as an instant shown in `timeZone`.
 */
export function formatDisplayDate(
  value: string | Date | null | undefined,
  timeZone: string = DEFAULT_PARISH_TIMEZONE,
): string {
  if (value === null || value === undefined || value === '') return '';
  const iso = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : calendarDateIn(value, timeZone);
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * Formats an instant as dd/mm/yyyy hh:mm (24-hour) in `timeZone` (`docs/domain.md`, §1 "Money,
 * dates and time"), e.g. the Activity Log's "When".
 */
export function formatDisplayDateTime(instant: string | Date, timeZone: string = DEFAULT_PARISH_TIMEZONE): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')} ${get('hour')}:${get('minute')}`;
}
