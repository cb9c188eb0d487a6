/** PostgreSQL's SQLSTATE for a unique-constraint violation. */
export const UNIQUE_VIOLATION = '23505';

/**
 * The PostgreSQL unique violation an error is, or wraps (as Drizzle's `DrizzleQueryError` does in
 * its `cause`).
 * @returns `{ constraint }`, the violated constraint or index (undefined when the driver does not
 *   name it), or null when the error is not a unique violation.
 */
export function uniqueViolationOf(error: unknown): { constraint: string | undefined } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === UNIQUE_VIOLATION) {
      return { constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined };
    }
    current = candidate.cause;
  }
  return null;
}

/**
 * Whether an error is (or wraps) a PostgreSQL unique violation, optionally of one of the named
 * constraints or indexes (a violation whose constraint the driver does not name counts).
 */
export function isUniqueViolation(error: unknown, constraints?: readonly string[]): boolean {
  const violation = uniqueViolationOf(error);
  if (!violation) return false;
  if (!constraints || violation.constraint === undefined) return true;
  return constraints.includes(violation.constraint);
}
