/** PostgreSQL's SQLSTATE for a unique-constraint violation. */
export const UNIQUE_VIOLATION = '23505';

/**
 * Whether an error is (or wraps, as Drizzle's `DrizzleQueryError` does in its `cause`) a
 * PostgreSQL unique violation, optionally of one of the named constraints or indexes.
 */
export function isUniqueViolation(error: unknown, constraints?: readonly string[]): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === UNIQUE_VIOLATION) {
      if (!constraints || typeof candidate.constraint !== 'string') return true;
      return constraints.includes(candidate.constraint);
    }
    current = candidate.cause;
  }
  return false;
}
