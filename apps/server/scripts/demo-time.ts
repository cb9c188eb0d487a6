import { TZDate } from '@date-fns/tz';

import { calendarDateIn } from '@parish/shared';

import type { Rng } from './demo-random.ts';

/**
 * "Now" and "today" in the parish time zone. The demo's dates are relative to the moment it runs,
 * so that Today's Collection, this week and this month always have something in them. Calendar
 * days are `YYYY-MM-DD` strings; instants are Dates.
 */
export interface ParishCalendar {
  /** IANA zone, `PARISH_TIMEZONE` (default Asia/Kolkata). */
  timeZone: string;
  now: Date;
  /** The parish's calendar date of `now`. */
  today: string;
}

/** Builds the calendar for `now` in `timeZone`. */
export function parishCalendar(now: Date, timeZone: string): ParishCalendar {
  return { timeZone, now, today: calendarDateIn(now, timeZone) };
}

/** The instant of a wall-clock time in the parish: `day` at `minutes` past midnight. */
export function parishInstant(calendar: ParishCalendar, day: string, minutes: number): Date {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) throw new RangeError(`Not a YYYY-MM-DD date: ${day}`);
  const zoned = new TZDate(year, month - 1, date, Math.floor(minutes / 60), minutes % 60, 0, calendar.timeZone);
  return new Date(zoned.getTime());
}

/** Parses a parish wall-clock time `YYYY-MM-DDTHH:MM`, never later than `now`. */
export function parishTime(calendar: ParishCalendar, local: string): Date {
  const [day = '', time = '00:00'] = local.split('T');
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return earliest(parishInstant(calendar, day, hours * 60 + minutes), calendar.now);
}

/** `day` moved by `days` calendar days (negative goes back). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Day of the week of a calendar day, 0 = Sunday. */
export function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The earlier of two instants. */
export function earliest(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}

/** The later of two instants. */
export function latest(a: Date, b: Date): Date {
  return a.getTime() >= b.getTime() ? a : b;
}

/** `date` plus `minutes` (may be negative). */
export function plusMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}

/**
 * Picks when a payment was made, between `from` and now: about 5 % today, 7 % earlier this week,
 * the rest spread over the window (three times in four before `spreadUntil` when given, so last
 * year's dues are mostly paid last year). Office collections fall in office hours and a third of
 * them on the Sunday of their week, after the Qurbana; online payments run from 06:00 to 23:30.
 */
export function pickPaymentTime(
  rng: Rng,
  calendar: ParishCalendar,
  from: Date,
  options: { style: 'office' | 'online'; spreadUntil?: string },
): Date {
  const first = calendarDateIn(from, calendar.timeZone);
  const roll = rng.next();
  let day: string;
  if (roll < 0.05) {
    day = calendar.today;
  } else if (roll < 0.12) {
    day = addDays(calendar.today, -rng.int(1, 6));
  } else {
    const spreadLast =
      options.spreadUntil && options.spreadUntil < calendar.today && rng.chance(0.75)
        ? options.spreadUntil
        : calendar.today;
    day = addDays(first, rng.int(0, Math.max(0, daysBetween(first, spreadLast))));
  }
  if (day < first) day = first;
  if (options.style === 'office' && rng.chance(0.35)) {
    const sunday = addDays(day, -weekday(day));
    if (sunday >= first) day = sunday;
  }
  const minutes = options.style === 'office' ? rng.int(9 * 60, 17 * 60 + 30) : rng.int(6 * 60, 23 * 60 + 30);
  let time = parishInstant(calendar, day, minutes);
  if (time.getTime() > calendar.now.getTime()) {
    // Later today than the clock: somewhere between midnight (or the window start) and now.
    const start = latest(parishInstant(calendar, calendar.today, 0), from).getTime();
    time = new Date(start + Math.floor(rng.next() * (calendar.now.getTime() - start)));
  }
  if (time.getTime() < from.getTime()) time = earliest(plusMinutes(from, rng.int(5, 120)), calendar.now);
  return time;
}
