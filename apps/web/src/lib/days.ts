/**
 * Days as people type them into the back office's date fields (`docs/domain.md`, "Money, dates and
 * time": dates are shown and typed day/month/year).
 */

/** dd/mm/yyyy (as typed; `.` or `-` also separate) to `YYYY-MM-DD`, or null when not a real date. */
export function parseDisplayDate(value: string): string | null {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  return realDay(`${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`);
}

/** `iso` when it is a real day (`YYYY-MM-DD`), else null. */
function realDay(iso: string): string | null {
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

/**
 * A day typed into a date field: day first as {@link parseDisplayDate} reads it (`20/11/2026`,
 * `2.3.2027`), or ISO `2026-11-20` as pasted from elsewhere; `31/02/2027` and `11/20/2026` are not
 * days. Mantine's own parser ignores the field's dd/mm/yyyy format (it reads `03/04/2027` as
 * 4 March), so every date field passes this as its `dateParser`.
 * @returns the day as ISO `YYYY-MM-DD` text, or null while the text is not a whole day
 */
export function parseTypedDay(text: string): string | null {
  const trimmed = text.trim();
  return /^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? realDay(trimmed) : parseDisplayDate(trimmed);
}
