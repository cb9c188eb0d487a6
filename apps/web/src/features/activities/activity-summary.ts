import { formatINR } from '@parish/shared';

/** Keys never shown in the log, whatever an audit record carries. */
const HIDDEN = /hash|password|token|secret|salt/i;
/** Most changes listed per entry. */
const MAX_CHANGES = 4;

/** One readable change: a field's name and its before/after values as display text. */
export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

/** `amountPaise` → `amount`, `paidAt` → `paid at`. */
export function fieldLabel(key: string): string {
  return key
    .replace(/Paise$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
}

/**
 * A value as short display text: money fields (`…Paise`, stored in paise) as ₹1,500.00,
 * booleans as the given yes/no, objects as compact JSON, everything cut at 60 characters.
 */
export function valueText(key: string, value: unknown, words: { yes: string; no: string; empty: string }): string {
  if (value === null || value === undefined || value === '') return words.empty;
  if (/Paise$/.test(key) && typeof value === 'number') return formatINR(value);
  if (/Paise$/.test(key) && typeof value === 'string' && /^-?\d+$/.test(value)) return formatINR(Number(value));
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * The readable difference between an audit record's before and after states: the fields whose
 * value changed (a creation lists the new fields, a removal the old ones), hidden secrets left
 * out, at most four plus the number left over.
 */
export function summarizeChange(
  before: unknown,
  after: unknown,
  words: { yes: string; no: string; empty: string },
): { kind: 'created' | 'removed' | 'changed' | 'none'; changes: FieldChange[]; more: number } {
  const old = asRecord(before);
  const now = asRecord(after);
  const keys = [...new Set([...Object.keys(old ?? {}), ...Object.keys(now ?? {})])].filter((key) => !HIDDEN.test(key));
  const kind = !old && now ? 'created' : old && !now ? 'removed' : old && now ? 'changed' : 'none';
  const changes: FieldChange[] = [];
  for (const key of keys) {
    const a = old?.[key];
    const b = now?.[key];
    if (kind === 'changed' && JSON.stringify(a) === JSON.stringify(b)) continue;
    changes.push({
      field: fieldLabel(key),
      before: old ? valueText(key, a, words) : null,
      after: now ? valueText(key, b, words) : null,
    });
  }
  return { kind, changes: changes.slice(0, MAX_CHANGES), more: Math.max(0, changes.length - MAX_CHANGES) };
}

/** dd/mm/yyyy hh:mm (24-hour) of an instant in the parish time zone. */
export function formatDateTime(instant: string, timeZone: string): string {
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
