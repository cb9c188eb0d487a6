/**
 * Parish time for the WhatsApp sender (`docs/domain.md`, §9 "Scheduled reminders"): the quiet
 * hours in which scheduled reminders are not sent.
 */

/** Quiet hours, parish time: nothing scheduled is sent from 21:00 until 08:00. */
export const QUIET_HOURS = { from: 21, until: 8 } as const;

/** The parish-time calendar fields of an instant. */
export function parishParts(
  now: Date,
  timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** Whether an instant falls in the quiet hours (21:00-08:00, parish time). */
export function inQuietHours(now: Date, timeZone: string): boolean {
  const { hour } = parishParts(now, timeZone);
  return hour >= QUIET_HOURS.from || hour < QUIET_HOURS.until;
}
