import { formatINR, isAuditMoneyPath, paise, parseRupeesToPaise } from '@parish/shared';

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
 * A value as short display text: money as ₹1,500.00 (fields stored in paise, `…Paise`; and, with
 * `rupees`, a field `AUDIT_MONEY_PATHS` names, stored in rupees), booleans as the given yes/no,
 * objects as compact JSON, everything cut at 60 characters.
 */
export function valueText(
  key: string,
  value: unknown,
  words: { yes: string; no: string; empty: string },
  rupees = false,
): string {
  if (value === null || value === undefined || value === '') return words.empty;
  if (/Paise$/.test(key) && (typeof value === 'number' || (typeof value === 'string' && /^-?\d+$/.test(value)))) {
    // Recorded in paise; a value that is not a whole number of paise is shown as recorded.
    if (Number.isSafeInteger(Number(value))) return formatINR(paise(Number(value)));
  }
  if (rupees && (typeof value === 'number' || typeof value === 'string')) {
    const amount = parseRupeesToPaise(value);
    if (amount !== null) return formatINR(amount);
  }
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** A state's fields by path (`details.orderAmount`): nested objects opened, arrays kept whole. */
function flatten(state: Record<string, unknown> | null, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(state ?? {})) {
    if (HIDDEN.test(key)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const nested = asRecord(value);
    if (nested && Object.keys(nested).length > 0) {
      for (const [inner, innerValue] of flatten(nested, path)) out.set(inner, innerValue);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

/**
 * The readable difference between an audit record's before and after states: the fields (nested
 * ones by path) whose value changed (a creation lists the new fields, a removal the old ones),
 * money in rupees where `action`'s `AUDIT_MONEY_PATHS` say, hidden secrets left out, at most
 * `max` (default four) plus the number left over.
 */
export function summarizeChange(
  action: string,
  before: unknown,
  after: unknown,
  words: { yes: string; no: string; empty: string },
  max = MAX_CHANGES,
): { kind: 'created' | 'removed' | 'changed' | 'none'; changes: FieldChange[]; more: number } {
  const old = asRecord(before);
  const now = asRecord(after);
  const oldFields = flatten(old);
  const newFields = flatten(now);
  const paths = [...new Set([...oldFields.keys(), ...newFields.keys()])];
  const kind = !old && now ? 'created' : old && !now ? 'removed' : old && now ? 'changed' : 'none';
  const changes: FieldChange[] = [];
  for (const path of paths) {
    const a = oldFields.get(path);
    const b = newFields.get(path);
    if (kind === 'changed' && JSON.stringify(a) === JSON.stringify(b)) continue;
    const key = path.split('.').at(-1) ?? path;
    const money = isAuditMoneyPath(action, path);
    changes.push({
      field: path.split('.').map(fieldLabel).join(' › '),
      before: old ? valueText(key, a, words, money) : null,
      after: now ? valueText(key, b, words, money) : null,
    });
  }
  return { kind, changes: changes.slice(0, max), more: Math.max(0, changes.length - max) };
}
