import type { Paise } from '@parish/shared';
import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL fragments the dashboard and the reports share. Money is summed in paise (bigint) and
 * converted to rupees at the edge with `paiseToRupees`; node-postgres returns bigint sums as
 * text, so every number read goes through {@link num}.
 */

/** A bigint/numeric column value from either driver (text on node-postgres) as a JS number. */
export function num(value: unknown): number {
  if (value === null || value === undefined) return 0;
  return typeof value === 'number' ? value : Number(value);
}

/**
 * The Collection Methods (YTD) bucket of a collection (`docs/domain.md`, §2 "Back-office shell"; see
 * `METHOD_BUCKETS` in @parish/shared): method UPI → upi, method card → card, other manual
 * collections (cash, cheque) → direct, anything else (card gateways) → online.
 * @param method the payment_method column, @param gateway the payment_gateway column
 */
export function methodBucketSql(method: SQL, gateway: SQL): SQL {
  return sql`CASE WHEN ${method} = 'upi' THEN 'upi' WHEN ${method} = 'card' THEN 'card'
    WHEN ${gateway} = 'manual' THEN 'direct' ELSE 'online' END`;
}

/**
 * Collection rate (`docs/domain.md`, §3 "Derived figures"): paid count / total × 100, one decimal;
 * 0 when there is nothing.
 */
export function collectionRate(paid: number, total: number): number {
  return total > 0 ? Math.round((paid / total) * 1000) / 10 : 0;
}

/**
 * Payment rate of a member (`docs/domain.md`, §3 "Derived figures"): paid / assigned × 100, one
 * decimal, capped at 100.
 */
export function paymentRate(paidPaise: Paise, assignedPaise: Paise): number {
  if (assignedPaise <= 0) return paidPaise > 0 ? 100 : 0;
  return Math.min(100, Math.round((paidPaise / assignedPaise) * 1000) / 10);
}

/** Escapes `%`, `_` and `\` for a LIKE pattern and wraps it as a substring match. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The due group of a stored head type (`docs/domain.md`, §3 "Payment heads"): arrear → arrears,
 * miscellaneous → misc, else current.
 */
export function dueGroupOf(type: string): 'arrears' | 'current' | 'misc' {
  if (type === 'arrear') return 'arrears';
  if (type === 'miscellaneous') return 'misc';
  return 'current';
}
