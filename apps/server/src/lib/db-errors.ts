/** PostgreSQL's SQLSTATE for a unique-constraint violation. */
export const UNIQUE_VIOLATION = '23505';

/** A database error as the drivers give it: its SQLSTATE, and the constraint when one is named. */
interface DatabaseErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/**
 * The PostgreSQL error with SQLSTATE `code` that an error is, or wraps (as Drizzle's
 * `DrizzleQueryError` does in its `cause`), looked for five causes deep.
 * @returns that error's fields, or null when neither the error nor its causes have that code.
 */
export function databaseErrorOf(error: unknown, code: string): DatabaseErrorFields | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as DatabaseErrorFields;
    if (candidate.code === code) return candidate;
    current = candidate.cause;
  }
  return null;
}

/**
 * The PostgreSQL unique violation an error is, or wraps (as Drizzle's `DrizzleQueryError` does in
 * its `cause`).
 * @returns `{ constraint }`, the violated constraint or index (undefined when the driver does not
 *   name it), or null when the error is not a unique violation.
 */
export function uniqueViolationOf(error: unknown): { constraint: string | undefined } | null {
  const violation = databaseErrorOf(error, UNIQUE_VIOLATION);
  if (!violation) return null;
  return { constraint: typeof violation.constraint === 'string' ? violation.constraint : undefined };
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

/** Node socket error codes that mean the database cannot be reached. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs that mean "not now" (issue 27 item 21; `docs/ARCHITECTURE.md`, "Error contract"): the
 * server cannot take the request at the moment, and the same request may succeed later —
 * - class 08, connection exception (refused, lost, rejected connections);
 * - class 53, insufficient resources (53300 too many connections, 53100 disk full, 53200 out of
 *   memory…);
 * - 55000 object not in prerequisite state (a database not accepting connections,
 *   `ALLOW_CONNECTIONS false`), 55006 object in use, 55P03 lock not available;
 * - 57014 query cancelled (a statement timeout under load), 57P01 admin shutdown, 57P02 crash
 *   shutdown, 57P03 cannot connect now (starting up, recovering), 57P05 idle session timeout;
 * - 40001 serialization failure and 40P01 deadlock (the transaction was rolled back; retrying it
 *   succeeds).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|53...|55000|55006|55P03|57014|57P0[1235]|40001|40P01)$/;
/** Messages of node-postgres and PGlite for a lost, refused, timed-out or exhausted connection. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|connection error|Cannot use a pool after calling end|PGlite is closed|ECONNREFUSED/i;

/** The errors an error wraps, itself first, through `cause` (Drizzle wraps the driver's error). */
function causeChain(error: unknown): object[] {
  const chain: object[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth += 1) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/**
 * Whether an error is, or wraps, a failure to reach the database or a "not now" answer from it:
 * refused, reset or timed-out connections, a terminated connection, an exhausted pool, a server
 * shutting down, starting up or not accepting connections, a lock or resource not available now,
 * a closed PGlite (`docs/ARCHITECTURE.md`, "Error contract": these answer 503 with `Retry-After`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causeChain(error).some((link) => {
    const { code, message } = link as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_ERRNOS.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (Array.isArray((link as { errors?: unknown }).errors)) {
      // AggregateError of a refused dual-stack connect (IPv4 and IPv6 both refused).
      if ((link as { errors: unknown[] }).errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    }
    return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
  });
}

/**
 * What may be logged of a failed request's error without the values a query carried: Drizzle's
 * `DrizzleQueryError` puts every parameter (names, mobiles, search text) in its message, and
 * PostgreSQL's `detail` repeats key values. Keeps the error's name, the query text without its
 * parameters, and each link's SQLSTATE, constraint, table and routine; the frames of the outermost
 * error's stack; the messages only of errors that are not database errors.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const chain = causeChain(error);
  const outer = chain[0] as { name?: unknown; stack?: unknown; query?: unknown } | undefined;
  const isDatabaseError = chain.some((link) => 'query' in link || 'severity' in link || 'sqlState' in link);
  const links = chain.map((link) => {
    const l = link as Record<string, unknown>;
    const summary: Record<string, unknown> = { type: typeof l.name === 'string' ? l.name : 'Error' };
    for (const key of ['code', 'constraint', 'table', 'column', 'routine'] as const) {
      if (typeof l[key] === 'string') summary[key] = l[key];
    }
    if (!isDatabaseError && typeof l.message === 'string') summary.message = l.message;
    return summary;
  });
  return {
    ...(typeof outer?.query === 'string' && { query: outer.query }),
    chain: links,
    // The stack's first lines repeat the message (and Drizzle's parameters); only the frames are kept.
    ...(typeof outer?.stack === 'string' && {
      stack: outer.stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n'),
    }),
  };
}
